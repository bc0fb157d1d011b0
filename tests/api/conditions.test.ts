import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { conditionMessages as m } from '../../app/domain/conditions/messages.ts'
import { cargoPermissions, cargos, conditionBuyers, conditionPartners, conditionProducts, conditions, customers, memberships, products } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, expectPortuguese, expectValidation, newUser, uniqueCnpj, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const NOT_PERMITTED = 'Você não tem permissão para esta ação.'
const NOT_FOUND = 'Condição não encontrada.'

type User = Awaited<ReturnType<typeof newUser>>

/** A seller with its admin, a member whose role grants 'condicoes', a member whose role only reads them ('condicoes_ver'), and a stranger with its own company. */
async function seller(plano: 'B' | 'P' = 'P') {
  const admin = await newUser(t, 'Admin Vendedor')
  const editor = await newUser(t, 'Editor')
  const reader = await newUser(t, 'Leitor')
  const stranger = await newUser(t, 'Estranho')
  const org = await createOrganization(t, { nome: 'Distribuidora Teste', plano }, [{ userId: admin.id, isAdmin: true }])
  const other = await createOrganization(t, { nome: 'Concorrente' }, [{ userId: stranger.id, isAdmin: true }])
  const [cargo] = await t.db.insert(cargos).values({ organizationId: org.id, nome: 'Comercial' }).returning()
  const [consulta] = await t.db.insert(cargos).values({ organizationId: org.id, nome: 'Consulta' }).returning()
  await t.db.insert(cargoPermissions).values([
    { cargoId: cargo.id, permissao: 'condicoes' },
    { cargoId: consulta.id, permissao: 'condicoes_ver' },
  ])
  await t.db.insert(memberships).values([
    { organizationId: org.id, userId: editor.id, cargoId: cargo.id },
    { organizationId: org.id, userId: reader.id, cargoId: consulta.id },
  ])
  return { admin, editor, reader, stranger, org, other }
}

async function create(user: User, orgId: number, extra: Record<string, unknown> = {}) {
  const res = await t.post('/api/condicoes/createCondicao', { organizacao_id: orgId, nome: 'Tabela Genéricos', tipo_tabela: 'D', ...extra }, { token: user.token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.condicao as { id: number; nome: string; ativo: boolean }
}

const rowOf = async (id: number) => (await t.db.select().from(conditions).where(eq(conditions.id, id)))[0]
const countOf = async (orgId: number) => (await t.db.select().from(conditions).where(eq(conditions.organizationId, orgId))).length

const list = (user: User, orgId: number, p: { per?: number; search?: string; order?: string; field?: string; filter?: string; type?: string; page?: number } = {}) =>
  t.get(
    `/api/condicoes/restoreCondicoes/${orgId}/${p.per ?? 20}/${encodeURIComponent(p.search ?? 'null')}/${p.order ?? 'null'}/${p.field ?? 'null'}/${p.filter ?? 'null'}/${p.type ?? 'null'}?page=${p.page ?? 1}`,
    { token: user.token },
  )
const names = (res: { body: { condicoes: { data: { nome: string }[] } } }) => res.body.condicoes.data.map((c) => c.nome)

describe('POST api/condicoes/createCondicao', () => {
  test('stores the condition, active, visible by default, with its validity', async () => {
    const { editor, org } = await seller()
    const res = await t.post(
      '/api/condicoes/createCondicao',
      { organizacao_id: org.id, nome: '  Tabela Líquida Rede ', tipo_tabela: 'L', inicio: '2026-11-01', fim: '2026-11-30' },
      { token: editor.token },
    )
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(m.created('Tabela Líquida Rede'))
    expect(res.body.condicao).toMatchObject({ organizacao_id: org.id, nome: 'Tabela Líquida Rede', tipo_tabela: 'L', inicio: '2026-11-01', fim: '2026-11-30', ativo: true, visivel: true, colunas: [] })
    expect(await rowOf(res.body.condicao.id)).toMatchObject({ tipoTabela: 'L', busca: 'tabela liquida rede' })
  })

  test('bad input answers 422 in Portuguese and stores nothing', async () => {
    const { admin, org } = await seller()
    const bad = await t.post('/api/condicoes/createCondicao', { organizacao_id: org.id, nome: '', tipo_tabela: 'X', inicio: '2026-02-30', fim: '2026-01-01' }, { token: admin.token })
    expectValidation(bad, { nome: [m.nomeRequired], inicio: [m.dateInvalid], tipo_tabela: [m.tipoTabelaInvalid] })
    const reversed = await t.post('/api/condicoes/createCondicao', { organizacao_id: org.id, nome: 'X', tipo_tabela: 'D', inicio: '2026-12-01', fim: '2026-11-01' }, { token: admin.token })
    expectValidation(reversed, { fim: [m.fimBeforeInicio] })
    expectPortuguese(reversed)
    expect(await countOf(org.id)).toBe(0)
  })

  test("permission 'condicoes': a member without it 403, a stranger 403, a buyer company has no conditions", async () => {
    const { reader, stranger, org } = await seller()
    for (const user of [reader, stranger]) {
      const res = await t.post('/api/condicoes/createCondicao', { organizacao_id: org.id, nome: 'X', tipo_tabela: 'D' }, { token: user.token })
      expect(res.status).toBe(403)
    }
    expect((await t.post('/api/condicoes/createCondicao', { organizacao_id: org.id, nome: 'X', tipo_tabela: 'D' }, { token: reader.token })).body.message).toBe(NOT_PERMITTED)
    const buyer = await newUser(t)
    const pharmacy = await createOrganization(t, { nome: 'Farmácia', tipo: 'v' }, [{ userId: buyer.id, isAdmin: true }])
    const res = await t.post('/api/condicoes/createCondicao', { organizacao_id: pharmacy.id, nome: 'X', tipo_tabela: 'D' }, { token: buyer.token })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe(m.notASeller)
    expect(await countOf(org.id)).toBe(0)
  })
})

describe('GET restoreCondicoes', () => {
  async function listed() {
    const s = await seller()
    const a = await create(s.admin, s.org.id, { nome: 'Ótica Promoção', tipo_tabela: 'L', inicio: '2020-01-01', fim: '2020-12-31' })
    const b = await create(s.admin, s.org.id, { nome: 'atacado geral', inicio: '2020-01-01' })
    const c = await create(s.admin, s.org.id, { nome: 'Balcão', fim: '2999-01-01' })
    await t.db.update(conditions).set({ ativo: false }).where(eq(conditions.id, c.id))
    return { ...s, a, b, c }
  }

  test("Laravel paginator, by name ascending by default, with the counts; a role with 'Ver condições' reads it and learns whether it may change", async () => {
    const { reader, admin, org, a } = await listed()
    const [product] = await t.db.insert(products).values({ organizationId: org.id, codigo: 'P1', nome: 'Produto', precoCentavos: 1000 }).returning()
    await t.db.insert(conditionProducts).values({ conditionId: a.id, productId: product.id })
    const [customer] = await t.db.insert(customers).values({ sellerId: org.id, cnpj: uniqueCnpj(), nome: 'Cliente' }).returning()
    await t.db.insert(conditionBuyers).values({ conditionId: a.id, customerId: customer.id })
    const res = await list(reader, org.id, { per: 2 })
    expect(res.status).toBe(200)
    expect(res.body.pode_alterar).toBe(false)
    expect(res.body.condicoes).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3, from: 1, to: 2 })
    expect(names(res)).toEqual(['atacado geral', 'Balcão'])
    expect(names(await list(reader, org.id, { per: 2, page: 2 }))).toEqual(['Ótica Promoção'])
    const mine = (await list(admin, org.id)).body
    expect(mine.pode_alterar).toBe(true)
    expect(mine.condicoes.data.find((x: { id: number }) => x.id === a.id)).toMatchObject({ produtos: 1, compradores: 1, ols: 0, parceiro: null, vendedor: { id: org.id, nome: 'Distribuidora Teste' } })
  })

  test('search ignores accents and case; filters todos, ativas, inativas, vigentes; each ordering field both ways', async () => {
    const { admin, org } = await listed()
    expect(names(await list(admin, org.id, { search: 'OTICA' }))).toEqual(['Ótica Promoção'])
    expect(names(await list(admin, org.id, { search: 'balcao' }))).toEqual(['Balcão'])
    expect(names(await list(admin, org.id, { search: '%' }))).toEqual([])
    expect(names(await list(admin, org.id, { filter: 'todos' }))).toHaveLength(3)
    expect(names(await list(admin, org.id, { filter: 'ativas' }))).toEqual(['atacado geral', 'Ótica Promoção'])
    expect(names(await list(admin, org.id, { filter: 'inativas' }))).toEqual(['Balcão'])
    // Ótica ended in 2020; Balcão is inactive.
    expect(names(await list(admin, org.id, { filter: 'vigentes' }))).toEqual(['atacado geral'])
    expect(names(await list(admin, org.id, { order: 'desc' }))).toEqual(['Ótica Promoção', 'Balcão', 'atacado geral'])
    expect(names(await list(admin, org.id, { field: 'tipo_tabela', order: 'desc' }))[0]).toBe('Ótica Promoção')
    expect(names(await list(admin, org.id, { field: 'created_at', order: 'desc' }))).toEqual(['Balcão', 'atacado geral', 'Ótica Promoção'])
    expect(names(await list(admin, org.id, { field: 'fim', order: 'asc' }))).toEqual(['Ótica Promoção', 'Balcão', 'atacado geral'])
    expect(names(await list(admin, org.id, { field: 'inicio', order: 'asc' }))).toEqual(['Ótica Promoção', 'atacado geral', 'Balcão'])
    const simulator = await t.get(`/api/simulador/restoreCondicoes/${org.id}/20/otica/asc/nome/ativas/C`, { token: admin.token })
    expect(simulator.status).toBe(200)
    expect(names(simulator)).toEqual(['Ótica Promoção'])
  })

  test("type 'O': other sellers' conditions where this company is a pending or accepted OL, with its terms; a refused invite is gone", async () => {
    const { admin, org } = await seller()
    const olAdmin = await newUser(t, 'Admin OL')
    const ol = await createOrganization(t, { nome: 'Logística OL' }, [{ userId: olAdmin.id, isAdmin: true }])
    const accepted = await create(admin, org.id, { nome: 'Aceita' })
    const pending = await create(admin, org.id, { nome: 'Pendente' })
    const refused = await create(admin, org.id, { nome: 'Recusada' })
    await create(admin, org.id, { nome: 'Sem convite' })
    await t.db.insert(conditionPartners).values([
      { conditionId: accepted.id, partnerId: ol.id, status: 'aceito', descontoExtra: '2' },
      { conditionId: pending.id, partnerId: ol.id, status: 'pendente', descontoExtra: '1.5' },
      { conditionId: refused.id, partnerId: ol.id, status: 'recusado' },
    ])
    const res = await list(olAdmin, ol.id, { type: 'O' })
    expect(res.status).toBe(200)
    expect(res.body.condicoes.data.map((c: { nome: string; parceiro: unknown; vendedor: unknown; ols: number }) => [c.nome, c.parceiro, c.vendedor, c.ols])).toEqual([
      ['Aceita', { status: 'aceito', desconto_extra: '2.0000' }, { id: org.id, nome: 'Distribuidora Teste' }, 1],
      ['Pendente', { status: 'pendente', desconto_extra: '1.5000' }, { id: org.id, nome: 'Distribuidora Teste' }, 1],
    ])
    expect((await list(olAdmin, ol.id, { type: 'C' })).body.condicoes.total).toBe(0)
    // The seller's own list is not the OL's.
    expect((await list(admin, org.id, { type: 'O' })).body.condicoes.total).toBe(0)
  })

  test('a stranger gets 403; bad parameters 422 in Portuguese', async () => {
    const { stranger, admin, org } = await seller()
    expect((await list(stranger, org.id)).status).toBe(403)
    expectValidation(await list(admin, org.id, { per: 101 }), { regPerPage: [m.perPageInvalid] })
    expectValidation(await list(admin, org.id, { order: 'up' }), { order: [m.orderInvalid] })
    expectValidation(await list(admin, org.id, { field: 'preco' }), { orderingField: [m.orderingFieldInvalid] })
    expectValidation(await list(admin, org.id, { filter: 'velhas' }), { filter: [m.filterInvalid] })
    expectValidation(await list(admin, org.id, { type: 'X' }), { type: [m.typeInvalid] })
  })

  test('restoreCondicoesAcoes: id and name of the active or inactive ones', async () => {
    const { admin, reader, stranger, org } = await seller()
    const a = await create(admin, org.id, { nome: 'B ativa' })
    const b = await create(admin, org.id, { nome: 'A ativa' })
    const c = await create(admin, org.id, { nome: 'Inativa' })
    await t.db.update(conditions).set({ ativo: false }).where(eq(conditions.id, c.id))
    const on = await t.get(`/api/condicoes/restoreCondicoesAcoes/${org.id}/1`, { token: reader.token })
    expect(on.body).toEqual({ condicoes: [{ id: b.id, nome: 'A ativa' }, { id: a.id, nome: 'B ativa' }] })
    expect((await t.get(`/api/condicoes/restoreCondicoesAcoes/${org.id}/0`, { token: reader.token })).body).toEqual({ condicoes: [{ id: c.id, nome: 'Inativa' }] })
    expect((await t.get(`/api/condicoes/restoreCondicoesAcoes/${org.id}/1`, { token: stranger.token })).status).toBe(403)
    expectValidation(await t.get(`/api/condicoes/restoreCondicoesAcoes/${org.id}/2`, { token: reader.token }), { active: [m.activeInvalid] })
  })
})

describe('activate and deactivate', () => {
  test('condicoesAtivaInativa flips each listed condition', async () => {
    const { editor, org } = await seller()
    const a = await create(editor, org.id, { nome: 'A' })
    const b = await create(editor, org.id, { nome: 'B' })
    await t.db.update(conditions).set({ ativo: false }).where(eq(conditions.id, b.id))
    const res = await t.post('/api/condicoes/condicoesAtivaInativa', { condicoes: [{ id: a.id }, { id: b.id }] }, { token: editor.token })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(m.toggled(2))
    expect(res.body.condicoes.map((c: { id: number; ativo: boolean }) => [c.id, c.ativo])).toEqual([
      [a.id, false],
      [b.id, true],
    ])
  })

  test('condicoesAtivaInativaMassa sets them all; one id of another company changes nothing (404); a member without the permission 403', async () => {
    const { admin, reader, stranger, org, other } = await seller()
    const a = await create(admin, org.id, { nome: 'A' })
    const b = await create(admin, org.id, { nome: 'B' })
    const foreign = await create(stranger, other.id, { nome: 'Alheia' })
    const mixed = await t.post('/api/condicoes/condicoesAtivaInativaMassa', { condicoes: [{ id: a.id }, { id: foreign.id }, { id: b.id }], ativo: false }, { token: admin.token })
    expect(mixed.status).toBe(404)
    expect(mixed.body.message).toBe(NOT_FOUND)
    expect((await t.db.select().from(conditions).where(inArray(conditions.id, [a.id, b.id, foreign.id]))).every((c) => c.ativo)).toBe(true)
    const toggled = await t.post('/api/condicoes/condicoesAtivaInativa', { condicoes: [{ id: foreign.id }] }, { token: admin.token })
    expect(toggled.status).toBe(404)
    const refused = await t.post('/api/condicoes/condicoesAtivaInativaMassa', { condicoes: [{ id: a.id }], ativo: false }, { token: reader.token })
    expect(refused.status).toBe(403)
    const done = await t.post('/api/condicoes/condicoesAtivaInativaMassa', { condicoes: [{ id: a.id }, { id: b.id }, { id: a.id }], ativo: false }, { token: admin.token })
    expect(done.status).toBe(200)
    expect(done.body.message).toBe(m.deactivated(2))
    expect((await rowOf(a.id)).ativo).toBe(false)
    expect((await rowOf(b.id)).ativo).toBe(false)
    expectValidation(await t.post('/api/condicoes/condicoesAtivaInativaMassa', { condicoes: [], ativo: 'talvez' }, { token: admin.token }), {
      condicoes: [m.idsRequired],
      ativo: [m.ativoInvalid],
    })
  })
})

describe('updateCondicao, updateCondicaoMinimos', () => {
  test('changes name, validity and visibility; minimums from pt-BR money to centavos', async () => {
    const { editor, org } = await seller()
    const c = await create(editor, org.id)
    const res = await t.post('/api/condicoes/updateCondicao', { condicao_id: c.id, nome: 'Dezembro', inicio: '2026-12-01', fim: null, visivel: false }, { token: editor.token })
    expect(res.status).toBe(200)
    expect(res.body.condicao).toMatchObject({ nome: 'Dezembro', inicio: '2026-12-01', fim: null, visivel: false })
    const kept = await t.post('/api/condicoes/updateCondicao', { condicao_id: c.id, nome: 'Dezembro' }, { token: editor.token })
    expect(kept.body.condicao).toMatchObject({ visivel: false, inicio: null })
    const min = await t.post('/api/condicoes/updateCondicaoMinimos', { condicao_id: c.id, minimo_valor: '1.234,56', minimo_quantidade: '12' }, { token: editor.token })
    expect(min.status).toBe(200)
    expect(min.body.message).toBe(m.minimumsUpdated)
    expect(min.body.condicao).toMatchObject({ minimo_valor_centavos: 123456, minimo_quantidade: 12 })
    const number = await t.post('/api/condicoes/updateCondicaoMinimos', { condicao_id: c.id, minimo_valor: 0.29, minimo_quantidade: 0 }, { token: editor.token })
    expect(number.body.condicao).toMatchObject({ minimo_valor_centavos: 29, minimo_quantidade: 0 })
  })

  test('bad input 422 and nothing changes; a stranger 404, a member without the permission 403', async () => {
    const { admin, reader, stranger, org } = await seller()
    const c = await create(admin, org.id, { nome: 'Original' })
    expectValidation(await t.post('/api/condicoes/updateCondicao', { condicao_id: c.id, nome: '', inicio: '2026-12-02', fim: '2026-12-01' }, { token: admin.token }), {
      nome: [m.nomeRequired],
      fim: [m.fimBeforeInicio],
    })
    expectValidation(await t.post('/api/condicoes/updateCondicaoMinimos', { condicao_id: c.id, minimo_valor: '12,345', minimo_quantidade: -1 }, { token: admin.token }), {
      minimo_valor: [m.minimoValorInvalid],
      minimo_quantidade: [m.minimoQuantidadeInvalid],
    })
    expect((await t.post('/api/condicoes/updateCondicao', { condicao_id: c.id, nome: 'Roubada' }, { token: stranger.token })).status).toBe(404)
    expect((await t.post('/api/condicoes/updateCondicaoMinimos', { condicao_id: c.id, minimo_valor: '1,00', minimo_quantidade: 1 }, { token: stranger.token })).status).toBe(404)
    expect((await t.post('/api/condicoes/updateCondicao', { condicao_id: c.id, nome: 'Leitor' }, { token: reader.token })).status).toBe(403)
    expect(await rowOf(c.id)).toMatchObject({ nome: 'Original', minimoValorCentavos: 0, minimoQuantidade: 0 })
  })
})

describe('POST deleteCondicao', () => {
  test('deletes the condition with its lines; a stranger 404 and a member without the permission 403 delete nothing', async () => {
    const { admin, reader, stranger, org } = await seller()
    const c = await create(admin, org.id, { nome: 'Apagar' })
    const [product] = await t.db.insert(products).values({ organizationId: org.id, codigo: 'D1', nome: 'Produto', precoCentavos: 1000 }).returning()
    await t.db.insert(conditionProducts).values({ conditionId: c.id, productId: product.id })
    expect((await t.post('/api/condicoes/deleteCondicao', { condicao_id: c.id }, { token: stranger.token })).status).toBe(404)
    expect((await t.post('/api/condicoes/deleteCondicao', { condicao_id: c.id }, { token: reader.token })).status).toBe(403)
    expect(await rowOf(c.id)).toBeDefined()
    const res = await t.post('/api/condicoes/deleteCondicao', { condicao_id: c.id }, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(m.deleted('Apagar'))
    expect(await rowOf(c.id)).toBeUndefined()
    expect(await t.db.select().from(conditionProducts).where(eq(conditionProducts.conditionId, c.id))).toEqual([])
    expect((await t.db.select().from(products).where(eq(products.id, product.id))).length).toBe(1)
  })

  test('refused with a clear message, nothing deleted, when something refers to it without cascading (the orders)', async () => {
    const { admin, org } = await seller()
    const c = await create(admin, org.id, { nome: 'Com pedidos' })
    // Stands in for the next issue's orders, which reference the condition they were placed under.
    await t.db.execute(sql`create table if not exists test_condition_orders (id serial primary key, condition_id integer references conditions(id) on delete restrict)`)
    await t.db.execute(sql`insert into test_condition_orders (condition_id) values (${c.id})`)
    const res = await t.post('/api/condicoes/deleteCondicao', { condicao_id: c.id }, { token: admin.token })
    expectValidation(res, { condicao_id: [m.inUse('Com pedidos')] })
    expect(await rowOf(c.id)).toBeDefined()
    await t.db.execute(sql`drop table test_condition_orders`)
  })
})

describe('GET changeTableType', () => {
  async function withLines() {
    const s = await seller()
    const c = await create(s.admin, s.org.id, { nome: 'Troca' })
    const prices = [1000, 999, 3000, 500, 0]
    const made = await t.db
      .insert(products)
      .values(prices.map((p, i) => ({ organizationId: s.org.id, codigo: `T${i}-${c.id}`, nome: `Produto ${i}`, precoCentavos: p })))
      .returning()
    const lines = await t.db
      .insert(conditionProducts)
      .values([
        { conditionId: c.id, productId: made[0].id, desconto: '12.5' },
        { conditionId: c.id, productId: made[1].id, desconto: '3.3333' },
        { conditionId: c.id, productId: made[2].id, desconto: '0' },
        { conditionId: c.id, productId: made[3].id, desconto: '10', precoLiquidoCentavos: 999 },
        { conditionId: c.id, productId: made[4].id, desconto: '15' },
      ])
      .returning()
    return { ...s, c, lines }
  }
  const lineRows = async (conditionId: number) => (await t.db.select().from(conditionProducts).where(eq(conditionProducts.conditionId, conditionId))).sort((a, b) => a.id - b.id)

  test('D→L: net = list less the discount, rounded half up once; the discounts stay', async () => {
    const { admin, c } = await withLines()
    const res = await t.get(`/api/condicoes/changeTableType/${c.id}/L`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ linhas: 5, condicao: { tipo_tabela: 'L' }, message: m.tableTypeChanged('L', 5) })
    // 1000 × 0.875 = 875; 999 × 0.966667 = 965.6997 → 966; 3000 × 1 = 3000; 500 × 0.9 = 450; 0 → 0.
    expect((await lineRows(c.id)).map((l) => [l.precoLiquidoCentavos, l.desconto])).toEqual([
      [875, '12.5000'],
      [966, '3.3333'],
      [3000, '0.0000'],
      [450, '10.0000'],
      [0, '15.0000'],
    ])
  })

  test('L→D: discount = 1 − net/list in percent with 4 decimals, 0 when the net is at or above list; a line without a net price keeps its discount', async () => {
    const { admin, c, lines } = await withLines()
    await t.db.update(conditions).set({ tipoTabela: 'L' }).where(eq(conditions.id, c.id))
    const set = async (id: number, net: number | null) => t.db.update(conditionProducts).set({ precoLiquidoCentavos: net }).where(eq(conditionProducts.id, id))
    await set(lines[0].id, 875)
    await set(lines[1].id, null)
    await set(lines[2].id, 1999)
    await set(lines[3].id, 999)
    await set(lines[4].id, 100)
    const res = await t.get(`/api/condicoes/changeTableType/${c.id}/D`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.linhas).toBe(4)
    // 1 − 875/1000 = 12.5%; line 2 kept 3.3333; 1 − 1999/3000 = 33.36666… → 33.3667; 999 > 500 → 0; list 0 → 0.
    expect((await lineRows(c.id)).map((l) => l.desconto)).toEqual(['12.5000', '3.3333', '33.3667', '0.0000', '0.0000'])
    expect((await rowOf(c.id)).tipoTabela).toBe('D')
  })

  test('the same type again 422; a bad type 422; a stranger 404; a member without the permission 403; nothing changes', async () => {
    const { admin, reader, stranger, c } = await withLines()
    expectValidation(await t.get(`/api/condicoes/changeTableType/${c.id}/D`, { token: admin.token }), { tableType: [m.tableTypeSame] })
    expectValidation(await t.get(`/api/condicoes/changeTableType/${c.id}/X`, { token: admin.token }), { tableType: [m.tipoTabelaInvalid] })
    expect((await t.get(`/api/condicoes/changeTableType/${c.id}/L`, { token: stranger.token })).status).toBe(404)
    expect((await t.get(`/api/condicoes/changeTableType/${c.id}/L`, { token: reader.token })).status).toBe(403)
    expect((await rowOf(c.id)).tipoTabela).toBe('D')
    expect((await lineRows(c.id)).every((l) => l.precoLiquidoCentavos === null || l.precoLiquidoCentavos === 999)).toBe(true)
  })
})

describe('GET updateShortViews', () => {
  test('stores the chosen columns in order without repeats; null resets; an unknown column 422', async () => {
    const { admin, stranger, org } = await seller()
    const c = await create(admin, org.id)
    const res = await t.get(`/api/condicoes/updateShortViews/${c.id}/ean,preco_final,desconto,ean`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.condicao.colunas).toEqual(['ean', 'preco_final', 'desconto'])
    expect((await rowOf(c.id)).colunas).toEqual(['ean', 'preco_final', 'desconto'])
    expectValidation(await t.get(`/api/condicoes/updateShortViews/${c.id}/ean,senha`, { token: admin.token }), { views: [m.viewsInvalid('senha')] })
    expect((await t.get(`/api/condicoes/updateShortViews/${c.id}/ean`, { token: stranger.token })).status).toBe(404)
    expect((await rowOf(c.id)).colunas).toEqual(['ean', 'preco_final', 'desconto'])
    expect((await t.get(`/api/condicoes/updateShortViews/${c.id}/null`, { token: admin.token })).body.condicao.colunas).toEqual([])
  })
})

describe('condicoes_restritas in the company profile', () => {
  test('on the Básico plan, the active and visible conditions; 0 on Pro', async () => {
    const basic = await seller('B')
    await create(basic.admin, basic.org.id, { nome: 'Visível' })
    await create(basic.admin, basic.org.id, { nome: 'Oculta', visivel: false })
    const inactive = await create(basic.admin, basic.org.id, { nome: 'Inativa' })
    await t.db.update(conditions).set({ ativo: false }).where(eq(conditions.id, inactive.id))
    await create(basic.admin, basic.org.id, { nome: 'Outra visível' })
    const profile = await t.get(`/api/empresas/profile/${basic.org.id}`, { token: basic.reader.token })
    expect(profile.status, JSON.stringify(profile.body)).toBe(200)
    expect(profile.body.condicoes_restritas).toBe(2)
    const pro = await seller('P')
    await create(pro.admin, pro.org.id)
    expect((await t.get(`/api/empresas/profile/${pro.org.id}`, { token: pro.admin.token })).body.condicoes_restritas).toBe(0)
  })
})
