import { HTTPException } from 'hono/http-exception'

/** The outside service could not answer in time, or answered something we cannot use. */
export class LookupUnavailable extends Error {}

/**
 * GET a JSON document from a public service with a hard deadline: the user is
 * waiting on a form, so after `timeoutMs` we give up and let them type by hand.
 * Network errors, the deadline and an unreadable body all become LookupUnavailable.
 */
export async function fetchJson(url: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) })
    // The same signal bounds reading the body.
    const text = await res.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = undefined
    }
    return { status: res.status, body }
  } catch (cause) {
    const reason = cause instanceof Error && cause.name === 'TimeoutError' ? `sem resposta em ${timeoutMs} ms` : String(cause)
    console.warn(`Serviço externo indisponível: ${url} (${reason})`)
    throw new LookupUnavailable(reason)
  }
}

/** 503 with a message telling the user what to do instead. */
export function unavailable(message: string): never {
  throw new HTTPException(503, { res: Response.json({ message }, { status: 503, headers: { 'Retry-After': '60' } }) })
}

export const DAY_MS = 24 * 60 * 60 * 1000

/**
 * An in-memory cache for lists that change once a year (states, cities): each key
 * is loaded at most once per `ttlMs`, concurrent callers share one request, and when
 * a refresh fails an expired copy is still served rather than an error.
 */
export function createCache<T>(ttlMs = DAY_MS) {
  const entries = new Map<string, { value: T; at: number }>()
  const pending = new Map<string, Promise<T>>()
  return async function cached(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key)
    if (hit && Date.now() - hit.at < ttlMs) return hit.value
    let loading = pending.get(key)
    if (!loading) {
      loading = load().finally(() => pending.delete(key))
      pending.set(key, loading)
    }
    try {
      const value = await loading
      entries.set(key, { value, at: Date.now() })
      return value
    } catch (error) {
      if (hit) return hit.value
      throw error
    }
  }
}
