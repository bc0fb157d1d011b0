import * as authApi from '../../../app/domain/auth/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { authMessages as m } from '../../../app/domain/auth/messages.ts'
import { users } from '../../db/schema/index.ts'
import { fail, type Api, type Deps } from '../http.ts'
import { hashPassword } from '../../security/passwords.ts'


const route = createRoute(authApi.register)

export function registerRegister(app: Api, { db, config }: Deps) {
  app.openapi(route, async (c) => {
    const { name, email, password } = c.req.valid('json')
    const passwordHash = await hashPassword(password, config.passwordHashCost)
    const created = await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
      if (existing) return false
      // The unique index settles a race between two sign-ups with one e-mail.
      const rows = await tx.insert(users).values({ name, email, passwordHash }).onConflictDoNothing().returning({ id: users.id })
      return rows.length > 0
    })
    if (!created) fail('email', m.emailTaken)
    return c.json({ message: m.signupSuccess }, 201)
  })
}
