import { createRoute } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { personalAccessTokens } from '../../db/schema/index.ts'
import { bearer, errorResponses, jsonContent, MessageSchema, requireAuth, type Api, type Deps } from '../http.ts'

/** Ours (the spec lists no logout call): revokes the token in use, as Sanctum's logout does. */
export function registerLogout(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/logout',
      tags: ['Autenticação'],
      summary: 'Sai: revoga o token usado na chamada',
      security: bearer,
      middleware: [requireAuth(db)] as const,
      responses: { 200: jsonContent(MessageSchema, 'Token revogado'), 401: errorResponses[401] },
    }),
    async (c) => {
      await db.delete(personalAccessTokens).where(eq(personalAccessTokens.id, c.get('user').tokenId))
      return c.json({ message: 'Sessão encerrada.' }, 200)
    },
  )
}
