import { createRoute } from '@hono/zod-openapi'
import { eq, sql } from 'drizzle-orm'
import * as conditionsApi from '../../../app/domain/conditions/contract.ts'
import { conditionMessages as m } from '../../../app/domain/conditions/messages.ts'
import { compare, div, fromInteger, HUNDRED, mul, ONE, parseDecimal, roundHalfUp, scaledText, sub, ZERO } from '../../../app/domain/pricing/decimal.ts'
import { conditionProducts, conditions, products } from '../../db/schema/index.ts'
import { fail, requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from '../organizations/audit.ts'
import { conditionForSeller } from './access.ts'
import { conditionAnswer } from './condition-answer.ts'

/** D→L: the list price less the line's discount, rounded half up to the centavo, once. */
export function netFromDiscount(listCentavos: number, desconto: string) {
  const percent = parseDecimal(desconto) ?? ZERO
  return Number(roundHalfUp(mul(fromInteger(listCentavos), div(sub(HUNDRED, percent), HUNDRED)), 0))
}

/**
 * L→D: the discount that takes the list price to the net one, in percent with 4 decimals (the column's
 * scale), rounded half up. A net price at or above the list price is no discount (0): a discount table
 * cannot raise a price. A free product (list 0) has nothing to discount either.
 */
export function discountFromNet(listCentavos: number, netCentavos: number) {
  if (listCentavos <= 0 || netCentavos >= listCentavos) return '0.0000'
  const percent = mul(sub(ONE, div(fromInteger(netCentavos), fromInteger(listCentavos))), HUNDRED)
  return scaledText(roundHalfUp(compare(percent, ZERO) < 0 ? ZERO : percent, 4), 4)
}

export function registerTableTypeCalls(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...conditionsApi.changeTableType, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const { conditionId, tableType } = c.req.valid('param')
    const result = await db.transaction(async (tx) => {
      const condition = await conditionForSeller(tx, user.id, conditionId, { permission: 'condicoes', lock: true })
      if (condition.tipoTabela === tableType) fail('tableType', m.tableTypeSame)
      const lines = await tx
        .select({ id: conditionProducts.id, desconto: conditionProducts.desconto, net: conditionProducts.precoLiquidoCentavos, list: products.precoCentavos })
        .from(conditionProducts)
        .innerJoin(products, eq(products.id, conditionProducts.productId))
        .where(eq(conditionProducts.conditionId, condition.id))
      let changed = 0
      for (const line of lines) {
        const set =
          tableType === 'L'
            ? { precoLiquidoCentavos: netFromDiscount(line.list, line.desconto) }
            : line.net === null
              ? null
              : { desconto: discountFromNet(line.list, line.net) }
        if (!set) continue
        await tx.update(conditionProducts).set({ ...set, updatedAt: sql`now()` }).where(eq(conditionProducts.id, line.id))
        changed++
      }
      const [row] = await tx.update(conditions).set({ tipoTabela: tableType, updatedAt: sql`now()` }).where(eq(conditions.id, condition.id)).returning()
      await audit(tx, { organizationId: condition.organizationId, userId: user.id, acao: 'condicao.tipo_tabela', detalhes: { condicao_id: row.id, nome: row.nome, tipo_tabela: tableType, linhas: changed } })
      return { row, changed }
    })
    return c.json({ message: m.tableTypeChanged(tableType, result.changed), condicao: conditionAnswer(result.row), linhas: result.changed }, 200)
  })

  app.openapi(createRoute({ ...conditionsApi.updateShortViews, middleware: [auth] as const }), async (c) => {
    const { conditionId, views } = c.req.valid('param')
    const row = await db.transaction(async (tx) => {
      const condition = await conditionForSeller(tx, c.get('user').id, conditionId, { permission: 'condicoes', lock: true })
      const [updated] = await tx.update(conditions).set({ colunas: views, updatedAt: sql`now()` }).where(eq(conditions.id, condition.id)).returning()
      return updated
    })
    return c.json({ message: m.viewsUpdated, condicao: conditionAnswer(row) }, 200)
  })
}
