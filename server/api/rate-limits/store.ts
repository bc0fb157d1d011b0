import { Redis } from 'ioredis'

/** One counter after a call was counted: calls in its window so far, and the time until the window ends. */
export type Hit = { count: number; resetMs: number }

/**
 * Fixed-window counters (docs/decisions/043-rate-limits.md): a window starts at its counter's first call
 * and lasts `windowMs`. `hit` counts one call on each key and answers the counters in the same order.
 */
export type RateLimitStore = {
  hit(keys: string[]): Promise<Hit[]>
  close(): Promise<void>
}

/** Most counters one process keeps: past it the oldest window is forgotten (its caller starts afresh). */
const MAX_KEYS = 100_000

/** For one process. `now` is there for the tests. */
export function memoryStore(windowMs: number, { maxKeys = MAX_KEYS, now = Date.now } = {}): RateLimitStore {
  // Every window lasts the same, so the map's insertion order is the order windows end in: expired ones are at the front.
  const windows = new Map<string, { count: number; endsAt: number }>()
  return {
    async hit(keys) {
      const at = now()
      return keys.map((key) => {
        let window = windows.get(key)
        if (!window || window.endsAt <= at) {
          windows.delete(key)
          for (const [oldest, { endsAt }] of windows) {
            if (endsAt > at && windows.size < maxKeys) break
            windows.delete(oldest)
          }
          window = { count: 0, endsAt: at + windowMs }
          windows.set(key, window)
        }
        window.count++
        return { count: window.count, resetMs: window.endsAt - at }
      })
    },
    async close() {
      windows.clear()
    },
  }
}

/**
 * KEYS: the counters. ARGV: the window in ms. Returns {count, ms left, ...} per key. A counter without an
 * expiry is a new window (or one whose PEXPIRE was lost): it gets one, so no counter outlives its window.
 */
const HIT = `local out = {}
for _, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  local left = redis.call('PTTL', key)
  if left < 0 then
    redis.call('PEXPIRE', key, ARGV[1])
    left = tonumber(ARGV[1])
  end
  table.insert(out, count)
  table.insert(out, left)
end
return out`

/** Past this a call goes on uncounted rather than waiting for Redis. */
const REDIS_TIMEOUT_MS = 500

/** Shared by every node on the same Redis: one script, one round trip per call, on Redis' clock. */
export function redisStore(windowMs: number, { url, prefix = 'ratelimit:' }: { url: string; prefix?: string }): RateLimitStore {
  // Unlike realtime, a call must not wait while Redis is away: a command fails after one retry or the timeout.
  // Connected by the first call, not while the process starts (a busy start would time the handshake out).
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: REDIS_TIMEOUT_MS, lazyConnect: true })
  redis.on('error', (error: Error) => console.error('rate limit redis:', error.message))
  return {
    async hit(keys) {
      const replies = (await redis.eval(HIT, keys.length, ...keys.map((key) => prefix + key), windowMs)) as number[]
      return keys.map((_, i) => ({ count: replies[2 * i], resetMs: replies[2 * i + 1] }))
    },
    async close() {
      redis.disconnect()
    },
  }
}
