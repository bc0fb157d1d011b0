import { createRoute } from '@hono/zod-openapi'
import { inArray } from 'drizzle-orm'
import { restoreCondicao } from '../../../app/domain/conditions/condition.ts'
import { organizations } from '../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'
import { conditionForReader } from './access.ts'
import { conditionAnswer } from './condition-answer.ts'

export function registerRestoreCondition(app: Api, { db }: Deps) {
  app.openapi(createRoute({ ...restoreCondicao, middleware: [requireAuth(db)] as const }), async (c) => {
    const { id } = c.req.valid('param')
    const { organizacao_id: actingFor } = c.req.valid('query')
    const access = await conditionForReader(db, c.get('user').id, id, { asOrganization: actingFor })
    const orgIds = access.as === 'ol' ? [access.condition.organizationId, access.partner.partnerId] : [access.condition.organizationId]
    const names = new Map(
      (await db.select({ id: organizations.id, nome: organizations.nome }).from(organizations).where(inArray(organizations.id, orgIds))).map((o) => [o.id, o.nome]),
    )
    const seller = { id: access.condition.organizationId, nome: names.get(access.condition.organizationId) ?? '' }
    const parceiro =
      access.as === 'ol'
        ? {
            id: access.partner.id,
            organizacao_id: access.partner.partnerId,
            nome: names.get(access.partner.partnerId) ?? '',
            desconto_extra: access.partner.descontoExtra,
            status: access.partner.status as 'pendente' | 'aceito' | 'recusado',
          }
        : null
    return c.json({ condicao: conditionAnswer(access.condition), acesso: access.as === 'ol' ? ('ol' as const) : ('vendedor' as const), vendedor: seller, parceiro }, 200)
  })
}
