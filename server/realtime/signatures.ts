import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** Pusher signatures: channel authorization on the WebSocket side, request signing on the HTTP API. */

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex')
}

export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex')
}

/** Constant-time comparison of two strings (false when the lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** `socket_id:channel` (private) or `socket_id:channel:channel_data` (presence), HMAC-SHA256 hex. */
export function signChannel(secret: string, socketId: string, channel: string, channelData?: string): string {
  return hmacHex(secret, channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`)
}

/** The `auth` field a client sends: `key:hex`. */
export function channelAuth(key: string, secret: string, socketId: string, channel: string, channelData?: string): string {
  return `${key}:${signChannel(secret, socketId, channel, channelData)}`
}

export function verifyChannelAuth(
  key: string,
  secret: string,
  auth: unknown,
  socketId: string,
  channel: string,
  channelData?: string,
): boolean {
  if (typeof auth !== 'string') return false
  return safeEqual(auth, channelAuth(key, secret, socketId, channel, channelData))
}

/** The string signed for an HTTP API request: parameters sorted by key, `k=v` joined by `&`, not URL-encoded. */
export function httpStringToSign(method: string, path: string, params: Record<string, string>): string {
  const query = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
  return `${method.toUpperCase()}\n${path}\n${query}`
}

export function signHttpRequest(secret: string, method: string, path: string, params: Record<string, string>): string {
  return hmacHex(secret, httpStringToSign(method, path, params))
}

export type HttpVerdict = { ok: true } | { ok: false; reason: string }

/**
 * Checks a signed HTTP API request: right key, `body_md5` recomputed from the raw body (never trusted),
 * timestamp within ±`windowSeconds`, signature compared in constant time.
 */
export function verifyHttpRequest(input: {
  key: string
  secret: string
  method: string
  path: string
  query: Record<string, string>
  body: string | Buffer
  nowSeconds?: number
  windowSeconds?: number
}): HttpVerdict {
  const { auth_signature: signature, ...params } = input.query
  if (!signature) return { ok: false, reason: 'Missing auth_signature' }
  if (params.auth_key !== input.key) return { ok: false, reason: 'Unknown auth_key' }
  if (params.auth_version !== undefined && params.auth_version !== '1.0') return { ok: false, reason: 'Unsupported auth_version' }
  const timestamp = Number(params.auth_timestamp)
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000)
  const window = input.windowSeconds ?? 600
  if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > window) return { ok: false, reason: 'Timestamp expired' }
  if (input.body.length > 0) params.body_md5 = md5Hex(input.body)
  else delete params.body_md5
  const expected = signHttpRequest(input.secret, input.method, input.path, params)
  return safeEqual(signature, expected) ? { ok: true } : { ok: false, reason: 'Invalid signature' }
}
