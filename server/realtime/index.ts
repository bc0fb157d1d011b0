import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { LocalAdapter } from './adapter.ts'
import { Channels } from './channels.ts'
import { createHttpApi } from './http-api.ts'
import { RedisAdapter } from './redis-adapter.ts'
import { createSocketServer } from './socket-server.ts'

export type RealtimeOptions = {
  appId: string
  key: string
  secret: string
  /** Origins allowed to open the WebSocket (requests without Origin are always allowed). */
  allowedOrigins: string[]
  /** Connections held at once by this node; past it a new one is closed with 4004. */
  maxConnections?: number
  /**
   * Shares channels, presence members and channel counts with every node on the same Redis and
   * prefix (default `realtime:{appId}:`). Without it the state is this process's alone.
   */
  redis?: { url: string; prefix?: string }
}

export type RealtimeServer = {
  /** For the HTTP server's 'upgrade' event: takes `/app/{key}`, returns false for any other path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean
  /** Node handler for the HTTP API under `/apps/`. */
  httpHandler(req: IncomingMessage, res: ServerResponse): Promise<void>
  connectionCount(): number
  /** Ends every connection; with Redis, also removes this node's presence members from the cluster. */
  close(): Promise<void>
}

/** The built-in Pusher Channels (protocol 7) server: one node, or one of several sharing Redis. */
export function createRealtimeServer(options: RealtimeOptions): RealtimeServer {
  const channels = new Channels()
  const adapter = options.redis
    ? new RedisAdapter(channels, { url: options.redis.url, prefix: options.redis.prefix ?? `realtime:${options.appId}:` })
    : new LocalAdapter(channels)
  const sockets = createSocketServer({
    key: options.key,
    secret: options.secret,
    adapter,
    allowedOrigins: options.allowedOrigins,
    maxConnections: options.maxConnections ?? 10_000,
  })
  const httpHandler = createHttpApi({ appId: options.appId, key: options.key, secret: options.secret, adapter })
  return {
    handleUpgrade: sockets.handleUpgrade,
    httpHandler,
    connectionCount: sockets.connectionCount,
    async close() {
      sockets.close()
      await adapter.close()
    },
  }
}

/** An HTTP server carrying the realtime server alone (`npm run realtime`): `/apps/` and `/app/{key}`, 404 elsewhere. */
export function createRealtimeHttpServer(realtime: RealtimeServer): Server {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/apps/')) void realtime.httpHandler(req, res)
    else res.writeHead(404).end()
  })
  server.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy()
  })
  return server
}
