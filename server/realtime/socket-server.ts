import { randomInt } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import type { Adapter, PresenceMember } from './adapter.ts'
import { CHANNEL_NAME, channelKind, type Member } from './channels.ts'
import { errorFrame, frame, memberAddedFrame, memberRemovedFrame } from './frames.ts'
import { verifyChannelAuth } from './signatures.ts'

/** WebSocket side of the Pusher Channels protocol v7. */

export const MAX_MESSAGE_BYTES = 10 * 1024
export const ACTIVITY_TIMEOUT_SECONDS = 30
/** Pusher's limit on client events per connection; past it they are dropped with a non-fatal 4301. */
export const CLIENT_EVENTS_PER_SECOND = 10

export type SocketServerOptions = {
  key: string
  secret: string
  adapter: Adapter
  /** Origins allowed to open the WebSocket; a request without Origin (not a browser) is always allowed. */
  allowedOrigins: string[]
  maxConnections: number
}

type Connection = Member & {
  ws: WebSocket
  /** channel → the user_id it was joined as (presence channels), else undefined */
  subscriptions: Map<string, string | undefined>
  lastSeen: number
  /**
   * The connection's messages, handled one after the other: a subscription may wait on Redis, and
   * an unsubscribe or the close that follows it must not overtake it.
   */
  queue: Promise<void>
  /** Token bucket of client events. */
  tokens: number
  refilledAt: number
}

export function newSocketId(): string {
  return `${randomInt(1, 1_000_000_000)}.${randomInt(1, 1_000_000_000)}`
}

export function createSocketServer(options: SocketServerOptions) {
  const { adapter } = options
  // Frames above 10 KB get a pusher:error; ws itself closes (1009) on anything absurdly large.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024, perMessageDeflate: false })
  const connections = new Map<string, Connection>()
  let closing = false

  function refuse(ws: WebSocket, code: number, message: string) {
    ws.send(errorFrame(code, message))
    ws.close(code, message)
  }

  async function unsubscribe(conn: Connection, name: string) {
    if (!conn.subscriptions.has(name)) return
    conn.subscriptions.delete(name)
    const { lastLeaveUserId } = await adapter.unsubscribe(name, conn.socketId)
    if (lastLeaveUserId !== undefined) await adapter.broadcast(name, memberRemovedFrame(name, lastLeaveUserId))
  }

  function subscriptionError(conn: Connection, channel: string, error: string, status: number) {
    conn.send(JSON.stringify({ event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error, status } }))
  }

  async function subscribe(conn: Connection, data: Record<string, unknown>) {
    const name = data.channel
    if (typeof name !== 'string' || !CHANNEL_NAME.test(name)) {
      conn.send(errorFrame(4009, 'Invalid channel name'))
      return
    }
    const kind = channelKind(name)
    let presence: PresenceMember | undefined
    if (kind !== 'public') {
      const channelData = kind === 'presence' ? data.channel_data : undefined
      if (kind === 'presence' && typeof channelData !== 'string') {
        subscriptionError(conn, name, 'Presence channels need channel_data', 401)
        return
      }
      if (!verifyChannelAuth(options.key, options.secret, data.auth, conn.socketId, name, channelData as string | undefined)) {
        subscriptionError(conn, name, 'Invalid signature', 401)
        return
      }
      if (kind === 'presence') {
        let parsed: unknown
        try {
          parsed = JSON.parse(channelData as string)
        } catch {
          parsed = undefined
        }
        const userId = (parsed as { user_id?: unknown } | undefined)?.user_id
        if (typeof userId !== 'string' && typeof userId !== 'number') {
          subscriptionError(conn, name, 'channel_data needs a user_id', 400)
          return
        }
        presence = { userId: String(userId), userInfo: (parsed as { user_info?: unknown }).user_info }
      }
    }
    if (conn.subscriptions.has(name)) {
      if (!presence) {
        conn.send(frame('pusher_internal:subscription_succeeded', {}, name))
        return
      }
      // A presence subscription again (maybe as another user) replaces the previous membership.
      await unsubscribe(conn, name)
    }
    conn.subscriptions.set(name, presence?.userId)
    if (!presence) {
      await adapter.subscribe(name, conn)
      conn.send(frame('pusher_internal:subscription_succeeded', {}, name))
      return
    }
    const { firstJoin, members } = await adapter.subscribePresence(name, conn, presence)
    conn.send(frame('pusher_internal:subscription_succeeded', { presence: members }, name))
    if (firstJoin) await adapter.broadcast(name, memberAddedFrame(name, presence.userId, presence.userInfo), conn.socketId)
  }

  function withinRate(conn: Connection): boolean {
    const now = Date.now()
    conn.tokens = Math.min(CLIENT_EVENTS_PER_SECOND, conn.tokens + ((now - conn.refilledAt) / 1000) * CLIENT_EVENTS_PER_SECOND)
    conn.refilledAt = now
    if (conn.tokens < 1) return false
    conn.tokens -= 1
    return true
  }

  async function clientEvent(conn: Connection, event: string, channel: unknown, data: unknown) {
    if (!withinRate(conn)) {
      conn.send(errorFrame(4301, `Client event rate limit reached (${CLIENT_EVENTS_PER_SECOND} per second)`))
      return
    }
    if (typeof channel !== 'string' || !conn.subscriptions.has(channel)) {
      conn.send(errorFrame(4009, 'Client events need a subscribed channel'))
      return
    }
    const kind = channelKind(channel)
    if (kind === 'public' || channel.startsWith('private-encrypted-')) {
      conn.send(errorFrame(4009, 'Client events are only allowed on private and presence channels'))
      return
    }
    if (event.length > 200) {
      conn.send(errorFrame(4009, 'Event name too long'))
      return
    }
    const body: Record<string, unknown> = { event, channel, data: typeof data === 'string' ? data : JSON.stringify(data ?? {}) }
    if (kind === 'presence') body.user_id = conn.subscriptions.get(channel)
    await adapter.broadcast(channel, JSON.stringify(body), conn.socketId)
  }

  async function onMessage(conn: Connection, raw: RawData, isBinary: boolean) {
    const size = Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : (raw as Buffer).byteLength
    if (size > MAX_MESSAGE_BYTES) {
      conn.send(errorFrame(4009, `Message larger than ${MAX_MESSAGE_BYTES} bytes refused`))
      return
    }
    if (isBinary) {
      conn.send(errorFrame(4200, 'Only text frames are accepted'))
      return
    }
    let message: unknown
    try {
      message = JSON.parse(raw.toString())
    } catch {
      conn.send(errorFrame(4200, 'Invalid JSON'))
      return
    }
    if (!message || typeof message !== 'object' || typeof (message as { event?: unknown }).event !== 'string') {
      conn.send(errorFrame(4200, 'Invalid message format'))
      return
    }
    const { event, channel } = message as { event: string; channel?: unknown }
    let data = (message as { data?: unknown }).data
    if (typeof data === 'string' && !event.startsWith('client-')) {
      try {
        data = JSON.parse(data)
      } catch {
        // leave it as the string it is
      }
    }
    const fields = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>
    switch (event) {
      case 'pusher:ping':
        conn.send(frame('pusher:pong', {}))
        return
      case 'pusher:pong':
        return
      case 'pusher:subscribe':
        return subscribe(conn, fields)
      case 'pusher:unsubscribe':
        if (typeof fields.channel === 'string') await unsubscribe(conn, fields.channel)
        return
      default:
        if (event.startsWith('client-')) await clientEvent(conn, event, channel, data)
        else if (!event.startsWith('pusher:')) conn.send(errorFrame(4009, 'Unknown event'))
    }
  }

  function enqueue(conn: Connection, task: () => Promise<void>) {
    conn.queue = conn.queue.then(task).catch((error: unknown) => {
      // Once the server is closing, the adapter refusing work is expected.
      if (!closing) console.error('realtime socket:', error)
    })
  }

  function onConnection(ws: WebSocket, key: string) {
    if (key !== options.key) {
      refuse(ws, 4001, `App key ${key} does not exist`)
      return
    }
    if (connections.size >= options.maxConnections) {
      refuse(ws, 4004, 'Over connection quota')
      return
    }
    const socketId = newSocketId()
    const conn: Connection = {
      socketId,
      ws,
      subscriptions: new Map(),
      lastSeen: Date.now(),
      queue: Promise.resolve(),
      tokens: CLIENT_EVENTS_PER_SECOND,
      refilledAt: Date.now(),
      send(text) {
        if (ws.readyState === ws.OPEN) ws.send(text)
      },
      close(code, message) {
        refuse(ws, code, message)
      },
    }
    connections.set(socketId, conn)
    ws.on('message', (raw, isBinary) => {
      conn.lastSeen = Date.now()
      enqueue(conn, () => onMessage(conn, raw, isBinary))
    })
    ws.on('error', () => ws.terminate())
    ws.on('close', () => {
      connections.delete(socketId)
      // On shutdown the adapter removes this node's members at once (and Redis may be gone).
      if (closing) return
      enqueue(conn, async () => {
        for (const name of [...conn.subscriptions.keys()]) await unsubscribe(conn, name)
      })
    })
    conn.send(frame('pusher:connection_established', { socket_id: socketId, activity_timeout: ACTIVITY_TIMEOUT_SECONDS }))
  }

  /** Pings sockets silent for the activity timeout; closes (4201) those silent for four times that. */
  const sweep = setInterval(() => {
    const now = Date.now()
    for (const conn of connections.values()) {
      const silence = now - conn.lastSeen
      if (silence > 4 * ACTIVITY_TIMEOUT_SECONDS * 1000) refuse(conn.ws, 4201, 'Pong reply not received')
      else if (silence > ACTIVITY_TIMEOUT_SECONDS * 1000) conn.send(frame('pusher:ping', {}))
    }
  }, ACTIVITY_TIMEOUT_SECONDS * 1000)
  sweep.unref()

  function originAllowed(origin: string | undefined): boolean {
    if (!origin) return true
    return options.allowedOrigins.includes(origin)
  }

  /** Takes an HTTP upgrade for `/app/{key}`; returns false (socket untouched) for any other path. */
  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const match = /^\/app\/([^/]+)\/?$/.exec(url.pathname)
    if (!match) return false
    if (!originAllowed(req.headers.origin)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return true
    }
    let key: string
    try {
      key = decodeURIComponent(match[1]!)
    } catch {
      key = match[1]!
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, key))
    return true
  }

  function close() {
    closing = true
    clearInterval(sweep)
    for (const conn of connections.values()) conn.ws.terminate()
    connections.clear()
    wss.close()
  }

  return { handleUpgrade, close, connectionCount: () => connections.size }
}
