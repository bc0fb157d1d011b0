import { randomInt } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { CHANNEL_NAME, channelKind, type Channels, type Member } from './channels.ts'
import { verifyChannelAuth } from './signatures.ts'

/** WebSocket side of the Pusher Channels protocol v7 (../shared/realtime-protocol.md §1). */

export const MAX_MESSAGE_BYTES = 10 * 1024
export const ACTIVITY_TIMEOUT_SECONDS = 30

export type SocketServerOptions = {
  key: string
  secret: string
  channels: Channels
  /** Origins allowed to open the WebSocket; a request without Origin (not a browser) is always allowed. */
  allowedOrigins: string[]
  maxConnections: number
}

type Connection = Member & { ws: WebSocket; subscriptions: Set<string>; lastSeen: number }

function frame(event: string, data: unknown, channel?: string): string {
  const body: Record<string, unknown> = { event }
  if (channel !== undefined) body.channel = channel
  body.data = typeof data === 'string' ? data : JSON.stringify(data)
  return JSON.stringify(body)
}

/** pusher:error keeps `data` as an object, as Pusher, Soketi and Reverb send it. */
function errorFrame(code: number, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } })
}

export function newSocketId(): string {
  return `${randomInt(1, 1_000_000_000)}.${randomInt(1, 1_000_000_000)}`
}

export function createSocketServer(options: SocketServerOptions) {
  const { channels } = options
  // Frames above 10 KB get a pusher:error; ws itself closes (1009) on anything absurdly large.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024, perMessageDeflate: false })
  const connections = new Map<string, Connection>()

  function refuse(ws: WebSocket, code: number, message: string) {
    ws.send(errorFrame(code, message))
    ws.close(code, message)
  }

  function unsubscribe(conn: Connection, name: string) {
    if (!conn.subscriptions.delete(name)) return
    const { lastLeaveUserId } = channels.leave(name, conn.socketId)
    if (lastLeaveUserId !== undefined) {
      channels.broadcast(name, frame('pusher_internal:member_removed', { user_id: lastLeaveUserId }, name))
    }
  }

  function subscriptionError(conn: Connection, channel: string, error: string, status: number) {
    conn.ws.send(JSON.stringify({ event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error, status } }))
  }

  function subscribe(conn: Connection, data: Record<string, unknown>) {
    const name = data.channel
    if (typeof name !== 'string' || !CHANNEL_NAME.test(name)) {
      conn.send(errorFrame(4009, 'Invalid channel name'))
      return
    }
    const kind = channelKind(name)
    let presence: { userId: string; userInfo: unknown } | undefined
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
    if (conn.subscriptions.has(name) && !presence) {
      conn.send(frame('pusher_internal:subscription_succeeded', {}, name))
      return
    }
    conn.subscriptions.add(name)
    const { firstJoin } = channels.join(name, conn, presence)
    if (presence) {
      conn.send(frame('pusher_internal:subscription_succeeded', { presence: channels.presence(name) }, name))
      if (firstJoin) {
        channels.broadcast(
          name,
          frame('pusher_internal:member_added', { user_id: presence.userId, user_info: presence.userInfo }, name),
          conn.socketId,
        )
      }
    } else {
      conn.send(frame('pusher_internal:subscription_succeeded', {}, name))
    }
  }

  function clientEvent(conn: Connection, event: string, channel: unknown, data: unknown) {
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
    if (kind === 'presence') body.user_id = channels.userIdOf(channel, conn.socketId)
    channels.broadcast(channel, JSON.stringify(body), conn.socketId)
  }

  function onMessage(conn: Connection, raw: RawData, isBinary: boolean) {
    conn.lastSeen = Date.now()
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
        subscribe(conn, fields)
        return
      case 'pusher:unsubscribe':
        if (typeof fields.channel === 'string') unsubscribe(conn, fields.channel)
        return
      default:
        if (event.startsWith('client-')) clientEvent(conn, event, channel, data)
        else if (!event.startsWith('pusher:')) conn.send(errorFrame(4009, 'Unknown event'))
    }
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
      subscriptions: new Set(),
      lastSeen: Date.now(),
      send(text) {
        if (ws.readyState === ws.OPEN) ws.send(text)
      },
    }
    connections.set(socketId, conn)
    ws.on('message', (raw, isBinary) => onMessage(conn, raw, isBinary))
    ws.on('error', () => ws.terminate())
    ws.on('close', () => {
      connections.delete(socketId)
      for (const name of [...conn.subscriptions]) unsubscribe(conn, name)
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
    clearInterval(sweep)
    for (const conn of connections.values()) conn.ws.terminate()
    connections.clear()
    wss.close()
  }

  return { handleUpgrade, close, connectionCount: () => connections.size }
}
