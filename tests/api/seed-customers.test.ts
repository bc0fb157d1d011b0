import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import { seedDemo } from '../../server/db/seed.ts'
import { seedCustomers } from '../../server/db/seed-customers.ts'
import { customerPaymentMethods, customers, organizationLinks, organizations, paymentMethods } from '../../server/db/schema/index.ts'
import { createTestApi, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

async function solCustomers() {
  const [sol] = await t.db.select().from(organizations).where(eq(organizations.cnpj, withCheckDigits('112223330001')))
  const rows = await t.db.select().from(customers).where(eq(customers.sellerId, sol.id)).orderBy(customers.nome)
  const methods = await t.db.select().from(paymentMethods).where(eq(paymentMethods.organizationId, sol.id)).orderBy(paymentMethods.id)
  const allowed = await t.db.select().from(customerPaymentMethods)
  return { sol, rows, methods, allowed }
}

test("the demo gives Distribuidora Sol its customers (two on the platform, unblocked, linked for the chat) and payment methods; a second run changes nothing", async () => {
  expect(await seedDemo(t.db)).toBe(true)
  const { sol, rows, methods, allowed } = await solCustomers()
  expect(methods.map((m) => [m.nome, m.tipo, m.prazoDias])).toEqual([
    ['Boleto 28 dias', 'boleto', 28],
    ['Pix', 'pix', 0],
    ['Cartão de crédito', 'cartao', 30],
    ['Crédito em carteira', 'credito', 0],
  ])
  const byName = Object.fromEntries(rows.map((r) => [r.nome, r]))
  for (const nome of ['Farmácia Central', 'Drogaria da Praça']) {
    expect(byName[nome]).toMatchObject({ bloqueado: false })
    expect(byName[nome].customerOrgId).not.toBeNull()
    const [link] = await t.db
      .select()
      .from(organizationLinks)
      .where(and(eq(organizationLinks.organizationId, sol.id), eq(organizationLinks.partnerId, byName[nome].customerOrgId!), eq(organizationLinks.relacao, 'cliente')))
    expect(link).toBeDefined()
    expect(allowed.filter((a) => a.customerId === byName[nome].id).length).toBeGreaterThan(0)
  }
  const pending = rows.filter((r) => r.customerOrgId === null)
  expect(pending.length).toBeGreaterThanOrEqual(3)
  expect(rows.filter((r) => r.bloqueado).map((r) => r.nome)).toEqual(['Empório Saúde'])

  expect(await seedDemo(t.db)).toBe(false)
  const again = await solCustomers()
  expect(again.rows).toHaveLength(rows.length)
  expect(again.methods).toHaveLength(4)
  expect(again.allowed).toHaveLength(allowed.length)
})

test('a demo folder seeded before the customers existed gets them on the next start', async () => {
  const { sol } = await solCustomers()
  // As an older demo had it: Farmácia Central linked, nothing else of this issue.
  await t.db.delete(paymentMethods).where(eq(paymentMethods.organizationId, sol.id))
  await t.db.delete(customers).where(and(eq(customers.sellerId, sol.id), eq(customers.nome, 'Drogaria da Praça')))
  await t.db.delete(customers).where(and(eq(customers.sellerId, sol.id), eq(customers.bloqueado, true)))
  expect(await seedDemo(t.db)).toBe(false)
  const { rows, methods } = await solCustomers()
  expect(methods).toHaveLength(4)
  expect(rows.map((r) => r.nome)).toContain('Drogaria da Praça')
  expect(rows.map((r) => r.nome)).toContain('Empório Saúde')
  expect(await seedCustomers(t.db)).toBe(false)
})
