import * as authApi from '../../../app/domain/auth/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { personalAccessTokens } from '../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'

/** Ours (the spec lists no logout call): revokes the token in use, as Sanctum's logout does. */
export function registerLogout(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({ ...authApi.logout, middleware: [requireAuth(db)] as const }),
    async (c) => {
      await db.delete(personalAccessTokens).where(eq(personalAccessTokens.id, c.get('user').tokenId))
      return c.json({ message: 'Sessão encerrada.' }, 200)
    },
  )
}
