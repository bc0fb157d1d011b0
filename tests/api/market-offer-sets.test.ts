import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { conditionProducts, conditions, products } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, type TestApi } from './harness.ts'

/**
 * products.ofertas (migration 0011, decision 030): after every kind of write to the lines and to a
 * condition's table type, each product's set equals the one recounted from the lines, so the market's
 * check in the row answers as the lines do.
 */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

/** The sets as recounted from the lines, beside the stored ones, for the given products. */
async function expectSetsMatchLines(productIds: number[]) {
  const stored = await t.db.select({ id: products.id, ofertas: products.ofertas }).from(products).where(inArray(products.id, productIds))
  const { rows } = (await t.db.execute(sql`
    select cp.product_id as id, array_agg(cp.condition_id order by cp.condition_id) as conds
    from condition_products cp join conditions c on c.id = cp.condition_id
    where cp.ativo and (c.tipo_tabela = 'D' or cp.preco_liquido_centavos is not null) and cp.product_id in ${productIds}
    group by cp.product_id`)) as unknown as { rows: { id: number; conds: number[] }[] }
  const recounted = new Map(rows.map((r) => [r.id, r.conds]))
  for (const p of stored) expect(p.ofertas, `produto ${p.id}`).toEqual(recounted.get(p.id) ?? [])
}

test('inserts, deactivations, net prices, moves, table type changes and deletions keep each product its sellable conditions', async () => {
  const seller = await createOrganization(t, { nome: 'Distribuidora Ofertas', tipo: 'f', plano: 'P' })
  const made = await t.db
    .insert(products)
    .values([1, 2, 3].map((n) => ({ organizationId: seller.id, codigo: `OF${n}-${Date.now()}`, nome: `Produto ${n}`, precoCentavos: 1000 })))
    .returning()
  const ids = made.map((p) => p.id)
  const [d1, d2, l1] = await t.db
    .insert(conditions)
    .values([
      { organizationId: seller.id, nome: 'Desconto 1', tipoTabela: 'D' },
      { organizationId: seller.id, nome: 'Desconto 2', tipoTabela: 'D' },
      { organizationId: seller.id, nome: 'Líquida', tipoTabela: 'L' },
    ])
    .returning()

  // One statement inserting many lines; a line of an 'L' table without a net price is not sellable.
  await t.db.insert(conditionProducts).values([
    ...ids.map((productId) => ({ conditionId: d1.id, productId })),
    { conditionId: d2.id, productId: ids[0] },
    { conditionId: d2.id, productId: ids[1], ativo: false },
    { conditionId: l1.id, productId: ids[0], precoLiquidoCentavos: 900 },
    { conditionId: l1.id, productId: ids[1] },
  ])
  await expectSetsMatchLines(ids)
  expect((await t.db.select().from(products).where(eq(products.id, ids[0])))[0].ofertas).toEqual([d1.id, d2.id, l1.id].sort((a, b) => a - b))

  // Deactivate, reactivate, give and take a net price, and a discount edit that changes nothing.
  await t.db.update(conditionProducts).set({ ativo: false }).where(eq(conditionProducts.conditionId, d1.id))
  await expectSetsMatchLines(ids)
  await t.db.update(conditionProducts).set({ ativo: true }).where(inArray(conditionProducts.productId, [ids[1]]))
  await t.db.update(conditionProducts).set({ precoLiquidoCentavos: 800 }).where(eq(conditionProducts.conditionId, l1.id))
  await t.db.update(conditionProducts).set({ desconto: '3.5' }).where(eq(conditionProducts.conditionId, d2.id))
  await expectSetsMatchLines(ids)
  await t.db.update(conditionProducts).set({ precoLiquidoCentavos: null }).where(eq(conditionProducts.productId, ids[0]))
  await expectSetsMatchLines(ids)

  // A line moved to another product.
  await t.db.update(conditionProducts).set({ productId: ids[2] }).where(sql`${conditionProducts.conditionId} = ${d2.id} and ${conditionProducts.productId} = ${ids[0]}`)
  await expectSetsMatchLines(ids)

  // The 'L' table turned 'D' sells its lines without a net price; back to 'L', no longer.
  await t.db.update(conditions).set({ tipoTabela: 'D' }).where(eq(conditions.id, l1.id))
  await expectSetsMatchLines(ids)
  await t.db.update(conditions).set({ tipoTabela: 'L' }).where(eq(conditions.id, l1.id))
  await expectSetsMatchLines(ids)

  // Lines deleted one by one, then a whole condition (its lines go by cascade).
  await t.db.delete(conditionProducts).where(sql`${conditionProducts.conditionId} = ${d1.id} and ${conditionProducts.productId} = ${ids[2]}`)
  await expectSetsMatchLines(ids)
  await t.db.delete(conditions).where(eq(conditions.id, d2.id))
  await expectSetsMatchLines(ids)
  await t.db.delete(conditions).where(inArray(conditions.id, [d1.id, l1.id]))
  for (const p of await t.db.select().from(products).where(inArray(products.id, ids))) expect(p.ofertas).toEqual([])
})
