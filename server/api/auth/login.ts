import { createRoute, z } from '@hono/zod-openapi'
import { and, desc, eq, gt, lt } from 'drizzle-orm'
import { authMessages as m } from '../../../app/domain/auth/messages.ts'
import { emailField, passwordField } from '../../../app/domain/auth/schemas.ts'
import { loginAttempts, users } from '../../db/schema/index.ts'
import { abort, clientIp, errorResponses, fail, issueToken, jsonContent, MessageSchema, type Api, type Deps } from '../http.ts'
import { verifyPassword } from '../../security/passwords.ts'
import { userProfile, UserProfileSchema } from './user-profile.ts'

export const MAX_LOGIN_ATTEMPTS = 5
const WINDOW_MS = 60_000

const LoginBody = z
  .object({ email: emailField, password: passwordField })
  .openapi('LoginRequest', { example: { email: 'ana@distribuidorasol.com.br', password: 'demo12345' } })

const route = createRoute({
  method: 'post',
  path: '/api/login',
  tags: ['Autenticação'],
  summary: 'Entra com e-mail e senha e recebe o token (Sanctum)',
  request: { body: { required: true, content: { 'application/json': { schema: LoginBody } } } },
  responses: {
    200: jsonContent(UserProfileSchema, 'Perfil do usuário com o token'),
    422: errorResponses[422],
    429: jsonContent(MessageSchema, `Mais de ${MAX_LOGIN_ATTEMPTS} tentativas erradas por minuto para o e-mail e endereço`),
  },
})

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
      .limit(MAX_LOGIN_ATTEMPTS)
    if (recent.length >= MAX_LOGIN_ATTEMPTS) {
      // Unblocked once the oldest of the last five falls out of the window.
      const oldest = recent[recent.length - 1].at.getTime()
      const retry = Math.max(1, Math.ceil((oldest + WINDOW_MS - Date.now()) / 1000))
      abort(429, m.tooManyAttempts(retry), { 'Retry-After': String(retry) })
    }

    const [user] = await db.select().from(users).where(eq(users.email, email))
    if (!(await verifyPassword(user?.passwordHash, password))) {
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
