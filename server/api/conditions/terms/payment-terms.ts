import { createRoute } from '@hono/zod-openapi'
import { asc, desc, eq, sql } from 'drizzle-orm'
import { HTTPException } from 'hono/http-exception'
import * as termsApi from '../../../../app/domain/conditions/terms-contract.ts'
import { termsMessages as m } from '../../../../app/domain/conditions/terms-messages.ts'
import type { Db, Tx } from '../../../db/client.ts'
import { conditionPaymentTerms } from '../../../db/schema/index.ts'
import { abort, requireAuth, ValidationError, type Api, type Deps } from '../../http.ts'
import { conditionForReader, conditionForSeller } from '../access.ts'
import { mayChange } from '../may-change.ts'
import { sellerTokenbase, termAnswer } from './answers.ts'

type TermInput = { nome: string; prazo_dias: number; minimo: number; formula: string | null }

const columns = (t: TermInput) => ({ nome: t.nome, prazoDias: t.prazo_dias, minimoCentavos: t.minimo, formula: t.formula })

/** A formula is refused (422 on its field) while the seller has no tokenbase code. */
async function requireTokenbaseFor(db: Db | Tx, sellerId: number, terms: { field: string; term: TermInput }[]) {
  const withFormula = terms.filter((t) => t.term.formula !== null)
  if (withFormula.length && !(await sellerTokenbase(db, sellerId))) {
    throw new ValidationError(Object.fromEntries(withFormula.map((t) => [t.field, [m.formulaNeedsTokenbase]])))
  }
}

/** The term with its condition, for a member of the seller holding 'condicoes'; anyone else's term is 404. */
async function termForSeller(tx: Tx, userId: number, termId: number) {
  const [term] = await tx.select().from(conditionPaymentTerms).where(eq(conditionPaymentTerms.id, termId)).for('update')
  if (!term) abort(404, m.pagamentoNotFound)
  // A non-member gets the term's own 404, as for an id that does not exist; a member without 'condicoes' a 403.
  const condition = await conditionForSeller(tx, userId, term.conditionId, { permission: 'condicoes', lock: true }).catch((error: unknown) => {
    if (error instanceof HTTPException && error.status === 404) abort(404, m.pagamentoNotFound)
    throw error
  })
  return { term, condition }
}

export function registerPaymentTerms(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...termsApi.restorePagamentosCondicao, middleware: [auth] as const }), async (c) => {
    const { conditionId, order, orderingField } = c.req.valid('param')
    const { organizacao_id } = c.req.valid('query')
    const access = await conditionForReader(db, c.get('user').id, conditionId, { asOrganization: organizacao_id })
    const column = {
      nome: sql`lower(${conditionPaymentTerms.nome})`,
      prazo_dias: conditionPaymentTerms.prazoDias,
      minimo_centavos: conditionPaymentTerms.minimoCentavos,
      created_at: conditionPaymentTerms.createdAt,
    }[orderingField]
    const direction = order === 'desc' ? desc : asc
    const rows = await db
      .select()
      .from(conditionPaymentTerms)
      .where(eq(conditionPaymentTerms.conditionId, access.condition.id))
      .orderBy(direction(column), direction(conditionPaymentTerms.id))
    const tokenbase = (await sellerTokenbase(db, access.condition.organizationId)) !== null
    const podeAlterar = access.as === 'seller' && (await mayChange(db, c.get('user').id, access.organizationId))
    return c.json({ pagamentos: rows.map(termAnswer), tokenbase, pode_alterar: podeAlterar }, 200)
  })

  app.openapi(createRoute({ ...termsApi.addPagamento, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const row = await db.transaction(async (tx) => {
      const condition = await conditionForSeller(tx, c.get('user').id, body.condicao_id, { permission: 'condicoes', lock: true })
      await requireTokenbaseFor(tx, condition.organizationId, [{ field: 'formula', term: body }])
      const [created] = await tx
        .insert(conditionPaymentTerms)
        .values({ conditionId: condition.id, ...columns(body) })
        .returning()
      return created
    })
    return c.json({ message: m.added(row.nome), pagamento: termAnswer(row) }, 201)
  })

  app.openapi(createRoute({ ...termsApi.addPagamentoList, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const rows = await db.transaction(async (tx) => {
      const condition = await conditionForSeller(tx, c.get('user').id, body.condicao_id, { permission: 'condicoes', lock: true })
      await requireTokenbaseFor(
        tx,
        condition.organizationId,
        body.pagamentos.map((term, i) => ({ field: `pagamentos.${i}.formula`, term })),
      )
      return tx
        .insert(conditionPaymentTerms)
        .values(body.pagamentos.map((t) => ({ conditionId: condition.id, ...columns(t) })))
        .returning()
    })
    return c.json({ message: m.addedList(rows.length), pagamentos: rows.map(termAnswer) }, 201)
  })

  app.openapi(createRoute({ ...termsApi.updatePagamento, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const row = await db.transaction(async (tx) => {
      const { term, condition } = await termForSeller(tx, c.get('user').id, body.pagamento_id)
      // Keeping the formula it already has is allowed without a code; only a new or changed one needs it.
      if (body.formula !== term.formula) await requireTokenbaseFor(tx, condition.organizationId, [{ field: 'formula', term: body }])
      const [updated] = await tx
        .update(conditionPaymentTerms)
        .set({ ...columns(body), updatedAt: new Date() })
        .where(eq(conditionPaymentTerms.id, term.id))
        .returning()
      return updated
    })
    return c.json({ message: m.updated(row.nome), pagamento: termAnswer(row) }, 200)
  })

  app.openapi(createRoute({ ...termsApi.deletePagamentoCondicao, middleware: [auth] as const }), async (c) => {
    const { pagamentoId } = c.req.valid('param')
    const nome = await db.transaction(async (tx) => {
      const { term } = await termForSeller(tx, c.get('user').id, pagamentoId)
      await tx.delete(conditionPaymentTerms).where(eq(conditionPaymentTerms.id, term.id))
      return term.nome
    })
    return c.json({ message: m.deleted(nome) }, 200)
  })
}
