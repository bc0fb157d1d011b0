import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { companyMessages as cm, partnerInviteMessages as pm } from '~/domain/organization/company-messages.ts'
import { auditLogs, cargoPermissions, cargos, memberships, organizationContactLinks, organizationFeedbacks, organizationInvites, organizationLinks, organizations } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, fileOf, formOf, maskCnpj, newUser, tinyPng, uniqueCnpj, uniqueEmail, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

/** An organization whose admin is a fresh user, plus an outsider who belongs to another organization. */
async function setup(tipo: 'v' | 'f' | 'b' | 'r' = 'f', extra: Partial<typeof organizations.$inferInsert> = {}) {
  const admin = await newUser(t, 'Administradora')
  const org = await createOrganization(t, { nome: `Empresa ${tipo}`, tipo, ...extra }, [{ userId: admin.id, isAdmin: true }])
  const outsider = await newUser(t, 'Outra Pessoa')
  await createOrganization(t, { nome: 'Outra Empresa', tipo: 'f' }, [{ userId: outsider.id, isAdmin: true }])
  return { admin, org, outsider }
}

async function auditActions(orgId: number) {
  return (await t.db.select().from(auditLogs).where(eq(auditLogs.organizationId, orgId))).map((a) => a.acao)
}

const details = (orgId: number) => ({
  organizacao_id: orgId,
  razao_social: 'Nova Razão Ltda',
  email: 'Contato@Empresa.com.br',
  telefone: '(11) 98765-4321',
  sobre: 'Distribuidora.',
  endereco: 'Rua A, 1',
  cidade: 'São Paulo',
  uf: 'sp',
  links: [
    { type: 'site', content: 'https://empresa.com.br' },
    { type: 'instagram', content: '@empresa' },
  ],
})

describe('POST api/empresas/updateprofile', () => {
  test('an admin edits the visiting card; the profile shows it; the change is audited', async () => {
    const { admin, org } = await setup()
    const res = await t.post('/api/empresas/updateprofile', details(org.id), { token: admin.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.message).toBe(cm.profileSaved)
    const profile = await t.get(`/api/empresas/profile/${org.id}`, { token: admin.token })
    expect(profile.body).toMatchObject({
      razao_social: 'Nova Razão Ltda',
      email: 'contato@empresa.com.br',
      telefone: '11987654321',
      uf: 'SP',
      links: [
        { type: 'site', content: 'https://empresa.com.br' },
        { type: 'instagram', content: '@empresa' },
      ],
    })
    expect(await auditActions(org.id)).toContain('empresa.atualizada')
  })

  test('bad input: Portuguese messages per field, nothing stored', async () => {
    const { admin, org } = await setup()
    const res = await t.post(
      '/api/empresas/updateprofile',
      { organizacao_id: org.id, razao_social: '', email: 'x@', telefone: '123', uf: 'XX', links: [{ type: 'fax', content: '' }] },
      { token: admin.token },
    )
    expect(res.status).toBe(422)
    expect(res.body.errors).toMatchObject({
      razao_social: [cm.razaoRequired],
      email: [cm.emailInvalid],
      telefone: [cm.phoneInvalid],
      uf: [cm.ufInvalid],
      'links.0.type': [cm.linkTypeInvalid],
      'links.0.content': [cm.linkRequired],
    })
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, org.id))
    expect(row.razaoSocial).toBe(org.razaoSocial)
    // A link's text must fit its kind: a site is an address, a WhatsApp a number.
    const links = await t.post(
      '/api/empresas/updateprofile',
      { ...details(org.id), links: [{ type: 'site', content: 'javascript:alert(1)' }, { type: 'whatsapp', content: 'abc' }, { type: 'instagram', content: '@empresa' }] },
      { token: admin.token },
    )
    expect(links.status).toBe(422)
    expect(links.body.errors).toEqual({ 'links.0.content': [cm.linkSiteInvalid], 'links.1.content': [cm.linkWhatsappInvalid] })
    expect(await t.db.select().from(organizationContactLinks).where(eq(organizationContactLinks.organizationId, org.id))).toEqual([])
  })

  test('a member whose role lacks "Editar dados da empresa" cannot edit (403) and nothing changes', async () => {
    const { org } = await setup()
    const member = await newUser(t, 'Membro')
    await t.db.insert(memberships).values({ userId: member.id, organizationId: org.id, isAdmin: false })
    const res = await t.post('/api/empresas/updateprofile', details(org.id), { token: member.token })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe(cm.editNotPermitted)
  })

  test('a member whose role holds "Editar dados da empresa" edits; the profile lists the permissions each member holds', async () => {
    const { admin, org } = await setup()
    const member = await newUser(t, 'Editora')
    const [cargo] = await t.db.insert(cargos).values({ organizationId: org.id, nome: 'Cadastro' }).returning()
    await t.db.insert(cargoPermissions).values([
      { cargoId: cargo.id, permissao: 'empresa' },
      { cargoId: cargo.id, permissao: 'pedidos_ver' },
    ])
    await t.db.insert(memberships).values({ userId: member.id, organizationId: org.id, isAdmin: false, cargoId: cargo.id })
    const res = await t.post('/api/empresas/updateprofile', details(org.id), { token: member.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, org.id))
    expect(row.razaoSocial).toBe('Nova Razão Ltda')
    expect((await t.get(`/api/empresas/profile/${org.id}`, { token: member.token })).body.permissoes).toEqual(['empresa', 'pedidos_ver'])
    expect((await t.get(`/api/empresas/profile/${org.id}`, { token: admin.token })).body.permissoes).toEqual([
      'equipe',
      'empresa',
      'convites',
      'produtos_ver',
      'produtos',
      'condicoes_ver',
      'condicoes',
      'clientes_ver',
      'clientes',
      'pedidos_ver',
      'pedidos_status',
      'cobranca',
    ])
  })

  test('a member of another organization gets 403 and nothing changes', async () => {
    const { org, outsider } = await setup()
    const res = await t.post('/api/empresas/updateprofile', details(org.id), { token: outsider.token })
    expect(res.status).toBe(403)
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, org.id))
    expect(row.razaoSocial).toBe(org.razaoSocial)
    expect(await t.db.select().from(organizationContactLinks).where(eq(organizationContactLinks.organizationId, org.id))).toEqual([])
  })
})

describe('POST api/empresas/saveavatar and deletedetail', () => {
  test('a real PNG becomes the logo; a text file named .png is refused', async () => {
    const { admin, org } = await setup()
    const ok = await t.postForm('/api/empresas/saveavatar', formOf({ organizacao_id: String(org.id), avatar: fileOf(tinyPng(), 'logo.png', 'image/png') }), { token: admin.token })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.avatar).toMatch(/^http:\/\/localhost:3000\/uploads\/logos\/.+\.png$/)
    const fake = await t.postForm('/api/empresas/saveavatar', formOf({ organizacao_id: String(org.id), avatar: fileOf('não sou imagem', 'logo.png', 'image/png') }), { token: admin.token })
    expect(fake.status).toBe(422)
    expect(fake.body.errors.avatar).toEqual([cm.logoType])
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, org.id))
    expect(row.avatar).toBe(ok.body.avatar)
  })

  test('an outsider cannot change the logo', async () => {
    const { org, outsider } = await setup()
    const res = await t.postForm('/api/empresas/saveavatar', formOf({ organizacao_id: String(org.id), avatar: fileOf(tinyPng(), 'l.png') }), { token: outsider.token })
    expect(res.status).toBe(403)
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, org.id))
    expect(row.avatar).toBeNull()
  })

  test('deletes the logo and a link of its own card, never another company’s link', async () => {
    const { admin, org, outsider } = await setup()
    await t.db.update(organizations).set({ avatar: 'https://x.com/a.png' }).where(eq(organizations.id, org.id))
    const [link] = await t.db.insert(organizationContactLinks).values({ organizationId: org.id, type: 'site', content: 'https://a.com' }).returning()
    const other = await createOrganization(t, { nome: 'Terceira' }, [{ userId: admin.id, isAdmin: true }])
    const [foreign] = await t.db.insert(organizationContactLinks).values({ organizationId: other.id, type: 'site', content: 'https://b.com' }).returning()

    expect((await t.post('/api/empresas/deletedetail', { organizacao_id: org.id, detail: 'link', link_id: foreign.id }, { token: admin.token })).status).toBe(404)
    expect((await t.post('/api/empresas/deletedetail', { organizacao_id: org.id, detail: 'avatar' }, { token: outsider.token })).status).toBe(403)
    expect((await t.post('/api/empresas/deletedetail', { organizacao_id: org.id, detail: 'avatar' }, { token: admin.token })).body.message).toBe(cm.logoRemoved)
    expect((await t.post('/api/empresas/deletedetail', { organizacao_id: org.id, detail: 'link', link_id: link.id }, { token: admin.token })).body.message).toBe(cm.linkRemoved)

    expect((await t.db.select().from(organizations).where(eq(organizations.id, org.id)))[0].avatar).toBeNull()
    expect(await t.db.select().from(organizationContactLinks).where(eq(organizationContactLinks.id, foreign.id))).toHaveLength(1)
    expect(await t.db.select().from(organizationContactLinks).where(eq(organizationContactLinks.id, link.id))).toHaveLength(0)
  })

  test('an unknown detail is a 422 in Portuguese', async () => {
    const { admin, org } = await setup()
    const res = await t.post('/api/empresas/deletedetail', { organizacao_id: org.id, detail: 'tudo' }, { token: admin.token })
    expect(res.status).toBe(422)
  })
})

describe('GET api/empresas/cartao/{orgId}/{targetId}', () => {
  test('a company sees its own card and a partner’s, with the admin; not a stranger’s', async () => {
    const { admin, org } = await setup('f')
    const customerAdmin = await newUser(t, 'Cliente Admin')
    const customer = await createOrganization(t, { nome: 'Cliente', tipo: 'v' }, [{ userId: customerAdmin.id, isAdmin: true }])
    const stranger = await createOrganization(t, { nome: 'Estranha', tipo: 'v' })
    await t.db.insert(organizationLinks).values({ organizationId: org.id, partnerId: customer.id, relacao: 'cliente' })

    const own = await t.get(`/api/empresas/cartao/${org.id}/${org.id}`, { token: admin.token })
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({ nome: 'Empresa f', admin: { nome: 'Administradora' } })
    const partner = await t.get(`/api/empresas/cartao/${customer.id}/${org.id}`, { token: customerAdmin.token })
    expect(partner.status).toBe(200)
    expect((await t.get(`/api/empresas/cartao/${org.id}/${stranger.id}`, { token: admin.token })).status).toBe(403)
    // Not a member of the organization it claims to act for.
    expect((await t.get(`/api/empresas/cartao/${customer.id}/${org.id}`, { token: admin.token })).status).toBe(403)
  })
})

describe('flag (bandeira)', () => {
  async function flagAndRetail() {
    const flagAdmin = await newUser(t, 'Admin Bandeira')
    const code = `BAND${Math.floor(Math.random() * 1e6)}`
    const flag = await createOrganization(t, { nome: 'Rede', tipo: 'b', codigoBandeira: code }, [{ userId: flagAdmin.id, isAdmin: true }])
    const retailAdmin = await newUser(t, 'Admin Varejo')
    const retail = await createOrganization(t, { nome: 'Farmácia', tipo: 'v' }, [{ userId: retailAdmin.id, isAdmin: true }])
    return { flagAdmin, flag, retailAdmin, retail, code }
  }

  test('a retailer joins with the code (any case), sees the flag’s card, and leaves', async () => {
    const { flag, retailAdmin, retail, code } = await flagAndRetail()
    const join = await t.get(`/api/bandeira/linkaBandeira/${retail.id}/${code.toLowerCase()}`, { token: retailAdmin.token })
    expect(join.status, JSON.stringify(join.body)).toBe(200)
    expect(join.body.message).toBe(cm.flagAdded)
    expect(join.body.bandeira).toMatchObject({ organizacao_id: flag.id, nome: 'Rede' })
    const profile = await t.get(`/api/empresas/profile/${retail.id}`, { token: retailAdmin.token })
    expect(profile.body).toMatchObject({ bandeira_id: flag.id, is_linked: true })
    expect(await t.db.select().from(organizationLinks).where(eq(organizationLinks.partnerId, retail.id))).toHaveLength(1)

    const again = await t.get(`/api/bandeira/linkaBandeira/${retail.id}/${code}`, { token: retailAdmin.token })
    expect(again.status).toBe(422)
    expect(again.body.errors.code).toEqual([cm.flagAlreadyLinked])

    const leave = await t.get(`/api/bandeira/deleteVarejo/${retail.id}/${flag.id}`, { token: retailAdmin.token })
    expect(leave.status).toBe(200)
    expect(leave.body.message).toBe(cm.flagRemoved)
    expect((await t.db.select().from(organizations).where(eq(organizations.id, retail.id)))[0].bandeiraId).toBeNull()
    expect(await t.db.select().from(organizationLinks).where(eq(organizationLinks.partnerId, retail.id))).toHaveLength(0)
    expect(await auditActions(flag.id)).toEqual(['bandeira.unidade_entrou', 'bandeira.unidade_saiu'])
  })

  test('a wrong code, a non-retail company and an outsider are refused; nothing changes', async () => {
    const { flagAdmin, flag, retailAdmin, retail, code } = await flagAndRetail()
    const wrong = await t.get(`/api/bandeira/linkaBandeira/${retail.id}/NAOEXISTE`, { token: retailAdmin.token })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors.code).toEqual([cm.flagCodeInvalid])
    const notRetail = await t.get(`/api/bandeira/linkaBandeira/${flag.id}/${code}`, { token: flagAdmin.token })
    expect(notRetail.body.errors.code).toEqual([cm.flagOnlyRetail])
    const outsider = await t.get(`/api/bandeira/linkaBandeira/${retail.id}/${code}`, { token: flagAdmin.token })
    expect(outsider.status).toBe(403)
    expect((await t.db.select().from(organizations).where(eq(organizations.id, retail.id)))[0].bandeiraId).toBeNull()
  })

  test('the flag may remove its unit; a stranger may not', async () => {
    const { flagAdmin, flag, retailAdmin, retail, code } = await flagAndRetail()
    await t.get(`/api/bandeira/linkaBandeira/${retail.id}/${code}`, { token: retailAdmin.token })
    const stranger = await newUser(t)
    expect((await t.get(`/api/bandeira/deleteVarejo/${retail.id}/${flag.id}`, { token: stranger.token })).status).toBe(403)
    expect((await t.db.select().from(organizations).where(eq(organizations.id, retail.id)))[0].bandeiraId).toBe(flag.id)
    expect((await t.get(`/api/bandeira/deleteVarejo/${retail.id}/${flag.id}`, { token: flagAdmin.token })).status).toBe(200)
    expect((await t.get(`/api/bandeira/deleteVarejo/${retail.id}/${flag.id}`, { token: flagAdmin.token })).status).toBe(404)
  })

  test('a flag sees its code and regenerates it; the old code stops working', async () => {
    const { flagAdmin, flag, retailAdmin, retail, code } = await flagAndRetail()
    expect((await t.get(`/api/empresas/profile/${flag.id}`, { token: flagAdmin.token })).body.codigo_bandeira).toBe(code)
    const res = await t.post('/api/bandeira/regenerateCode', { organizacao_id: flag.id }, { token: flagAdmin.token })
    expect(res.status).toBe(200)
    expect(res.body.codigo_bandeira).toMatch(/^[A-Z2-9]{8}$/)
    expect((await t.get(`/api/bandeira/linkaBandeira/${retail.id}/${code}`, { token: retailAdmin.token })).status).toBe(422)
    expect((await t.get(`/api/bandeira/linkaBandeira/${retail.id}/${res.body.codigo_bandeira}`, { token: retailAdmin.token })).status).toBe(200)
    expect((await t.post('/api/bandeira/regenerateCode', { organizacao_id: retail.id }, { token: retailAdmin.token })).body.errors.organizacao_id).toEqual([cm.flagOnlyFlags])
    expect((await t.post('/api/bandeira/regenerateCode', { organizacao_id: flag.id }, { token: retailAdmin.token })).status).toBe(403)
  })
})

describe('POST api/empresas/storeTokenBase', () => {
  test('stores, deletes with null, refuses empty; spec texts', async () => {
    const { admin, org, outsider } = await setup('v')
    const ok = await t.post('/api/empresas/storeTokenBase', { organizacao_id: org.id, tokenbase: ' TKB-1 ' }, { token: admin.token })
    expect(ok.body).toEqual({ message: cm.tokenbaseUpdated, tokenbase: 'TKB-1' })
    const empty = await t.post('/api/empresas/storeTokenBase', { organizacao_id: org.id, tokenbase: '' }, { token: admin.token })
    expect(empty.status).toBe(422)
    expect(empty.body.errors.tokenbase).toEqual([cm.tokenbaseRequired])
    expect((await t.post('/api/empresas/storeTokenBase', { organizacao_id: org.id, tokenbase: 'X' }, { token: outsider.token })).status).toBe(403)
    expect((await t.get(`/api/empresas/profile/${org.id}`, { token: admin.token })).body.tokenbase).toBe('TKB-1')
    const del = await t.post('/api/empresas/storeTokenBase', { organizacao_id: org.id, tokenbase: null }, { token: admin.token })
    expect(del.body.tokenbase).toBeNull()
    expect((await t.get(`/api/empresas/profile/${org.id}`, { token: admin.token })).body.tokenbase).toBeNull()
  })

  test('a member whose role lacks the company permission is refused', async () => {
    const { org } = await setup('v')
    const member = await newUser(t)
    const [cargo] = await t.db.insert(cargos).values({ organizationId: org.id, nome: 'Comprador' }).returning()
    await t.db.insert(cargoPermissions).values({ cargoId: cargo.id, permissao: 'pedidos_ver' })
    await t.db.insert(memberships).values({ userId: member.id, organizationId: org.id, cargoId: cargo.id })
    expect((await t.post('/api/empresas/storeTokenBase', { organizacao_id: org.id, tokenbase: 'X' }, { token: member.token })).status).toBe(403)
    await t.db.insert(cargoPermissions).values({ cargoId: cargo.id, permissao: 'empresa' })
    expect((await t.post('/api/empresas/storeTokenBase', { organizacao_id: org.id, tokenbase: 'X' }, { token: member.token })).status).toBe(200)
  })
})

describe('partner invites', () => {
  test.each([
    ['f', 'cliente', 'v'],
    ['b', 'unidade', 'v'],
    ['v', 'fornecedor', 'f'],
    ['r', 'fornecedor', 'f'],
  ] as const)('a %s invites: the invite is for a %s of type %s, mailed with the link', async (tipo, relacao, newTipo) => {
    const { admin, org } = await setup(tipo)
    const cnpj = uniqueCnpj()
    const email = uniqueEmail('parceiro')
    const res = await t.post('/api/empresas/createInvite', { organizacao_id: org.id, nome: 'Parceira', cnpj: maskCnpj(cnpj), email }, { token: admin.token })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.message).toBe(pm.sent(email))
    const token = res.body.link.split('/login-new/')[1]
    const [invite] = await t.db.select().from(organizationInvites).where(eq(organizationInvites.cnpj, cnpj))
    expect(invite).toMatchObject({ relacao, tipo: newTipo, inviterOrganizationId: org.id, email })
    expect((await t.mails()).some((mail) => mail.includes(res.body.link))).toBe(true)
    const restored = await t.get(`/api/restoreInvite/${token}`)
    expect(restored.body).toMatchObject({ nome: 'Parceira', cnpj })
  })

  test('inviting the same CNPJ again replaces the link; the old one stops working', async () => {
    const { admin, org } = await setup('f')
    const cnpj = uniqueCnpj()
    const first = await t.post('/api/empresas/createInvite', { organizacao_id: org.id, nome: 'A', cnpj, email: uniqueEmail() }, { token: admin.token })
    const second = await t.post('/api/empresas/createInvite', { organizacao_id: org.id, nome: 'A', cnpj, email: uniqueEmail() }, { token: admin.token })
    expect((await t.get(`/api/restoreInvite/${first.body.link.split('/login-new/')[1]}`)).status).toBe(404)
    expect((await t.get(`/api/restoreInvite/${second.body.link.split('/login-new/')[1]}`)).status).toBe(200)
    expect(await t.db.select().from(organizationInvites).where(eq(organizationInvites.cnpj, cnpj))).toHaveLength(1)
  })

  test('bad input, a registered CNPJ and an outsider are refused; nothing stored', async () => {
    const { admin, org, outsider } = await setup('f')
    const bad = await t.post('/api/empresas/createInvite', { organizacao_id: org.id, nome: '', cnpj: '11.222.333/0001-82', email: 'x' }, { token: admin.token })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ nome: [pm.nomeRequired], cnpj: [pm.cnpjInvalid], email: [pm.emailInvalid] })
    const registered = await createOrganization(t, { nome: 'Já existe' })
    const taken = await t.post('/api/empresas/createInvite', { organizacao_id: org.id, nome: 'X', cnpj: registered.cnpj, email: uniqueEmail() }, { token: admin.token })
    expect(taken.body.errors.cnpj).toEqual([pm.alreadyRegistered])
    const cnpj = uniqueCnpj()
    const foreign = await t.post('/api/empresas/createInvite', { organizacao_id: org.id, nome: 'X', cnpj, email: uniqueEmail() }, { token: outsider.token })
    expect(foreign.status).toBe(403)
    expect(await t.db.select().from(organizationInvites).where(eq(organizationInvites.inviterOrganizationId, org.id))).toEqual([])
  })

  test('restoreInviteOrg tells a registered company, a linked partner and a pending invite apart', async () => {
    const { admin, org, outsider } = await setup('f')
    const customer = await createOrganization(t, { nome: 'Cliente Existente', tipo: 'v' })
    const free = uniqueCnpj()
    let res = await t.get(`/api/empresas/restoreInviteOrg/${org.id}/${customer.cnpj}/cliente`, { token: admin.token })
    expect(res.body).toMatchObject({ organizacao: { organizacao_id: customer.id, vinculada: false }, convite: null })
    await t.db.insert(organizationLinks).values({ organizationId: org.id, partnerId: customer.id, relacao: 'cliente' })
    res = await t.get(`/api/empresas/restoreInviteOrg/${org.id}/${customer.cnpj}/cliente`, { token: admin.token })
    expect(res.body.organizacao.vinculada).toBe(true)
    await t.post('/api/empresas/createInvite', { organizacao_id: org.id, nome: 'Pendente', cnpj: free, email: 'p@x.com.br' }, { token: admin.token })
    res = await t.get(`/api/empresas/restoreInviteOrg/${org.id}/${free}/cliente`, { token: admin.token })
    expect(res.body).toMatchObject({ organizacao: null, convite: { nome: 'Pendente', email: 'p@x.com.br' } })
    expect((await t.get(`/api/empresas/restoreInviteOrg/${org.id}/${free}/cliente`, { token: outsider.token })).status).toBe(403)
    expect((await t.get(`/api/empresas/restoreInviteOrg/${org.id}/123/cliente`, { token: admin.token })).status).toBe(422)
  })
})

describe('GET api/empresas/logging/{orgId}', () => {
  test('lists who did what, newest first, paginated; outsiders and plain members are refused', async () => {
    const { admin, org, outsider } = await setup('v')
    await t.post('/api/empresas/storeTokenBase', { organizacao_id: org.id, tokenbase: 'A' }, { token: admin.token })
    await t.post('/api/empresas/storeTokenBase', { organizacao_id: org.id, tokenbase: null }, { token: admin.token })
    const res = await t.get(`/api/empresas/logging/${org.id}`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ current_page: 1, total: 2, last_page: 1 })
    expect(res.body.data.map((e: { acao: string }) => e.acao)).toEqual(['tokenbase.excluido', 'tokenbase.alterado'])
    expect(res.body.data[0]).toMatchObject({ descricao: 'Excluiu o código Tokenbase', user: { id: admin.id, nome: 'Administradora' } })
    expect((await t.get(`/api/empresas/logging/${org.id}`, { token: outsider.token })).status).toBe(403)
    const member = await newUser(t)
    await t.db.insert(memberships).values({ userId: member.id, organizationId: org.id })
    expect((await t.get(`/api/empresas/logging/${org.id}`, { token: member.token })).status).toBe(403)
  })
})

describe('POST api/saveFeedback', () => {
  test('an organization asking for feedback shows it pending until this member answers', async () => {
    const { admin, org, outsider } = await setup('v', { feedback: true })
    expect((await t.get(`/api/empresas/profile/${org.id}`, { token: admin.token })).body.feedback).toBe(true)
    const bad = await t.post('/api/saveFeedback', { organizacao_id: org.id, nota: 7 }, { token: admin.token })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.nota).toEqual(['Escolha uma nota de 1 a 5.'])
    expect((await t.post('/api/saveFeedback', { organizacao_id: org.id, nota: 4 }, { token: outsider.token })).status).toBe(403)
    const ok = await t.post('/api/saveFeedback', { organizacao_id: org.id, nota: 4, comentario: 'Bom' }, { token: admin.token })
    expect(ok.body.message).toBe('Obrigado pela sua avaliação!')
    expect((await t.get(`/api/empresas/profile/${org.id}`, { token: admin.token })).body.feedback).toBe(false)
    const rows = await t.db.select().from(organizationFeedbacks).where(eq(organizationFeedbacks.organizationId, org.id))
    expect(rows).toMatchObject([{ userId: admin.id, nota: 4, comentario: 'Bom' }])
    const member = await newUser(t)
    await t.db.insert(memberships).values({ userId: member.id, organizationId: org.id })
    expect((await t.get(`/api/empresas/profile/${org.id}`, { token: member.token })).body.feedback).toBe(true)
  })
})
