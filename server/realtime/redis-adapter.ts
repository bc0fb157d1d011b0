import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { TERMINATED, type Adapter, type ChannelState, type PresenceMember } from './adapter.ts'
import { channelKind, presenceList, type Channels, type Member, type PresenceList } from './channels.ts'
import { memberAddedFrame, memberRemovedFrame } from './frames.ts'

/**
 * Several nodes sharing channels through Redis (docs/decisions/007-realtime-redis.md).
 *
 * Keys, under the prefix:
 * - `nodes`: sorted set node id → the time (Redis clock, ms) it is dead if not renewed by then
 * - `subs:{node}`: hash channel → that node's subscription count
 * - `presence:{channel}`: hash `{node}/{socket_id}` → `{"user_id","user_info"}`, every presence socket of every node
 * - `users:{channel}`: hash user_id → that user's sockets on the channel over all nodes (first join / last leave)
 * - `node:{node}`: set of the presence channels where that node has sockets (what to clean when it dies)
 * - `bus`: the pub/sub channel carrying events and terminations to every node
 */

const HEARTBEAT_MS = 2000
/** A node that missed three heartbeats is dead: the next heartbeat of any node removes its members. */
const NODE_TTL_MS = 3 * HEARTBEAT_MS

const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`

/** KEYS: nodes. ARGV: node, ttl. Returns {1 when the node was absent, dead nodes}. */
const HEARTBEAT = `${NOW_MS}
local added = redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
return {added, redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)}`

/**
 * KEYS: nodes. ARGV: node, prefix, '1' to act only if the node is (still) expired.
 * Removes everything of the node in one step, so that no half-cleaned state survives a crash of
 * the cleaner; returns {channel, user_id, ...} of the users that had no other socket.
 */
const SWEEP = `if ARGV[3] == '1' then
  ${NOW_MS}
  local deadline = redis.call('ZSCORE', KEYS[1], ARGV[1])
  if deadline and tonumber(deadline) > now then return {} end
end
redis.call('ZREM', KEYS[1], ARGV[1])
local prefix = ARGV[2]
local mine = ARGV[1] .. '/'
local nodeKey = prefix .. 'node:' .. ARGV[1]
local removed = {}
for _, channel in ipairs(redis.call('SMEMBERS', nodeKey)) do
  local membersKey = prefix .. 'presence:' .. channel
  local usersKey = prefix .. 'users:' .. channel
  local entries = redis.call('HGETALL', membersKey)
  for i = 1, #entries, 2 do
    if string.sub(entries[i], 1, #mine) == mine then
      redis.call('HDEL', membersKey, entries[i])
      local user = cjson.decode(entries[i + 1]).user_id
      if redis.call('HINCRBY', usersKey, user, -1) <= 0 then
        redis.call('HDEL', usersKey, user)
        table.insert(removed, channel)
        table.insert(removed, user)
      end
    end
  end
end
redis.call('DEL', nodeKey, prefix .. 'subs:' .. ARGV[1])
return removed`

/** KEYS: presence, users, node set. ARGV: field, member JSON, user_id, channel. Returns {1 on first join, member entries}. */
const JOIN = `if redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) == 0 then return {0, redis.call('HVALS', KEYS[1])} end
redis.call('SADD', KEYS[3], ARGV[4])
local first = redis.call('HINCRBY', KEYS[2], ARGV[3], 1) == 1
return {first and 1 or 0, redis.call('HVALS', KEYS[1])}`

/** KEYS: presence, users, node set. ARGV: field, channel, '1' when the node has no presence socket left there. Returns the user_id on last leave. */
const LEAVE = `if ARGV[3] == '1' then redis.call('SREM', KEYS[3], ARGV[2]) end
local entry = redis.call('HGET', KEYS[1], ARGV[1])
if not entry then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
local user = cjson.decode(entry).user_id
if redis.call('HINCRBY', KEYS[2], user, -1) > 0 then return false end
redis.call('HDEL', KEYS[2], user)
return user`

type BusMessage =
  | { type: 'event'; node: string; channel: string; frame: string; except?: string }
  | { type: 'terminate'; node: string; userId: string }

type StoredMember = { user_id: string; user_info?: unknown }

function parseMembers(entries: string[]): PresenceList {
  return presenceList(entries.map((entry) => JSON.parse(entry) as StoredMember).map((m) => [m.user_id, m.user_info]))
}

export type RedisAdapterOptions = { url: string; prefix: string }

export class RedisAdapter implements Adapter {
  private readonly node = randomUUID()
  private readonly redis: Redis
  private readonly subscriber: Redis
  /** Resolves once this node hears the bus and is registered: only then may its sockets subscribe. */
  private readonly ready: Promise<void>
  private registered = false
  private closed = false
  private timer?: NodeJS.Timeout

  constructor(
    private readonly local: Channels,
    private readonly options: RedisAdapterOptions,
  ) {
    // Commands wait while Redis is away (ioredis' offline queue) instead of failing after some retries:
    // events published meanwhile reach the other nodes once it is back.
    this.redis = new Redis(options.url, { maxRetriesPerRequest: null })
    this.subscriber = this.redis.duplicate()
    for (const client of [this.redis, this.subscriber]) client.on('error', (error: Error) => console.error('realtime redis:', error.message))
    this.subscriber.on('message', (_channel: string, text: string) => this.receive(text))
    this.ready = this.subscriber
      .subscribe(this.key('bus'))
      .then(() => this.heartbeat())
      .then(() => this.schedule())
    this.ready.catch((error: unknown) => {
      if (!this.closed) console.error('realtime redis:', error)
    })
  }

  private key(name: string): string {
    return `${this.options.prefix}${name}`
  }

  private field(socketId: string): string {
    return `${this.node}/${socketId}`
  }

  private schedule() {
    if (this.closed) return
    this.timer = setTimeout(() => {
      this.heartbeat()
        .catch((error: unknown) => console.error('realtime redis heartbeat:', error))
        .finally(() => this.schedule())
    }, HEARTBEAT_MS)
    this.timer.unref()
  }

  private async heartbeat() {
    const [added, dead] = (await this.redis.eval(HEARTBEAT, 1, this.key('nodes'), this.node, NODE_TTL_MS)) as [number, string[]]
    if (added === 1 && this.registered) await this.rejoin()
    this.registered = true
    await Promise.all(dead.map((node) => this.sweep(node, true)))
  }

  /**
   * This node was taken for dead (a pause longer than the TTL) or Redis lost its data: its sockets
   * are still here, so they are written back as new joins. Every command is sent in this one tick,
   * so a socket leaving meanwhile is removed after being written back, never before.
   */
  private async rejoin() {
    const counts = this.local.names().map((channel) => this.writeCount(channel))
    const joins = this.local.presenceSockets().map(async ({ channel, member, userId, userInfo }) => {
      const { firstJoin } = await this.join(channel, member.socketId, { userId, userInfo })
      if (firstJoin) await this.broadcast(channel, memberAddedFrame(channel, userId, userInfo), member.socketId)
    })
    await Promise.all([...counts, ...joins])
  }

  private async sweep(node: string, onlyIfExpired: boolean) {
    const removed = (await this.redis.eval(SWEEP, 1, this.key('nodes'), node, this.options.prefix, onlyIfExpired ? '1' : '0')) as string[]
    const left: Array<Promise<void>> = []
    for (let i = 0; i < removed.length; i += 2) left.push(this.broadcast(removed[i]!, memberRemovedFrame(removed[i]!, removed[i + 1]!)))
    await Promise.all(left)
  }

  private writeCount(channel: string): Promise<number> {
    const count = this.local.info(channel).subscriptionCount
    const key = this.key(`subs:${this.node}`)
    return count > 0 ? this.redis.hset(key, channel, count) : this.redis.hdel(key, channel)
  }

  private async join(channel: string, socketId: string, user: PresenceMember) {
    const member = JSON.stringify({ user_id: user.userId, user_info: user.userInfo })
    const keys = [this.key(`presence:${channel}`), this.key(`users:${channel}`), this.key(`node:${this.node}`)]
    const [first, entries] = (await this.redis.eval(JOIN, 3, ...keys, this.field(socketId), member, user.userId, channel)) as [number, string[]]
    return { firstJoin: first === 1, members: parseMembers(entries) }
  }

  private publish(message: BusMessage): Promise<number> {
    return this.redis.publish(this.key('bus'), JSON.stringify(message))
  }

  private receive(text: string) {
    let message: BusMessage
    try {
      message = JSON.parse(text) as BusMessage
    } catch {
      return
    }
    if (message.node === this.node) return
    if (message.type === 'event') this.local.broadcast(message.channel, message.frame, message.except)
    else if (message.type === 'terminate') this.local.terminateUser(message.userId, TERMINATED.code, TERMINATED.message)
  }

  async subscribe(channel: string, member: Member) {
    await this.ready
    this.local.join(channel, member)
    await this.writeCount(channel)
  }

  /**
   * The socket joins locally before the shared list is read, so an event or member change landing
   * meanwhile reaches it (before subscription_succeeded, which pusher-js tolerates) rather than being lost.
   */
  async subscribePresence(channel: string, member: Member, user: PresenceMember) {
    await this.ready
    this.local.join(channel, member, user)
    const count = this.writeCount(channel)
    const joined = await this.join(channel, member.socketId, user)
    await count
    return joined
  }

  async unsubscribe(channel: string, socketId: string) {
    this.local.leave(channel, socketId)
    const count = this.writeCount(channel)
    if (channelKind(channel) !== 'presence') {
      await count
      return {}
    }
    const keys = [this.key(`presence:${channel}`), this.key(`users:${channel}`), this.key(`node:${this.node}`)]
    const lastOnNode = this.local.info(channel).userCount === 0 ? '1' : '0'
    const user = (await this.redis.eval(LEAVE, 3, ...keys, this.field(socketId), channel, lastOnNode)) as string | null
    await count
    return { lastLeaveUserId: user ?? undefined }
  }

  async broadcast(channel: string, frame: string, exceptSocketId?: string) {
    this.local.broadcast(channel, frame, exceptSocketId)
    await this.publish({ type: 'event', node: this.node, channel, frame, except: exceptSocketId })
  }

  private nodes(): Promise<string[]> {
    return this.redis.zrange(this.key('nodes'), '0', '-1')
  }

  private userCount(channel: string): Promise<number> {
    return channelKind(channel) === 'presence' ? this.redis.hlen(this.key(`users:${channel}`)) : Promise.resolve(0)
  }

  async channel(name: string): Promise<ChannelState> {
    const nodes = await this.nodes()
    const [counts, userCount] = await Promise.all([
      Promise.all(nodes.map((node) => this.redis.hget(this.key(`subs:${node}`), name))),
      this.userCount(name),
    ])
    return { subscriptionCount: counts.reduce((sum, count) => sum + Number(count ?? 0), 0), userCount }
  }

  async channels(): Promise<Map<string, ChannelState>> {
    const nodes = await this.nodes()
    const perNode = await Promise.all(nodes.map((node) => this.redis.hgetall(this.key(`subs:${node}`))))
    const counts = new Map<string, number>()
    for (const hash of perNode) {
      for (const [name, count] of Object.entries(hash)) counts.set(name, (counts.get(name) ?? 0) + Number(count))
    }
    const names = [...counts.keys()]
    const users = await Promise.all(names.map((name) => this.userCount(name)))
    return new Map(names.map((name, i) => [name, { subscriptionCount: counts.get(name)!, userCount: users[i]! }]))
  }

  async members(channel: string) {
    return parseMembers(await this.redis.hvals(this.key(`presence:${channel}`)))
  }

  async terminateUser(userId: string) {
    this.local.terminateUser(userId, TERMINATED.code, TERMINATED.message)
    await this.publish({ type: 'terminate', node: this.node, userId })
  }

  /** Leaves the cluster: this node's members are removed at once (member_removed to the others), not after the TTL. */
  async close() {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.timer)
    if (this.registered && this.redis.status === 'ready') {
      await this.sweep(this.node, false).catch((error: unknown) => console.error('realtime redis close:', error))
    }
    this.redis.disconnect()
    this.subscriber.disconnect()
  }
}
