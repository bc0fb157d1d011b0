import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRealtimeServer, type RealtimeOptions, type RealtimeServer } from '../../server/realtime/index.ts'

/** The realtime server on a plain Node HTTP server at an ephemeral port, as server/index.ts mounts it. */
export async function startRealtime(options: RealtimeOptions): Promise<{ realtime: RealtimeServer; server: Server; port: number }> {
  const realtime = createRealtimeServer(options)
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/apps/')) void realtime.httpHandler(req, res)
    else res.writeHead(404).end()
  })
  server.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { realtime, server, port: (server.address() as AddressInfo).port }
}
