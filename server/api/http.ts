import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { OpenAPIHono } from '@hono/zod-openapi'
import { eq, sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { ZodError } from 'zod'
import { MAX_DB_INT } from '../../app/domain/shared/fields.ts'
import type { Publisher } from '../realtime/publisher.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { perDatabase } from '../db/per-database.ts'
import { personalAccessTokens, users } from '../db/schema/index.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { FileStore } from '../files/file-store.ts'
import { API_HEADERS } from '../http/security-headers.ts'
import type { RateLimitStore } from './rate-limits/store.ts'
import { randomToken, sha256 } from '../security/tokens.ts'


export type Deps = {
  db: Db
  mailer: Mailer
  config: Config
  files: FileStore
  /** Realtime events (server/realtime/publisher.ts); absent when realtime is off. */
  publisher?: Publisher
  /**
   * bench/header only: the company profile computes the header's chat counters from every channel, as before
   * migration 0010 (recountedChatCounters), to measure beside the stored ones.
   */
  recountHeaderCounters?: boolean
  /** Where the rate limits count (server/api/rate-limits); by default as the configuration says. */
  rateLimitStore?: RateLimitStore
}

export type AuthUser = { id: number; name: string; email: string; avatar: string | null; tokenId: number; token: string }

export type AppEnv = {
  Bindings: { clientIp?: string; incoming?: IncomingMessage }
  Variables: { user: AuthUser }
}

export type Api = OpenAPIHono<AppEnv>

/** Laravel's 422 body: the first message, "(e mais N erros)", and every message per field. */
export function validationBody(errors: Record<string, string[]>) {
  const all = Object.values(errors).flat()
  const rest = all.length - 1
  const message = rest > 0 ? `${all[0]} (e mais ${rest} erro${rest > 1 ? 's' : ''})` : (all[0] ?? '')
  return { message, errors }
}

export const BODY_NOT_OBJECT = 'O corpo da requisição deve ser um objeto com os campos da chamada.'

/** Texts for the errors Hono raises itself (its own are English). */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'Requisição inválida.',
  413: 'A requisição é grande demais.',
  415: 'Tipo de conteúdo não aceito por esta chamada. Envie application/json, ou multipart/form-data nas que recebem arquivos.',
}

export function zodErrors(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body'
    // The whole body of the wrong kind (null, a list, a string): zod's text is English and says nothing useful.
    const message = issue.path.length === 0 ? BODY_NOT_OBJECT : issue.message
    ;(errors[key] ??= []).includes(message) || errors[key].push(message)
  }
  return errors
}

/** Throws a 422 for checks only the server can make (unique e-mail, token state...). */
export class ValidationError extends Error {
  constructor(public readonly errors: Record<string, string[]>) {
    super(Object.values(errors).flat()[0])
  }
}

export function fail(field: string, message: string): never {
  throw new ValidationError({ [field]: [message] })
}

export function abort(status: 401 | 403 | 404 | 409 | 410 | 429 | 503, message: string, headers?: Record<string, string>): never {
  throw new HTTPException(status, { res: Response.json({ message }, { status, headers }) })
}

export function createApiApp(): Api {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationBody(zodErrors(result.error)), 422)
    },
  })
  app.onError((error, c) => {
    if (error instanceof ValidationError) return c.json(validationBody(error.errors), 422)
    if (error instanceof HTTPException) {
      if (error.res && error.res.headers.get('content-type')?.includes('application/json')) return error.res
      return c.json({ message: STATUS_MESSAGES[error.status] ?? 'Requisição inválida.' }, error.status)
    }
    console.error(error)
    return c.json({ message: 'Erro inesperado' }, 500)
  })
  app.notFound((c) => c.json({ message: 'Não encontrado.' }, 404))
  // Defaults only: a call that may be cached, or serves a file with its own policy, sets its headers itself.
  app.use('*', async (c, next) => {
    await next()
    const missing = Object.entries(API_HEADERS).filter(([name]) => !c.res.headers.has(name))
    if (missing.length === 0) return
    // A new answer rather than a change to this one: @hono/node-server's Response drops header changes
    // made after it was built when the in-process web app reads its body.
    const headers = new Headers(c.res.headers)
    for (const [name, value] of missing) headers.set(name, value)
    c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers })
  })
  return app
}

/** The caller's address: given by the in-process web app, else the socket (or X-Forwarded-For behind a trusted proxy). */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (c.env?.clientIp) return c.env.clientIp
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'desconhecido'
}


/** Creates a Sanctum-style token and returns the plain text the client keeps: `id|secret`. */
export async function issueToken(db: Db, userId: number, name: string) {
  const secret = randomToken()
  const [row] = await db
    .insert(personalAccessTokens)
    .values({ userId, name, tokenHash: sha256(secret) })
    .returning({ id: personalAccessTokens.id })
  return `${row.id}|${secret}`
}

type VerifiedToken = { tokenHash: string; expiresAt: Date | null; id: number; name: string; email: string; avatar: string | null }

/**
 * How long this process trusts a token it verified without reading it again (docs/decisions/016-ssr-cost.md).
 * A page view makes several API calls with the same token; each read was a query. Revocation through this
 * API (logout, 'Encerrar', password reset) and a change of the user's name or photo forget the tokens at
 * once on this process; another process may accept a revoked token for up to this long.
 */
export const TOKEN_TRUST_MS = 5_000
const MAX_TRUSTED_TOKENS = 10_000

/** Per database: the tests run several APIs in one process. The lookup is kept while in flight, so parallel calls share it. */
type Trusted = { row: Promise<VerifiedToken | undefined>; until: number; userId?: number }
const trustedOf = perDatabase(() => new Map<number, Trusted>())

/**
 * Forgets verified tokens: call it after the change is written (a lookup in between would read the old row
 * back into the cache). Either the given token ids, or every token of a user.
 */
export function forgetTokens(db: Db, which: { tokenIds: number[] } | { userId: number }) {
  const map = trustedOf(db)
  if ('tokenIds' in which) {
    for (const id of which.tokenIds) map.delete(id)
    return
  }
  for (const [id, entry] of map) {
    // A lookup still in flight may belong to the user too: forgotten as well.
    if (entry.userId === undefined || entry.userId === which.userId) map.delete(id)
  }
}

/** Built once per database (and, on PostgreSQL, planned once per connection): it runs on most API calls. */
const tokenQuery = perDatabase((db) =>
  db
    .select({
      tokenHash: personalAccessTokens.tokenHash,
      expiresAt: personalAccessTokens.expiresAt,
      id: users.id,
      name: users.name,
      email: users.email,
      avatar: users.avatar,
    })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .where(eq(personalAccessTokens.id, sql.placeholder('tokenId')))
    .prepare('api_token'),
)

function lookUpToken(db: Db, tokenId: number): Promise<VerifiedToken | undefined> {
  const map = trustedOf(db)
  const now = Date.now()
  const kept = map.get(tokenId)
  if (kept && kept.until > now) return kept.row
  if (kept) map.delete(tokenId)
  const row = tokenQuery(db)
    .execute({ tokenId })
    .then(([found]) => found)
  const entry: Trusted = { row, until: now + TOKEN_TRUST_MS }
  const drop = () => map.get(tokenId) === entry && map.delete(tokenId)
  // A token that does not exist is not kept: a guessed id must not fill the cache.
  row.then((found) => (found ? (entry.userId = found.id) : drop()), drop)
  if (map.size >= MAX_TRUSTED_TOKENS) map.delete(map.keys().next().value!)
  map.set(tokenId, entry)
  return row
}

export function requireAuth(db: Db): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? ''
    const match = /^Bearer\s+(\d{1,10})\|(\S+)$/i.exec(header)
    // An id past PostgreSQL's integer cannot be a token of ours.
    if (!match || Number(match[1]) > MAX_DB_INT) abort(401, 'Unauthenticated.')
    const tokenId = Number(match[1])
    const row = await lookUpToken(db, tokenId)
    const given = Buffer.from(sha256(match[2]))
    if (!row || !timingSafeEqual(given, Buffer.from(row.tokenHash)) || (row.expiresAt && row.expiresAt < new Date())) {
      abort(401, 'Unauthenticated.')
    }
    c.set('user', { id: row.id, name: row.name, email: row.email, avatar: row.avatar, tokenId, token: `${match[1]}|${match[2]}` })
    await next()
  })
}
