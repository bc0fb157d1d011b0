import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Adapter, ChannelState } from './adapter.ts'
import { CHANNEL_NAME, channelKind } from './channels.ts'
import { verifyHttpRequest } from './signatures.ts'

/** The Pusher HTTP API, what the official `pusher` SDK calls. */

export const MAX_DATA_BYTES = 10 * 1024
const MAX_BODY_BYTES = 256 * 1024
const MAX_CHANNELS = 100
const MAX_BATCH = 10
const SOCKET_ID = /^\d+\.\d+$/

export type HttpApiOptions = { appId: string; key: string; secret: string; adapter: Adapter }

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'Request body too large'))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

type EventInput = { name?: unknown; data?: unknown; channels?: unknown; channel?: unknown; socket_id?: unknown; info?: unknown }

export function createHttpApi(options: HttpApiOptions) {
  const { adapter } = options

  function describe(name: string, state: ChannelState, info: string[]) {
    const out: Record<string, unknown> = {}
    if (info.includes('user_count') && channelKind(name) === 'presence') out.user_count = state.userCount
    if (info.includes('subscription_count')) out.subscription_count = state.subscriptionCount
    return out
  }

  function validateEvent(input: EventInput): { name: string; data: string; channels: string[]; socketId?: string; info: string[] } {
    if (!input || typeof input !== 'object') throw new HttpError(400, 'Invalid event')
    const { name, data } = input
    if (typeof name !== 'string' || name.length === 0 || name.length > 200) throw new HttpError(400, 'Invalid event name')
    const list = input.channels !== undefined ? input.channels : input.channel !== undefined ? [input.channel] : undefined
    if (!Array.isArray(list) || list.length === 0) throw new HttpError(400, 'Missing channels')
    if (list.length > MAX_CHANNELS) throw new HttpError(400, `At most ${MAX_CHANNELS} channels per event`)
    for (const channel of list) {
      if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) throw new HttpError(400, 'Invalid channel name')
    }
    const text = typeof data === 'string' ? data : JSON.stringify(data ?? null)
    if (Buffer.byteLength(text) > MAX_DATA_BYTES) throw new HttpError(413, `Event data larger than ${MAX_DATA_BYTES} bytes`)
    const socketId = input.socket_id
    if (socketId !== undefined && (typeof socketId !== 'string' || !SOCKET_ID.test(socketId))) throw new HttpError(400, 'Invalid socket_id')
    const info = typeof input.info === 'string' ? input.info.split(',').map((s) => s.trim()) : []
    return { name, data: text, channels: list as string[], socketId: socketId as string | undefined, info }
  }

  /** Sends every broadcast before awaiting any, so events keep their order on the way to other nodes. */
  function publish(event: ReturnType<typeof validateEvent>): Promise<unknown> {
    return Promise.all(
      event.channels.map((channel) => adapter.broadcast(channel, JSON.stringify({ event: event.name, channel, data: event.data }), event.socketId)),
    )
  }

  async function channelInfo(name: string, info: string[]) {
    return describe(name, await adapter.channel(name), info)
  }

  function parseJson(body: Buffer): unknown {
    try {
      return JSON.parse(body.toString('utf8'))
    } catch {
      throw new HttpError(400, 'Invalid JSON body')
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const match = /^\/apps\/([^/]+)(\/.*)$/.exec(url.pathname)
    if (!match) throw new HttpError(404, 'Not found')
    const method = (req.method ?? 'GET').toUpperCase()
    const body = method === 'POST' ? await readBody(req) : Buffer.alloc(0)
    if (decodeURIComponent(match[1]!) !== options.appId) throw new HttpError(404, 'Unknown app')
    const query = Object.fromEntries(url.searchParams)
    const verdict = verifyHttpRequest({ key: options.key, secret: options.secret, method, path: url.pathname, query, body })
    if (!verdict.ok) throw new HttpError(401, verdict.reason)
    const rest = match[2]!
    const info = (query.info ?? '').split(',').filter(Boolean)

    if (method === 'POST' && rest === '/events') {
      const event = validateEvent(parseJson(body) as EventInput)
      await publish(event)
      if (!event.info.length) return send(res, 200, {})
      const infos = await Promise.all(event.channels.map(async (c) => [c, await channelInfo(c, event.info)] as const))
      return send(res, 200, { channels: Object.fromEntries(infos) })
    }
    if (method === 'POST' && rest === '/batch_events') {
      const batch = (parseJson(body) as { batch?: unknown })?.batch
      if (!Array.isArray(batch) || batch.length === 0) throw new HttpError(400, 'Missing batch')
      if (batch.length > MAX_BATCH) throw new HttpError(400, `At most ${MAX_BATCH} events per batch`)
      const events = batch.map((e: EventInput) => validateEvent(e))
      await Promise.all(events.map(publish))
      if (!events.some((e) => e.info.length)) return send(res, 200, {})
      return send(res, 200, { batch: await Promise.all(events.map((e) => (e.info.length ? channelInfo(e.channels[0]!, e.info) : {}))) })
    }
    if (method === 'GET' && rest === '/channels') {
      const prefix = query.filter_by_prefix ?? ''
      if (info.includes('user_count') && !prefix.startsWith('presence-')) throw new HttpError(400, 'user_count needs filter_by_prefix=presence-')
      const list = [...(await adapter.channels())].filter(([name]) => name.startsWith(prefix))
      return send(res, 200, { channels: Object.fromEntries(list.map(([name, state]) => [name, describe(name, state, info)])) })
    }
    const users = /^\/channels\/([^/]+)\/users$/.exec(rest)
    if (method === 'GET' && users) {
      const name = decodeURIComponent(users[1]!)
      if (channelKind(name) !== 'presence') throw new HttpError(400, 'Only presence channels have users')
      return send(res, 200, { users: (await adapter.members(name)).ids.map((id) => ({ id })) })
    }
    const one = /^\/channels\/([^/]+)$/.exec(rest)
    if (method === 'GET' && one) {
      const name = decodeURIComponent(one[1]!)
      if (!CHANNEL_NAME.test(name)) throw new HttpError(400, 'Invalid channel name')
      if (info.includes('user_count') && channelKind(name) !== 'presence') throw new HttpError(400, 'user_count is only for presence channels')
      const state = await adapter.channel(name)
      return send(res, 200, { occupied: state.subscriptionCount > 0, ...describe(name, state, info) })
    }
    const terminate = /^\/users\/([^/]+)\/terminate_connections$/.exec(rest)
    if (method === 'POST' && terminate) {
      await adapter.terminateUser(decodeURIComponent(terminate[1]!))
      return send(res, 200, {})
    }
    throw new HttpError(404, 'Not found')
  }

  /** Node request handler for `/apps/...`; answers every request it is given. */
  return async function httpHandler(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await route(req, res)
    } catch (error) {
      if (res.headersSent) return
      if (error instanceof HttpError) send(res, error.status, { error: error.message, code: error.status })
      else if (error instanceof URIError) send(res, 400, { error: 'Invalid path', code: 400 })
      else {
        console.error('realtime http api:', error)
        send(res, 500, { error: 'Server error', code: 500 })
      }
    }
  }
}
