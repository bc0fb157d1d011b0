import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sellersMessages as m } from '../../app/domain/conditions/sellers-messages.ts'
import { cargoPermissions, cargos, conditionPartners, conditionSellers, conditions, memberships } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, expectValidation, newUser, type TestApi } from './harness.ts'

/** Who sells a condition: members of the seller and whole roles. */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

async function world() {
  const admin = await newUser(t, 'Vendedora Chefe')
  const joao = await newUser(t, 'João Conceição')
  const reader = await newUser(t, 'Leitora')
  const gone = await newUser(t, 'Ex Membro')
  const olUser = await newUser(t, 'Gente do OL')
  const stranger = await newUser(t, 'Estranho')
  const seller = await createOrganization(t, { nome: 'Distribuidora Vendedores', tipo: 'f' }, [
    { userId: admin.id, isAdmin: true },
    { userId: joao.id },
    { userId: reader.id },
    { userId: gone.id, active: false },
  ])
  const ol = await createOrganization(t, { nome: 'OL', tipo: 'f' }, [{ userId: olUser.id, isAdmin: true }])
  const other = await createOrganization(t, { nome: 'Outra', tipo: 'f' }, [{ userId: stranger.id, isAdmin: true }])
  const [cargo] = await t.db.insert(cargos).values({ organizationId: seller.id, nome: 'Representante Comercial' }).returning()
  const [foreignCargo] = await t.db.insert(cargos).values({ organizationId: other.id, nome: 'Cargo Alheio' }).returning()
  await t.db.update(memberships).set({ cargoId: cargo.id }).where(eq(memberships.userId, joao.id))
  // The reader's role reads the conditions without 'condicoes'.
  const [consulta] = await t.db.insert(cargos).values({ organizationId: seller.id, nome: 'Consulta' }).returning()
  await t.db.insert(cargoPermissions).values({ cargoId: consulta.id, permissao: 'condicoes_ver' })
  await t.db.update(memberships).set({ cargoId: consulta.id }).where(eq(memberships.userId, reader.id))
  const [condition] = await t.db.insert(conditions).values({ organizationId: seller.id, nome: 'Tabela Vendedores' }).returning()
  await t.db.insert(conditionPartners).values({ conditionId: condition.id, partnerId: ol.id, status: 'aceito' })
  return { admin, joao, reader, gone, olUser, stranger, seller, cargo, foreignCargo, condition }
}

const rows = (conditionId: number) => t.db.select().from(conditionSellers).where(eq(conditionSellers.conditionId, conditionId))

describe('condition sellers', () => {
  test('add a member, several members and a role; listed with names and member counts; searched without accents; removed', async () => {
    const w = await world()
    const one = await t.post('/api/condicoes/addVendedores', { condicao_id: w.condition.id, usuario_id: w.joao.id }, { token: w.admin.token })
    expect(one.body).toMatchObject({ adicionados: 1, ja_estavam: 0 })
    const many = await t.post('/api/condicoes/addVendedoresList', { condicao_id: w.condition.id, usuarios: [w.joao.id, w.admin.id] }, { token: w.admin.token })
    expect(many.body).toMatchObject({ adicionados: 1, ja_estavam: 1, message: m.added(1, 1) })
    const roles = await t.post('/api/condicoes/addCargosVendedores', { condicao_id: w.condition.id, cargos: [w.cargo.id] }, { token: w.admin.token })
    expect(roles.body).toMatchObject({ adicionados: 1 })

    const list = await t.get(`/api/condicoes/restoreVendedores/${w.condition.id}/20/null`, { token: w.reader.token })
    expect(list.status).toBe(200)
    expect(list.body.somente_leitura).toBe(true)
    expect(list.body.vendedores.data.map((v: { nome: string; tipo: string }) => `${v.tipo} ${v.nome}`)).toEqual(['C Representante Comercial', 'U João Conceição', 'U Vendedora Chefe'])
    expect(list.body.vendedores.data[0]).toMatchObject({ cargo_id: w.cargo.id, membros: 1, email: null })
    const searched = await t.get(`/api/condicoes/restoreVendedores/${w.condition.id}/20/joao conceicao`, { token: w.admin.token })
    expect(searched.body.vendedores.data.map((v: { nome: string }) => v.nome)).toEqual(['João Conceição'])
    const page = await t.get(`/api/condicoes/restoreVendedores/${w.condition.id}/2/null?page=2`, { token: w.admin.token })
    expect(page.body.vendedores).toMatchObject({ total: 3, last_page: 2, current_page: 2 })
    expectValidation(await t.get(`/api/condicoes/restoreVendedores/${w.condition.id}/101/null`, { token: w.admin.token }), { regPerPage: [m.perPageInvalid] })

    const search = await t.get(`/api/condicoes/SearchVendedores/${w.condition.id}/joao`, { token: w.admin.token })
    expect(search.body.usuarios).toEqual([{ id: w.joao.id, nome: 'João Conceição', email: w.joao.email, cargo: 'Representante Comercial', ja_vende: true }])
    const everyone = await t.get(`/api/condicoes/SearchVendedores/${w.condition.id}/null`, { token: w.admin.token })
    expect(everyone.body.usuarios.map((u: { nome: string }) => u.nome)).toEqual(['João Conceição', 'Leitora', 'Vendedora Chefe'])
    const cargosFound = await t.get(`/api/condicoes/SearchCargosVendedores/${w.condition.id}/comercial`, { token: w.admin.token })
    expect(cargosFound.body.cargos).toEqual([{ id: w.cargo.id, nome: 'Representante Comercial', membros: 1, ja_vende: true }])
    const org = await t.get(`/api/condicoes/SearchOrgVendedores/${w.seller.id}`, { token: w.reader.token })
    expect(org.body.usuarios.map((u: { nome: string }) => u.nome)).toEqual(['João Conceição', 'Leitora', 'Vendedora Chefe'])

    expect((await t.get(`/api/condicoes/deleteVendedor/${w.condition.id}/${w.joao.id}`, { token: w.admin.token })).body).toEqual({ message: m.removed(1) })
    expect((await t.get(`/api/condicoes/deleteVendedor/${w.condition.id}/${w.joao.id}`, { token: w.admin.token })).status).toBe(404)
    expect((await t.get(`/api/condicoes/deleteCargoVendedor/${w.condition.id}/${w.cargo.id}`, { token: w.admin.token })).body).toEqual({ message: m.cargoRemoved })
    expectValidation(await t.post('/api/condicoes/deleteVendedorList', { condicao_id: w.condition.id, usuarios: [w.admin.id, w.reader.id] }, { token: w.admin.token }), {
      'usuarios.1': [m.sellerNotFound],
    })
    expect(await rows(w.condition.id)).toHaveLength(1)
    expect((await t.post('/api/condicoes/deleteVendedorList', { condicao_id: w.condition.id, usuarios: [w.admin.id] }, { token: w.admin.token })).status).toBe(200)
    expect(await rows(w.condition.id)).toHaveLength(0)
  })

  test('an inactive member, a stranger, a role of another company: 422, nothing stored', async () => {
    const w = await world()
    expectValidation(await t.post('/api/condicoes/addVendedores', { condicao_id: w.condition.id, usuario_id: w.gone.id }, { token: w.admin.token }), { usuario_id: [m.notAMember] })
    expectValidation(await t.post('/api/condicoes/addVendedoresList', { condicao_id: w.condition.id, usuarios: [w.joao.id, w.stranger.id] }, { token: w.admin.token }), {
      'usuarios.1': [m.notAMember],
    })
    expectValidation(await t.post('/api/condicoes/addCargosVendedores', { condicao_id: w.condition.id, cargos: [w.cargo.id, w.foreignCargo.id] }, { token: w.admin.token }), {
      'cargos.1': [m.notACargo],
    })
    expectValidation(await t.post('/api/condicoes/addVendedoresList', { condicao_id: w.condition.id, usuarios: [] }, { token: w.admin.token }), { usuarios: [m.usersRequired] })
    expect(await rows(w.condition.id)).toHaveLength(0)
  })

  test('permissions: without condicoes 403; an OL and a stranger 404 (reading too); SearchOrgVendedores only for members', async () => {
    const w = await world()
    const body = { condicao_id: w.condition.id, usuario_id: w.joao.id }
    expect((await t.post('/api/condicoes/addVendedores', body, { token: w.reader.token })).status).toBe(403)
    for (const token of [w.olUser.token, w.stranger.token]) {
      expect((await t.post('/api/condicoes/addVendedores', body, { token })).status).toBe(404)
      expect((await t.get(`/api/condicoes/restoreVendedores/${w.condition.id}/20/null`, { token })).status).toBe(404)
      expect((await t.get(`/api/condicoes/SearchVendedores/${w.condition.id}/null`, { token })).status).toBe(404)
      expect((await t.get(`/api/condicoes/SearchCargosVendedores/${w.condition.id}/null`, { token })).status).toBe(404)
    }
    expect((await t.get(`/api/condicoes/SearchOrgVendedores/${w.seller.id}`, { token: w.stranger.token })).status).toBe(403)
    await t.post('/api/condicoes/addVendedores', body, { token: w.admin.token })
    expect((await t.get(`/api/condicoes/deleteVendedor/${w.condition.id}/${w.joao.id}`, { token: w.reader.token })).status).toBe(403)
    expect((await t.get(`/api/condicoes/deleteCargoVendedor/${w.condition.id}/${w.cargo.id}`, { token: w.stranger.token })).status).toBe(404)
    expect(await rows(w.condition.id)).toHaveLength(1)
  })
})
