/** Channel state of one node: who is subscribed where, and presence members (first join / last leave). */

export const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/

export type ChannelKind = 'public' | 'private' | 'presence'

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('presence-')) return 'presence'
  if (name.startsWith('private-')) return 'private'
  return 'public'
}

/** What the channels need of a connection: an id, a way to send it a frame, and to end it. */
export interface Member {
  readonly socketId: string
  send(frame: string): void
  /** Sends pusher:error with `code`, then closes with the same code. */
  close(code: number, message: string): void
}

export type PresenceUser = { userId: string; userInfo: unknown; sockets: Set<string> }

/** The member list as pusher_internal:subscription_succeeded carries it. */
export type PresenceList = { ids: string[]; hash: Record<string, unknown>; count: number }

/** The first info of each user_id wins; Object.fromEntries keeps a user_id such as `__proto__` an ordinary key. */
export function presenceList(members: Iterable<[userId: string, userInfo: unknown]>): PresenceList {
  const users = new Map<string, unknown>()
  for (const [userId, userInfo] of members) if (!users.has(userId)) users.set(userId, userInfo ?? null)
  return { ids: [...users.keys()], hash: Object.fromEntries(users), count: users.size }
}

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

  /** Adds a socket (not yet in the channel); for presence, returns whether this is the user's first socket on the channel. */
  join(name: string, member: Member, presence?: { userId: string; userInfo: unknown }): { firstJoin: boolean } {
    const channel = this.get(name)
    channel.sockets.set(member.socketId, member)
    if (!presence) return { firstJoin: false }
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

  /** Removes a socket; for presence, returns the user_id when its last socket left. */
  leave(name: string, socketId: string): { lastLeaveUserId?: string } {
    const channel = this.channels.get(name)
    if (!channel || !channel.sockets.delete(socketId)) return {}
    let lastLeaveUserId: string | undefined
    const userId = channel.socketUser.get(socketId)
    if (userId !== undefined) {
      channel.socketUser.delete(socketId)
      const user = channel.users.get(userId)
      user?.sockets.delete(socketId)
      if (user && user.sockets.size === 0) {
        channel.users.delete(userId)
        lastLeaveUserId = userId
      }
    }
    if (channel.sockets.size === 0) this.channels.delete(name)
    return { lastLeaveUserId }
  }

  presence(name: string): PresenceList {
    const users = this.channels.get(name)?.users.values() ?? []
    return presenceList([...users].map((user) => [user.userId, user.userInfo]))
  }

  /** Every presence membership of this node's sockets (to write them again into a shared store that lost them). */
  presenceSockets(): Array<{ channel: string; member: Member; userId: string; userInfo: unknown }> {
    const out: Array<{ channel: string; member: Member; userId: string; userInfo: unknown }> = []
    for (const [name, channel] of this.channels) {
      for (const [socketId, userId] of channel.socketUser) {
        out.push({ channel: name, member: channel.sockets.get(socketId)!, userId, userInfo: channel.users.get(userId)?.userInfo })
      }
    }
    return out
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

  /**
   * Closes every socket that joined a presence channel as `userId`: without pusher:signin, the
   * signed presence channel_data is the only user identity a connection has.
   */
  terminateUser(userId: string, code: number, message: string): number {
    const members = new Map<string, Member>()
    for (const channel of this.channels.values()) {
      for (const socketId of channel.users.get(userId)?.sockets ?? []) members.set(socketId, channel.sockets.get(socketId)!)
    }
    for (const member of members.values()) member.close(code, message)
    return members.size
  }

  info(name: string): { subscriptionCount: number; userCount: number } {
    const channel = this.channels.get(name)
    return { subscriptionCount: channel?.sockets.size ?? 0, userCount: channel?.users.size ?? 0 }
  }

  names(): string[] {
    return [...this.channels.keys()]
  }
}
