import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { Channels } from './channels.ts'
import { createHttpApi } from './http-api.ts'
import { createSocketServer } from './socket-server.ts'

export type RealtimeOptions = {
  appId: string
  key: string
  secret: string
  /** Origins allowed to open the WebSocket (requests without Origin are always allowed). */
  allowedOrigins: string[]
  /** Connections held at once by this node; past it a new one is closed with 4004. */
  maxConnections?: number
}

export type RealtimeServer = {
  /** For the HTTP server's 'upgrade' event: takes `/app/{key}`, returns false for any other path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean
  /** Node handler for the HTTP API under `/apps/`. */
  httpHandler(req: IncomingMessage, res: ServerResponse): Promise<void>
  connectionCount(): number
  close(): void
}

/** The built-in Pusher Channels (protocol 7) server, single node. */
export function createRealtimeServer(options: RealtimeOptions): RealtimeServer {
  const channels = new Channels()
  const sockets = createSocketServer({
    key: options.key,
    secret: options.secret,
    channels,
    allowedOrigins: options.allowedOrigins,
    maxConnections: options.maxConnections ?? 10_000,
  })
  const httpHandler = createHttpApi({ appId: options.appId, key: options.key, secret: options.secret, channels })
  return { handleUpgrade: sockets.handleUpgrade, httpHandler, connectionCount: sockets.connectionCount, close: sockets.close }
}
