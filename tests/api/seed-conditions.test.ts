import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { parseFormula } from '../../app/domain/pricing/formula.ts'
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../../server/db/seed.ts'
import { DEMO_CONDITIONS, demoValidity, LOGISTICA_EXPRESS } from '../../server/db/seed-conditions.ts'
import {
  conditionBuyers,
  conditionPartners,
  conditionPaymentTerms,
  conditionProducts,
  conditionRules,
  conditions,
  customers,
  memberships,
  organizations,
  products,
} from '../../server/db/schema/index.ts'
import { createTestApi, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

async function snapshot() {
  const [sol] = await t.db.select().from(organizations).where(eq(organizations.nome, 'Distribuidora Sol'))
  const own = await t.db.select().from(conditions).where(eq(conditions.organizationId, sol.id)).orderBy(conditions.id)
  const ids = own.map((c) => c.id)
  const of = <T extends { conditionId: number }>(rows: T[]) => rows.filter((r) => ids.includes(r.conditionId))
  return {
    sol,
    own,
    lines: of(await t.db.select().from(conditionProducts).where(inArray(conditionProducts.conditionId, ids))),
    partners: of(await t.db.select().from(conditionPartners).where(inArray(conditionPartners.conditionId, ids))),
    buyers: of(await t.db.select().from(conditionBuyers).where(inArray(conditionBuyers.conditionId, ids))),
    terms: of(await t.db.select().from(conditionPaymentTerms).where(inArray(conditionPaymentTerms.conditionId, ids))),
    rules: of(await t.db.select().from(conditionRules).where(inArray(conditionRules.conditionId, ids))),
    orgs: (await t.db.select().from(organizations)).length,
  }
}

test("the demo gives Distribuidora Sol a discount condition with an accepting OL and a net one with a tokenbase term and a progressive rule; a second run changes nothing", async () => {
  await seedDemo(t.db)
  const s = await snapshot()
  const [generics, net] = s.own
  expect(s.own.map((c) => [c.nome, c.tipoTabela])).toEqual([
    [DEMO_CONDITIONS.generics, 'D'],
    [DEMO_CONDITIONS.net, 'L'],
  ])
  expect(s.sol.tokenbase).toBeTruthy()

  const genericLines = s.lines.filter((l) => l.conditionId === generics.id)
  expect(genericLines).toHaveLength(30)
  for (const l of genericLines) expect(Number(l.desconto)).toSatisfy((d: number) => d >= 3 && d <= 15)
  const netLines = s.lines.filter((l) => l.conditionId === net.id)
  expect(netLines).toHaveLength(20)
  const listPrices = new Map((await t.db.select().from(products).where(inArray(products.id, netLines.map((l) => l.productId)))).map((p) => [p.id, p.precoCentavos]))
  for (const l of netLines) expect(l.precoLiquidoCentavos).toBeLessThan(listPrices.get(l.productId)!)

  const [ol] = await t.db.select().from(organizations).where(eq(organizations.cnpj, LOGISTICA_EXPRESS))
  expect(ol).toMatchObject({ nome: 'Logística Express', tipo: 'f', active: true })
  expect(s.partners.map((p) => [p.conditionId, p.partnerId, p.status, p.descontoExtra])).toEqual([[generics.id, ol.id, 'aceito', '2.0000']])
  const eduardo = await t.post('/api/login', { email: DEMO_USERS.eduardo.email, password: DEMO_PASSWORD }, { ip: t.nextIp() })
  expect(eduardo.status).toBe(200)
  const [membership] = await t.db.select().from(memberships).where(eq(memberships.organizationId, ol.id))
  expect(membership).toMatchObject({ userId: eduardo.body.user_id, isAdmin: true })
  // The OL finds the condition in its own list ('Como OL').
  const asOl = await t.get(`/api/condicoes/restoreCondicoes/${ol.id}/20/null/null/null/null/O`, { token: eduardo.body.token })
  expect(asOl.body.condicoes.data.map((c: { nome: string; parceiro: unknown }) => [c.nome, c.parceiro])).toEqual([[DEMO_CONDITIONS.generics, { status: 'aceito', desconto_extra: '2.0000' }]])

  const solCustomers = await t.db.select().from(customers).where(eq(customers.sellerId, s.sol.id))
  const [rede] = await t.db.select().from(organizations).where(eq(organizations.nome, 'Rede Farma Mais'))
  for (const c of [generics, net]) {
    expect(s.buyers.filter((b) => b.conditionId === c.id && b.customerId !== null).map((b) => b.customerId).sort()).toEqual(solCustomers.map((x) => x.id).sort())
    expect(s.terms.filter((p) => p.conditionId === c.id && p.nome === 'Boleto 28 dias')).toHaveLength(1)
  }
  // The flag buys from Sol directly and through the OL.
  expect(s.buyers.filter((b) => b.bandeiraId !== null).map((b) => [b.conditionId, b.conditionPartnerId, b.bandeiraId]).sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0))).toEqual([
    [generics.id, null, rede.id],
    [generics.id, s.partners[0].id, rede.id],
  ])
  const tokenbase = s.terms.filter((p) => p.formula !== null)
  expect(tokenbase.map((p) => p.conditionId)).toEqual([net.id])
  expect(parseFormula(tokenbase[0].formula!).ok).toBe(true)
  expect(s.rules.map((r) => [r.conditionId, r.tipo, r.minimo, r.desconto])).toEqual([[net.id, 'Q', 50, '2.0000']])

  expect(await seedDemo(t.db)).toBe(false)
  expect(await snapshot()).toEqual(s)
})

test("the generics table runs from the seeding month's first day to the next month's last (São Paulo's date), so Farmácia Central finds Sol's products in the market", async () => {
  expect(demoValidity(new Date('2026-11-15T12:00:00Z'))).toEqual({ inicio: '2026-11-01', fim: '2026-12-31' })
  expect(demoValidity(new Date('2026-12-31T12:00:00Z'))).toEqual({ inicio: '2026-12-01', fim: '2027-01-31' })
  // 1 February 01:00 UTC is still 31 January in São Paulo.
  expect(demoValidity(new Date('2027-02-01T01:00:00Z'))).toEqual({ inicio: '2027-01-01', fim: '2027-02-28' })
  await seedDemo(t.db)
  const { own } = await snapshot()
  expect(own[0]).toMatchObject(demoValidity())
  const bruno = await t.post('/api/login', { email: DEMO_USERS.bruno.email, password: DEMO_PASSWORD }, { ip: t.nextIp() })
  const [central] = await t.db.select().from(organizations).where(eq(organizations.nome, 'Farmácia Central'))
  const market = await t.get(`/api/checkout/restoreProdutosCondicoes_v2/${central.id}/10/null/null/null`, { token: bruno.body.token })
  expect(market.status).toBe(200)
  expect(market.body.produtos.total).toBe(50)
  // A generic's best offer is through Logística Express (2% under Sol's own), with Sol's direct offer beside it.
  const generic = market.body.produtos.data.find((p: { melhor_oferta: { condicao_nome: string } }) => p.melhor_oferta.condicao_nome === DEMO_CONDITIONS.generics)
  expect(generic.melhor_oferta).toMatchObject({ vendedor: { nome: 'Distribuidora Sol' }, ol: { nome: 'Logística Express' }, desconto_extra: '2.0000' })
  expect(generic.outras_ofertas).toBe(1)
})

test('a demo folder seeded before conditions existed gets them, with the OL, on the next start', async () => {
  const { sol } = await snapshot()
  await t.db.delete(conditions).where(eq(conditions.organizationId, sol.id))
  await t.db.delete(organizations).where(eq(organizations.cnpj, LOGISTICA_EXPRESS))
  await seedDemo(t.db)
  const again = await snapshot()
  expect(again.own.map((c) => c.nome)).toEqual([DEMO_CONDITIONS.generics, DEMO_CONDITIONS.net])
  expect(again.partners.map((p) => p.status)).toEqual(['aceito'])
})
