import { createRoute } from '@hono/zod-openapi'
import { and, eq, inArray } from 'drizzle-orm'
import * as api from '../../../../app/domain/conditions/products-contract.ts'
import { conditionProductsMessages as m } from '../../../../app/domain/conditions/products-messages.ts'
import { quantityProblem, type LineChanges } from '../../../../app/domain/conditions/products-schemas.ts'
import type { Tx } from '../../../db/client.ts'
import { conditionProducts, products } from '../../../db/schema/index.ts'
import { fail, requireAuth, type Api, type Deps } from '../../http.ts'
import { conditionForSeller } from '../access.ts'

/** A discount belongs to a 'D' table, a net price to an 'L' one: the other is refused, not ignored. */
export function refuseWrongTable(tipoTabela: string, values: { desconto?: string | null; preco?: number | null }, precoField: string) {
  if (tipoTabela === 'D' && values.preco != null) fail(precoField, m.precoOnlyL)
  if (tipoTabela === 'L' && values.desconto != null) fail('desconto', m.descontoOnlyD)
}

/** The lines of these products in the condition, locked; one that is not there refuses the call. */
async function linesOf(tx: Tx, conditionId: number, productIds: number[]) {
  const rows = await tx
    .select()
    .from(conditionProducts)
    .where(and(eq(conditionProducts.conditionId, conditionId), inArray(conditionProducts.productId, productIds)))
    .for('update')
  if (rows.length !== productIds.length) fail('ids', m.linesNotInCondition)
  return rows
}

/** The columns a change sets (absent fields keep the line's value). */
const changedColumns = (b: LineChanges) => ({
  ...(b.desconto !== undefined ? { desconto: b.desconto } : {}),
  ...(b.preco_liquido !== undefined ? { precoLiquidoCentavos: b.preco_liquido } : {}),
  ...(b.qtd_min !== undefined ? { qtdMin: b.qtd_min } : {}),
  ...(b.qtd_max !== undefined ? { qtdMax: b.qtd_max } : {}),
  ...(b.multiplo !== undefined ? { multiplo: b.multiplo } : {}),
  ...(b.imposto !== undefined ? { imposto: b.imposto } : {}),
  ...(b.ativo !== undefined ? { ativo: b.ativo } : {}),
})

export function registerConditionLineWrites(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...api.importCondicao, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const userId = c.get('user').id
    const criadas = await db.transaction(async (tx) => {
      const condition = await conditionForSeller(tx, userId, body.condicao_id, { permission: 'condicoes', lock: true })
      refuseWrongTable(condition.tipoTabela, body, 'preco')
      const found = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.organizationId, condition.organizationId), inArray(products.id, body.produtos)))
      if (found.length !== body.produtos.length) fail('produtos', m.productsNotInCatalog)
      const inserted = await tx
        .insert(conditionProducts)
        .values(
          body.produtos.map((productId) => ({
            conditionId: condition.id,
            productId,
            ...(body.desconto !== undefined ? { desconto: body.desconto } : {}),
            ...(body.preco !== undefined ? { precoLiquidoCentavos: body.preco } : {}),
          })),
        )
        .onConflictDoNothing({ target: [conditionProducts.conditionId, conditionProducts.productId] })
        .returning({ id: conditionProducts.id })
      return inserted.length
    })
    const existentes = body.produtos.length - criadas
    return c.json({ message: m.added(criadas, existentes), criadas, existentes }, 200)
  })

  app.openapi(createRoute({ ...api.updateCondicaoProdutos, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const userId = c.get('user').id
    const atualizados = await db.transaction(async (tx) => {
      const condition = await conditionForSeller(tx, userId, body.condicao_id, { permission: 'condicoes', lock: true })
      refuseWrongTable(condition.tipoTabela, { desconto: body.desconto, preco: body.preco_liquido }, 'preco_liquido')
      const lines = await linesOf(tx, condition.id, body.ids)
      // Each line's quantities as they will be, so a bulk change of the multiple is checked against every line's own limits.
      for (const line of lines) {
        const problem = quantityProblem({
          qtd_min: body.qtd_min ?? line.qtdMin,
          qtd_max: body.qtd_max !== undefined ? body.qtd_max : line.qtdMax,
          multiplo: body.multiplo ?? line.multiplo,
        })
        if (problem) fail(problem.field, problem.message)
      }
      const rows = await tx
        .update(conditionProducts)
        .set({ ...changedColumns(body), updatedAt: new Date() })
        .where(and(eq(conditionProducts.conditionId, condition.id), inArray(conditionProducts.productId, body.ids)))
        .returning({ id: conditionProducts.id })
      return rows.length
    })
    return c.json({ message: m.updated(atualizados), atualizados }, 200)
  })

  app.openapi(createRoute({ ...api.deleteCondicaoProdutos, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const userId = c.get('user').id
    const removidos = await db.transaction(async (tx) => {
      const condition = await conditionForSeller(tx, userId, body.condicao_id, { permission: 'condicoes', lock: true })
      await linesOf(tx, condition.id, body.ids)
      const rows = await tx
        .delete(conditionProducts)
        .where(and(eq(conditionProducts.conditionId, condition.id), inArray(conditionProducts.productId, body.ids)))
        .returning({ id: conditionProducts.id })
      return rows.length
    })
    return c.json({ message: m.removed(removidos), removidos }, 200)
  })
}
