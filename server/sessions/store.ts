import { randomBytes } from 'node:crypto'
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { webSessions } from '../db/schema/index.ts'
import { sha256 } from '../security/tokens.ts'
import type { WebSessionStore } from '../web-bridge.ts'
import { sealToken, unsealToken } from './token-seal.ts'

export type SessionLifetimes = {
  /** 'Lembrar de mim': how long the session (and its cookie) lasts after the last commit. */
  rememberMs: number
  /** Without it: how long the session lasts without a request. */
  idleMs: number
}

/** Last seen is written at most this often, not once per request. */
export const TOUCH_EVERY_MS = 60_000

const MAX_USER_AGENT = 512

function tokenIdOf(token: string) {
  const match = /^(\d{1,10})\|/.exec(token)
  if (!match) throw new Error('O token da API não tem o formato id|segredo.')
  return Number(match[1])
}

const msFromNow = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`

/** The web sessions on the product's database (schema: server/db/schema/sessions.ts). */
export function createSessionStore(db: Db, lifetimes: SessionLifetimes): WebSessionStore {
  const live = (sessionId: string) => and(eq(webSessions.keyHash, sha256(sessionId)), gt(webSessions.expiresAt, sql`now()`))
  const ofUser = (userId: number, ids?: number[]) =>
    ids ? and(eq(webSessions.userId, userId), inArray(webSessions.id, ids)) : eq(webSessions.userId, userId)

  // Every logged-in page view runs it: built once (and, on PostgreSQL, planned once per connection).
  const readQuery = db
    .select({ id: webSessions.id, userId: webSessions.userId, tokenSealed: webSessions.tokenSealed, data: webSessions.data, lastSeenAt: webSessions.lastSeenAt })
    .from(webSessions)
    .where(and(eq(webSessions.keyHash, sql.placeholder('keyHash')), gt(webSessions.expiresAt, sql`now()`)))
    .prepare('web_session_read')

  return {
    async create(session) {
      const sessionId = randomBytes(32).toString('base64url')
      await db.insert(webSessions).values({
        keyHash: sha256(sessionId),
        userId: session.userId,
        userEmail: session.email.trim().toLowerCase(),
        tokenId: tokenIdOf(session.token),
        tokenSealed: sealToken(sessionId, session.token),
        data: session.data,
        remember: session.remember,
        userAgent: session.userAgent.slice(0, MAX_USER_AGENT),
        ip: session.ip,
        expiresAt: msFromNow(session.remember ? lifetimes.rememberMs : lifetimes.idleMs),
      })
      return sessionId
    },

    async read(sessionId) {
      if (!sessionId) return null
      const [row] = await readQuery.execute({ keyHash: sha256(sessionId) })
      if (!row) return null
      const token = unsealToken(sessionId, row.tokenSealed)
      if (!token) return null
      if (Date.now() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        await db
          .update(webSessions)
          .set({
            lastSeenAt: sql`now()`,
            expiresAt: sql`case when ${webSessions.remember} then ${webSessions.expiresAt} else ${msFromNow(lifetimes.idleMs)} end`,
          })
          .where(eq(webSessions.id, row.id))
      }
      return { userId: row.userId, token, data: row.data }
    },

    async update(sessionId, data) {
      if (!sessionId) return
      await db
        .update(webSessions)
        .set({
          data,
          expiresAt: sql`case when ${webSessions.remember} then ${msFromNow(lifetimes.rememberMs)} else ${webSessions.expiresAt} end`,
        })
        .where(live(sessionId))
    },

    async remove(sessionId) {
      if (sessionId) await db.delete(webSessions).where(eq(webSessions.keyHash, sha256(sessionId)))
    },

    async listOfUser(userId, sessionId) {
      const current = sha256(sessionId)
      const rows = await db
        .select({
          id: webSessions.id,
          keyHash: webSessions.keyHash,
          userAgent: webSessions.userAgent,
          createdAt: webSessions.createdAt,
          lastSeenAt: webSessions.lastSeenAt,
        })
        .from(webSessions)
        .where(and(eq(webSessions.userId, userId), gt(webSessions.expiresAt, sql`now()`)))
        .orderBy(desc(webSessions.lastSeenAt), desc(webSessions.id))
      return rows.map(({ keyHash, ...row }) => ({ ...row, current: keyHash === current }))
    },

    async tokenIdsOfUser(userId, ids) {
      if (ids?.length === 0) return []
      const rows = await db.select({ tokenId: webSessions.tokenId }).from(webSessions).where(ofUser(userId, ids))
      return [...new Set(rows.map((row) => row.tokenId))]
    },

    async removeOfUser(userId, ids) {
      if (ids?.length === 0) return 0
      return (await db.delete(webSessions).where(ofUser(userId, ids)).returning({ id: webSessions.id })).length
    },

    async removeOfEmail(email) {
      const rows = await db
        .delete(webSessions)
        .where(eq(webSessions.userEmail, email.trim().toLowerCase()))
        .returning({ id: webSessions.id })
      return rows.length
    },

    async sweep() {
      return (await db.delete(webSessions).where(lte(webSessions.expiresAt, sql`now()`)).returning({ id: webSessions.id })).length
    },
  }
}
