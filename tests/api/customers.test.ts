import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import { customerMessages as m } from '../../app/domain/customers/messages.ts'
import { auditLogs, cargoPermissions, cargos, customers, memberships, organizationInvites, organizationLinks } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, expectPortuguese, expectValidation, maskCnpj, newUser, uniqueCnpj, uniqueEmail, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const NOT_A_MEMBER = 'Você não tem acesso a esta organização.'
const NOT_PERMITTED = 'Você não tem permissão para esta ação.'

type User = Awaited<ReturnType<typeof newUser>>

/** A seller (type f) with its admin. */
async function seller(nome = 'Distribuidora Teste') {
  const admin = await newUser(t, 'Dona do Fornecedor')
  const org = await createOrganization(t, { nome, tipo: 'f' }, [{ userId: admin.id, isAdmin: true }])
  return { admin, org }
}

/** A member of the organization whose role holds these permissions. */
async function member(orgId: number, permissoes: string[], name = 'Membro') {
  const u = await newUser(t, name)
  const [cargo] = await t.db.insert(cargos).values({ organizationId: orgId, nome: `Cargo ${Math.random().toString(36).slice(2, 8)}` }).returning()
  if (permissoes.length) await t.db.insert(cargoPermissions).values(permissoes.map((permissao) => ({ cargoId: cargo.id, permissao })))
  await t.db.insert(memberships).values({ organizationId: orgId, userId: u.id, cargoId: cargo.id })
  return u
}

async function createCustomer(token: string, body: Record<string, unknown>) {
  return t.post('/api/empresas/createCliente', body, { token })
}

async function customerRow(id: number) {
  const [row] = await t.db.select().from(customers).where(eq(customers.id, id))
  return row
}

async function customersOf(sellerId: number) {
  return t.db.select().from(customers).where(eq(customers.sellerId, sellerId))
}

const list = (token: string, orgId: number, path: string, page = 1) => t.get(`/api/empresas/restoreClientes/${orgId}/${path}?page=${page}`, { token })

describe('POST api/empresas/createCliente', () => {
  test('a company already on the platform (numeric CNPJ, masked) is linked at once: customer record and the chat link', async () => {
    const { admin, org } = await seller()
    const company = await createOrganization(t, { nome: 'Farmácia na Plataforma', tipo: 'v' })
    const res = await createCustomer(admin.token, {
      organizacao_id: org.id,
      cnpj: maskCnpj(company.cnpj),
      nome: 'Farmácia Plataforma (meu cadastro)',
      contato_nome: 'Rita',
      contato_email: 'Rita@Exemplo.com.br',
      contato_telefone: '(11) 98765-4321',
      vendedor_id: admin.id,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.message).toBe(m.createdLinked('Farmácia Plataforma (meu cadastro)'))
    expect(res.body.convite).toBeNull()
    expect(res.body.cliente).toMatchObject({
      organizacao_id: org.id,
      cnpj: company.cnpj,
      nome: 'Farmácia Plataforma (meu cadastro)',
      cliente_organizacao_id: company.id,
      situacao: 'vinculado',
      bloqueado: false,
      vendedor_id: admin.id,
      vendedor: 'Dona do Fornecedor',
      contato_email: 'rita@exemplo.com.br',
      contato_telefone: '11987654321',
    })
    const links = await t.db
      .select()
      .from(organizationLinks)
      .where(and(eq(organizationLinks.organizationId, org.id), eq(organizationLinks.partnerId, company.id)))
    expect(links.map((l) => l.relacao)).toEqual(['cliente'])
    const [entry] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.organizationId, org.id), eq(auditLogs.acao, 'cliente.criado')))
    expect(entry.detalhes).toMatchObject({ cliente_id: res.body.cliente.id, vinculado: true })
  })

  test('an alphanumeric CNPJ not on the platform is a pending customer with an invite mailed to the contact', async () => {
    const { admin, org } = await seller('Fornecedor Convidante')
    const cnpj = withCheckDigits('AB12CD34EF01')
    const email = uniqueEmail('compras')
    const res = await createCustomer(admin.token, { organizacao_id: org.id, cnpj: maskCnpj(cnpj).toLowerCase(), nome: 'Drogaria Nova', contato_email: email })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.message).toBe(m.createdInvited('Drogaria Nova', email))
    expect(res.body.cliente).toMatchObject({ cnpj, situacao: 'pendente', cliente_organizacao_id: null, vendedor_id: null, vendedor: null })
    expect(res.body.convite).toMatchObject({ enviado_para: email })
    expect(res.body.convite.link).toMatch(/^http:\/\/localhost:3000\/login-new\/[\w-]+$/)
    const [invite] = await t.db.select().from(organizationInvites).where(and(eq(organizationInvites.inviterOrganizationId, org.id), eq(organizationInvites.cnpj, cnpj)))
    expect(invite).toMatchObject({ relacao: 'cliente', tipo: 'v', email, nome: 'Drogaria Nova' })
    expect((await customerRow(res.body.cliente.id)).inviteId).toBe(invite.id)
    const mails = await t.mails()
    const mail = mails.find((x) => x.includes(email))
    expect(mail).toContain('Fornecedor Convidante convidou sua empresa')
    expect(mail).toContain(res.body.convite.link)

    // The invite's sign-up makes the pending customer a linked one (linkCustomer keeps them in step).
    const token = res.body.convite.link.split('/').pop()
    const form = new FormData()
    for (const [k, v] of Object.entries({ token, user: 'Dona Drogaria', email: uniqueEmail('dona'), password: 'senhaForte123', confirm_password: 'senhaForte123', name: 'Drogaria Nova', cnpj: maskCnpj(cnpj) })) {
      form.set(k, v)
    }
    const joined = await t.postForm('/api/createOrgAutoLogin', form)
    expect(joined.status, JSON.stringify(joined.body)).toBe(201)
    const after = await customerRow(res.body.cliente.id)
    expect(after.customerOrgId).toBe(joined.body.organizacao.organizacao_id)
    const listed = await t.get(`/api/empresas/findCliente/${org.id}/${cnpj}`, { token: admin.token })
    expect(listed.body.cliente.situacao).toBe('vinculado')
  })

  test('without a contact e-mail no mail is sent: the answer has the link to share', async () => {
    const { admin, org } = await seller()
    const cnpj = uniqueCnpj()
    const before = (await t.mails()).length
    const res = await createCustomer(admin.token, { organizacao_id: org.id, cnpj, nome: 'Mercadinho Sem E-mail', contato_email: '' })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(m.createdInviteLink('Mercadinho Sem E-mail'))
    expect(res.body.convite.enviado_para).toBeNull()
    expect((await t.mails()).length).toBe(before)
    expect(res.body.cliente.contato_email).toBeNull()
  })

  test('refusals: same CNPJ twice, own CNPJ, bad check digits, a seller who is not a member; nothing is stored', async () => {
    const { admin, org } = await seller()
    const outsider = await newUser(t, 'De Fora')
    const cnpj = uniqueCnpj()
    expect((await createCustomer(admin.token, { organizacao_id: org.id, cnpj, nome: 'Primeiro' })).status).toBe(201)
    expectValidation(await createCustomer(admin.token, { organizacao_id: org.id, cnpj: maskCnpj(cnpj), nome: 'De novo' }), { cnpj: [m.alreadyCustomer] })
    expectValidation(await createCustomer(admin.token, { organizacao_id: org.id, cnpj: org.cnpj, nome: 'Eu mesmo' }), { cnpj: [m.ownCnpj] })
    const wrong = cnpj.slice(0, 13) + String((Number(cnpj[13]) + 1) % 10)
    expectValidation(await createCustomer(admin.token, { organizacao_id: org.id, cnpj: wrong, nome: 'X' }), { cnpj: [m.cnpjInvalid] })
    expectValidation(await createCustomer(admin.token, { organizacao_id: org.id, cnpj: uniqueCnpj(), nome: 'X', vendedor_id: outsider.id }), { vendedor_id: [m.vendedorNotMember] })
    expectValidation(await createCustomer(admin.token, { organizacao_id: org.id, cnpj: uniqueCnpj(), nome: '', contato_telefone: '123', contato_email: 'não' }), {
      nome: [m.nomeRequired],
      contato_email: [m.contatoEmailInvalid],
      contato_telefone: [m.contatoTelefoneInvalid],
    })
    expect((await customersOf(org.id)).map((c) => c.nome)).toEqual(['Primeiro'])
  })

  test("permission 'clientes': a member without it gets 403, with it 201; another organization's member 403; a buyer (type v) has no customers", async () => {
    const { org } = await seller()
    const reader = await member(org.id, ['pedidos_ver'])
    const manager = await member(org.id, ['clientes'])
    const other = await seller('Outro Fornecedor')
    const body = { organizacao_id: org.id, cnpj: uniqueCnpj(), nome: 'Cliente do Gerente' }
    const refused = await createCustomer(reader.token, body)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(NOT_PERMITTED)
    const foreign = await createCustomer(other.admin.token, body)
    expect(foreign.status).toBe(403)
    expect(foreign.body.message).toBe(NOT_A_MEMBER)
    expect(await customersOf(org.id)).toEqual([])
    expect((await createCustomer(manager.token, body)).status).toBe(201)

    const buyerAdmin = await newUser(t)
    const buyer = await createOrganization(t, { nome: 'Varejo', tipo: 'v' }, [{ userId: buyerAdmin.id, isAdmin: true }])
    const notSeller = await createCustomer(buyerAdmin.token, { ...body, organizacao_id: buyer.id, cnpj: uniqueCnpj() })
    expect(notSeller.status).toBe(403)
    expect(notSeller.body.message).toBe(m.notASeller)
    expectPortuguese(notSeller)
  })
})

describe('GET api/empresas/restoreClientes', () => {
  let admin: User
  let orgId: number
  let reader: User
  beforeAll(async () => {
    const s = await seller()
    admin = s.admin
    orgId = s.org.id
    reader = await member(orgId, ['clientes_ver'])
    const names = ['Farmácia São João', 'Drogaria Ávila', 'Empório Zeca', 'Açougue Bom Corte']
    for (const [i, nome] of names.entries()) {
      const res = await createCustomer(admin.token, { organizacao_id: orgId, cnpj: withCheckDigits(`99887766${String(i).padStart(4, '0')}`), nome, contato_nome: i === 2 ? 'José Conceição' : null })
      expect(res.status).toBe(201)
    }
    const [avila] = await t.db.select().from(customers).where(and(eq(customers.sellerId, orgId), eq(customers.nome, 'Drogaria Ávila')))
    expect((await t.get(`/api/empresas/bloqueiaCliente/${orgId}/${avila.id}`, { token: admin.token })).status).toBe(200)
  })

  test("Laravel paginator, ordering by name by default; a role with 'Ver clientes' reads", async () => {
    const res = await list(reader.token, orgId, '2/null/null/null')
    expect(res.status).toBe(200)
    expect(res.body.clientes).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 4, from: 1, to: 2 })
    expect(res.body.clientes.data.map((c: { nome: string }) => c.nome)).toEqual(['Açougue Bom Corte', 'Drogaria Ávila'])
    const second = await list(reader.token, orgId, '2/null/null/null', 2)
    expect(second.body.clientes.data.map((c: { nome: string }) => c.nome)).toEqual(['Empório Zeca', 'Farmácia São João'])
    expect(second.body.clientes).toMatchObject({ from: 3, to: 4 })
  })

  test('search ignores accents and case; a masked CNPJ fragment finds the customer; contacts are searched too', async () => {
    const names = async (search: string) =>
      (await list(admin.token, orgId, `20/${encodeURIComponent(search)}/null/null`)).body.clientes.data.map((c: { nome: string }) => c.nome)
    expect(await names('farmacia sao')).toEqual(['Farmácia São João'])
    expect(await names('AVILA')).toEqual(['Drogaria Ávila'])
    expect(await names('conceicao')).toEqual(['Empório Zeca'])
    expect(await names('99.887.766/0003')).toEqual(['Açougue Bom Corte'])
    expect(await names('100%')).toEqual([])
  })

  test('filters and orderings', async () => {
    const names = async (path: string) => (await list(admin.token, orgId, path)).body.clientes.data.map((c: { nome: string }) => c.nome)
    expect(await names('20/null/bloqueados/null')).toEqual(['Drogaria Ávila'])
    expect(await names('20/null/ativos/-nome')).toEqual(['Farmácia São João', 'Empório Zeca', 'Açougue Bom Corte'])
    expect(await names('20/null/pendentes/cnpj')).toEqual(['Farmácia São João', 'Drogaria Ávila', 'Empório Zeca', 'Açougue Bom Corte'])
    expect(await names('20/null/vinculados/null')).toEqual([])
    expect(await names('20/null/todos/-created_at')).toEqual(['Açougue Bom Corte', 'Empório Zeca', 'Drogaria Ávila', 'Farmácia São João'])
    expectValidation(await list(admin.token, orgId, '20/null/quase/null'), { filter: [m.filterInvalid] })
    expectValidation(await list(admin.token, orgId, '20/null/null/senha'), { order: [m.orderInvalid] })
    expectValidation(await list(admin.token, orgId, '0/null/null/null'), { regPerPage: [m.perPageInvalid] })
  })

  test("another organization's member gets 403 and sees nothing", async () => {
    const other = await seller()
    const res = await list(other.admin.token, orgId, '20/null/null/null')
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: NOT_A_MEMBER })
    // Their own list does not hold this seller's customers.
    expect((await list(other.admin.token, other.org.id, '20/null/null/null')).body.clientes.total).toBe(0)
  })
})

describe('POST api/empresas/updateCliente', () => {
  test('changes name, contact and seller; records who; absent seller keeps it, null removes it', async () => {
    const { admin, org } = await seller()
    const colleague = await member(org.id, [], 'Vendedor Dois')
    const created = await createCustomer(admin.token, { organizacao_id: org.id, cnpj: uniqueCnpj(), nome: 'Antigo', vendedor_id: admin.id })
    const id = created.body.cliente.id
    const res = await t.post(
      '/api/empresas/updateCliente',
      { organizacao_id: org.id, cliente_id: id, nome: 'Novo Nome', contato_nome: 'Paula', contato_email: 'paula@cliente.com.br', contato_telefone: '1133334444', vendedor_id: colleague.id },
      { token: admin.token },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.message).toBe(m.updated)
    expect(res.body.cliente).toMatchObject({ nome: 'Novo Nome', contato_nome: 'Paula', contato_telefone: '1133334444', vendedor_id: colleague.id, vendedor: 'Vendedor Dois' })
    const kept = await t.post('/api/empresas/updateCliente', { organizacao_id: org.id, cliente_id: id, nome: 'Novo Nome' }, { token: admin.token })
    expect(kept.body.cliente).toMatchObject({ vendedor_id: colleague.id, contato_nome: null })
    const removed = await t.post('/api/empresas/updateCliente', { organizacao_id: org.id, cliente_id: id, nome: 'Novo Nome', vendedor_id: null }, { token: admin.token })
    expect(removed.body.cliente.vendedor_id).toBeNull()
    const entries = await t.db.select().from(auditLogs).where(and(eq(auditLogs.organizationId, org.id), eq(auditLogs.acao, 'cliente.atualizado')))
    expect(entries).toHaveLength(3)
    expect(entries[0].detalhes).toMatchObject({ cliente_id: id, campos: ['nome', 'contatoNome', 'contatoEmail', 'contatoTelefone', 'vendedorId'] })
  })

  test("isolation: another seller cannot touch this customer through its own organization id (404) nor through this one (403)", async () => {
    const { admin, org } = await seller()
    const created = await createCustomer(admin.token, { organizacao_id: org.id, cnpj: uniqueCnpj(), nome: 'Meu Cliente' })
    const id = created.body.cliente.id
    const other = await seller()
    const viaOwn = await t.post('/api/empresas/updateCliente', { organizacao_id: other.org.id, cliente_id: id, nome: 'Roubado' }, { token: other.admin.token })
    expect(viaOwn.status).toBe(404)
    expect(viaOwn.body.message).toBe(m.customerNotFound)
    const viaMine = await t.post('/api/empresas/updateCliente', { organizacao_id: org.id, cliente_id: id, nome: 'Roubado' }, { token: other.admin.token })
    expect(viaMine.status).toBe(403)
    const reader = await member(org.id, [])
    expect((await t.post('/api/empresas/updateCliente', { organizacao_id: org.id, cliente_id: id, nome: 'Roubado' }, { token: reader.token })).status).toBe(403)
    expect((await customerRow(id)).nome).toBe('Meu Cliente')
  })
})

describe('GET api/empresas/bloqueiaCliente and desbloqueiaCliente', () => {
  test('block and unblock, each idempotent and recorded once', async () => {
    const { admin, org } = await seller()
    const created = await createCustomer(admin.token, { organizacao_id: org.id, cnpj: uniqueCnpj(), nome: 'Cliente Atrasado' })
    const id = created.body.cliente.id
    for (let i = 0; i < 2; i++) {
      const res = await t.get(`/api/empresas/bloqueiaCliente/${org.id}/${id}`, { token: admin.token })
      expect(res.status).toBe(200)
      expect(res.body.message).toBe(m.blocked('Cliente Atrasado'))
      expect(res.body.cliente.bloqueado).toBe(true)
    }
    expect((await customerRow(id)).bloqueado).toBe(true)
    for (let i = 0; i < 2; i++) {
      const res = await t.get(`/api/empresas/desbloqueiaCliente/${org.id}/${id}`, { token: admin.token })
      expect(res.status).toBe(200)
      expect(res.body.message).toBe(m.unblocked('Cliente Atrasado'))
      expect(res.body.cliente.bloqueado).toBe(false)
    }
    const entries = await t.db.select({ acao: auditLogs.acao }).from(auditLogs).where(eq(auditLogs.organizationId, org.id))
    expect(entries.map((e) => e.acao).filter((a) => a.startsWith('cliente.') && a.includes('bloqueado'))).toEqual(['cliente.bloqueado', 'cliente.desbloqueado'])
  })

  test('isolation and permission: another seller (404 through its id, 403 through this one) and a member without clientes (403) change nothing', async () => {
    const { admin, org } = await seller()
    const created = await createCustomer(admin.token, { organizacao_id: org.id, cnpj: uniqueCnpj(), nome: 'Intocável' })
    const id = created.body.cliente.id
    const other = await seller()
    const reader = await member(org.id, ['produtos'])
    for (const path of ['bloqueiaCliente', 'desbloqueiaCliente']) {
      expect((await t.get(`/api/empresas/${path}/${other.org.id}/${id}`, { token: other.admin.token })).status).toBe(404)
      expect((await t.get(`/api/empresas/${path}/${org.id}/${id}`, { token: other.admin.token })).status).toBe(403)
      expect((await t.get(`/api/empresas/${path}/${org.id}/${id}`, { token: reader.token })).status).toBe(403)
      expect((await t.get(`/api/empresas/${path}/${org.id}/2147483647`, { token: admin.token })).status).toBe(404)
    }
    expect((await customerRow(id)).bloqueado).toBe(false)
  })
})

describe('GET api/empresas/findCliente', () => {
  test('tells whether the CNPJ is already my customer and whether the company is on the platform', async () => {
    const { admin, org } = await seller()
    const company = await createOrganization(t, { nome: 'Empresa Existente', tipo: 'v' })
    const find = (cnpj: string, token = admin.token) => t.get(`/api/empresas/findCliente/${org.id}/${cnpj}`, { token })
    const before = await find(company.cnpj)
    expect(before.status).toBe(200)
    expect(before.body).toEqual({ cnpj: company.cnpj, cliente: null, organizacao: { organizacao_id: company.id, nome: 'Empresa Existente', tipo: 'v' } })
    await createCustomer(admin.token, { organizacao_id: org.id, cnpj: company.cnpj, nome: 'Existente' })
    const after = await find(company.cnpj)
    expect(after.body.cliente).toMatchObject({ nome: 'Existente', situacao: 'vinculado' })
    const unknown = withCheckDigits('AZ98XY76WV54')
    expect((await find(unknown.toLowerCase())).body).toEqual({ cnpj: unknown, cliente: null, organizacao: null })
    expectValidation(await find('11111111111111'), { cnpj: [m.cnpjInvalid] })
    const other = await seller()
    expect((await find(company.cnpj, other.admin.token)).status).toBe(403)
    // Through its own id, the other seller does not see this seller's customer record.
    expect((await t.get(`/api/empresas/findCliente/${other.org.id}/${company.cnpj}`, { token: other.admin.token })).body.cliente).toBeNull()
  })
})
