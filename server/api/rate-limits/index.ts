import * as authApi from '../../../app/domain/auth/contract.ts'
import * as buyersApi from '../../../app/domain/conditions/buyers-contract.ts'
import * as partnersApi from '../../../app/domain/conditions/partners-contract.ts'
import * as customersApi from '../../../app/domain/customers/contract.ts'
import * as orgApi from '../../../app/domain/organization/contract.ts'
import type { Endpoint } from '../../../app/domain/shared/contract.ts'
import { rateLimitMessages as m } from '../../../app/domain/shared/rate-limit-messages.ts'
import * as teamApi from '../../../app/domain/team/contract.ts'
import type { MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Config, RateLimit } from '../../config.ts'
import { sha256 } from '../../security/tokens.ts'
import { clientIp, type AppEnv } from '../http.ts'
import { memoryStore, redisStore, type RateLimitStore } from './store.ts'

type LimitedGroup = Exclude<keyof Config['rateLimits'], 'windowMs' | 'general'>
type Call = Pick<Endpoint, 'method' | 'path'>

/**
 * Every rate limit of the API, besides Login's and the verification code's own (decision 002);
 * docs/decisions/043-rate-limits.md. Every call counts against `general`. A call listed here counts
 * against its group's limits as well, on one counter per group: alternating between the group's calls
 * gains nothing. The numbers are configuration (config.rateLimits, README's table).
 */
export const LIMITED_CALLS: Record<LimitedGroup, Call[]> = {
  /** What someone listing the platform's companies would call (a CNPJ or an invite's token in, whether that company is here out), and the invites, which send mail. */
  enumeration: [
    orgApi.verificaCnpj,
    orgApi.verificaCnpjMasked,
    orgApi.create,
    orgApi.createInvite,
    orgApi.restoreInviteOrg,
    customersApi.findCliente,
    customersApi.createCliente,
    // One call, many CNPJs: the rows are not counted, but nobody imports 30 sheets a minute.
    customersApi.importClientes,
    buyersApi.restoreVarejos,
    // A condition's buyers by CNPJ: a row names a whole flag found by its CNPJ on the platform.
    buyersApi.importCompradores,
    partnersApi.searchParceiros,
    teamApi.invite,
    teamApi.aceiteinvite,
    teamApi.negainvite,
    authApi.restoreInvite,
    authApi.createOrgAutoLogin,
  ],
}

/** The store the configuration asks for: Redis when the nodes share one, else this process' memory. */
export function rateLimitStore(config: Config): RateLimitStore {
  const { windowMs } = config.rateLimits
  return config.redisUrl ? redisStore(windowMs, { url: config.redisUrl }) : memoryStore(windowMs)
}

/** `GET /api/empresas/findCliente/{orgId}/{cnpj}` → a test of method and path, one segment per parameter as Hono routes. */
function matcher(calls: Call[]) {
  const patterns = calls.map(({ method, path }) => {
    const source = path
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+')
    return { method: method.toUpperCase(), path: new RegExp(`^${source}$`) }
  })
  return (method: string, path: string) => {
    const asMethod = method === 'HEAD' ? 'GET' : method
    return patterns.some((p) => p.method === asMethod && p.path.test(path))
  }
}

/**
 * The counter of a bearer token: its id, to read, and a hash of the whole token, so that a caller who
 * knows only another user's token id cannot spend that user's calls. Not verified here (requireAuth is).
 */
function tokenCounter(authorization: string | undefined) {
  const match = /^Bearer\s+((\d{1,10})\|\S+)$/i.exec(authorization ?? '')
  return match ? `${match[2]}:${sha256(match[1]).slice(0, 16)}` : undefined
}

/** A broken store must not take the API down: calls go on uncounted, and this is said at most once a minute. */
const REPORT_EVERY_MS = 60_000

/** Counts each call and answers 429, as Laravel's throttle middleware does, past any limit that applies. */
export function rateLimits(config: Config, store: RateLimitStore): MiddlewareHandler<AppEnv> {
  const limited = Object.keys(LIMITED_CALLS) as LimitedGroup[]
  const groups: Array<{ name: string; limit: RateLimit; applies: (method: string, path: string) => boolean }> = [
    { name: 'general', limit: config.rateLimits.general, applies: () => true },
    ...limited.map((name) => ({ name, limit: config.rateLimits[name], applies: matcher(LIMITED_CALLS[name]) })),
  ]
  let quietUntil = 0
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = tokenCounter(c.req.header('authorization'))
    const address = clientIp(c, config.trustProxy)
    const counters: Array<{ key: string; limit: number }> = []
    for (const { name, limit, applies } of groups) {
      if (!applies(c.req.method, c.req.path)) continue
      if (token && limit.perToken > 0) counters.push({ key: `${name}:token:${token}`, limit: limit.perToken })
      if (limit.perAddress > 0) counters.push({ key: `${name}:address:${address}`, limit: limit.perAddress })
    }
    if (counters.length === 0) return next()

    let hits
    try {
      hits = await store.hit(counters.map((counter) => counter.key))
    } catch (error) {
      if (Date.now() >= quietUntil) {
        quietUntil = Date.now() + REPORT_EVERY_MS
        console.error('Limites de requisições sem contagem (armazenamento indisponível):', error)
      }
      return next()
    }

    const counted = hits.map((hit, i) => ({ ...hit, limit: counters[i].limit, left: counters[i].limit - hit.count }))
    const over = counted.filter((counter) => counter.left < 0)
    if (over.length > 0) {
      // Every exceeded window must end before the call can go through.
      const last = over.reduce((a, b) => (b.resetMs > a.resetMs ? b : a))
      const seconds = Math.max(1, Math.ceil(last.resetMs / 1000))
      return c.json({ message: m.tooManyRequests(seconds) }, 429, {
        'Retry-After': String(seconds),
        'X-RateLimit-Limit': String(last.limit),
        'X-RateLimit-Remaining': '0',
      })
    }
    await next()
    const closest = counted.reduce((a, b) => (b.left < a.left ? b : a))
    c.header('X-RateLimit-Limit', String(closest.limit))
    c.header('X-RateLimit-Remaining', String(closest.left))
  })
}
