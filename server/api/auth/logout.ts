import * as authApi from '../../../app/domain/auth/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, eq, inArray } from 'drizzle-orm'
import { sessionMessages as m } from '../../../app/domain/auth/messages.ts'
import { personalAccessTokens } from '../../db/schema/index.ts'
import { forgetTokens, requireAuth, type Api, type Deps } from '../http.ts'

/** Ours (the spec lists no logout call): revokes the token in use, as Sanctum's logout does. */
export function registerLogout(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({ ...authApi.logout, middleware: [requireAuth(db)] as const }),
    async (c) => {
      await db.delete(personalAccessTokens).where(eq(personalAccessTokens.id, c.get('user').tokenId))
      forgetTokens(db, { tokenIds: [c.get('user').tokenId] })
      return c.json({ message: 'Sessão encerrada.' }, 200)
    },
  )

  app.openapi(
    createRoute({ ...authApi.logoutTokens, middleware: [requireAuth(db)] as const }),
    async (c) => {
      const { tokens } = c.req.valid('json')
      const revoked = await db
        .delete(personalAccessTokens)
        .where(and(eq(personalAccessTokens.userId, c.get('user').id), inArray(personalAccessTokens.id, tokens)))
        .returning({ id: personalAccessTokens.id })
      const ids = revoked.map((row) => row.id).sort((a, b) => a - b)
      forgetTokens(db, { tokenIds: ids })
      return c.json({ message: ids.length === 0 ? m.noneRevoked : ids.length === 1 ? m.ended : m.endedMany, tokens: ids }, 200)
    },
  )
}
