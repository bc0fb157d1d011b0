import { and, eq, sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buyerFacets, computeFacets } from '../../server/api/market/facets.ts'
import type { Db } from '../../server/db/client.ts'
import { conditionBuyers, conditionPartners, conditionProducts, conditions, customers, olBlacklist, organizations, products, verticals } from '../../server/db/schema/index.ts'
import { todayInBrazil } from '../../server/api/conditions/conditions-list.ts'
import { createOrganization, createTestApi, linkCustomerOf, newUser, shiftDay, type TestApi } from './harness.ts'

/**
 * The market's facets kept per buyer (buyer_market_facets, decision 047): after every kind of write that changes
 * what a buyer may buy, showMarcasCategorias and showVerticalCategorias answer what the market's own query
 * computes now. Each write below changes the facets, so a write the database failed to mark would leave the
 * calls answering the kept facets from before it, and the test would fail.
 */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())


type World = Awaited<ReturnType<typeof world>>

let n = 0
/**
 * A unit of a flag buying from two sellers: from the first through its customer record (conditions c1, c2, and c4
 * only through an OL), from the second through the flag (c3).
 */
async function world() {
  const [farma] = await t.db.insert(verticals).values({ nome: `Farma Facetas ${++n}` }).returning()
  const [pet] = await t.db.insert(verticals).values({ nome: `Pet Facetas ${n}` }).returning()
  const buyerUser = await newUser(t, 'Compradora')
  const sellerUser = await newUser(t, 'Vendedora')
  const flag = await createOrganization(t, { nome: 'Rede Facetas', tipo: 'b' })
  const buyer = await createOrganization(t, { nome: 'Farmácia Facetas', tipo: 'v', bandeiraId: flag.id }, [{ userId: buyerUser.id, isAdmin: true }])
  const seller = await createOrganization(t, { nome: 'Distribuidora Facetas', tipo: 'f', plano: 'P', verticalId: farma.id }, [{ userId: sellerUser.id, isAdmin: true }])
  const petSeller = await createOrganization(t, { nome: 'Pet Atacado', tipo: 'f', plano: 'P', verticalId: pet.id })
  const olOrg = await createOrganization(t, { nome: 'OL Facetas', tipo: 'f', plano: 'P' })
  const [customer] = await t.db.insert(customers).values({ sellerId: seller.id, cnpj: buyer.cnpj, nome: buyer.nome, customerOrgId: buyer.id }).returning()
  const product = async (organizationId: number, marca: string, categoria: string) =>
    (await t.db.insert(products).values({ organizationId, codigo: `F${++n}`, nome: `Produto ${marca}`, marca, categoria, precoCentavos: 1000 }).returning())[0]
  const condition = async (organizationId: number, lines: number[]) => {
    const [c] = await t.db.insert(conditions).values({ organizationId, nome: `Condição ${++n}` }).returning()
    await t.db.insert(conditionProducts).values(lines.map((productId) => ({ conditionId: c.id, productId })))
    return c
  }
  const a = await product(seller.id, 'Marca A', 'Dor')
  const b = await product(seller.id, 'Marca B', 'Gripe')
  const c = await product(seller.id, 'Marca C', 'Pele')
  const d = await product(petSeller.id, 'Marca D', 'Ração')
  const e = await product(seller.id, 'Marca E', 'Olhos')
  const c1 = await condition(seller.id, [a.id, b.id])
  const c2 = await condition(seller.id, [c.id])
  const c3 = await condition(petSeller.id, [d.id])
  const c4 = await condition(seller.id, [e.id])
  await t.db.insert(conditionBuyers).values([
    { conditionId: c1.id, customerId: customer.id },
    { conditionId: c2.id, customerId: customer.id },
    { conditionId: c3.id, bandeiraId: flag.id },
  ])
  const [olRow] = await t.db.insert(conditionPartners).values({ conditionId: c4.id, partnerId: olOrg.id, status: 'aceito' }).returning()
  await t.db.insert(conditionBuyers).values({ conditionId: c4.id, conditionPartnerId: olRow.id, customerId: customer.id })
  return { farma, pet, buyerUser, sellerUser, flag, buyer, seller, petSeller, olOrg, customer, olRow, product, condition, products: { a, b, c, d, e }, c1, c2, c3, c4 }
}

/** Both calls as the market page makes them, checked against the fresh computation; their answer. */
async function expectExact(w: World) {
  const [brands, byVertical] = await Promise.all([
    t.get(`/api/checkout/showMarcasCategorias/${w.buyer.id}`, { token: w.buyerUser.token }),
    t.get(`/api/checkout/showVerticalCategorias/${w.buyer.id}`, { token: w.buyerUser.token }),
  ])
  expect(brands.status).toBe(200)
  expect(byVertical.status).toBe(200)
  const { facets } = await computeFacets(t.db, w.buyer.id)
  expect({ ...brands.body, ...byVertical.body }).toEqual(facets)
  return facets
}

/** Whether the buyer's kept row holds until a later moment (no recompute on the next read). */
async function keptFresh(buyerId: number) {
  const { rows } = (await t.db.execute(sql`select fresh_until > now() as fresh from buyer_market_facets where organization_id = ${buyerId}`)) as unknown as {
    rows: { fresh: boolean | null }[]
  }
  return rows[0]?.fresh === true
}

/** A write that changes the facets: read (and kept) before it, exact after it. */
async function changes(w: World, write: () => Promise<unknown>) {
  const before = await expectExact(w)
  expect(await keptFresh(w.buyer.id)).toBe(true)
  await write()
  const after = await expectExact(w)
  expect(after).not.toEqual(before)
  return after
}

describe('the kept facets', () => {
  test('are what the calls answer while fresh, created with the organization', async () => {
    const w = await world()
    const facets = await expectExact(w)
    expect(facets).toEqual({
      marcas: ['Marca A', 'Marca B', 'Marca C', 'Marca D', 'Marca E'],
      categorias: ['Dor', 'Gripe', 'Olhos', 'Pele', 'Ração'],
      verticais: [
        { id: w.farma.id, nome: w.farma.nome, categorias: ['Dor', 'Gripe', 'Olhos', 'Pele'] },
        { id: w.pet.id, nome: w.pet.nome, categorias: ['Ração'] },
      ],
    })
    // Read from the row, not recomputed: a row changed behind the triggers' back is what the calls answer.
    await t.db.execute(sql`update buyer_market_facets set marcas = '{Guardada}' where organization_id = ${w.buyer.id}`)
    expect((await t.get(`/api/checkout/showMarcasCategorias/${w.buyer.id}`, { token: w.buyerUser.token })).body.marcas).toEqual(['Guardada'])
    // A new organization has its row, stale until its first read.
    const other = await createOrganization(t, { nome: 'Nova Farmácia', tipo: 'v' })
    const { rows } = (await t.db.execute(sql`select fresh_until from buyer_market_facets where organization_id = ${other.id}`)) as unknown as { rows: unknown[] }
    expect(rows).toEqual([{ fresh_until: null }])
  })

  test('hold until São Paulo midnight, or until a seller trial ends first, and a trial ending by time is seen', async () => {
    const w = await world()
    await expectExact(w)
    const { rows } = (await t.db.execute(sql`
      select fresh_until = (((now() at time zone 'America/Sao_Paulo')::date + 1)::timestamp at time zone 'America/Sao_Paulo') as midnight
      from buyer_market_facets where organization_id = ${w.buyer.id}`)) as unknown as { rows: { midnight: boolean }[] }
    expect(rows).toEqual([{ midnight: true }])
    // The pet seller's trial ends 2 s from now: its products leave the market with no write.
    await t.db
      .update(organizations)
      .set({ plano: 'B', trialStartedAt: sql`now() - interval '14 days' + interval '2 seconds'` })
      .where(eq(organizations.id, w.petSeller.id))
    const during = await expectExact(w)
    expect(during.marcas).toContain('Marca D')
    await new Promise((resolve) => setTimeout(resolve, 2100))
    const after = await expectExact(w)
    expect(after.marcas).not.toContain('Marca D')
  })

  test('a recompute overtaken by a write is answered but not kept', async () => {
    const w = await world()
    await expectExact(w)
    await t.db.update(conditions).set({ ativo: false }).where(eq(conditions.id, w.c2.id))
    // The write lands between the recompute's reads and its store.
    const dialect = new PgDialect()
    const racing = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver)
        return async (query: SQL) => {
          if (/^\s*update buyer_market_facets/.test(dialect.sqlToQuery(query).sql)) await t.db.update(conditions).set({ ativo: false }).where(eq(conditions.id, w.c1.id))
          return target.execute(query)
        }
      },
    }) as Db
    expect((await buyerFacets(racing, w.buyer.id)).marcas).toContain('Marca A')
    expect(await keptFresh(w.buyer.id)).toBe(false)
    expect((await expectExact(w)).marcas).not.toContain('Marca A')
  })
})

describe('after each kind of write, the calls answer the fresh computation', () => {
  test('a product: brand (through the API), category, active', async () => {
    const w = await world()
    const bulk = (body: object) => t.post('/api/condicoes/updateProdutosList', { organizacao_id: w.seller.id, ids: [w.products.a.id], ...body }, { token: w.sellerUser.token })
    await changes(w, async () => expect((await bulk({ marca: 'Marca Z' })).status).toBe(200))
    await changes(w, () => t.db.update(products).set({ categoria: 'Febre' }).where(eq(products.id, w.products.b.id)))
    await changes(w, () => t.db.update(products).set({ ativo: false }).where(eq(products.id, w.products.c.id)))
    await changes(w, () => t.db.update(products).set({ ativo: true }).where(eq(products.id, w.products.c.id)))
  })

  test("a condition's products: added, deactivated, removed", async () => {
    const w = await world()
    const f = await w.product(w.seller.id, 'Marca F', 'Febre')
    await changes(w, () => t.db.insert(conditionProducts).values({ conditionId: w.c1.id, productId: f.id }))
    await changes(w, () => t.db.update(conditionProducts).set({ ativo: false }).where(eq(conditionProducts.productId, f.id)))
    await changes(w, () => t.db.update(conditionProducts).set({ ativo: true }).where(eq(conditionProducts.productId, f.id)))
    await changes(w, () => t.db.delete(conditionProducts).where(eq(conditionProducts.productId, f.id)))
    // A net-price table sells only lines with a net price.
    await changes(w, () => t.db.update(conditions).set({ tipoTabela: 'L' }).where(eq(conditions.id, w.c2.id)))
    await changes(w, () => t.db.update(conditionProducts).set({ precoLiquidoCentavos: 900 }).where(eq(conditionProducts.conditionId, w.c2.id)))
  })

  test('a condition: deactivated, invisible, out of its validity, created, deleted', async () => {
    const w = await world()
    const today = todayInBrazil()
    await changes(w, () => t.db.update(conditions).set({ ativo: false }).where(eq(conditions.id, w.c1.id)))
    await changes(w, () => t.db.update(conditions).set({ ativo: true }).where(eq(conditions.id, w.c1.id)))
    await changes(w, () => t.db.update(conditions).set({ visivel: false }).where(eq(conditions.id, w.c2.id)))
    await changes(w, () => t.db.update(conditions).set({ visivel: true }).where(eq(conditions.id, w.c2.id)))
    await changes(w, () => t.db.update(conditions).set({ fim: shiftDay(today, -1) }).where(eq(conditions.id, w.c2.id)))
    await changes(w, () => t.db.update(conditions).set({ fim: today }).where(eq(conditions.id, w.c2.id)))
    await changes(w, () => t.db.update(conditions).set({ inicio: shiftDay(today, 1), fim: null }).where(eq(conditions.id, w.c3.id)))
    const g = await w.product(w.seller.id, 'Marca G', 'Garganta')
    const created = await w.condition(w.seller.id, [g.id])
    await changes(w, () => t.db.insert(conditionBuyers).values({ conditionId: created.id, customerId: w.customer.id }))
    await changes(w, () => t.db.delete(conditions).where(eq(conditions.id, created.id)))
  })

  test("a condition's buyers: a customer or a whole flag, removed and added", async () => {
    const w = await world()
    const listed = and(eq(conditionBuyers.conditionId, w.c2.id), eq(conditionBuyers.customerId, w.customer.id))
    await changes(w, () => t.db.delete(conditionBuyers).where(listed))
    await changes(w, () => t.db.insert(conditionBuyers).values({ conditionId: w.c2.id, customerId: w.customer.id }))
    await changes(w, () => t.db.delete(conditionBuyers).where(eq(conditionBuyers.conditionId, w.c3.id)))
    await changes(w, () => t.db.insert(conditionBuyers).values({ conditionId: w.c3.id, bandeiraId: w.flag.id }))
    // A listing moved to a condition that already reaches the buyer (through the flag).
    await changes(w, () => t.db.update(conditionBuyers).set({ conditionId: w.c3.id }).where(listed))
  })

  test('partners: an OL refused, accepted, mirrored, removed', async () => {
    const w = await world()
    await changes(w, () => t.db.update(conditionPartners).set({ status: 'recusado' }).where(eq(conditionPartners.id, w.olRow.id)))
    // Another OL serving the first one's buyer list.
    const mirrorOl = await createOrganization(t, { nome: 'OL Espelho', tipo: 'f', plano: 'P' })
    await changes(w, () => t.db.insert(conditionPartners).values({ conditionId: w.c4.id, partnerId: mirrorOl.id, status: 'aceito', espelhoDe: w.olRow.id }))
    await changes(w, () => t.db.update(conditionPartners).set({ espelhoDe: null }).where(eq(conditionPartners.partnerId, mirrorOl.id)))
    await changes(w, () => t.db.update(conditionPartners).set({ status: 'aceito' }).where(eq(conditionPartners.id, w.olRow.id)))
    await changes(w, () => t.db.delete(conditionPartners).where(eq(conditionPartners.id, w.olRow.id)))
  })

  test("an OL's blacklist: the unit or its flag, added and removed", async () => {
    const w = await world()
    const ofOl = eq(olBlacklist.olId, w.olOrg.id)
    await changes(w, () => t.db.insert(olBlacklist).values({ olId: w.olOrg.id, buyerId: w.buyer.id, tipo: 'C' }))
    await changes(w, () => t.db.update(olBlacklist).set({ buyerId: w.seller.id }).where(ofOl))
    await changes(w, () => t.db.update(olBlacklist).set({ buyerId: w.buyer.id }).where(ofOl))
    await changes(w, () => t.db.delete(olBlacklist).where(ofOl))
    await changes(w, () => t.db.insert(olBlacklist).values({ olId: w.olOrg.id, buyerId: w.flag.id, tipo: 'B' }))
    await changes(w, () => t.db.delete(olBlacklist).where(ofOl))
  })

  test('a customer record: blocked, unblocked, linked to the company, deleted', async () => {
    const w = await world()
    const record = eq(customers.id, w.customer.id)
    await changes(w, () => t.db.update(customers).set({ bloqueado: true }).where(record))
    await changes(w, () => t.db.update(customers).set({ bloqueado: false }).where(record))
    await changes(w, () => t.db.update(customers).set({ customerOrgId: null }).where(record))
    await changes(w, () => linkCustomerOf(t, w.seller.id, w.buyer.id))
    await changes(w, () => t.db.delete(customers).where(record))
    // A customer of the pet seller (which sells to the flag) blocked by it: its flag's listing no longer serves it.
    await changes(w, () => t.db.insert(customers).values({ sellerId: w.petSeller.id, cnpj: w.buyer.cnpj, nome: w.buyer.nome, customerOrgId: w.buyer.id, bloqueado: true }))
  })

  test('a flag: the unit leaves (through the API) and joins again', async () => {
    const w = await world()
    await changes(w, async () => expect((await t.get(`/api/bandeira/deleteVarejo/${w.buyer.id}/${w.flag.id}`, { token: w.buyerUser.token })).status).toBe(200))
    await changes(w, () => t.db.update(organizations).set({ bandeiraId: w.flag.id }).where(eq(organizations.id, w.buyer.id)))
  })

  test('a seller: its plan, its trial, its vertical', async () => {
    const w = await world()
    const seller = eq(organizations.id, w.seller.id)
    await changes(w, () => t.db.update(organizations).set({ plano: 'B' }).where(seller))
    await changes(w, () => t.db.update(organizations).set({ trialStartedAt: new Date() }).where(seller))
    await changes(w, () => t.db.update(organizations).set({ trialStartedAt: sql`now() - interval '20 days'` }).where(seller))
    await changes(w, () => t.db.update(organizations).set({ plano: 'U' }).where(seller))
    await changes(w, () => t.db.update(organizations).set({ verticalId: w.pet.id }).where(seller))
  })
})
