/** Channel state of one node: who is subscribed where, and presence members (first join / last leave). */

export const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/

export type ChannelKind = 'public' | 'private' | 'presence'

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('presence-')) return 'presence'
  if (name.startsWith('private-')) return 'private'
  return 'public'
}

/** What the channels need of a connection: an id and a way to send it a frame. */
export interface Member {
  readonly socketId: string
  send(frame: string): void
}

export type PresenceUser = { userId: string; userInfo: unknown; sockets: Set<string> }

type Channel = {
  sockets: Map<string, Member>
  /** presence channels only: user_id → info and the sockets of that user */
  users: Map<string, PresenceUser>
  /** presence channels only: socket_id → user_id */
  socketUser: Map<string, string>
}

export class Channels {
  private channels = new Map<string, Channel>()

  private get(name: string): Channel {
    let channel = this.channels.get(name)
    if (!channel) {
      channel = { sockets: new Map(), users: new Map(), socketUser: new Map() }
      this.channels.set(name, channel)
    }
    return channel
  }

  isSubscribed(name: string, socketId: string): boolean {
    return this.channels.get(name)?.sockets.has(socketId) ?? false
  }

  /** Adds a socket; for presence, returns whether this is the user's first socket on the channel. */
  join(name: string, member: Member, presence?: { userId: string; userInfo: unknown }): { firstJoin: boolean } {
    const channel = this.get(name)
    channel.sockets.set(member.socketId, member)
    if (!presence) return { firstJoin: false }
    const previous = channel.socketUser.get(member.socketId)
    if (previous !== undefined && previous !== presence.userId) this.leavePresence(channel, member.socketId)
    channel.socketUser.set(member.socketId, presence.userId)
    const user = channel.users.get(presence.userId)
    if (user) {
      user.sockets.add(member.socketId)
      user.userInfo = presence.userInfo
      return { firstJoin: false }
    }
    channel.users.set(presence.userId, { userId: presence.userId, userInfo: presence.userInfo, sockets: new Set([member.socketId]) })
    return { firstJoin: true }
  }

  private leavePresence(channel: Channel, socketId: string): string | undefined {
    const userId = channel.socketUser.get(socketId)
    if (userId === undefined) return undefined
    channel.socketUser.delete(socketId)
    const user = channel.users.get(userId)
    if (!user) return undefined
    user.sockets.delete(socketId)
    if (user.sockets.size > 0) return undefined
    channel.users.delete(userId)
    return userId
  }

  /** Removes a socket; for presence, returns the user_id when its last socket left. */
  leave(name: string, socketId: string): { lastLeaveUserId?: string } {
    const channel = this.channels.get(name)
    if (!channel || !channel.sockets.delete(socketId)) return {}
    const lastLeaveUserId = this.leavePresence(channel, socketId)
    if (channel.sockets.size === 0) this.channels.delete(name)
    return { lastLeaveUserId }
  }

  userIdOf(name: string, socketId: string): string | undefined {
    return this.channels.get(name)?.socketUser.get(socketId)
  }

  presence(name: string): { ids: string[]; hash: Record<string, unknown>; count: number } {
    const users = [...(this.channels.get(name)?.users.values() ?? [])]
    const hash: Record<string, unknown> = {}
    for (const user of users) hash[user.userId] = user.userInfo ?? null
    return { ids: users.map((u) => u.userId), hash, count: users.length }
  }

  /** Sends a frame to every socket of the channel except `exceptSocketId`. */
  broadcast(name: string, frame: string, exceptSocketId?: string): number {
    const channel = this.channels.get(name)
    if (!channel) return 0
    let sent = 0
    for (const [socketId, member] of channel.sockets) {
      if (socketId === exceptSocketId) continue
      member.send(frame)
      sent++
    }
    return sent
  }

  info(name: string): { occupied: boolean; subscriptionCount: number; userCount: number } {
    const channel = this.channels.get(name)
    return { occupied: !!channel, subscriptionCount: channel?.sockets.size ?? 0, userCount: channel?.users.size ?? 0 }
  }

  names(): string[] {
    return [...this.channels.keys()]
  }
}
