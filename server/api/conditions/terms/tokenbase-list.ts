import { createRoute } from '@hono/zod-openapi'
import { and, asc, eq, isNotNull } from 'drizzle-orm'
import * as termsApi from '../../../../app/domain/conditions/terms-contract.ts'
import { parseFormula } from '../../../../app/domain/pricing/formula.ts'
import { tokenbaseOption } from '../../../../app/domain/pricing/tokenbase.ts'
import { conditionPaymentTerms } from '../../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../../http.ts'
import { conditionForReader } from '../access.ts'
import { sellerTokenbase } from './answers.ts'

/**
 * restoreTokenbase: every payment term of the condition that has a formula, computed for the
 * discount and total asked (a tokenbase payment option: app/domain/pricing/tokenbase.ts). A formula that gives no number for this
 * discount (a division by zero, a result past ±100%) answers its reason in `erro`, never a 500.
 * Without the seller's tokenbase code the formulas are locked: the list is empty.
 */
export function registerTokenbaseList(app: Api, { db }: Deps) {
  app.openapi(createRoute({ ...termsApi.restoreTokenbase, middleware: [requireAuth(db)] as const }), async (c) => {
    const { condicao_id, desconto, total, organizacao_id } = c.req.valid('query')
    const access = await conditionForReader(db, c.get('user').id, condicao_id, { asOrganization: organizacao_id })
    const token = await sellerTokenbase(db, access.condition.organizationId)
    if (!token) return c.json({ token: null, opcoes: [] }, 200)
    const terms = await db
      .select()
      .from(conditionPaymentTerms)
      .where(and(eq(conditionPaymentTerms.conditionId, access.condition.id), isNotNull(conditionPaymentTerms.formula)))
      .orderBy(asc(conditionPaymentTerms.prazoDias), asc(conditionPaymentTerms.id))
    const opcoes = terms.map((term) => {
      const base = { id: term.id, nome: term.nome, prazo_dias: term.prazoDias, token, formula: term.formula! }
      const parsed = parseFormula(term.formula!)
      const computed = parsed.ok ? tokenbaseOption(parsed.formula, desconto, total) : parsed
      return computed.ok
        ? { ...base, ...computed.option, erro: null }
        : { ...base, percent: null, fator: null, valor: null, valor_total: null, erro: computed.message }
    })
    return c.json({ token, opcoes }, 200)
  })
}
