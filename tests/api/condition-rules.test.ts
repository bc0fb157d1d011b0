import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { cargoPermissions, cargos, conditionPartners, conditionProducts, conditionRules, conditions, memberships, products } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, expectPortuguese, expectValidation, newUser, type TestApi } from './harness.ts'

/** A condition's discount rules (app/domain/conditions/rules-contract.ts, decision 020). */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

async function world() {
  const admin = await newUser(t, 'Vendedora')
  const member = await newUser(t, 'Colega Sem Permissão')
  const olUser = await newUser(t, 'Operador')
  const olReader = await newUser(t, 'Leitor do OL')
  const otherOlUser = await newUser(t, 'Outro Operador')
  const stranger = await newUser(t, 'Estranha')
  const seller = await createOrganization(t, { nome: 'Distribuidora Regra' }, [{ userId: admin.id, isAdmin: true }, { userId: member.id }])
  const ol = await createOrganization(t, { nome: 'OL Regra' }, [{ userId: olUser.id, isAdmin: true }, { userId: olReader.id }])
  const otherOl = await createOrganization(t, { nome: 'Outro OL' }, [{ userId: otherOlUser.id, isAdmin: true }])
  await createOrganization(t, { nome: 'Outra' }, [{ userId: stranger.id, isAdmin: true }])
  const [condition] = await t.db.insert(conditions).values({ organizationId: seller.id, nome: 'Tabela Regra' }).returning()
  const [other] = await t.db.insert(conditions).values({ organizationId: seller.id, nome: 'Tabela Sem Produtos' }).returning()
  const [a, b, outside] = await t.db
    .insert(products)
    .values([
      { organizationId: seller.id, codigo: 'A', nome: 'Água Sol 500 ml', marca: 'Sol', categoria: 'Bebidas', precoCentavos: 1000 },
      { organizationId: seller.id, codigo: 'B', nome: 'Sabão Lua', marca: 'Lua', categoria: 'Limpeza', precoCentavos: 2500 },
      { organizationId: seller.id, codigo: 'C', nome: 'Fora da condição', marca: 'Mar', categoria: 'Outros', precoCentavos: 100 },
    ])
    .returning()
  await t.db.insert(conditionProducts).values([
    { conditionId: condition.id, productId: a.id, desconto: '10' },
    { conditionId: condition.id, productId: b.id, desconto: '10' },
  ])
  const [partner] = await t.db.insert(conditionPartners).values({ conditionId: condition.id, partnerId: ol.id, status: 'aceito' }).returning()
  const [otherPartner] = await t.db.insert(conditionPartners).values({ conditionId: condition.id, partnerId: otherOl.id, status: 'recusado' }).returning()
  // The OL's reader holds a role without 'condicoes'; the seller's member, one that only reads the conditions.
  const [cargo] = await t.db.insert(cargos).values({ organizationId: ol.id, nome: 'Leitura' }).returning()
  const [consulta] = await t.db.insert(cargos).values({ organizationId: seller.id, nome: 'Consulta' }).returning()
  await t.db.insert(cargoPermissions).values([
    { cargoId: cargo.id, permissao: 'pedidos_ver' },
    { cargoId: consulta.id, permissao: 'condicoes_ver' },
  ])
  await t.db.update(memberships).set({ cargoId: cargo.id }).where(eq(memberships.userId, olReader.id))
  await t.db.update(memberships).set({ cargoId: consulta.id }).where(eq(memberships.userId, member.id))
  return { admin, member, olUser, olReader, otherOlUser, stranger, seller, ol, condition, other, a, b, outside, partner, otherPartner }
}

const rulesOf = async (conditionId: number) => t.db.select().from(conditionRules).where(eq(conditionRules.conditionId, conditionId))

test('the seller adds rules of each type; V is typed in BRL, the scope is stored as the catalogue spells it', async () => {
  const w = await world()
  const q = await t.post('/api/condicoes/addRules', { condicao_id: w.condition.id, nome: 'Sol 50', tipo: 'Q', minimo: '50', desconto: '2,5', marca: 'SOL' }, { token: w.admin.token })
  expect(q.status, JSON.stringify(q.body)).toBe(201)
  expect(q.body).toMatchObject({ message: 'Regra Sol 50 adicionada.', regra: { tipo: 'Q', minimo: 50, desconto: '2.5000', marca: 'Sol', categoria: null, produto_id: null, parceiro_id: null, ativo: true, condicao_nome: 'Tabela Regra' } })
  const v = await t.post('/api/condicoes/addRules', { condicao_id: w.condition.id, nome: 'Mil reais', tipo: 'V', minimo: '1.000,00', desconto: 1.5 }, { token: w.admin.token })
  expect(v.body.regra).toMatchObject({ tipo: 'V', minimo: 100_000, desconto: '1.5000' })
  const m = await t.post('/api/condicoes/addRules', { condicao_id: w.condition.id, nome: 'Mix', tipo: 'M', minimo: 2, desconto: '100', produto_id: null, categoria: 'bebidas' }, { token: w.admin.token })
  expect(m.body.regra).toMatchObject({ tipo: 'M', minimo: 2, desconto: '100.0000', categoria: 'Bebidas' })
  const p = await t.post('/api/condicoes/addRules', { condicao_id: w.condition.id, nome: 'Água', tipo: 'Q', minimo: '10', desconto: '5', produto_id: w.a.id }, { token: w.admin.token })
  expect(p.body.regra).toMatchObject({ produto_id: w.a.id, produto_nome: 'Água Sol 500 ml' })
})

test('bad rules are refused in Portuguese and nothing is stored', async () => {
  const w = await world()
  const add = (body: Record<string, unknown>) => t.post('/api/condicoes/addRules', { condicao_id: w.condition.id, nome: 'R', tipo: 'Q', minimo: '1', desconto: '1', ...body }, { token: w.admin.token })
  expectValidation(await add({ tipo: 'X' }), { tipo: ['Escolha o tipo da regra: Q (quantidade), V (valor) ou M (mix de produtos).'] })
  expectValidation(await add({ minimo: '0' }), { minimo: ['Informe a quantidade mínima: um número inteiro de 1 a 1.000.000.'] })
  expectValidation(await add({ minimo: '2,5' }), { minimo: ['Informe a quantidade mínima: um número inteiro de 1 a 1.000.000.'] })
  expectValidation(await add({ tipo: 'V', minimo: '0,00' }), { minimo: ['Informe o valor mínimo em reais, como 1.234,56, de R$ 0,01 a R$ 9.999.999,99.'] })
  expectValidation(await add({ tipo: 'M', minimo: 20_000 }), { minimo: ['Informe quantos produtos diferentes: um número inteiro de 1 a 10.000.'] })
  for (const desconto of ['0', '100,01', '-1', '2,12345', 'abc', '1e2'])
    expectValidation(await add({ desconto }), { desconto: ['Informe o desconto em porcentagem, maior que 0 e até 100, com até 4 casas (como 2,5).'] })
  expectValidation(await add({ marca: 'Sol', categoria: 'Bebidas' }), { marca: ['Escolha só um alcance: uma marca, uma categoria ou um produto (ou nenhum, para a condição toda).'] })
  expectValidation(await add({ marca: 'Mar' }), { marca: ['Nenhum produto desta condição é desta marca.'] })
  expectValidation(await add({ categoria: 'Outros' }), { categoria: ['Nenhum produto desta condição é desta categoria.'] })
  expectValidation(await add({ produto_id: w.outside.id }), { produto_id: ['Este produto não está nesta condição.'] })
  expectPortuguese(await add({ nome: '', tipo: 5, minimo: true, desconto: null }))
  expect(await rulesOf(w.condition.id)).toEqual([])
})

test('defineRules replaces the seller’s rules all at once, or not at all; OL rules stay', async () => {
  const w = await world()
  await t.post('/api/condicoes/addRules', { condicao_id: w.condition.id, nome: 'Velha', tipo: 'Q', minimo: 1, desconto: '1' }, { token: w.admin.token })
  await t.post('/api/condicoes/addRulesParceiro', { condicao_id: w.condition.id, parceiro_id: w.partner.id, nome: 'Do OL', tipo: 'Q', minimo: 1, desconto: '1' }, { token: w.olUser.token })
  const ladder = [
    { nome: 'Sol 50', tipo: 'Q', minimo: '50', desconto: '2', marca: 'Sol' },
    { nome: 'Sol 100', tipo: 'Q', minimo: '100', desconto: '3', marca: 'Sol' },
  ]
  const bad = await t.post('/api/condicoes/defineRules', { condicao_id: w.condition.id, regras: [...ladder, { nome: 'Mar', tipo: 'Q', minimo: 1, desconto: '1', marca: 'Mar' }] }, { token: w.admin.token })
  expectValidation(bad, { 'regras.2.marca': ['Nenhum produto desta condição é desta marca.'] })
  expect((await rulesOf(w.condition.id)).map((r) => r.nome).sort()).toEqual(['Do OL', 'Velha'])
  const res = await t.post('/api/condicoes/defineRules', { condicao_id: w.condition.id, regras: ladder }, { token: w.admin.token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body.message).toBe('2 regras definidas.')
  expect(res.body.regras.map((r: { nome: string }) => r.nome)).toEqual(['Sol 50', 'Sol 100'])
  expect((await rulesOf(w.condition.id)).map((r) => r.nome).sort()).toEqual(['Do OL', 'Sol 100', 'Sol 50'])
  const cleared = await t.post('/api/condicoes/defineRules', { condicao_id: w.condition.id, parceiro_id: w.partner.id, regras: [] }, { token: w.olUser.token })
  expect(cleared.body).toEqual({ message: 'Regras removidas.', regras: [] })
  expect((await rulesOf(w.condition.id)).map((r) => r.nome).sort()).toEqual(['Sol 100', 'Sol 50'])
})

test('OL rules: by the seller or the OL itself, never for another OL; readers see what is theirs', async () => {
  const w = await world()
  await t.post('/api/condicoes/addRules', { condicao_id: w.condition.id, nome: 'Do vendedor', tipo: 'V', minimo: '500', desconto: '1' }, { token: w.admin.token })
  const byOl = await t.post('/api/condicoes/addRulesParceiro', { condicao_id: w.condition.id, parceiro_id: w.partner.id, nome: 'Do OL', tipo: 'Q', minimo: 5, desconto: '4', categoria: 'Bebidas' }, { token: w.olUser.token })
  expect(byOl.status, JSON.stringify(byOl.body)).toBe(201)
  expect(byOl.body.regra).toMatchObject({ parceiro_id: w.partner.id, parceiro_nome: 'OL Regra' })
  const bySeller = await t.post('/api/condicoes/addRulesParceiro', { condicao_id: w.condition.id, parceiro_id: w.partner.id, nome: 'Pelo vendedor', tipo: 'M', minimo: 2, desconto: '2' }, { token: w.admin.token })
  expect(bySeller.status).toBe(201)
  const refused = await t.post('/api/condicoes/addRulesParceiro', { condicao_id: w.condition.id, parceiro_id: w.otherPartner.id, nome: 'X', tipo: 'M', minimo: 2, desconto: '2' }, { token: w.admin.token })
  expectValidation(refused, { parceiro_id: ['Este OL recusou a condição: não recebe regras.'] })
  // The OL may not write the seller's rules, nor another OL's; a reader of the OL without the permission gets 403.
  expect((await t.post('/api/condicoes/addRules', { condicao_id: w.condition.id, nome: 'X', tipo: 'M', minimo: 2, desconto: '2' }, { token: w.olUser.token })).status).toBe(404)
  const otherOl = await t.post('/api/condicoes/addRulesParceiro', { condicao_id: w.condition.id, parceiro_id: w.otherPartner.id, nome: 'X', tipo: 'M', minimo: 2, desconto: '2' }, { token: w.olUser.token })
  expect(otherOl.body).toEqual({ message: 'Este OL não está nesta condição.' })
  expect((await t.post('/api/condicoes/addRulesParceiro', { condicao_id: w.condition.id, parceiro_id: w.partner.id, nome: 'X', tipo: 'M', minimo: 2, desconto: '2' }, { token: w.olReader.token })).status).toBe(403)
  expect((await t.post('/api/condicoes/addRulesParceiro', { condicao_id: w.condition.id, parceiro_id: w.partner.id, nome: 'X', tipo: 'M', minimo: 2, desconto: '2' }, { token: w.stranger.token })).status).toBe(404)

  const asSeller = await t.get(`/api/condicoes/restoreRules/${w.condition.id}`, { token: w.member.token })
  expect(asSeller.body.regras.map((r: { nome: string }) => r.nome)).toEqual(['Do vendedor', 'Pelo vendedor', 'Do OL'])
  expect(asSeller.body.alcances).toEqual({ marcas: ['Lua', 'Sol'], categorias: ['Bebidas', 'Limpeza'], produtos: [{ id: w.a.id, nome: 'Água Sol 500 ml' }, { id: w.b.id, nome: 'Sabão Lua' }] })
  expect(asSeller.body).toMatchObject({ parceiro_id: null, pode_alterar: false })
  expect((await t.get(`/api/condicoes/restoreRules/${w.condition.id}`, { token: w.olUser.token })).body).toMatchObject({ parceiro_id: w.partner.id, pode_alterar: true })
  const asOl = await t.get(`/api/condicoes/restoreRules/${w.condition.id}`, { token: w.olReader.token })
  expect(asOl.body).toMatchObject({ parceiro_id: w.partner.id, pode_alterar: false })
  expect(asOl.body.regras.map((r: { nome: string }) => r.nome)).toEqual(['Do vendedor', 'Pelo vendedor', 'Do OL'])
  expect((await t.get(`/api/condicoes/restoreRules/${w.condition.id}`, { token: w.otherOlUser.token })).status).toBe(404)
  expect((await t.get(`/api/condicoes/restoreRules/${w.condition.id}`, { token: w.stranger.token })).body).toEqual({ message: 'Condição não encontrada.' })
})

test('update and delete: the seller any rule, an OL only its own; others get 404, a member without "condicoes" 403', async () => {
  const w = await world()
  const sellerRule = (await t.post('/api/condicoes/addRules', { condicao_id: w.condition.id, nome: 'Do vendedor', tipo: 'Q', minimo: 10, desconto: '1' }, { token: w.admin.token })).body.regra.id
  const olRule = (await t.post('/api/condicoes/addRulesParceiro', { condicao_id: w.condition.id, parceiro_id: w.partner.id, nome: 'Do OL', tipo: 'Q', minimo: 5, desconto: '4' }, { token: w.olUser.token })).body.regra.id
  const change = { nome: 'Mudou', tipo: 'V', minimo: '250,50', desconto: '3,75', marca: 'Lua' }
  expect((await t.post('/api/condicoes/updateRules', { regra_id: sellerRule, ...change }, { token: w.olUser.token })).body).toEqual({ message: 'Regra não encontrada.' })
  expect((await t.post('/api/condicoes/updateRules', { regra_id: sellerRule, ...change }, { token: w.member.token })).status).toBe(403)
  expect((await t.post('/api/condicoes/updateRules', { regra_id: sellerRule, ...change }, { token: w.stranger.token })).status).toBe(404)
  expect((await t.get(`/api/condicoes/deleteRules/${sellerRule}`, { token: w.olUser.token })).status).toBe(404)
  const byOl = await t.post('/api/condicoes/updateRules', { regra_id: olRule, ...change, ativo: false }, { token: w.olUser.token })
  expect(byOl.status, JSON.stringify(byOl.body)).toBe(200)
  expect(byOl.body.regra).toMatchObject({ nome: 'Mudou', tipo: 'V', minimo: 25_050, desconto: '3.7500', marca: 'Lua', ativo: false })
  const bySeller = await t.post('/api/condicoes/updateRules', { regra_id: olRule, ...change, nome: 'Pelo vendedor' }, { token: w.admin.token })
  expect(bySeller.body.regra).toMatchObject({ nome: 'Pelo vendedor', ativo: false })
  expectValidation(await t.post('/api/condicoes/updateRules', { regra_id: olRule, ...change, marca: 'Mar' }, { token: w.admin.token }), { marca: ['Nenhum produto desta condição é desta marca.'] })
  expect((await t.get(`/api/condicoes/deleteRules/${olRule}`, { token: w.olUser.token })).body).toEqual({ message: 'Regra Pelo vendedor excluída.' })
  expect((await t.get(`/api/condicoes/deleteRules/${sellerRule}`, { token: w.member.token })).status).toBe(403)
  expect((await t.get(`/api/condicoes/deleteRules/${sellerRule}`, { token: w.admin.token })).status).toBe(200)
  expect(await rulesOf(w.condition.id)).toEqual([])
})

test('searchRegra lists the company’s rules across its conditions, searched without accents, paginated; for the roles that read them', async () => {
  const w = await world()
  const [cond2] = await t.db.insert(conditions).values({ organizationId: w.seller.id, nome: 'Promoção Água' }).returning()
  await t.db.insert(conditionProducts).values({ conditionId: cond2.id, productId: w.a.id })
  await t.post('/api/condicoes/addRules', { condicao_id: w.condition.id, nome: 'Volume', tipo: 'Q', minimo: 10, desconto: '1' }, { token: w.admin.token })
  await t.post('/api/condicoes/addRules', { condicao_id: cond2.id, nome: 'Mix de verão', tipo: 'M', minimo: 1, desconto: '1' }, { token: w.admin.token })
  const all = await t.get(`/api/condicoes/searchRegra/${w.seller.id}`, { token: w.member.token })
  expect(all.body).toMatchObject({ total: 2, current_page: 1, last_page: 1, per_page: 20 })
  expect(all.body.data.map((r: { condicao_nome: string }) => r.condicao_nome)).toEqual(['Promoção Água', 'Tabela Regra'])
  const found = await t.get(`/api/condicoes/searchRegra/${w.seller.id}?busca=${encodeURIComponent('VERAO')}`, { token: w.admin.token })
  expect(found.body.data.map((r: { nome: string }) => r.nome)).toEqual(['Mix de verão'])
  const byCondition = await t.get(`/api/condicoes/searchRegra/${w.seller.id}?busca=agua`, { token: w.admin.token })
  expect(byCondition.body.total).toBe(1)
  expect((await t.get(`/api/condicoes/searchRegra/${w.seller.id}`, { token: w.olUser.token })).status).toBe(403)
})
