import { createRoute } from '@hono/zod-openapi'
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import { HTTPException } from 'hono/http-exception'
import * as rulesApi from '../../../../app/domain/conditions/rules-contract.ts'
import { rulesMessages as m } from '../../../../app/domain/conditions/rules-messages.ts'
import type { RuleValues } from '../../../../app/domain/conditions/rules-schemas.ts'
import type { Tx } from '../../../db/client.ts'
import { conditionPartners, conditionRules, conditions } from '../../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../../http.ts'
import { requireReader } from '../../organizations/area-readers.ts'
import { likePattern, paginated } from '../../pagination.ts'
import { conditionForReader, conditionForSeller, type ConditionAccess } from '../access.ts'
import { mayChange } from '../may-change.ts'
import { checkScopes, conditionScopes, ruleColumns, rulesByIds, ruleOrder, selectRules, ruleAnswer } from './rule-rows.ts'

const PER_PAGE = 20

/** A 404 of the condition said as the thing the caller named (a rule, an OL), so ids reveal nothing. */
async function as404<T>(message: string, run: () => Promise<T>) {
  try {
    return await run()
  } catch (error) {
    if (error instanceof HTTPException && error.status === 404) abort(404, message)
    throw error
  }
}

/**
 * Whose rules the caller may write for `partnerId` (a condition_partners row; null = the seller's own):
 * the seller's members holding 'condicoes' any; an OL's members holding it only their OL's.
 */
async function ownerFor(tx: Tx, userId: number, conditionId: number, partnerId: number | null): Promise<{ access: ConditionAccess; partnerId: number | null }> {
  if (partnerId === null) {
    const condition = await conditionForSeller(tx, userId, conditionId, { permission: 'condicoes', lock: true })
    return { access: { as: 'seller', condition, organizationId: condition.organizationId }, partnerId: null }
  }
  const access = await conditionForReader(tx, userId, conditionId, { permission: 'condicoes', lock: true })
  if (access.as === 'ol') {
    if (access.partner.id !== partnerId) abort(404, m.parceiroNotFound)
    return { access, partnerId }
  }
  const [partner] = await tx
    .select()
    .from(conditionPartners)
    .where(and(eq(conditionPartners.id, partnerId), eq(conditionPartners.conditionId, conditionId)))
  if (!partner) abort(404, m.parceiroNotFound)
  if (partner.status === 'recusado') fail('parceiro_id', m.parceiroRefused)
  return { access, partnerId }
}

/** The rule for someone who may change it (see ownerFor); anyone else's rule is 404. */
async function ruleForWriter(tx: Tx, userId: number, ruleId: number) {
  const [rule] = await tx.select().from(conditionRules).where(eq(conditionRules.id, ruleId)).for('update')
  if (!rule) abort(404, m.regraNotFound)
  await as404(m.regraNotFound, () => ownerFor(tx, userId, rule.conditionId, rule.conditionPartnerId))
  return rule
}

async function insertRules(tx: Tx, conditionId: number, partnerId: number | null, rules: RuleValues[], fieldOf: (i: number) => string) {
  const checked = await checkScopes(
    tx,
    conditionId,
    rules.map((rule, i) => ({ field: fieldOf(i), rule })),
  )
  if (!checked.length) return []
  const rows = await tx
    .insert(conditionRules)
    .values(checked.map((r) => ({ conditionId, conditionPartnerId: partnerId, ...ruleColumns(r) })))
    .returning({ id: conditionRules.id })
  return rulesByIds(
    tx,
    rows.map((r) => r.id),
  )
}

export function registerRules(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...rulesApi.searchRegra, middleware: [auth] as const }), async (c) => {
    const { orgId } = c.req.valid('param')
    const { page, busca } = c.req.valid('query')
    await requireReader(db, c.get('user').id, orgId, 'condicoes')
    const where = and(
      eq(conditions.organizationId, orgId),
      busca
        ? sql`f_unaccent(lower(${conditionRules.nome} || ' ' || ${conditions.nome} || ' ' || coalesce(${conditionRules.marca}, '') || ' ' || coalesce(${conditionRules.categoria}, ''))) like f_unaccent(lower(${likePattern(busca)}))`
        : undefined,
    )
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(conditionRules)
      .innerJoin(conditions, eq(conditions.id, conditionRules.conditionId))
      .where(where)
    const rows = await selectRules(db, where)
      .orderBy(sql`lower(${conditions.nome})`, conditions.id, ...ruleOrder)
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE)
    return c.json(paginated(rows.map(ruleAnswer), total, page, PER_PAGE), 200)
  })

  app.openapi(createRoute({ ...rulesApi.restoreRules, middleware: [auth] as const }), async (c) => {
    const { conditionId } = c.req.valid('param')
    const { organizacao_id } = c.req.valid('query')
    const access = await conditionForReader(db, c.get('user').id, conditionId, { asOrganization: organizacao_id })
    const mine = access.as === 'ol' ? or(isNull(conditionRules.conditionPartnerId), eq(conditionRules.conditionPartnerId, access.partner.id)) : undefined
    const rows = await selectRules(db, and(eq(conditionRules.conditionId, access.condition.id), mine)).orderBy(...ruleOrder)
    return c.json(
      {
        regras: rows.map(ruleAnswer),
        alcances: await conditionScopes(db, access.condition.id),
        parceiro_id: access.as === 'ol' ? access.partner.id : null,
        pode_alterar: await mayChange(db, c.get('user').id, access.organizationId),
      },
      200,
    )
  })

  app.openapi(createRoute({ ...rulesApi.addRules, middleware: [auth] as const }), async (c) => {
    const { condicao_id, ...rule } = c.req.valid('json')
    const [created] = await db.transaction(async (tx) => {
      await ownerFor(tx, c.get('user').id, condicao_id, null)
      return insertRules(tx, condicao_id, null, [rule], () => '')
    })
    return c.json({ message: m.added(created.nome), regra: created }, 201)
  })

  app.openapi(createRoute({ ...rulesApi.addRulesParceiro, middleware: [auth] as const }), async (c) => {
    const { condicao_id, parceiro_id, ...rule } = c.req.valid('json')
    const [created] = await db.transaction(async (tx) => {
      await ownerFor(tx, c.get('user').id, condicao_id, parceiro_id)
      return insertRules(tx, condicao_id, parceiro_id, [rule], () => '')
    })
    return c.json({ message: m.added(created.nome), regra: created }, 201)
  })

  app.openapi(createRoute({ ...rulesApi.defineRules, middleware: [auth] as const }), async (c) => {
    const { condicao_id, parceiro_id, regras } = c.req.valid('json')
    const defined = await db.transaction(async (tx) => {
      await ownerFor(tx, c.get('user').id, condicao_id, parceiro_id)
      await tx
        .delete(conditionRules)
        .where(and(eq(conditionRules.conditionId, condicao_id), parceiro_id === null ? isNull(conditionRules.conditionPartnerId) : eq(conditionRules.conditionPartnerId, parceiro_id)))
      return insertRules(tx, condicao_id, parceiro_id, regras, (i) => `regras.${i}.`)
    })
    return c.json({ message: m.defined(defined.length), regras: defined }, 200)
  })

  app.openapi(createRoute({ ...rulesApi.updateRules, middleware: [auth] as const }), async (c) => {
    const { regra_id, ativo, ...values } = c.req.valid('json')
    const updated = await db.transaction(async (tx) => {
      const rule = await ruleForWriter(tx, c.get('user').id, regra_id)
      const [checked] = await checkScopes(tx, rule.conditionId, [{ field: '', rule: values }])
      await tx
        .update(conditionRules)
        .set({ ...ruleColumns(checked), ativo: ativo ?? rule.ativo, updatedAt: new Date() })
        .where(eq(conditionRules.id, rule.id))
      const [answer] = await rulesByIds(tx, [rule.id])
      return answer
    })
    return c.json({ message: m.updated(updated.nome), regra: updated }, 200)
  })

  app.openapi(createRoute({ ...rulesApi.deleteRules, middleware: [auth] as const }), async (c) => {
    const { regraId } = c.req.valid('param')
    const nome = await db.transaction(async (tx) => {
      const rule = await ruleForWriter(tx, c.get('user').id, regraId)
      await tx.delete(conditionRules).where(eq(conditionRules.id, rule.id))
      return rule.nome
    })
    return c.json({ message: m.deleted(nome) }, 200)
  })
}
