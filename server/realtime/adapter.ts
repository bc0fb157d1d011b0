import type { Channels, Member, PresenceList } from './channels.ts'

/** Counts of one channel: sockets subscribed, and distinct presence users (0 on other channels). */
export type ChannelState = { subscriptionCount: number; userCount: number }

export type PresenceMember = { userId: string; userInfo: unknown }

/** How a connection ends when the app terminates its user: 4009 stops pusher-js from reconnecting. */
export const TERMINATED = { code: 4009, message: 'You got disconnected by the app' }

/**
 * Where channel state lives and how events reach subscribers: this process alone (LocalAdapter),
 * or every node sharing Redis (redis-adapter.ts). The socket server and the HTTP API see only this.
 */
export interface Adapter {
  subscribe(channel: string, member: Member): Promise<void>
  /** `firstJoin` is over every node; `members` includes the joining user. */
  subscribePresence(channel: string, member: Member, user: PresenceMember): Promise<{ firstJoin: boolean; members: PresenceList }>
  /** For presence, the user_id whose last socket (over every node) just left. */
  unsubscribe(channel: string, socketId: string): Promise<{ lastLeaveUserId?: string }>
  broadcast(channel: string, frame: string, exceptSocketId?: string): Promise<void>
  channel(name: string): Promise<ChannelState>
  /** Occupied channels only. */
  channels(): Promise<Map<string, ChannelState>>
  members(channel: string): Promise<PresenceList>
  /** Closes every connection of `userId` (see Channels.terminateUser), on every node. */
  terminateUser(userId: string): Promise<void>
  close(): Promise<void>
}

/** State in this process only: the behaviour without REDIS_URL. */
export class LocalAdapter implements Adapter {
  constructor(private readonly local: Channels) {}

  async subscribe(channel: string, member: Member) {
    this.local.join(channel, member)
  }

  async subscribePresence(channel: string, member: Member, user: PresenceMember) {
    const { firstJoin } = this.local.join(channel, member, user)
    return { firstJoin, members: this.local.presence(channel) }
  }

  async unsubscribe(channel: string, socketId: string) {
    return this.local.leave(channel, socketId)
  }

  async broadcast(channel: string, frame: string, exceptSocketId?: string) {
    this.local.broadcast(channel, frame, exceptSocketId)
  }

  async channel(name: string) {
    return this.local.info(name)
  }

  async channels() {
    return new Map(this.local.names().map((name) => [name, this.local.info(name)]))
  }

  async members(channel: string) {
    return this.local.presence(channel)
  }

  async terminateUser(userId: string) {
    this.local.terminateUser(userId, TERMINATED.code, TERMINATED.message)
  }

  async close() {}
}
