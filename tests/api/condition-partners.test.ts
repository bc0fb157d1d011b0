import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { partnerMessages as m } from '../../app/domain/conditions/partners-messages.ts'
import { cargoPermissions, cargos, conditionBuyers, conditionPartners, conditionProducts, conditions, customers, memberships, olBlacklist, products } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, expectPortuguese, expectValidation, newUser, uniqueCnpj, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const NOT_FOUND = 'Condição não encontrada.'
const NOT_PERMITTED = 'Você não tem permissão para esta ação.'
const NOT_A_MEMBER = 'Você não tem acesso a esta organização.'

type User = Awaited<ReturnType<typeof newUser>>

/** A member holding (or not) 'condicoes' in an organization. */
async function member(orgId: number, withPermission: boolean) {
  const user = await newUser(t, 'Membro')
  let cargoId: number | null = null
  if (withPermission) {
    const [cargo] = await t.db.insert(cargos).values({ organizationId: orgId, nome: `Comercial ${orgId}-${user.id}` }).returning()
    await t.db.insert(cargoPermissions).values({ cargoId: cargo.id, permissao: 'condicoes' })
    cargoId = cargo.id
  }
  await t.db.insert(memberships).values({ organizationId: orgId, userId: user.id, cargoId })
  return user
}

/** A seller with a condition, two distributors that may be OLs, an outsider, and the people of each. */
async function world() {
  const admin = await newUser(t, 'Vendedora')
  const seller = await createOrganization(t, { nome: 'Indústria Açaí Vendedora' }, [{ userId: admin.id, isAdmin: true }])
  const olAdmin = await newUser(t, 'OL Um')
  const ol = await createOrganization(t, { nome: 'Logística São João' }, [{ userId: olAdmin.id, isAdmin: true }])
  const ol2Admin = await newUser(t, 'OL Dois')
  const ol2 = await createOrganization(t, { nome: 'Logística Paraná' }, [{ userId: ol2Admin.id, isAdmin: true }])
  const strangerUser = await newUser(t, 'Estranho')
  const stranger = await createOrganization(t, { nome: 'Outra Distribuidora' }, [{ userId: strangerUser.id, isAdmin: true }])
  const [condition] = await t.db.insert(conditions).values({ organizationId: seller.id, nome: 'Tabela Verão' }).returning()
  const [other] = await t.db.insert(conditions).values({ organizationId: seller.id, nome: 'Tabela Inverno' }).returning()
  return { admin, seller, olAdmin, ol, ol2Admin, ol2, strangerUser, stranger, condition, other }
}

const invite = (user: User, condicao_id: number, parceiros: { organizacao_id: number; desconto_extra: unknown }[]) =>
  t.post('/api/condicoes/addParceiros', { condicao_id, parceiros }, { token: user.token })

const rowsOf = (conditionId: number) => t.db.select().from(conditionPartners).where(eq(conditionPartners.conditionId, conditionId))

describe('searchParceiros', () => {
  test('finds active distributors by name without accents or by CNPJ digits, never the company itself nor other types', async () => {
    const w = await world()
    await createOrganization(t, { nome: 'Logística Inativa', active: false })
    await createOrganization(t, { nome: 'Logística Varejo', tipo: 'v' })
    const res = await t.get(`/api/condicoes/searchParceiros/${w.seller.id}/${encodeURIComponent('logistica sao')}`, { token: w.admin.token })
    expect(res.status).toBe(200)
    expect(res.body.parceiros.map((p: any) => p.id)).toEqual([w.ol.id])
    const masked = `${w.ol2.cnpj.slice(0, 2)}.${w.ol2.cnpj.slice(2, 5)}.${w.ol2.cnpj.slice(5, 8)}`
    const byCnpj = await t.get(`/api/condicoes/searchParceiros/${w.seller.id}/${encodeURIComponent(masked)}`, { token: w.admin.token })
    expect(byCnpj.body.parceiros.map((p: any) => p.id)).toContain(w.ol2.id)
    const names = (await t.get(`/api/condicoes/searchParceiros/${w.seller.id}/null`, { token: w.admin.token })).body.parceiros
    expect(names.length).toBeLessThanOrEqual(20)
    expect(names.map((p: any) => p.id)).not.toContain(w.seller.id)
    const self = await t.get(`/api/condicoes/searchParceiros/${w.seller.id}/${encodeURIComponent('Açaí')}`, { token: w.admin.token })
    expect(self.body.parceiros).toEqual([])
  })

  test('only for members of the company', async () => {
    const w = await world()
    const res = await t.get(`/api/condicoes/searchParceiros/${w.seller.id}/logistica`, { token: w.strangerUser.token })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe(NOT_A_MEMBER)
  })
})

describe('addParceiros', () => {
  test('invites as pending with the discount typed in pt-BR; a refused OL invited again is pending again', async () => {
    const w = await world()
    const res = await invite(w.admin, w.condition.id, [
      { organizacao_id: w.ol.id, desconto_extra: '2,5' },
      { organizacao_id: w.ol2.id, desconto_extra: 10 },
    ])
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.message).toBe(m.invited(2))
    const rows = await rowsOf(w.condition.id)
    expect(rows.map((r) => [r.partnerId, r.status, r.descontoExtra]).sort()).toEqual(
      [
        [w.ol.id, 'pendente', '2.5000'],
        [w.ol2.id, 'pendente', '10.0000'],
      ].sort(),
    )
    expect((await t.get(`/api/condicoes/deleteParceiro/${w.condition.id}/${w.ol.id}/1`, { token: w.olAdmin.token })).status).toBe(200)
    expect((await rowsOf(w.condition.id)).find((r) => r.partnerId === w.ol.id)?.status).toBe('recusado')
    const again = await invite(w.admin, w.condition.id, [{ organizacao_id: w.ol.id, desconto_extra: '3' }])
    expect(again.status).toBe(200)
    const row = (await rowsOf(w.condition.id)).find((r) => r.partnerId === w.ol.id)!
    expect([row.status, row.descontoExtra, row.respondidoEm]).toEqual(['pendente', '3.0000', null])
  })

  test('an accepted OL invited again keeps its answer and gets the new discount', async () => {
    const w = await world()
    await invite(w.admin, w.condition.id, [{ organizacao_id: w.ol.id, desconto_extra: '1' }])
    await t.get(`/api/condicoes/aceiteParceiro/${w.condition.id}/${w.ol.id}`, { token: w.olAdmin.token })
    await invite(w.admin, w.condition.id, [{ organizacao_id: w.ol.id, desconto_extra: '4,25' }])
    const [row] = await rowsOf(w.condition.id)
    expect([row.status, row.descontoExtra]).toEqual(['aceito', '4.2500'])
  })

  test('bad input answers 422 in Portuguese and stores nothing', async () => {
    const w = await world()
    const varejo = await createOrganization(t, { nome: 'Farmácia', tipo: 'v' })
    const cases: [unknown, Record<string, string[]>][] = [
      [{ condicao_id: w.condition.id, parceiros: [] }, { parceiros: [m.partnersRequired] }],
      [{ condicao_id: w.condition.id, parceiros: [{ organizacao_id: w.ol.id, desconto_extra: '100,01' }] }, { 'parceiros.0.desconto_extra': [m.discountInvalid] }],
      [{ condicao_id: w.condition.id, parceiros: [{ organizacao_id: w.ol.id, desconto_extra: '-1' }] }, { 'parceiros.0.desconto_extra': [m.discountInvalid] }],
      [{ condicao_id: w.condition.id, parceiros: [{ organizacao_id: w.ol.id, desconto_extra: '1,23456' }] }, { 'parceiros.0.desconto_extra': [m.discountInvalid] }],
      [{ condicao_id: w.condition.id, parceiros: [{ organizacao_id: w.ol.id }] }, { 'parceiros.0.desconto_extra': [m.discountRequired] }],
      [
        { condicao_id: w.condition.id, parceiros: [{ organizacao_id: w.ol.id, desconto_extra: 1 }, { organizacao_id: w.ol.id, desconto_extra: 2 }] },
        { parceiros: [m.partnerRepeated] },
      ],
      [{ parceiros: [{ organizacao_id: w.ol.id, desconto_extra: 1 }] }, { condicao_id: [m.conditionRequired] }],
    ]
    for (const [body, errors] of cases) expectValidation(await t.post('/api/condicoes/addParceiros', body, { token: w.admin.token }), errors)
    // Checks only the server can make: every id a distributor on the platform, not the seller itself.
    const res = await invite(w.admin, w.condition.id, [
      { organizacao_id: w.ol.id, desconto_extra: 1 },
      { organizacao_id: varejo.id, desconto_extra: 1 },
      { organizacao_id: w.seller.id, desconto_extra: 1 },
      { organizacao_id: 999_999, desconto_extra: 1 },
    ])
    expectValidation(res, { 'parceiros.1.organizacao_id': [m.notAnOl], 'parceiros.2.organizacao_id': [m.notYourself], 'parceiros.3.organizacao_id': [m.notAnOl] })
    expectPortuguese(res)
    expect(await rowsOf(w.condition.id)).toEqual([])
  })

  test('needs the permission on the seller; an OL or a stranger gets the 404 of a missing condition', async () => {
    const w = await world()
    const reader = await member(w.seller.id, false)
    const editor = await member(w.seller.id, true)
    const body = [{ organizacao_id: w.ol2.id, desconto_extra: 1 }]
    expect((await invite(reader, w.condition.id, body)).status).toBe(403)
    await invite(w.admin, w.condition.id, [{ organizacao_id: w.ol.id, desconto_extra: 1 }])
    for (const user of [w.olAdmin, w.strangerUser]) {
      const res = await invite(user, w.condition.id, body)
      expect(res.status).toBe(404)
      expect(res.body.message).toBe(NOT_FOUND)
    }
    expect((await rowsOf(w.condition.id)).map((r) => r.partnerId)).toEqual([w.ol.id])
    expect((await invite(editor, w.condition.id, body)).status).toBe(200)
  })
})

describe('restoreParceiros and reading the condition', () => {
  test('the seller sees every OL; an OL only its own row; an OL not invited to this condition, a refused OL and a stranger get 404', async () => {
    const w = await world()
    await invite(w.admin, w.condition.id, [
      { organizacao_id: w.ol.id, desconto_extra: 1 },
      { organizacao_id: w.ol2.id, desconto_extra: 2 },
    ])
    const seen = await t.get(`/api/condicoes/restoreParceiros/${w.condition.id}`, { token: w.admin.token })
    expect(seen.body.parceiros.map((p: any) => [p.nome, p.status, p.sou_membro])).toEqual([
      ['Logística Paraná', 'pendente', false],
      ['Logística São João', 'pendente', false],
    ])
    const own = await t.get(`/api/condicoes/restoreParceiros/${w.condition.id}`, { token: w.olAdmin.token })
    expect(own.body.parceiros.map((p: any) => [p.organizacao_id, p.sou_membro])).toEqual([[w.ol.id, true]])
    // Someone in both the seller and the OL sees the side of the company it acts for.
    await t.db.insert(memberships).values({ organizationId: w.ol.id, userId: w.admin.id })
    const asOl = await t.get(`/api/condicoes/restoreParceiros/${w.condition.id}?organizacao_id=${w.ol.id}`, { token: w.admin.token })
    expect(asOl.body.parceiros.map((p: any) => p.organizacao_id)).toEqual([w.ol.id])
    const asSeller = await t.get(`/api/condicoes/restoreParceiros/${w.condition.id}?organizacao_id=${w.seller.id}`, { token: w.admin.token })
    expect(asSeller.body.parceiros).toHaveLength(2)
    // Invited to one condition, not to the other one of the same seller.
    for (const path of [`restoreParceiros/${w.other.id}`, `restoreCondicao/${w.other.id}`, `showMarcas_Categorias/${w.other.id}`]) {
      const res = await t.get(`/api/condicoes/${path}`, { token: w.olAdmin.token })
      expect(res.status, path).toBe(404)
      expect(res.body.message).toBe(NOT_FOUND)
    }
    expect((await t.get(`/api/condicoes/restoreParceiros/${w.condition.id}`, { token: w.strangerUser.token })).status).toBe(404)
    await t.get(`/api/condicoes/deleteParceiro/${w.condition.id}/${w.ol2.id}/1`, { token: w.ol2Admin.token })
    for (const path of [`restoreParceiros/${w.condition.id}`, `restoreCondicao/${w.condition.id}`, `showMarcas_Categorias/${w.condition.id}`]) {
      expect((await t.get(`/api/condicoes/${path}`, { token: w.ol2Admin.token })).status, path).toBe(404)
    }
    const after = await t.get(`/api/condicoes/restoreParceiros/${w.condition.id}`, { token: w.admin.token })
    expect(after.body.parceiros.find((p: any) => p.organizacao_id === w.ol2.id).status).toBe('recusado')
  })
})

describe('aceiteParceiro and deleteParceiro', () => {
  test('a member of the OL with the permission accepts; a second accept is refused; others cannot', async () => {
    const w = await world()
    await invite(w.admin, w.condition.id, [{ organizacao_id: w.ol.id, desconto_extra: 1 }])
    const olReader = await member(w.ol.id, false)
    const url = `/api/condicoes/aceiteParceiro/${w.condition.id}/${w.ol.id}`
    const denied = await t.get(url, { token: olReader.token })
    expect([denied.status, denied.body.message]).toEqual([403, NOT_PERMITTED])
    // The seller answers nothing for its OL, nor does a stranger or another OL.
    for (const user of [w.admin, w.strangerUser, w.ol2Admin]) expect((await t.get(url, { token: user.token })).status).toBe(404)
    expect((await rowsOf(w.condition.id))[0].status).toBe('pendente')
    const res = await t.get(url, { token: w.olAdmin.token })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(m.accepted)
    expect(res.body.parceiro).toMatchObject({ organizacao_id: w.ol.id, status: 'aceito', sou_membro: true })
    expect(res.body.parceiro.respondido_em).not.toBeNull()
    const twice = await t.get(url, { token: w.olAdmin.token })
    expect([twice.status, twice.body.message]).toEqual([409, m.alreadyAccepted])
  })

  test('isOperator=1: the OL refuses a pending invite or leaves an accepted one, and loses access; the seller cannot use it', async () => {
    const w = await world()
    await invite(w.admin, w.condition.id, [
      { organizacao_id: w.ol.id, desconto_extra: 1 },
      { organizacao_id: w.ol2.id, desconto_extra: 1 },
    ])
    expect((await t.get(`/api/condicoes/deleteParceiro/${w.condition.id}/${w.ol.id}/1`, { token: w.admin.token })).status).toBe(404)
    const refused = await t.get(`/api/condicoes/deleteParceiro/${w.condition.id}/${w.ol.id}/1`, { token: w.olAdmin.token })
    expect([refused.status, refused.body.message]).toEqual([200, m.refused])
    await t.get(`/api/condicoes/aceiteParceiro/${w.condition.id}/${w.ol2.id}`, { token: w.ol2Admin.token })
    const left = await t.get(`/api/condicoes/deleteParceiro/${w.condition.id}/${w.ol2.id}/1`, { token: w.ol2Admin.token })
    expect([left.status, left.body.message]).toEqual([200, m.left])
    expect((await rowsOf(w.condition.id)).map((r) => r.status)).toEqual(['recusado', 'recusado'])
    expect((await t.get(`/api/condicoes/aceiteParceiro/${w.condition.id}/${w.ol.id}`, { token: w.olAdmin.token })).status).toBe(404)
    expect((await t.get(`/api/condicoes/deleteParceiro/${w.condition.id}/${w.ol2.id}/1`, { token: w.ol2Admin.token })).status).toBe(404)
  })

  test('isOperator=0: the seller removes the OL with its buyers; the OL, a member without the permission and a stranger cannot', async () => {
    const w = await world()
    await invite(w.admin, w.condition.id, [{ organizacao_id: w.ol.id, desconto_extra: 1 }])
    const [row] = await rowsOf(w.condition.id)
    const [customer] = await t.db.insert(customers).values({ sellerId: w.seller.id, cnpj: uniqueCnpj(), nome: 'Cliente' }).returning()
    await t.db.insert(conditionBuyers).values({ conditionId: w.condition.id, conditionPartnerId: row.id, customerId: customer.id })
    const url = `/api/condicoes/deleteParceiro/${w.condition.id}/${w.ol.id}/0`
    const reader = await member(w.seller.id, false)
    expect((await t.get(url, { token: reader.token })).status).toBe(403)
    for (const user of [w.olAdmin, w.strangerUser]) expect((await t.get(url, { token: user.token })).status).toBe(404)
    expect(await rowsOf(w.condition.id)).toHaveLength(1)
    const res = await t.get(url, { token: w.admin.token })
    expect([res.status, res.body.message]).toEqual([200, m.removed])
    expect(await rowsOf(w.condition.id)).toEqual([])
    expect(await t.db.select().from(conditionBuyers).where(eq(conditionBuyers.conditionId, w.condition.id))).toEqual([])
    expect((await t.get(url, { token: w.admin.token })).status).toBe(404)
  })

  test('bad path values answer 422 in Portuguese', async () => {
    const w = await world()
    expectValidation(await t.get(`/api/condicoes/deleteParceiro/${w.condition.id}/${w.ol.id}/2`, { token: w.admin.token }), { isOperator: [m.operatorInvalid] })
    expectValidation(await t.get(`/api/condicoes/aceiteParceiro/x/${w.ol.id}`, { token: w.olAdmin.token }), { conditionId: [m.conditionInvalid] })
  })
})

describe('showMarcas_Categorias', () => {
  test('distinct brands and categories of the condition products, for the seller and its OL', async () => {
    const w = await world()
    const made = await t.db
      .insert(products)
      .values([
        { organizationId: w.seller.id, codigo: 'A', nome: 'Sabão', marca: 'Limpol', categoria: 'Limpeza', precoCentavos: 100 },
        { organizationId: w.seller.id, codigo: 'B', nome: 'Detergente', marca: 'Limpol', categoria: 'Cozinha', precoCentavos: 100 },
        { organizationId: w.seller.id, codigo: 'C', nome: 'Esponja', marca: null, categoria: 'Limpeza', precoCentavos: 100 },
        { organizationId: w.seller.id, codigo: 'D', nome: 'Fora', marca: 'Outra', categoria: 'Outra', precoCentavos: 100 },
      ])
      .returning()
    await t.db.insert(conditionProducts).values(made.slice(0, 3).map((p) => ({ conditionId: w.condition.id, productId: p.id })))
    await invite(w.admin, w.condition.id, [{ organizacao_id: w.ol.id, desconto_extra: 1 }])
    for (const user of [w.admin, w.olAdmin]) {
      const res = await t.get(`/api/condicoes/showMarcas_Categorias/${w.condition.id}`, { token: user.token })
      expect(res.body).toEqual({ marcas: ['Limpol'], categorias: ['Cozinha', 'Limpeza'] })
    }
    expect((await t.get(`/api/condicoes/showMarcas_Categorias/${w.condition.id}`, { token: w.strangerUser.token })).status).toBe(404)
  })
})

describe('blacklist', () => {
  async function buyers() {
    const flag = await createOrganization(t, { nome: 'Rede Bandeira Sul', tipo: 'b' })
    const unit = await createOrganization(t, { nome: 'Farmácia Boa Saúde', tipo: 'v', bandeiraId: flag.id })
    return { flag, unit }
  }

  test('the OL blocks units and flags, lists them with search and pages, and unblocks', async () => {
    const w = await world()
    const { flag, unit } = await buyers()
    const add = await t.post('/api/condicoes/addBlackList', { ol_id: w.ol.id, compradores: [{ id: unit.id, tipo: 'C' }, { id: flag.id, tipo: 'B' }] }, { token: w.olAdmin.token })
    expect(add.status, JSON.stringify(add.body)).toBe(200)
    expect(add.body.adicionados).toBe(2)
    const again = await t.post('/api/condicoes/addBlackList', { ol_id: w.ol.id, compradores: [{ id: unit.id, tipo: 'C' }] }, { token: w.olAdmin.token })
    expect(again.body.adicionados).toBe(0)
    const page1 = await t.get(`/api/condicoes/restoreBlackList/${w.ol.id}/1/null?page=1`, { token: w.olAdmin.token })
    expect(page1.body.bloqueados).toMatchObject({ total: 2, last_page: 2, current_page: 1 })
    expect(page1.body.bloqueados.data[0]).toMatchObject({ comprador_id: unit.id, tipo: 'C', nome: 'Farmácia Boa Saúde', cnpj: unit.cnpj })
    const found = await t.get(`/api/condicoes/restoreBlackList/${w.ol.id}/20/${encodeURIComponent('saude')}`, { token: w.olAdmin.token })
    expect(found.body.bloqueados.data.map((b: any) => b.comprador_id)).toEqual([unit.id])
    const search = await t.get(`/api/condicoes/searchBlackList/${w.ol.id}/${encodeURIComponent('bandeira sul')}`, { token: w.olAdmin.token })
    expect(search.body.compradores).toEqual([])
    const del = await t.get(`/api/condicoes/deleteBlackList/${w.ol.id}/${flag.id}/B`, { token: w.olAdmin.token })
    expect([del.status, del.body.message]).toEqual([200, m.unblocked])
    const back = await t.get(`/api/condicoes/searchBlackList/${w.ol.id}/${encodeURIComponent('bandeira sul')}`, { token: w.olAdmin.token })
    expect(back.body.compradores.map((c: any) => [c.id, c.tipo])).toEqual([[flag.id, 'B']])
    expect((await t.get(`/api/condicoes/deleteBlackList/${w.ol.id}/${flag.id}/B`, { token: w.olAdmin.token })).status).toBe(404)
  })

  test('ids must be a unit (C) or a flag (B); bad input stores nothing', async () => {
    const w = await world()
    const { flag, unit } = await buyers()
    const res = await t.post(
      '/api/condicoes/addBlackList',
      { ol_id: w.ol.id, compradores: [{ id: unit.id, tipo: 'B' }, { id: flag.id, tipo: 'C' }, { id: w.ol2.id, tipo: 'C' }] },
      { token: w.olAdmin.token },
    )
    expectValidation(res, { 'compradores.0.id': [m.notABuyer('B')], 'compradores.1.id': [m.notABuyer('C')], 'compradores.2.id': [m.notABuyer('C')] })
    expectValidation(await t.post('/api/condicoes/addBlackList', { ol_id: w.ol.id, compradores: [{ id: unit.id, tipo: 'X' }] }, { token: w.olAdmin.token }), {
      'compradores.0.tipo': [m.buyerTypeInvalid],
    })
    expectValidation(await t.post('/api/condicoes/addBlackList', { ol_id: w.ol.id, compradores: [] }, { token: w.olAdmin.token }), { compradores: [m.buyersRequired] })
    expect(await t.db.select().from(olBlacklist).where(eq(olBlacklist.olId, w.ol.id))).toEqual([])
  })

  test('only members of the OL holding the permission; the seller of a condition it serves cannot touch it', async () => {
    const w = await world()
    const { unit } = await buyers()
    await invite(w.admin, w.condition.id, [{ organizacao_id: w.ol.id, desconto_extra: 1 }])
    await t.db.insert(olBlacklist).values({ olId: w.ol.id, buyerId: unit.id, tipo: 'C' })
    const olReader = await member(w.ol.id, false)
    for (const [user, status] of [
      [olReader, 403],
      [w.admin, 403],
      [w.strangerUser, 403],
    ] as const) {
      expect((await t.post('/api/condicoes/addBlackList', { ol_id: w.ol.id, compradores: [{ id: unit.id, tipo: 'C' }] }, { token: user.token })).status).toBe(status)
      expect((await t.get(`/api/condicoes/restoreBlackList/${w.ol.id}/20/null`, { token: user.token })).status).toBe(status)
      expect((await t.get(`/api/condicoes/searchBlackList/${w.ol.id}/null`, { token: user.token })).status).toBe(status)
      expect((await t.get(`/api/condicoes/deleteBlackList/${w.ol.id}/${unit.id}/C`, { token: user.token })).status).toBe(status)
    }
    expect(await t.db.select().from(olBlacklist).where(eq(olBlacklist.olId, w.ol.id))).toHaveLength(1)
  })
})

describe('mirrorOl and unmirrorOl', () => {
  async function threeOls() {
    const w = await world()
    const ol3Admin = await newUser(t, 'OL Três')
    const ol3 = await createOrganization(t, { nome: 'Logística Três' }, [{ userId: ol3Admin.id, isAdmin: true }])
    await invite(w.admin, w.condition.id, [
      { organizacao_id: w.ol.id, desconto_extra: 1 },
      { organizacao_id: w.ol2.id, desconto_extra: 1 },
      { organizacao_id: ol3.id, desconto_extra: 1 },
    ])
    const rows = await rowsOf(w.condition.id)
    const row = (orgId: number) => rows.find((r) => r.partnerId === orgId)!.id
    return { ...w, ol3, ol3Admin, a: row(w.ol.id), b: row(w.ol2.id), c: row(ol3.id) }
  }

  test('the seller mirrors one OL on another of the same condition, and stops', async () => {
    const w = await threeOls()
    const res = await t.get(`/api/condicoes/mirrorOl/${w.b}?origem=${w.a}`, { token: w.admin.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.message).toBe(m.mirrored('Logística São João'))
    expect(res.body.parceiro).toMatchObject({ id: w.b, espelho_de: w.a, espelho_nome: 'Logística São João' })
    const un = await t.get(`/api/condicoes/unmirrorOl/${w.b}`, { token: w.admin.token })
    expect([un.status, un.body.message, un.body.parceiro.espelho_de]).toEqual([200, m.unmirrored, null])
    expect((await t.get(`/api/condicoes/unmirrorOl/${w.b}`, { token: w.admin.token })).body.message).toBe(m.notMirroring)
  })

  test('no self-mirror, no chains, only within the condition, never a refused OL', async () => {
    const w = await threeOls()
    const mirror = (id: number, origem: number) => t.get(`/api/condicoes/mirrorOl/${id}?origem=${origem}`, { token: w.admin.token })
    expectValidation(await mirror(w.a, w.a), { origem: [m.mirrorSelf] })
    expect((await mirror(w.b, w.a)).status).toBe(200)
    // c would follow b, which follows a: refused; and a, followed by b, cannot follow c.
    expectValidation(await mirror(w.c, w.b), { origem: [m.mirrorChain] })
    expectValidation(await mirror(w.a, w.c), { id: [m.mirrorIsSource] })
    const [elsewhere] = await t.db.insert(conditionPartners).values({ conditionId: w.other.id, partnerId: w.ol3.id }).returning()
    expectValidation(await mirror(w.c, elsewhere.id), { origem: [m.mirrorOtherCondition] })
    await t.get(`/api/condicoes/deleteParceiro/${w.condition.id}/${w.ol3.id}/1`, { token: w.ol3Admin.token })
    await t.get(`/api/condicoes/unmirrorOl/${w.b}`, { token: w.admin.token })
    expectValidation(await mirror(w.b, w.c), { origem: [m.mirrorRefused] })
    expectValidation(await t.get(`/api/condicoes/mirrorOl/${w.b}`, { token: w.admin.token }), { origem: [m.originRequired] })
    expect((await rowsOf(w.condition.id)).map((r) => r.espelhoDe)).toEqual([null, null, null])
  })

  test('an OL that leaves ends the mirrors of it', async () => {
    const w = await threeOls()
    await t.get(`/api/condicoes/mirrorOl/${w.b}?origem=${w.a}`, { token: w.admin.token })
    await t.get(`/api/condicoes/deleteParceiro/${w.condition.id}/${w.ol.id}/1`, { token: w.olAdmin.token })
    expect((await rowsOf(w.condition.id)).find((r) => r.id === w.b)?.espelhoDe).toBeNull()
  })

  test('only the seller with the permission; the OLs and strangers get 404', async () => {
    const w = await threeOls()
    const reader = await member(w.seller.id, false)
    expect((await t.get(`/api/condicoes/mirrorOl/${w.b}?origem=${w.a}`, { token: reader.token })).status).toBe(403)
    for (const user of [w.olAdmin, w.ol2Admin, w.strangerUser]) {
      const res = await t.get(`/api/condicoes/mirrorOl/${w.b}?origem=${w.a}`, { token: user.token })
      expect([res.status, res.body.message]).toEqual([404, NOT_FOUND])
      expect((await t.get(`/api/condicoes/unmirrorOl/${w.b}`, { token: user.token })).status).toBe(404)
    }
    expect((await t.get(`/api/condicoes/mirrorOl/999999?origem=${w.a}`, { token: w.admin.token })).status).toBe(404)
    expect((await rowsOf(w.condition.id)).every((r) => r.espelhoDe === null)).toBe(true)
  })
})

test('list parameters out of range answer 422 in Portuguese', async () => {
  const w = await world()
  expectValidation(await t.get(`/api/condicoes/restoreBlackList/${w.ol.id}/0/null`, { token: w.olAdmin.token }), { regPerPage: [m.perPageInvalid] })
  expectValidation(await t.get(`/api/condicoes/searchParceiros/${w.seller.id}/${'a'.repeat(101)}`, { token: w.admin.token }), { search: [m.searchTooLong] })
})
