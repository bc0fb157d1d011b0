import * as authApi from '../../../app/domain/auth/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { authMessages as m } from '../../../app/domain/auth/messages.ts'
import { passwordResetTokens, personalAccessTokens, users } from '../../db/schema/index.ts'
import { passwordResetMail } from '../../mail/templates.ts'
import { fail, forgetTokens, type Api, type Deps } from '../http.ts'
import { randomToken, sha256 } from '../../security/tokens.ts'
import { hashPassword } from '../../security/passwords.ts'

export const RESET_TOKEN_TTL_MS = 60 * 60_000
/** One mail per e-mail address per minute, so the form cannot be used to flood an inbox. */
const RESEND_AFTER_MS = 60_000



const forgotRoute = createRoute(authApi.forgotPassword)

const resetRoute = createRoute(authApi.resetPassword)

export function registerPasswordReset(app: Api, { db, mailer, config }: Deps) {
  app.openapi(forgotRoute, async (c) => {
    const { email } = c.req.valid('json')
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (user) {
      const token = randomToken(32)
      const sent = await db.transaction(async (tx) => {
        const [recent] = await tx
          .select({ id: passwordResetTokens.id })
          .from(passwordResetTokens)
          .where(and(eq(passwordResetTokens.email, email), gt(passwordResetTokens.createdAt, new Date(Date.now() - RESEND_AFTER_MS))))
        if (recent) return false
        // A new link replaces the older ones.
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.email, email))
        await tx.insert(passwordResetTokens).values({ email, tokenHash: sha256(token) })
        return true
      })
      if (sent) {
        const url = `${config.appUrl}/reset-password/${encodeURIComponent(email)}/${token}`
        await mailer.send(passwordResetMail(email, url))
      }
    }
    return c.json({ message: m.resetLinkSent }, 200)
  })

  app.openapi(resetRoute, async (c) => {
    const { email, password, token } = c.req.valid('json')
    const [row] = await db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), eq(passwordResetTokens.email, email)))
    if (!row) fail('token', m.resetTokenInvalid)
    if (row.usedAt) fail('token', m.resetTokenUsed)
    if (row.createdAt.getTime() + RESET_TOKEN_TTL_MS < Date.now()) fail('token', m.resetTokenExpired)
    const passwordHash = await hashPassword(password, config.passwordHashCost)
    const userId = await db.transaction(async (tx) => {
      // Marking the token used in the same statement that checks it makes a second, concurrent use fail.
      const used = await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id })
      if (used.length === 0) fail('token', m.resetTokenUsed)
      const [user] = await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.email, email)).returning({ id: users.id })
      if (!user) fail('token', m.resetTokenInvalid)
      // A new password signs every other device out.
      await tx.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, user.id))
      return user.id
    })
    forgetTokens(db, { userId })
    return c.json({ message: m.resetDone }, 200)
  })
}
