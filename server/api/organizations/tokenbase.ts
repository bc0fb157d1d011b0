import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { companyMessages as m } from '../../../app/domain/organization/company-messages.ts'
import { TokenbaseSchema } from '../../../app/domain/organization/company-schemas.ts'
import { organizations } from '../../db/schema/index.ts'
import { bearer, errorResponses, jsonContent, MessageSchema, requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from './audit.ts'
import { requirePermission } from './membership.ts'
import { organizacaoIdField } from './org-id.ts'

/** A code, or null to delete it (spec §4: "Delete sends a null tokenbase"). */
const StoreTokenbaseBody = z
  .object({ organizacao_id: organizacaoIdField, tokenbase: TokenbaseSchema.shape.tokenbase.nullable() })
  .openapi('StoreTokenbaseRequest', { example: { organizacao_id: 3, tokenbase: 'TKB-FARMA-2026' } })

export function registerTokenbase(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/empresas/storeTokenBase',
      tags: ['Organizações'],
      summary: 'Grava ou exclui (null) o código Tokenbase da empresa',
      security: bearer,
      middleware: [requireAuth(db)] as const,
      request: { body: { required: true, content: { 'application/json': { schema: StoreTokenbaseBody } } } },
      responses: {
        200: jsonContent(z.object({ message: z.string(), tokenbase: z.string().nullable() }), 'Tokenbase atualizado'),
        403: jsonContent(MessageSchema, 'Sem permissão'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const user = c.get('user')
      const { organizacao_id, tokenbase } = c.req.valid('json')
      await requirePermission(db, user.id, organizacao_id, 'empresa')
      await db.transaction(async (tx) => {
        await tx.update(organizations).set({ tokenbase }).where(eq(organizations.id, organizacao_id))
        await audit(tx, { organizationId: organizacao_id, userId: user.id, acao: tokenbase ? 'tokenbase.alterado' : 'tokenbase.excluido' })
      })
      return c.json({ message: m.tokenbaseUpdated, tokenbase }, 200)
    },
  )
}
