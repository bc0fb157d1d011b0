import * as orgApi from '../../../app/domain/organization/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { companyMessages as m } from '../../../app/domain/organization/company-messages.ts'
import { organizations } from '../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from './audit.ts'
import { requirePermission } from './membership.ts'


export function registerTokenbase(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({ ...orgApi.storeTokenBase, middleware: [requireAuth(db)] as const }),
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
