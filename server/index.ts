import { readdirSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import { createApi } from './api/index.ts'
import { scheduleBilling } from './billing/schedule.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { seedDemo } from './db/seed.ts'
import { createFileStore } from './files/file-store.ts'
import { createHttpApp } from './http/app.ts'
import { keptSecret } from './kept-secret.ts'
import { createMailer } from './mail/mailer.ts'
import { realtimeOrigins } from './realtime/allowed-origins.ts'
import { createRealtimeServer } from './realtime/index.ts'
import { createPublisher, publisherTarget as realtimeTarget } from './realtime/publisher.ts'
import { createSessionStore } from './sessions/store.ts'
import { failInterruptedImports } from './spreadsheets/jobs.ts'
import { registerInProcessApi, registerSessionStore } from './web-bridge.ts'
import { REMEMBER_ME_MS } from '../app/domain/auth/sessions.ts'

/** Expired web sessions are deleted at start and then this often. */
const SWEEP_EVERY_MS = 60 * 60_000

const config = loadConfig()
await mkdir(config.dataDir, { recursive: true })

process.env.SESSION_SECRET = await keptSecret(config.dataDir, config.sessionSecrets?.join(','), 'session-secret')
config.pusherAppSecret = await keptSecret(config.dataDir, config.pusherAppSecret, 'pusher-secret')
process.env.PUSHER_APP_SECRET = config.pusherAppSecret
process.env.APP_URL = config.appUrl

const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') })
if (config.seedDemo && (await seedDemo(database.db))) console.log('Dados de demonstração criados.')

// The web app's sessions live here, not in the API: the web app may call an API elsewhere (API_URL).
const sessions = createSessionStore(database.db, { rememberMs: REMEMBER_ME_MS, idleMs: config.sessionIdleMs })
registerSessionStore(sessions)
const sweepSessions = () => sessions.sweep().catch((error) => console.error('Limpeza das sessões expiradas falhou:', error))
await sweepSessions()
const sweeper = setInterval(sweepSessions, SWEEP_EVERY_MS)
sweeper.unref()

const files = createFileStore({ uploadsDir: config.uploadsDir, publicBaseUrl: config.appUrl })
// Imports run in this process: the ones a previous run left unfinished end as 'falhou' (server/spreadsheets/jobs.ts).
const interrupted = await failInterruptedImports({ db: database.db, files })
if (interrupted) console.log(`Importações interrompidas marcadas como falhas: ${interrupted}.`)

const mailer = createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, from: config.mailFrom })
// Every node runs it: the invoices' unique key makes each month's invoice once however many nodes check (decision 051).
const billing = config.billingJob ? scheduleBilling({ db: database.db, files, mailer }) : undefined

const publisherTarget = realtimeTarget(config)
const api = createApi({
  db: database.db,
  config,
  mailer,
  files,
  publisher: publisherTarget && createPublisher(publisherTarget),
})
registerInProcessApi((request, env) => api.fetch(request, env))
const apiListener = getRequestListener(api.fetch)

const realtime = config.realtimeBuiltin
  ? createRealtimeServer({
      appId: config.pusherAppId,
      key: config.pusherAppKey,
      secret: config.pusherAppSecret!,
      allowedOrigins: realtimeOrigins(config.appUrl),
      redis: config.redisUrl ? { url: config.redisUrl } : undefined,
    })
  : undefined

const web = express.Router()
if (config.env === 'production') {
  const buildDir = path.resolve('build')
  // A missing asset is a 404, never the Login page: a stale page must not load HTML as a script.
  web.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', fallthrough: false }))
  // The public folder's own files (favicon…) by name: a page's address costs no disk lookup (two stats a view).
  const publicDir = path.join(buildDir, 'client')
  const publicNames = new Set(readdirSync(publicDir).filter((name) => name !== 'assets'))
  const servePublic = express.static(publicDir, { maxAge: '1h', index: false })
  web.use((req, res, next) => (publicNames.has(req.path.split('/')[1]) ? servePublic(req, res, next) : next()))
  const build = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)
  web.all('/{*splat}', createRequestHandler({ build, mode: 'production' }))
} else {
  const vite = await import('vite')
  const devServer = await vite.createServer({ server: { middlewareMode: true } })
  web.use(devServer.middlewares)
  web.all(
    '/{*splat}',
    createRequestHandler({
      build: () => devServer.ssrLoadModule('virtual:react-router/server-build') as never,
      mode: 'development',
    }),
  )
}
const app = createHttpApp({ config, api: apiListener, realtime, web })

const server = app.listen(config.port, () => {
  console.log(`Pronto em ${config.appUrl} (porta ${config.port}, ${config.databaseUrl ? 'PostgreSQL' : 'banco embutido'})`)
})
// Node closes an idle keep-alive connection after 5 s; a client or proxy that reuses it at that moment gets a reset
// instead of an answer. Idle connections stay longer than those of the usual proxies (60 s), which close them first.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
// The realtime WebSocket (`/app/{key}`) shares the port; other upgrades (Vite's HMR in development) are left alone.
if (realtime) server.on('upgrade', (req, socket, head) => realtime.handleUpgrade(req, socket, head))

async function shutdown() {
  // With Redis, this node's presence members leave the cluster now rather than when its heartbeat expires.
  await realtime?.close()
  clearInterval(sweeper)
  billing?.stop()
  server.close()
  await database.close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
