import { and, eq, or } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import { chatChannels, memberships, organizations, users } from '../../server/db/schema/index.ts'
import { seedDemo } from '../../server/db/seed.ts'
import { ibgeHandlers } from '../mocks/ibge.ts'
import { viaCepHandlers } from '../mocks/viacep.ts'
import { operationsOf } from './openapi-walk.ts'
import { createOrganization, createTestApi, newUser, type TestApi } from './harness.ts'
import { kindOf, requestFor } from './tenant-world.ts'

/**
 * A supplier can link any company on the platform as its customer by CNPJ alone. Such a link hands it the
 * company's published card, never its people (docs/decisions/044-what-a-link-reveals.md): a fresh supplier that
 * links a demo buyer reads no e-mail and no name of the buyer's people through any read of /api/openapi.json.
 */

const outside = setupServer(...ibgeHandlers, ...viaCepHandlers)

let t: TestApi
let doc: any
let supplier: Awaited<ReturnType<typeof newUser>>
let supplierOrgId: number
let buyer: typeof organizations.$inferSelect
/** E-mails and names of the buyer's people. */
let people: { name: string; email: string }[]
const ids: Record<string, number> = {}

beforeAll(async () => {
  outside.listen({ onUnhandledRequest: 'error' })
  t = await createTestApi({ env: { PUSHER_APP_SECRET: 'segredo-de-teste' } })
  doc = (await t.get('/api/openapi.json')).body
  await seedDemo(t.db)
  ;[buyer] = await t.db.select().from(organizations).where(eq(organizations.cnpj, withCheckDigits('334445550001')))
  people = await t.db
    .select({ name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, buyer.id))
  supplier = await newUser(t, 'Fornecedora Curiosa')
  supplierOrgId = (await createOrganization(t, { nome: 'Fornecedora Curiosa', tipo: 'f', plano: 'P' }, [{ userId: supplier.id, isAdmin: true }])).id
  const linked = await t.post('/api/empresas/createCliente', { organizacao_id: supplierOrgId, cnpj: buyer.cnpj, nome: 'Cliente novo' }, { token: supplier.token })
  expect(linked.status).toBe(201)
  const [channel] = await t.db
    .select()
    .from(chatChannels)
    .where(and(eq(chatChannels.padrao, 'F'), or(and(eq(chatChannels.organizationId, supplierOrgId), eq(chatChannels.partnerId, buyer.id)))))
  Object.assign(ids, { customer: linked.body.cliente.id, channel: channel.id, user: people.length ? (await t.db.select().from(users).where(eq(users.email, people[0].email)))[0].id : 0 })
}, 60_000)

afterAll(async () => {
  outside.close()
  await t?.close()
})

test("a one-sided customer link reads no e-mail and no name of the linked company's people", async () => {
  expect(people.length).toBeGreaterThan(0)
  const reads = operationsOf(doc).filter((o) => o.method === 'get' && o.op.security)
  expect(reads.length).toBeGreaterThan(40)
  const leaks: string[] = []
  let read = 0
  // Organizations named three ways: all the supplier, all the buyer, and the supplier looking at the buyer.
  const ways: (() => () => number)[] = [
    () => () => supplierOrgId,
    () => () => buyer.id,
    () => {
      let first = true
      return () => (first ? ((first = false), supplierOrgId) : buyer.id)
    },
  ]
  for (const op of reads) {
    for (const way of ways) {
      const org = way()
      const { method, url, init } = requestFor(doc, op, (name) => {
        const kind = kindOf(name)
        if (kind === 'org') return org()
        return kind ? ids[kind] : undefined
      })
      const res = await t.raw(method, url, { ...init, token: supplier.token, ip: t.nextIp() })
      if (res.status < 300) read++
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body)
      for (const p of people) if (text.includes(p.email) || text.includes(p.name)) leaks.push(`${op.key} (${url}) → ${text.slice(0, 200)}`)
    }
  }
  expect(leaks).toEqual([])
  expect(read).toBeGreaterThan(20)
})

test("the linked company's own members see its administrator, and a company that publishes it shows it to its customers", async () => {
  const [bruno] = await t.db.select().from(users).where(eq(users.email, 'bruno@farmaciacentral.com.br'))
  const login = await t.post('/api/login', { email: bruno.email, password: 'demo12345' }, { ip: t.nextIp() })
  expect(login.status).toBe(200)
  const token = login.body.token
  const own = await t.get(`/api/empresas/cartao/${buyer.id}/${buyer.id}`, { token })
  expect(own.body).toMatchObject({ cartao_admin: false, admin: { email: bruno.email } })
  const [sol] = await t.db.select().from(organizations).where(eq(organizations.cnpj, withCheckDigits('112223330001')))
  const seller = await t.get(`/api/empresas/cartao/${buyer.id}/${sol.id}`, { token })
  expect(seller.body).toMatchObject({ cartao_admin: true, admin: { email: 'ana@distribuidorasol.com.br' } })
  // The supplier that linked the buyer sees the card, without the person.
  const card = await t.get(`/api/empresas/cartao/${supplierOrgId}/${buyer.id}`, { token: supplier.token })
  expect(card.status).toBe(200)
  expect(card.body).toMatchObject({ nome: buyer.nome, admin: null })
  // Publishing it is the company's choice, on its card.
  const saved = await t.post('/api/empresas/updateprofile', { organizacao_id: buyer.id, razao_social: 'Farmácia Central Ltda', links: [], cartao_admin: true }, { token })
  expect(saved.status).toBe(200)
  const published = await t.get(`/api/empresas/cartao/${supplierOrgId}/${buyer.id}`, { token: supplier.token })
  expect(published.body.admin).toEqual({ nome: bruno.name, email: bruno.email })
})
