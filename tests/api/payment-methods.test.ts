import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { customerMessages as m, paymentMessages as pm } from '../../app/domain/customers/messages.ts'
import { READ_REFUSALS } from '../../app/domain/team/area-readers.ts'
import { auditLogs, cargoPermissions, cargos, customerPaymentMethods, memberships, paymentMethods } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, expectValidation, newUser, uniqueCnpj, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const NOT_A_MEMBER = 'Você não tem acesso a esta organização.'
const NOT_PERMITTED = 'Você não tem permissão para esta ação.'

async function seller(nome = 'Distribuidora Pagamentos') {
  const admin = await newUser(t, 'Admin')
  const org = await createOrganization(t, { nome, tipo: 'f' }, [{ userId: admin.id, isAdmin: true }])
  return { admin, org, token: admin.token }
}

async function member(orgId: number, permissoes: string[]) {
  const u = await newUser(t, 'Membro')
  const [cargo] = await t.db.insert(cargos).values({ organizationId: orgId, nome: `Cargo ${Math.random().toString(36).slice(2, 8)}` }).returning()
  if (permissoes.length) await t.db.insert(cargoPermissions).values(permissoes.map((permissao) => ({ cargoId: cargo.id, permissao })))
  await t.db.insert(memberships).values({ organizationId: orgId, userId: u.id, cargoId: cargo.id })
  return u
}

async function method(token: string, orgId: number, values: Record<string, unknown>) {
  const res = await t.post('/api/empresas/createPagamento', { organizacao_id: orgId, ...values }, { token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.pagamento as { id: number; nome: string }
}

async function customer(token: string, orgId: number, nome: string) {
  const res = await t.post('/api/empresas/createCliente', { organizacao_id: orgId, cnpj: uniqueCnpj(), nome }, { token })
  expect(res.status).toBe(201)
  return res.body.cliente as { id: number; nome: string }
}

const allowedOf = async (customerId: number) =>
  (await t.db.select().from(customerPaymentMethods).where(eq(customerPaymentMethods.customerId, customerId))).map((r) => r.paymentMethodId).sort((a, b) => a - b)

describe('POST api/empresas/createPagamento and GET restorePagamentos', () => {
  test('a method with the minimum typed in BRL is stored in centavos; the list searches by name without accents', async () => {
    const { org, token } = await seller()
    const res = await t.post('/api/empresas/createPagamento', { organizacao_id: org.id, nome: 'Boleto 28 dias', tipo: 'boleto', prazo_dias: '28', valor_minimo: '1.234,56' }, { token })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.message).toBe(pm.created('Boleto 28 dias'))
    expect(res.body.pagamento).toMatchObject({ organizacao_id: org.id, nome: 'Boleto 28 dias', tipo: 'boleto', prazo_dias: 28, valor_minimo_centavos: 123456, clientes: 0 })
    await method(token, org.id, { nome: 'Cartão de crédito', tipo: 'cartao', prazo_dias: 30, valor_minimo: 'R$ 50' })
    await method(token, org.id, { nome: 'Pix', tipo: 'pix' })
    const all = await t.get(`/api/empresas/restorePagamentos/${org.id}/null`, { token })
    expect(all.status).toBe(200)
    expect(all.body.pagamentos.map((p: { nome: string; valor_minimo_centavos: number; prazo_dias: number }) => [p.nome, p.prazo_dias, p.valor_minimo_centavos])).toEqual([
      ['Boleto 28 dias', 28, 123456],
      ['Cartão de crédito', 30, 5000],
      ['Pix', 0, 0],
    ])
    const found = await t.get(`/api/empresas/restorePagamentos/${org.id}/CARTAO`, { token })
    expect(found.body.pagamentos.map((p: { nome: string }) => p.nome)).toEqual(['Cartão de crédito'])
    const [entry] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.organizationId, org.id), eq(auditLogs.acao, 'pagamento.criado')))
    expect(entry.detalhes).toMatchObject({ nome: 'Boleto 28 dias' })
  })

  test('refusals: the same name in any case, unknown kind, bad term, bad or too large minimum', async () => {
    const { org, token } = await seller()
    await method(token, org.id, { nome: 'Pix', tipo: 'pix' })
    const post = (body: Record<string, unknown>) => t.post('/api/empresas/createPagamento', { organizacao_id: org.id, ...body }, { token })
    expectValidation(await post({ nome: 'PIX', tipo: 'pix' }), { nome: [pm.nomeTaken] })
    expectValidation(await post({ nome: 'Cheque', tipo: 'cheque' }), { tipo: [pm.tipoInvalid] })
    expectValidation(await post({ nome: 'Boleto', tipo: 'boleto', prazo_dias: -1 }), { prazo_dias: [pm.prazoInvalid] })
    expectValidation(await post({ nome: 'Boleto', tipo: 'boleto', prazo_dias: 2.5 }), { prazo_dias: [pm.prazoInvalid] })
    expectValidation(await post({ nome: 'Boleto', tipo: 'boleto', valor_minimo: '12,345' }), { valor_minimo: [pm.valorInvalid] })
    expectValidation(await post({ nome: 'Boleto', tipo: 'boleto', valor_minimo: '1.23,00' }), { valor_minimo: [pm.valorInvalid] })
    expectValidation(await post({ nome: 'Boleto', tipo: 'boleto', valor_minimo: '10.000.000,01' }), { valor_minimo: [pm.valorTooLarge] })
    expectValidation(await post({ nome: '', tipo: 'boleto' }), { nome: [pm.nomeRequired] })
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.organizationId, org.id))).toHaveLength(1)
  })

  test("permission 'clientes' to create; a role with 'Ver clientes' lists, one with other areas' permissions does not; another organization's member 403 on both and nothing is created", async () => {
    const { org } = await seller()
    const reader = await member(org.id, ['clientes_ver'])
    const cataloguer = await member(org.id, ['produtos'])
    const other = await seller('Outro')
    const body = { organizacao_id: org.id, nome: 'Boleto', tipo: 'boleto' }
    const refused = await t.post('/api/empresas/createPagamento', body, { token: reader.token })
    expect(refused.body).toEqual({ message: NOT_PERMITTED })
    expect((await t.post('/api/empresas/createPagamento', body, { token: other.token })).body).toEqual({ message: NOT_A_MEMBER })
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.organizationId, org.id))).toEqual([])
    expect((await t.get(`/api/empresas/restorePagamentos/${org.id}/null`, { token: reader.token })).status).toBe(200)
    expect((await t.get(`/api/empresas/restorePagamentos/${org.id}/null`, { token: cataloguer.token })).body).toEqual({ message: READ_REFUSALS.clientes })
    expect((await t.get(`/api/empresas/restorePagamentos/${org.id}/null`, { token: other.token })).status).toBe(403)
  })
})

describe("a customer's payment methods", () => {
  test('allow one, all, remove one, all; idempotent; restorePagamentosCliente flags each', async () => {
    const { org, token } = await seller()
    const boleto = await method(token, org.id, { nome: 'Boleto', tipo: 'boleto', prazo_dias: 28 })
    const pix = await method(token, org.id, { nome: 'Pix', tipo: 'pix' })
    const cliente = await customer(token, org.id, 'Farmácia Um')
    const body = { organizacao_id: org.id, cliente_id: cliente.id, pagamento_id: pix.id }
    for (let i = 0; i < 2; i++) {
      const res = await t.post('/api/empresas/addPagamentoCliente', body, { token })
      expect(res.status).toBe(200)
      expect(res.body.message).toBe(pm.allowed('Pix', 'Farmácia Um'))
    }
    expect(await allowedOf(cliente.id)).toEqual([pix.id])
    const restored = await t.get(`/api/empresas/restorePagamentosCliente/${org.id}/${cliente.id}`, { token })
    expect(restored.body.cliente).toEqual({ id: cliente.id, nome: 'Farmácia Um' })
    expect(restored.body.pagamentos.map((p: { nome: string; permitido: boolean }) => [p.nome, p.permitido])).toEqual([
      ['Boleto', false],
      ['Pix', true],
    ])
    const all = await t.get(`/api/empresas/addPagamentosCliente/${org.id}/${cliente.id}`, { token })
    expect(all.body.message).toBe(pm.allowedAll('Farmácia Um'))
    expect(all.body.pagamentos.every((p: { permitido: boolean }) => p.permitido)).toBe(true)
    expect(await allowedOf(cliente.id)).toEqual([boleto.id, pix.id].sort((a, b) => a - b))
    const one = await t.post('/api/empresas/deletePagamentoCliente', { ...body, pagamento_id: boleto.id }, { token })
    expect(one.body.message).toBe(pm.removed('Boleto', 'Farmácia Um'))
    expect(await allowedOf(cliente.id)).toEqual([pix.id])
    const none = await t.get(`/api/empresas/deletePagamentosCliente/${org.id}/${cliente.id}`, { token })
    expect(none.body.message).toBe(pm.removedAll('Farmácia Um'))
    expect(await allowedOf(cliente.id)).toEqual([])
  })

  test("isolation: another seller's method or customer is 404; another organization's member 403; a member without clientes 403; nothing changes", async () => {
    const { org, token } = await seller()
    const pix = await method(token, org.id, { nome: 'Pix', tipo: 'pix' })
    const cliente = await customer(token, org.id, 'Cliente Protegido')
    await t.post('/api/empresas/addPagamentoCliente', { organizacao_id: org.id, cliente_id: cliente.id, pagamento_id: pix.id }, { token })
    const other = await seller('Concorrente')
    const theirPix = await method(other.token, other.org.id, { nome: 'Pix', tipo: 'pix' })
    const theirCustomer = await customer(other.token, other.org.id, 'Cliente Deles')
    const reader = await member(org.id, ['clientes_ver'])

    // The other seller, through its own organization, naming this seller's customer or method.
    const cross = [
      { organizacao_id: other.org.id, cliente_id: cliente.id, pagamento_id: theirPix.id },
      { organizacao_id: other.org.id, cliente_id: theirCustomer.id, pagamento_id: pix.id },
    ]
    for (const body of cross) {
      for (const path of ['addPagamentoCliente', 'deletePagamentoCliente']) {
        expect((await t.post(`/api/empresas/${path}`, body, { token: other.token })).status).toBe(404)
      }
    }
    const mixed = await t.post('/api/empresas/addPagamentoCliente', { organizacao_id: org.id, cliente_id: cliente.id, pagamento_id: theirPix.id }, { token })
    expect(mixed.status).toBe(404)
    expect(mixed.body.message).toBe(pm.notFound)
    const body = { organizacao_id: org.id, cliente_id: cliente.id, pagamento_id: pix.id }
    for (const path of ['addPagamentoCliente', 'deletePagamentoCliente']) {
      expect((await t.post(`/api/empresas/${path}`, body, { token: other.token })).status).toBe(403)
      expect((await t.post(`/api/empresas/${path}`, body, { token: reader.token })).status).toBe(403)
    }
    for (const path of ['addPagamentosCliente', 'deletePagamentosCliente', 'restorePagamentosCliente']) {
      expect((await t.get(`/api/empresas/${path}/${org.id}/${cliente.id}`, { token: other.token })).status).toBe(403)
      const viaOwn = await t.get(`/api/empresas/${path}/${other.org.id}/${cliente.id}`, { token: other.token })
      expect(viaOwn.status).toBe(404)
      expect(viaOwn.body.message).toBe(m.customerNotFound)
    }
    for (const path of ['addPagamentosCliente', 'deletePagamentosCliente']) {
      expect((await t.get(`/api/empresas/${path}/${org.id}/${cliente.id}`, { token: reader.token })).status).toBe(403)
    }
    // Reading is for the roles that read the customers (decision 042).
    expect((await t.get(`/api/empresas/restorePagamentosCliente/${org.id}/${cliente.id}`, { token: reader.token })).status).toBe(200)
    expect(await allowedOf(cliente.id)).toEqual([pix.id])
    expect(await allowedOf(theirCustomer.id)).toEqual([])
  })
})

describe('GET api/empresas/deletePagamento/{id}', () => {
  test("the customers that allowed it lose it (the message says how many); another organization's member gets 404, a member without clientes 403", async () => {
    const { org, token } = await seller()
    const boleto = await method(token, org.id, { nome: 'Boleto 28 dias', tipo: 'boleto', prazo_dias: 28 })
    const pix = await method(token, org.id, { nome: 'Pix', tipo: 'pix' })
    const a = await customer(token, org.id, 'A')
    const b = await customer(token, org.id, 'B')
    for (const c of [a, b]) await t.get(`/api/empresas/addPagamentosCliente/${org.id}/${c.id}`, { token })
    const other = await seller('Alheio')
    const reader = await member(org.id, ['pedidos_ver'])

    const foreign = await t.get(`/api/empresas/deletePagamento/${boleto.id}`, { token: other.token })
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe(pm.notFound)
    expect((await t.get(`/api/empresas/deletePagamento/${boleto.id}`, { token: reader.token })).status).toBe(403)
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, boleto.id))).toHaveLength(1)

    const res = await t.get(`/api/empresas/deletePagamento/${boleto.id}`, { token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: pm.deleted('Boleto 28 dias', 2), clientes_afetados: 2 })
    expect(res.body.message).toBe('Forma de pagamento Boleto 28 dias excluída. 2 clientes deixaram de poder usá-la.')
    expect(await allowedOf(a.id)).toEqual([pix.id])
    expect(await allowedOf(b.id)).toEqual([pix.id])
    expect((await t.get(`/api/empresas/deletePagamento/${boleto.id}`, { token })).status).toBe(404)
    const [entry] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.organizationId, org.id), eq(auditLogs.acao, 'pagamento.excluido')))
    expect(entry.detalhes).toMatchObject({ nome: 'Boleto 28 dias', clientes: 2 })
  })
})
