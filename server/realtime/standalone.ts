import type { AddressInfo } from 'node:net'
import { z } from 'zod'
import { loadConfig } from '../config.ts'
import { keptSecret } from '../kept-secret.ts'
import { realtimeOrigins } from './allowed-origins.ts'
import { createRealtimeHttpServer, createRealtimeServer } from './index.ts'

// `npm run realtime`: the realtime server alone, e.g. several behind a load balancer sharing REDIS_URL,
// while the web app runs with REALTIME_BUILTIN=0 and publishes to PUSHER_HOST:PUSHER_PORT.

const config = loadConfig()

/** REALTIME_PORT (0 picks a free port), else the port publishers are told (PUSHER_PORT), else PORT. */
const port =
  z.coerce.number().int().min(0).max(65535).optional().parse(process.env.REALTIME_PORT || undefined) ?? config.pusherPort ?? config.port

const realtime = createRealtimeServer({
  appId: config.pusherAppId,
  key: config.pusherAppKey,
  // Same rule as the main process: PUSHER_APP_SECRET, else the one kept in DATA_DIR.
  secret: await keptSecret(config.dataDir, config.pusherAppSecret, 'pusher-secret'),
  allowedOrigins: realtimeOrigins(config.appUrl),
  redis: config.redisUrl ? { url: config.redisUrl } : undefined,
})
const server = createRealtimeHttpServer(realtime)

server.listen(port, () => {
  const { port: bound } = server.address() as AddressInfo
  console.log(`Tempo real pronto na porta ${bound} (app ${config.pusherAppId}, ${config.redisUrl ? 'Redis' : 'um processo só'})`)
})

async function shutdown() {
  await realtime.close()
  server.close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
