import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { cargoPermissions, cargos, conditionPartners, conditionPaymentTerms, conditions, memberships, organizations } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, expectPortuguese, expectValidation, newUser, type TestApi } from './harness.ts'

/** A condition's payment terms and the tokenbase list (app/domain/conditions/terms-contract.ts, decision 020). */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const NEEDS_TOKENBASE = 'Cadastre o código Tokenbase da empresa (no perfil da empresa) antes de usar fórmulas de pagamento.'

async function world({ tokenbase = 'TKB-SOL-1' as string | null } = {}) {
  const admin = await newUser(t, 'Vendedora')
  const member = await newUser(t, 'Colega Sem Permissão')
  const olUser = await newUser(t, 'Operador')
  const stranger = await newUser(t, 'Estranha')
  const seller = await createOrganization(t, { nome: 'Distribuidora Prazo', tokenbase }, [{ userId: admin.id, isAdmin: true }, { userId: member.id }])
  const ol = await createOrganization(t, { nome: 'OL Prazo' }, [{ userId: olUser.id, isAdmin: true }])
  await createOrganization(t, { nome: 'Outra' }, [{ userId: stranger.id, isAdmin: true }])
  const [condition] = await t.db.insert(conditions).values({ organizationId: seller.id, nome: 'Tabela Prazo' }).returning()
  await t.db.insert(conditionPartners).values({ conditionId: condition.id, partnerId: ol.id, status: 'aceito' })
  // The member's role reads the conditions without 'condicoes'.
  const [consulta] = await t.db.insert(cargos).values({ organizationId: seller.id, nome: 'Consulta' }).returning()
  await t.db.insert(cargoPermissions).values({ cargoId: consulta.id, permissao: 'condicoes_ver' })
  await t.db.update(memberships).set({ cargoId: consulta.id }).where(eq(memberships.userId, member.id))
  return { admin, member, olUser, stranger, seller, ol, condition }
}

const termsOf = async (conditionId: number) => t.db.select().from(conditionPaymentTerms).where(eq(conditionPaymentTerms.conditionId, conditionId))

test('the seller adds a term with a formula; minimum typed in pt-BR is kept in centavos', async () => {
  const w = await world()
  const res = await t.post('/api/condicoes/addPagamento', { condicao_id: w.condition.id, nome: ' Boleto 28 ', prazo_dias: '28', minimo: '1.234,56', formula: 'desconto / 3' }, { token: w.admin.token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  expect(res.body.message).toBe('Prazo de pagamento Boleto 28 adicionado.')
  expect(res.body.pagamento).toMatchObject({ condicao_id: w.condition.id, nome: 'Boleto 28', prazo_dias: 28, minimo_centavos: 123_456, formula: 'desconto / 3' })
  const none = await t.post('/api/condicoes/addPagamento', { condicao_id: w.condition.id, nome: 'À vista', prazo_dias: 0, minimo: '', formula: '' }, { token: w.admin.token })
  expect(none.body.pagamento).toMatchObject({ minimo_centavos: 0, formula: null })
})

test('restorePagamentos orders by the field asked; the OL reads them, a stranger gets 404', async () => {
  const w = await world()
  await t.post(
    '/api/condicoes/addPagamentoList',
    {
      condicao_id: w.condition.id,
      pagamentos: [
        { nome: 'B 60', prazo_dias: 60, minimo: '10,00' },
        { nome: 'a 30', prazo_dias: 30, minimo: '50,00' },
        { nome: 'C vista', prazo_dias: 0 },
      ],
    },
    { token: w.admin.token },
  )
  const byPrazo = await t.get(`/api/condicoes/restorePagamentos/${w.condition.id}/asc/prazo_dias`, { token: w.admin.token })
  expect(byPrazo.body.pagamentos.map((p: { nome: string }) => p.nome)).toEqual(['C vista', 'a 30', 'B 60'])
  expect(byPrazo.body).toMatchObject({ tokenbase: true, pode_alterar: true })
  const byName = await t.get(`/api/condicoes/restorePagamentos/${w.condition.id}/desc/nome`, { token: w.olUser.token })
  expect(byName.status).toBe(200)
  expect(byName.body.pode_alterar).toBe(false)
  expect(byName.body.pagamentos.map((p: { nome: string }) => p.nome)).toEqual(['C vista', 'B 60', 'a 30'])
  const byMin = await t.get(`/api/condicoes/restorePagamentos/${w.condition.id}/desc/minimo_centavos`, { token: w.member.token })
  expect(byMin.body.pode_alterar).toBe(false)
  expect(byMin.body.pagamentos.map((p: { minimo_centavos: number }) => p.minimo_centavos)).toEqual([5000, 1000, 0])
  const stranger = await t.get(`/api/condicoes/restorePagamentos/${w.condition.id}/asc/nome`, { token: w.stranger.token })
  expect(stranger.status).toBe(404)
  expect(stranger.body).toEqual({ message: 'Condição não encontrada.' })
  const bad = await t.get(`/api/condicoes/restorePagamentos/${w.condition.id}/up/preco`, { token: w.admin.token })
  expectValidation(bad, { order: ['A ordem deve ser asc ou desc.'], orderingField: ['Ordene por nome, prazo_dias, minimo_centavos ou created_at.'] })
})

test('a formula needs the seller’s tokenbase code; without it nothing is stored', async () => {
  const w = await world({ tokenbase: null })
  const res = await t.post('/api/condicoes/addPagamento', { condicao_id: w.condition.id, nome: 'Boleto', prazo_dias: 28, formula: 'desconto' }, { token: w.admin.token })
  expectValidation(res, { formula: [NEEDS_TOKENBASE] })
  const list = await t.post(
    '/api/condicoes/addPagamentoList',
    { condicao_id: w.condition.id, pagamentos: [{ nome: 'Sem', prazo_dias: 0 }, { nome: 'Com', prazo_dias: 28, formula: 'desconto / 2' }] },
    { token: w.admin.token },
  )
  expectValidation(list, { 'pagamentos.1.formula': [NEEDS_TOKENBASE] })
  expect(await termsOf(w.condition.id)).toEqual([])
  const plain = await t.post('/api/condicoes/addPagamento', { condicao_id: w.condition.id, nome: 'Boleto', prazo_dias: 28 }, { token: w.admin.token })
  expect(plain.status).toBe(201)
  const restored = await t.get(`/api/condicoes/restorePagamentos/${w.condition.id}/asc/nome`, { token: w.admin.token })
  expect(restored.body.tokenbase).toBe(false)
})

test.each([
  ['desconto +', 'A fórmula termina antes da hora: falta um número ou desconto.'],
  ['constructor', 'A fórmula só aceita a variável desconto, não "constructor".'],
  ['__proto__', 'A fórmula só aceita a variável desconto, não "__proto__".'],
  ['1e999', 'A fórmula só aceita a variável desconto, não "e".'],
  ['desconto desconto', '"valor" fora de lugar na fórmula (posição 10).'],
  ['desconto|2', 'Caractere "|" não aceito na fórmula (posição 9). Use números, desconto, + − × ÷ e parênteses.'],
  ['('.repeat(10_000) + 'desconto' + ')'.repeat(10_000), 'A fórmula deve ter no máximo 200 caracteres.'],
  ['9'.repeat(40), `O número ${'9'.repeat(40)} da fórmula tem dígitos demais.`],
])('a bad formula %# is a 422 with the parser’s message and nothing stored', async (formula, message) => {
  const w = await world()
  const res = await t.post('/api/condicoes/addPagamento', { condicao_id: w.condition.id, nome: 'Boleto', prazo_dias: 28, formula }, { token: w.admin.token })
  expectValidation(res, { formula: [message] })
  expect(await termsOf(w.condition.id)).toEqual([])
})

test('bad input is refused in Portuguese, all or nothing', async () => {
  const w = await world()
  const res = await t.post('/api/condicoes/addPagamento', { condicao_id: w.condition.id, nome: '', prazo_dias: 400, minimo: '12,345' }, { token: w.admin.token })
  expectValidation(res, {
    nome: ['Informe o nome do prazo de pagamento.'],
    prazo_dias: ['O prazo deve ser um número inteiro de dias entre 0 e 365.'],
    minimo: ['Valor mínimo inválido. Use o formato 1.234,56.'],
  })
  const list = await t.post('/api/condicoes/addPagamentoList', { condicao_id: w.condition.id, pagamentos: [{ nome: 'Ok', prazo_dias: 1 }, { nome: 'Ruim', prazo_dias: -1 }] }, { token: w.admin.token })
  expectValidation(list, { 'pagamentos.1.prazo_dias': ['O prazo deve ser um número inteiro de dias entre 0 e 365.'] })
  const empty = await t.post('/api/condicoes/addPagamentoList', { condicao_id: w.condition.id, pagamentos: [] }, { token: w.admin.token })
  expectValidation(empty, { pagamentos: ['Envie ao menos um prazo de pagamento.'] })
  expectPortuguese(await t.post('/api/condicoes/addPagamento', { condicao_id: 'x', nome: 1 }, { token: w.admin.token }))
  expect(await termsOf(w.condition.id)).toEqual([])
})

test('update and delete: the seller with "condicoes"; a member without it 403, the OL and a stranger 404', async () => {
  const w = await world()
  const created = await t.post('/api/condicoes/addPagamento', { condicao_id: w.condition.id, nome: 'Boleto', prazo_dias: 28, formula: 'desconto' }, { token: w.admin.token })
  const id = created.body.pagamento.id
  const change = { pagamento_id: id, nome: 'Boleto 35', prazo_dias: 35, minimo: '100,00', formula: 'desconto × 0,5' }
  expect((await t.post('/api/condicoes/updatePagamento', change, { token: w.member.token })).status).toBe(403)
  for (const user of [w.olUser, w.stranger]) {
    const res = await t.post('/api/condicoes/updatePagamento', change, { token: user.token })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Prazo de pagamento não encontrado.' })
    expect((await t.get(`/api/condicoes/deletePagamento/${id}`, { token: user.token })).status).toBe(404)
  }
  expect((await t.post('/api/condicoes/addPagamento', { condicao_id: w.condition.id, nome: 'X', prazo_dias: 1 }, { token: w.olUser.token })).status).toBe(404)
  expect((await t.post('/api/condicoes/addPagamento', { condicao_id: w.condition.id, nome: 'X', prazo_dias: 1 }, { token: w.member.token })).status).toBe(403)
  const updated = await t.post('/api/condicoes/updatePagamento', change, { token: w.admin.token })
  expect(updated.status).toBe(200)
  expect(updated.body.pagamento).toMatchObject({ nome: 'Boleto 35', prazo_dias: 35, minimo_centavos: 10_000, formula: 'desconto × 0,5' })
  // The code removed: the stored formula may stay as it is, but not change.
  await t.db.update(organizations).set({ tokenbase: null }).where(eq(organizations.id, w.seller.id))
  expect((await t.post('/api/condicoes/updatePagamento', { ...change, nome: 'Boleto 36' }, { token: w.admin.token })).status).toBe(200)
  expectValidation(await t.post('/api/condicoes/updatePagamento', { ...change, formula: 'desconto' }, { token: w.admin.token }), { formula: [NEEDS_TOKENBASE] })
  const gone = await t.get(`/api/condicoes/deletePagamento/${id}`, { token: w.admin.token })
  expect(gone.body).toEqual({ message: 'Prazo de pagamento Boleto 36 excluído.' })
  expect((await t.get(`/api/condicoes/deletePagamento/${id}`, { token: w.admin.token })).status).toBe(404)
})

test('restoreTokenbase computes percent, fator (5 decimals), valor and valor_total to the centavo', async () => {
  const w = await world()
  const add = (nome: string, prazo_dias: number, formula: string | null) =>
    t.post('/api/condicoes/addPagamento', { condicao_id: w.condition.id, nome, prazo_dias, formula }, { token: w.admin.token })
  const third = (await add('30 dias', 30, 'desconto / 3')).body.pagamento.id
  const zero = (await add('Divide', 60, '10 / (desconto - 10)')).body.pagamento.id
  await add('À vista', 0, null)
  const res = await t.get(`/api/condicoes/restoreTokenbase?condicao_id=${w.condition.id}&desconto=10&total=100000`, { token: w.olUser.token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body).toEqual({
    token: 'TKB-SOL-1',
    opcoes: [
      { id: third, nome: '30 dias', prazo_dias: 30, token: 'TKB-SOL-1', formula: 'desconto / 3', percent: '3.333', fator: '0.03333', valor: 3333, valor_total: 96_667, erro: null },
      { id: zero, nome: 'Divide', prazo_dias: 60, token: 'TKB-SOL-1', formula: '10 / (desconto - 10)', percent: null, fator: null, valor: null, valor_total: null, erro: 'A fórmula divide por zero com este desconto.' },
    ],
  })
  // 12,345% / 3 = 4,115%: fator 0.04115; R$ 0,16 × 0.04115 = 0,6584 → 1 centavo. 10 / 2,345 = 4,264392…%: fator 0.04264.
  const small = await t.get(`/api/condicoes/restoreTokenbase?condicao_id=${w.condition.id}&desconto=12,345&total=16`, { token: w.admin.token })
  expect(small.body.opcoes[0]).toMatchObject({ percent: '4.115', fator: '0.04115', valor: 1, valor_total: 15 })
  expect(small.body.opcoes[1]).toMatchObject({ percent: '4.264', fator: '0.04264', valor: 1, valor_total: 15 })
  const bad = await t.get(`/api/condicoes/restoreTokenbase?condicao_id=${w.condition.id}&desconto=101&total=1,5`, { token: w.admin.token })
  expectValidation(bad, { desconto: ['Informe o desconto em porcentagem, entre 0 e 100, como 12,5.'], total: ['Informe o total em centavos, um número inteiro de 0 a 999999999.'] })
  expect((await t.get(`/api/condicoes/restoreTokenbase?condicao_id=${w.condition.id}&desconto=1&total=1`, { token: w.stranger.token })).status).toBe(404)
  await t.db.update(organizations).set({ tokenbase: null }).where(eq(organizations.id, w.seller.id))
  const locked = await t.get(`/api/condicoes/restoreTokenbase?condicao_id=${w.condition.id}&desconto=10&total=100000`, { token: w.admin.token })
  expect(locked.body).toEqual({ token: null, opcoes: [] })
})
