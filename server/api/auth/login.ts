import * as authApi from '../../../app/domain/auth/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, desc, eq, gt, lt } from 'drizzle-orm'
import { authMessages as m } from '../../../app/domain/auth/messages.ts'
import { loginAttempts, users } from '../../db/schema/index.ts'
import { abort, clientIp, fail, issueToken, type Api, type Deps } from '../http.ts'
import { verifyPassword } from '../../security/passwords.ts'
import { userProfile } from './user-profile.ts'

const WINDOW_MS = 60_000


const route = createRoute(authApi.login)

export function registerLogin(app: Api, { db, config }: Deps) {
  app.openapi(route, async (c) => {
    const { email, password } = c.req.valid('json')
    const key = `${email}|${clientIp(c, config.trustProxy)}`
    const windowStart = new Date(Date.now() - WINDOW_MS)

    const recent = await db
      .select({ at: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.key, key), gt(loginAttempts.createdAt, windowStart)))
      .orderBy(desc(loginAttempts.createdAt))
      .limit(authApi.MAX_LOGIN_ATTEMPTS)
    if (recent.length >= authApi.MAX_LOGIN_ATTEMPTS) {
      // Unblocked once the oldest of the last five falls out of the window.
      const oldest = recent[recent.length - 1].at.getTime()
      const retry = Math.max(1, Math.ceil((oldest + WINDOW_MS - Date.now()) / 1000))
      abort(429, m.tooManyAttempts(retry), { 'Retry-After': String(retry) })
    }

    const [user] = await db.select().from(users).where(eq(users.email, email))
    if (!(await verifyPassword(user?.passwordHash, password, config.passwordHashCost))) {
      await db.transaction(async (tx) => {
        await tx.insert(loginAttempts).values({ key })
        await tx.delete(loginAttempts).where(and(eq(loginAttempts.key, key), lt(loginAttempts.createdAt, windowStart)))
      })
      fail('email', m.badCredentials)
    }
    await db.delete(loginAttempts).where(eq(loginAttempts.key, key))
    const token = await issueToken(db, user.id, 'web')
    return c.json(userProfile(user, token), 200)
  })
}
