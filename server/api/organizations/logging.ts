import * as orgApi from '../../../app/domain/organization/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { count, desc, eq } from 'drizzle-orm'
import { auditLogs, users } from '../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'
import { auditNames, describeAudit } from './audit.ts'
import { requirePermission } from './membership.ts'
import { paginated } from '../pagination.ts'

const PER_PAGE = 20


export function registerLogging(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({ ...orgApi.logging, middleware: [requireAuth(db)] as const }),
    async (c) => {
      const { orgId } = c.req.valid('param')
      const { page } = c.req.valid('query')
      await requirePermission(db, c.get('user').id, orgId, 'equipe')
      const [{ total }] = await db.select({ total: count() }).from(auditLogs).where(eq(auditLogs.organizationId, orgId))
      const rows = await db
        .select({ log: auditLogs, userName: users.name })
        .from(auditLogs)
        .leftJoin(users, eq(users.id, auditLogs.userId))
        .where(eq(auditLogs.organizationId, orgId))
        .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
        .limit(PER_PAGE)
        .offset((page - 1) * PER_PAGE)
      const names = await auditNames(db, orgId)
      const data = rows.map(({ log, userName }) => ({
        id: log.id,
        acao: log.acao,
        descricao: describeAudit(log.acao, log.detalhes, names),
        detalhes: log.detalhes,
        user: log.userId && userName ? { id: log.userId, nome: userName } : null,
        created_at: log.createdAt.toISOString(),
      }))
      return c.json(paginated(data, total, page, PER_PAGE), 200)
    },
  )
}
