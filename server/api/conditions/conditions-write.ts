import { createRoute } from '@hono/zod-openapi'
import { eq, inArray, sql } from 'drizzle-orm'
import * as conditionsApi from '../../../app/domain/conditions/contract.ts'
import { conditionMessages as m } from '../../../app/domain/conditions/messages.ts'
import type { Tx } from '../../db/client.ts'
import { conditions } from '../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { SELLER_TYPES } from '../customers/shared.ts'
import { audit } from '../organizations/audit.ts'
import { requirePermission } from '../organizations/membership.ts'
import { pgError } from '../products/shared.ts'
import { conditionForSeller, type Condition } from './access.ts'
import { conditionAnswer } from './condition-answer.ts'

/** Every listed condition, locked, for a member of its seller holding 'condicoes'; any other id stops the whole call. */
async function sellerConditions(tx: Tx, userId: number, ids: number[]) {
  const found: Condition[] = []
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) found.push(await conditionForSeller(tx, userId, id, { permission: 'condicoes', lock: true }))
  return found
}

export function registerConditionWrites(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...conditionsApi.createCondicao, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const body = c.req.valid('json')
    const { organization } = await requirePermission(db, user.id, body.organizacao_id, 'condicoes')
    if (!SELLER_TYPES.includes(organization.tipo)) abort(403, m.notASeller)
    const condicao = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(conditions)
        .values({
          organizationId: body.organizacao_id,
          nome: body.nome,
          tipoTabela: body.tipo_tabela,
          inicio: body.inicio,
          fim: body.fim,
          visivel: body.visivel ?? true,
        })
        .returning()
      await audit(tx, { organizationId: body.organizacao_id, userId: user.id, acao: 'condicao.criada', detalhes: { condicao_id: row.id, nome: row.nome } })
      return row
    })
    return c.json({ message: m.created(condicao.nome), condicao: conditionAnswer(condicao) }, 201)
  })

  app.openapi(createRoute({ ...conditionsApi.condicoesAtivaInativa, middleware: [auth] as const }), async (c) => {
    const { condicoes } = c.req.valid('json')
    const changed = await db.transaction(async (tx) => {
      const rows = await sellerConditions(tx, c.get('user').id, condicoes.map((x) => x.id))
      const after: Condition[] = []
      for (const row of rows) {
        const [updated] = await tx.update(conditions).set({ ativo: !row.ativo, updatedAt: sql`now()` }).where(eq(conditions.id, row.id)).returning()
        after.push(updated)
      }
      return after
    })
    return c.json({ message: m.toggled(changed.length), condicoes: changed.map(conditionAnswer) }, 200)
  })

  app.openapi(createRoute({ ...conditionsApi.condicoesAtivaInativaMassa, middleware: [auth] as const }), async (c) => {
    const { condicoes, ativo } = c.req.valid('json')
    const changed = await db.transaction(async (tx) => {
      const rows = await sellerConditions(tx, c.get('user').id, condicoes.map((x) => x.id))
      return tx
        .update(conditions)
        .set({ ativo, updatedAt: sql`now()` })
        .where(inArray(conditions.id, rows.map((r) => r.id)))
        .returning()
    })
    changed.sort((a, b) => a.id - b.id)
    return c.json({ message: ativo ? m.activated(changed.length) : m.deactivated(changed.length), condicoes: changed.map(conditionAnswer) }, 200)
  })

  app.openapi(createRoute({ ...conditionsApi.updateCondicao, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const body = c.req.valid('json')
    const condicao = await db.transaction(async (tx) => {
      const before = await conditionForSeller(tx, user.id, body.condicao_id, { permission: 'condicoes', lock: true })
      const [row] = await tx
        .update(conditions)
        .set({ nome: body.nome, inicio: body.inicio, fim: body.fim, visivel: body.visivel ?? before.visivel, updatedAt: sql`now()` })
        .where(eq(conditions.id, before.id))
        .returning()
      await audit(tx, { organizationId: before.organizationId, userId: user.id, acao: 'condicao.atualizada', detalhes: { condicao_id: row.id, nome: row.nome } })
      return row
    })
    return c.json({ message: m.updated, condicao: conditionAnswer(condicao) }, 200)
  })

  app.openapi(createRoute({ ...conditionsApi.updateCondicaoMinimos, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const condicao = await db.transaction(async (tx) => {
      const before = await conditionForSeller(tx, c.get('user').id, body.condicao_id, { permission: 'condicoes', lock: true })
      const [row] = await tx
        .update(conditions)
        .set({ minimoValorCentavos: body.minimo_valor, minimoQuantidade: body.minimo_quantidade, updatedAt: sql`now()` })
        .where(eq(conditions.id, before.id))
        .returning()
      return row
    })
    return c.json({ message: m.minimumsUpdated, condicao: conditionAnswer(condicao) }, 200)
  })

  app.openapi(createRoute({ ...conditionsApi.deleteCondicao, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const { condicao_id: id } = c.req.valid('json')
    let nome = ''
    try {
      await db.transaction(async (tx) => {
        const condition = await conditionForSeller(tx, user.id, id, { permission: 'condicoes', lock: true })
        nome = condition.nome
        await tx.delete(conditions).where(eq(conditions.id, condition.id))
        await audit(tx, { organizationId: condition.organizationId, userId: user.id, acao: 'condicao.excluida', detalhes: { condicao_id: id, nome } })
      })
    } catch (error) {
      // Its products, OLs, buyers, sellers, terms and rules cascade; what refers to it without
      // cascading (the orders) makes PostgreSQL refuse, and nothing is deleted.
      const pg = pgError(error)
      // 23503 for NO ACTION references, 23001 (restrict_violation) for ON DELETE RESTRICT.
      if (pg?.code !== '23503' && pg?.code !== '23001') throw error
      fail('condicao_id', m.inUse(nome))
    }
    return c.json({ message: m.deleted(nome) }, 200)
  })
}
