import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Echo from 'laravel-echo'
import Pusher from 'pusher-js'
import { createRealtimeHttpServer, createRealtimeServer, type RealtimeOptions, type RealtimeServer } from '../../server/realtime/index.ts'
import { channelAuth } from '../../server/realtime/signatures.ts'

/** Redis of the realtime tests; every run uses its own app id, hence its own key prefix and bus channel. */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379'

/** The realtime server on a plain Node HTTP server at an ephemeral port, as `npm run realtime` serves it. */
export async function startRealtime(options: RealtimeOptions): Promise<{ realtime: RealtimeServer; server: Server; port: number; stop(): Promise<void> }> {
  const realtime = createRealtimeServer(options)
  const server = createRealtimeHttpServer(realtime)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  async function stop() {
    await realtime.close()
    await new Promise((resolve) => server.close(resolve))
  }
  return { realtime, server, port: (server.address() as AddressInfo).port, stop }
}

export type TestApp = { appId: string; key: string; secret: string }
export type TestUser = { id: string; name: string }

/**
 * A stand-in for Laravel's /broadcasting/auth: the bearer token is the user id; channels named
 * *forbidden* get a 403, channels named *badsig* a signature made with the wrong secret.
 */
export async function startAuthServer(app: TestApp, users: TestUser[]): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
    const socketId = form.get('socket_id') ?? ''
    const channel = form.get('channel_name') ?? ''
    const user = users.find((u) => req.headers.authorization === `Bearer ${u.id}`)
    if (!user || channel.includes('forbidden')) {
      res.writeHead(403, { 'Content-Type': 'application/json' }).end('{"message":""}')
      return
    }
    const secret = channel.includes('badsig') ? 'wrong-secret' : app.secret
    const channelData = channel.startsWith('presence-') ? JSON.stringify({ user_id: user.id, user_info: { id: user.id, name: user.name } }) : undefined
    const body = { auth: channelAuth(app.key, secret, socketId, channel, channelData), ...(channelData ? { channel_data: channelData } : {}) }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/broadcasting/auth`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** laravel-echo over pusher-js, as the web app configures it, logged in as `user` (bearer token). */
export async function connectEcho(app: TestApp, port: number, authEndpoint: string, user: TestUser): Promise<Echo<'pusher'>> {
  const echo = new Echo({
    broadcaster: 'pusher',
    Pusher,
    key: app.key,
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    authEndpoint,
    // Echo's `bearerToken` writes into a headers object its defaults share between instances: one per client here.
    auth: { headers: { Authorization: `Bearer ${user.id}` } },
  })
  await new Promise<void>((resolve) => echo.connector.pusher.connection.bind('connected', () => resolve()))
  return echo
}

/** Resolves once `check` holds, polling: the tests wait for a state, never for a time. */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20))
}

/** Resolves when a laravel-echo channel is subscribed, rejects on its subscription error. */
export function subscribed(channel: { subscribed(callback: () => void): unknown; error(callback: (e: unknown) => void): unknown }) {
  return new Promise<void>((resolve, reject) => {
    channel.subscribed(() => resolve())
    channel.error(reject)
  })
}
