import { createRoute, z } from '@hono/zod-openapi'
import { count, desc, eq } from 'drizzle-orm'
import { auditLogs, users } from '../../db/schema/index.ts'
import { bearer, errorResponses, jsonContent, MessageSchema, requireAuth, type Api, type Deps } from '../http.ts'
import { auditNames, describeAudit } from './audit.ts'
import { requirePermission } from './membership.ts'
import { idParam } from './org-id.ts'
import { PageQuery, paginated, paginatorSchema } from '../pagination.ts'

const PER_PAGE = 20

const EntrySchema = z
  .object({
    id: z.number().int(),
    acao: z.string(),
    descricao: z.string(),
    detalhes: z.record(z.string(), z.unknown()),
    user: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
    created_at: z.string(),
  })
  .openapi('AuditEntry')

export function registerLogging(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/empresas/logging/{orgId}',
      tags: ['Organizações'],
      summary: 'Quem fez o quê na organização, mais recente primeiro (quem gerencia a equipe)',
      security: bearer,
      middleware: [requireAuth(db)] as const,
      request: { params: z.object({ orgId: idParam(1, 'Organização') }), query: PageQuery },
      responses: { 200: jsonContent(paginatorSchema(EntrySchema), 'Página do registro'), 403: jsonContent(MessageSchema, 'Sem permissão'), ...errorResponses },
    }),
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
