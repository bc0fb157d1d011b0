import type { IncomingMessage, ServerResponse } from 'node:http'
import compression from 'compression'
import express, { type Router } from 'express'
import type { Config } from '../config.ts'
import type { RealtimeServer } from '../realtime/index.ts'
import { CLIENT_IP_HEADER } from '../web-bridge.ts'
import { baseSecurityHeaders, uploadHeaders, webAppHeaders } from './security-headers.ts'

export type HttpAppOptions = {
  config: Config
  /** The API as a Node listener (`/api/`, `/sanctum/`). */
  api: (req: IncomingMessage, res: ServerResponse) => unknown
  /** The built-in realtime server's HTTP API (`/apps/`), when it runs here. */
  realtime?: Pick<RealtimeServer, 'httpHandler'>
  /** The web app: React Router and its assets (server/index.ts builds it for production or for Vite). */
  web: Router
}

/** The one HTTP host: API, realtime HTTP API, public uploads and the web app, each with its headers. */
export function createHttpApp({ config, api, realtime, web }: HttpAppOptions) {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.trustProxy)
  app.use(compression())
  app.use(baseSecurityHeaders(config))
  app.use((req, res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? ''
    // Express strips a mount prefix, which would stop Hono's routes from matching: test the path instead.
    if (req.path.startsWith('/api/') || req.path.startsWith('/sanctum/')) return api(req, res)
    if (realtime && req.path.startsWith('/apps/')) return void realtime.httpHandler(req, res)
    next()
  })
  app.use('/uploads', uploadHeaders, express.static(config.uploadsDir, { fallthrough: false, maxAge: '1h' }))
  app.use(webAppHeaders(config), web)
  return app
}
