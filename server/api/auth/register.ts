import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { authMessages as m } from '../../../app/domain/auth/messages.ts'
import { emailField, newPasswordField, passwordsMatch, repeatField, userNameField } from '../../../app/domain/auth/schemas.ts'
import { users } from '../../db/schema/index.ts'
import { errorResponses, fail, jsonContent, MessageSchema, type Api, type Deps } from '../http.ts'
import { hashPassword } from '../../security/passwords.ts'

const match = passwordsMatch('password', 'confirm_password')
const RegisterBody = z
  .object({ name: userNameField, email: emailField, password: newPasswordField, confirm_password: repeatField })
  .refine(match.check, match.params)
  .openapi('RegisterRequest', {
    example: { name: 'Maria Souza', email: 'maria.souza@exemplo.com.br', password: 'segredo123', confirm_password: 'segredo123' },
  })

const route = createRoute({
  method: 'post',
  path: '/api/register',
  tags: ['Autenticação'],
  summary: 'Cria a conta de um usuário (não entra: o usuário vai para o Login)',
  request: { body: { required: true, content: { 'application/json': { schema: RegisterBody } } } },
  responses: { 201: jsonContent(MessageSchema, 'Conta criada'), 422: errorResponses[422] },
})

export function registerRegister(app: Api, { db }: Deps) {
  app.openapi(route, async (c) => {
    const { name, email, password } = c.req.valid('json')
    const passwordHash = await hashPassword(password)
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
