import * as orgApi from '../../../app/domain/organization/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { FEEDBACK_MESSAGES } from '../../../app/domain/organization/feedback-schema.ts'
import { organizationFeedbacks } from '../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from './audit.ts'
import { requireMembership } from './membership.ts'

export function registerFeedback(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({ ...orgApi.saveFeedback, middleware: [requireAuth(db)] as const }),
    async (c) => {
      const user = c.get('user')
      const { organizacao_id, nota, comentario } = c.req.valid('json')
      await requireMembership(db, user.id, organizacao_id)
      await db.transaction(async (tx) => {
        await tx
          .insert(organizationFeedbacks)
          .values({ organizationId: organizacao_id, userId: user.id, nota, comentario })
          .onConflictDoUpdate({ target: [organizationFeedbacks.organizationId, organizationFeedbacks.userId], set: { nota, comentario, createdAt: new Date() } })
        await audit(tx, { organizationId: organizacao_id, userId: user.id, acao: 'feedback.enviado', detalhes: { nota } })
      })
      return c.json({ message: FEEDBACK_MESSAGES.saved }, 200)
    },
  )
}
