import * as orgApi from '../../../app/domain/organization/contract.ts'
import { CODE_TTL_MS, codeMessages, MAX_CODE_ATTEMPTS, MAX_CODES_PER_DAY } from '../../../app/domain/organization/messages.ts'
import { randomInt, timingSafeEqual } from 'node:crypto'
import { createRoute } from '@hono/zod-openapi'
import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { memberships, organizations, users, verificationCodes } from '../../db/schema/index.ts'
import type { Mailer } from '../../mail/mailer.ts'
import { organizationCodeMail } from '../../mail/organization-templates.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { sha256 } from '../../security/tokens.ts'
import { audit } from './audit.ts'
import { NOT_A_MEMBER, requireMembership } from './membership.ts'

const m = codeMessages

export const RESEND_AFTER_MS = 60_000



/** Six random digits, leading zeros kept. */
function newCode() {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/**
 * Issues a fresh code inside the caller's transaction: earlier unused codes die, only the
 * hash of the new one is stored. Returns the plain code, to be mailed after commit.
 */
export async function issueCode(tx: Tx, organizationId: number) {
  const code = newCode()
  const now = new Date()
  await tx
    .update(verificationCodes)
    .set({ expiresAt: now })
    .where(and(eq(verificationCodes.organizationId, organizationId), isNull(verificationCodes.usedAt), gt(verificationCodes.expiresAt, now)))
  await tx.insert(verificationCodes).values({ organizationId, codeHash: sha256(code), expiresAt: new Date(now.getTime() + CODE_TTL_MS) })
  return code
}

/** Mails the code; a mail failure is logged and reported, never undoes what was stored. */
export async function mailCode(mailer: Mailer, to: string, organizacao: string, code: string) {
  try {
    await mailer.send(organizationCodeMail({ to, organizacao, code, validHours: CODE_TTL_MS / 3_600_000, maxAttempts: MAX_CODE_ATTEMPTS }))
    return true
  } catch (error) {
    console.error('Falha ao enviar o código de verificação', error)
    return false
  }
}

function sameHash(a: string, b: string) {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
}

/** The code goes to whoever created the organization while still a member; else to the caller. */
async function codeRecipient(db: Db | Tx, organization: typeof organizations.$inferSelect, caller: { id: number; email: string }) {
  if (organization.createdBy && organization.createdBy !== caller.id) {
    const [creator] = await db
      .select({ email: users.email })
      .from(users)
      .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, organization.id), eq(memberships.active, true)))
      .where(eq(users.id, organization.createdBy))
    if (creator) return creator.email
  }
  return caller.email
}




export function registerVerification(app: Api, { db, mailer }: Deps) {
  app.openapi(
    createRoute({ ...orgApi.verifyValidationCode, middleware: [requireAuth(db)] as const }),
    async (c) => {
      const user = c.get('user')
      const { organizacao_id, code } = c.req.valid('json')
      const { organization } = await requireMembership(db, user.id, organizacao_id, { unverified: 'allowed' })
      const done = { organizacao: { organizacao_id, active: true as const } }
      if (organization.active) return c.json({ message: m.alreadyActive, ...done }, 200)

      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.organizationId, organizacao_id))
        .orderBy(desc(verificationCodes.id))
        .limit(1)
      if (!row || row.usedAt) fail('code', m.noCode)
      if (row.expiresAt.getTime() <= Date.now()) fail('code', m.expired)
      if (row.attempts >= MAX_CODE_ATTEMPTS) fail('code', m.tooManyAttempts)

      if (!sameHash(sha256(code), row.codeHash)) {
        // Counted in one statement that also enforces the limit, so parallel guesses cannot exceed it.
        const [counted] = await db
          .update(verificationCodes)
          .set({ attempts: sql`${verificationCodes.attempts} + 1` })
          .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt), lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS)))
          .returning({ attempts: verificationCodes.attempts })
        if (!counted) fail('code', m.tooManyAttempts)
        const left = MAX_CODE_ATTEMPTS - counted.attempts
        fail('code', left > 0 ? m.wrongCode(left) : m.lastAttemptWrong)
      }

      await db.transaction(async (tx) => {
        const [used] = await tx
          .update(verificationCodes)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(verificationCodes.id, row.id),
              isNull(verificationCodes.usedAt),
              lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS),
              gt(verificationCodes.expiresAt, new Date()),
            ),
          )
          .returning({ id: verificationCodes.id })
        if (!used) fail('code', m.noCode)
        await tx.update(organizations).set({ active: true }).where(eq(organizations.id, organizacao_id))
        await audit(tx, { organizationId: organizacao_id, userId: user.id, acao: 'organizacao.verificada', detalhes: { via: 'codigo' } })
      })
      return c.json({ message: m.verified, ...done }, 200)
    },
  )

  app.openapi(
    createRoute({ ...orgApi.resendValidationCode, middleware: [requireAuth(db)] as const }),
    async (c) => {
      const user = c.get('user')
      const { organizacao_id } = c.req.valid('json')
      await requireMembership(db, user.id, organizacao_id, { unverified: 'allowed' })
      const issued = await db.transaction(async (tx) => {
        // Locking the organization row serialises two resends clicked at once.
        const [organization] = await tx.select().from(organizations).where(eq(organizations.id, organizacao_id)).for('update')
        if (!organization) abort(403, NOT_A_MEMBER)
        if (organization.active) fail('organizacao_id', m.alreadyActive)
        const now = Date.now()
        const recent = await tx
          .select({ createdAt: verificationCodes.createdAt })
          .from(verificationCodes)
          .where(and(eq(verificationCodes.organizationId, organizacao_id), gt(verificationCodes.createdAt, new Date(now - CODE_TTL_MS))))
          .orderBy(asc(verificationCodes.createdAt))
        const newest = recent.at(-1)
        if (newest && now - newest.createdAt.getTime() < RESEND_AFTER_MS) {
          const wait = Math.max(1, Math.ceil((newest.createdAt.getTime() + RESEND_AFTER_MS - now) / 1000))
          abort(429, m.resendTooSoon(wait), { 'Retry-After': String(wait) })
        }
        if (recent.length >= MAX_CODES_PER_DAY) {
          const wait = Math.max(1, Math.ceil((recent[0].createdAt.getTime() + CODE_TTL_MS - now) / 1000))
          abort(429, m.dailyLimit, { 'Retry-After': String(wait) })
        }
        const code = await issueCode(tx, organizacao_id)
        await audit(tx, { organizationId: organizacao_id, userId: user.id, acao: 'organizacao.codigo_reenviado' })
        return { code, organization, to: await codeRecipient(tx, organization, user) }
      })
      const sent = await mailCode(mailer, issued.to, issued.organization.nome, issued.code)
      if (!sent) return c.json({ message: m.mailFailed }, 503)
      return c.json({ message: issued.to === user.email ? m.resentToYou : m.resentToCreator }, 200)
    },
  )
}
