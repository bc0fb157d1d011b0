import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import * as conditionsApi from '../../../app/domain/conditions/contract.ts'
import type { ConditionFilter, ConditionOrderField } from '../../../app/domain/conditions/schemas.ts'
import type { Db } from '../../db/client.ts'
import { conditionBuyers, conditionPartners, conditionProducts, conditions, organizations } from '../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'
import { requireReader } from '../organizations/area-readers.ts'
import { holdsPermission, requireMembership } from '../organizations/membership.ts'
import { likePattern, paginated } from '../pagination.ts'
import { conditionAnswer } from './condition-answer.ts'

/** Today's date where the sellers are (Brasília): a validity ending today still holds until midnight there. */
export const todayInBrazil = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now)

function filterOf(filter: ConditionFilter, today: string): SQL | undefined {
  switch (filter) {
    case 'todos':
      return undefined
    case 'ativas':
      return eq(conditions.ativo, true)
    case 'inativas':
      return eq(conditions.ativo, false)
    case 'vigentes':
      return and(
        eq(conditions.ativo, true),
        sql`(${conditions.inicio} is null or ${conditions.inicio} <= ${today}::date)`,
        sql`(${conditions.fim} is null or ${conditions.fim} >= ${today}::date)`,
      )
  }
}

const ORDER_COLUMNS: Record<ConditionOrderField, SQL | typeof conditions.createdAt> = {
  nome: sql`lower(${conditions.nome})`,
  created_at: conditions.createdAt,
  inicio: sql`${conditions.inicio}`,
  fim: sql`${conditions.fim}`,
  tipo_tabela: sql`${conditions.tipoTabela}`,
}

/** Cheap per-row counts for the list: each is one index lookup per condition of the page. */
const counts = {
  produtos: sql<number>`(select count(*)::int from ${conditionProducts} where ${conditionProducts.conditionId} = ${conditions.id})`,
  compradores: sql<number>`(select count(*)::int from ${conditionBuyers} where ${conditionBuyers.conditionId} = ${conditions.id})`,
  ols: sql<number>`(select count(*)::int from ${conditionPartners} where ${conditionPartners.conditionId} = ${conditions.id} and ${conditionPartners.status} <> 'recusado')`,
}

type ListParams = {
  companyId: number
  regPerPage: number
  search: string | null
  order: 'asc' | 'desc' | null
  orderingField: ConditionOrderField | null
  filter: ConditionFilter | null
  type: 'C' | 'O' | null
}

async function listConditions(db: Db, params: ListParams, page: number) {
  const { companyId, regPerPage, search } = params
  const asOl = params.type === 'O'
  const where = and(
    asOl
      ? sql`exists (select 1 from ${conditionPartners} where ${conditionPartners.conditionId} = ${conditions.id} and ${conditionPartners.partnerId} = ${companyId} and ${conditionPartners.status} in ('pendente', 'aceito'))`
      : eq(conditions.organizationId, companyId),
    search ? sql`${conditions.busca} like f_unaccent(lower(${likePattern(search)}))` : undefined,
    filterOf(params.filter ?? 'todos', todayInBrazil()),
  )
  const direction = params.order === 'desc' ? desc : asc
  const [{ total }] = await db.select({ total: count() }).from(conditions).where(where)
  const rows = await db
    .select({ c: conditions, vendedor: organizations.nome, ...counts })
    .from(conditions)
    .innerJoin(organizations, eq(organizations.id, conditions.organizationId))
    .where(where)
    .orderBy(direction(ORDER_COLUMNS[params.orderingField ?? 'nome']), direction(conditions.id))
    .limit(regPerPage)
    .offset((page - 1) * regPerPage)
  const invites = asOl && rows.length
    ? await db
        .select({ conditionId: conditionPartners.conditionId, status: conditionPartners.status, descontoExtra: conditionPartners.descontoExtra })
        .from(conditionPartners)
        .where(and(eq(conditionPartners.partnerId, companyId), inArray(conditionPartners.conditionId, rows.map((r) => r.c.id))))
    : []
  const data = rows.map((r) => {
    const invite = invites.find((i) => i.conditionId === r.c.id)
    return {
      ...conditionAnswer(r.c),
      vendedor: { id: r.c.organizationId, nome: r.vendedor },
      parceiro: invite ? { status: invite.status as 'pendente' | 'aceito', desconto_extra: invite.descontoExtra } : null,
      produtos: r.produtos,
      compradores: r.compradores,
      ols: r.ols,
    }
  })
  return paginated(data, total, page, regPerPage)
}

export function registerConditionLists(app: Api, { db }: Deps) {
  const auth = requireAuth(db)
  for (const endpoint of [conditionsApi.restoreCondicoes, conditionsApi.restoreCondicoesSimulador]) {
    app.openapi(createRoute({ ...endpoint, middleware: [auth] as const }), async (c) => {
      const params = c.req.valid('param')
      const { page } = c.req.valid('query')
      // The company's own conditions are its area; those it serves as an OL are another seller's, offered to it.
      const { membership } = params.type === 'O' ? await requireMembership(db, c.get('user').id, params.companyId) : await requireReader(db, c.get('user').id, params.companyId, 'condicoes')
      const [condicoes, podeAlterar] = await Promise.all([listConditions(db, params, page), holdsPermission(db, membership, 'condicoes')])
      return c.json({ condicoes, pode_alterar: podeAlterar }, 200)
    })
  }

  app.openapi(createRoute({ ...conditionsApi.restoreCondicoesAcoes, middleware: [auth] as const }), async (c) => {
    const { companyId, active } = c.req.valid('param')
    await requireReader(db, c.get('user').id, companyId, 'condicoes')
    const rows = await db
      .select({ id: conditions.id, nome: conditions.nome })
      .from(conditions)
      .where(and(eq(conditions.organizationId, companyId), eq(conditions.ativo, active)))
      .orderBy(asc(sql`lower(${conditions.nome})`), asc(conditions.id))
    return c.json({ condicoes: rows }, 200)
  })
}
