import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { withEanCheckDigit } from '../../app/domain/catalog/ean.ts'
import { conditionProductsMessages as m } from '../../app/domain/conditions/products-messages.ts'
import { cargoPermissions, cargos, conditionPartners, conditionProducts, conditions, memberships, products } from '../../server/db/schema/index.ts'
import { importsSettled } from '../../server/spreadsheets/jobs.ts'
import { createOrganization, createTestApi, expectPortuguese, fileOf, formOf, newUser, type TestApi } from './harness.ts'
import { readXlsx, xlsxOf } from './spreadsheet-files.ts'

/** The products of a condition: its lines, prices to the centavo, the picker, edits, import and export. */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(async () => {
  await importsSettled()
  await t.close()
})

let eanCounter = 0
// The process's digits only 0–4: an EAN is part of what the search reads, and one whose digits held '750' (a
// process id ending in 750 or 75) made the search for '750' find the Dipirona too.
const processDigits = String(process.pid % 1000).padStart(3, '0').replace(/[5-9]/g, (d) => String(Number(d) - 5))
const ean = () => withEanCheckDigit(`789${processDigits}${String(++eanCounter).padStart(6, '0')}`)

type User = Awaited<ReturnType<typeof newUser>>

/** A seller (admin, a member without 'condicoes', a member with it through a role), an OL invited, a stranger. */
async function world(tipoTabela: 'D' | 'L' = 'D') {
  const admin = await newUser(t, 'Admin Vendedor')
  const plain = await newUser(t, 'Membro sem permissão')
  const editor = await newUser(t, 'Membro com condicoes')
  const olUser = await newUser(t, 'Pessoa do OL')
  const stranger = await newUser(t, 'Estranha')
  const seller = await createOrganization(t, { nome: 'Distribuidora Condição' }, [{ userId: admin.id, isAdmin: true }, { userId: plain.id }])
  const [cargo] = await t.db.insert(cargos).values({ organizationId: seller.id, nome: 'Comercial' }).returning()
  await t.db.insert(cargoPermissions).values({ cargoId: cargo.id, permissao: 'condicoes' })
  await t.db.insert(memberships).values({ organizationId: seller.id, userId: editor.id, cargoId: cargo.id, level: 1, active: true })
  const ol = await createOrganization(t, { nome: 'OL Parceiro' }, [{ userId: olUser.id, isAdmin: true }])
  await createOrganization(t, { nome: 'Outra' }, [{ userId: stranger.id, isAdmin: true }])
  const [condition] = await t.db.insert(conditions).values({ organizationId: seller.id, nome: 'Tabela Sul', tipoTabela }).returning()
  await t.db.insert(conditionPartners).values({ conditionId: condition.id, partnerId: ol.id, status: 'aceito', descontoExtra: '2' })
  const made = await t.db
    .insert(products)
    .values([
      { organizationId: seller.id, ean: ean(), codigo: 'SAB-1', nome: 'Sabão em pó 1 kg', marca: 'Limpa', categoria: 'Limpeza', precoCentavos: 1290 },
      { organizationId: seller.id, ean: ean(), codigo: 'DIP-1', nome: 'Dipirona 500 mg', marca: 'Medley', categoria: 'Analgésicos', precoCentavos: 1001 },
      { organizationId: seller.id, ean: ean(), codigo: 'PAR-1', nome: 'Paracetamol 750 mg', marca: 'Medley', categoria: 'Analgésicos', precoCentavos: 850 },
      { organizationId: seller.id, ean: ean(), codigo: 'XAM-1', nome: 'Xampu neutro', marca: 'Limpa', categoria: 'Higiene', precoCentavos: 2000 },
    ])
    .returning()
  return { admin, plain, editor, olUser, stranger, seller, ol, condition, products: made }
}

type World = Awaited<ReturnType<typeof world>>

const lines = (w: World, user: User, path = 'todos/null/null', org = w.seller.id, query = '') =>
  t.get(`/api/condicoes/restoreCondicaoProdutos/${org}/${w.condition.id}/20/${path}${query}`, { token: user.token })

const linesOf = (conditionId: number) => t.db.select().from(conditionProducts).where(eq(conditionProducts.conditionId, conditionId))

async function download(url: string, token: string) {
  const res = await t.api.fetch(new Request(`http://api.test${url}`, { headers: { authorization: `Bearer ${token}` } }), { clientIp: '203.0.113.9' })
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) }
}

async function upload(token: string, conditionId: number, bytes: Buffer) {
  return t.postForm('/api/condicoes/importCondicaoList', formOf({ condicao_id: String(conditionId), arquivo: fileOf(bytes, 'condicao.xlsx') }), { token })
}

async function job(token: string, orgId: number, id: number) {
  await importsSettled()
  return (await t.get(`/api/importacoes/${orgId}/${id}`, { token })).body
}

describe('restoreCondicaoProdutos', () => {
  test('the seller sees each line with its product and the price computed to the centavo (table D, half up once)', async () => {
    const w = await world()
    const [sabao, dipirona] = w.products
    const add = await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [sabao.id], desconto: '12,5' }, { token: w.admin.token })
    expect(add.status, JSON.stringify(add.body)).toBe(200)
    expect(add.body).toMatchObject({ criadas: 1, existentes: 0 })
    await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [dipirona.id], desconto: 50 }, { token: w.admin.token })
    const res = await lines(w, w.admin)
    expect(res.status).toBe(200)
    expect(res.body.pode_alterar).toBe(true)
    expect(res.body.tipo_tabela).toBe('D')
    expect(res.body.produtos.total).toBe(2)
    const byName = Object.fromEntries(res.body.produtos.data.map((l: { nome: string }) => [l.nome, l]))
    // 12,90 × 0,875 = 11,2875 → R$ 11,29; 10,01 × 0,5 = 5,005 → R$ 5,01.
    expect(byName['Sabão em pó 1 kg']).toMatchObject({ id: sabao.id, preco_lista_centavos: 1290, desconto: '12.5000', preco_final_centavos: 1129, qtd_min: 1, multiplo: 1, ativo: true })
    expect(byName['Dipirona 500 mg']).toMatchObject({ preco_lista_centavos: 1001, desconto: '50.0000', preco_final_centavos: 501 })
  })

  test('an invited OL sees the final price less its own extra discount; a stranger and the wrong acting company get 404', async () => {
    const w = await world()
    await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [w.products[0].id], desconto: '12,5' }, { token: w.admin.token })
    const res = await lines(w, w.olUser, 'todos/null/null', w.ol.id)
    expect(res.status).toBe(200)
    // 12,90 × 0,875 × 0,98 = 11,06175 → R$ 11,06, rounded once.
    expect(res.body.produtos.data[0].preco_final_centavos).toBe(1106)
    expect(res.body).toMatchObject({ desconto_extra: '2.0000', pode_alterar: false })
    expect((await lines(w, w.olUser)).status).toBe(404)
    expect((await lines(w, w.stranger)).status).toBe(404)
    const otherOrg = await lines(w, w.stranger, 'todos/null/null', w.ol.id)
    expect(otherOrg.status).toBe(404)
    expectPortuguese(otherOrg)
  })

  test("table L: the net price, and for the OL less its extra discount", async () => {
    const w = await world('L')
    const add = await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [w.products[1].id], preco: '10,99' }, { token: w.admin.token })
    expect(add.status, JSON.stringify(add.body)).toBe(200)
    expect((await lines(w, w.admin)).body.produtos.data[0]).toMatchObject({ preco_liquido_centavos: 1099, preco_final_centavos: 1099 })
    // 10,99 × 0,98 = 10,7702 → R$ 10,77.
    expect((await lines(w, w.olUser, 'todos/null/null', w.ol.id)).body.produtos.data[0].preco_final_centavos).toBe(1077)
    // A line added without a net price has none to show.
    await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [w.products[2].id] }, { token: w.admin.token })
    const par = (await lines(w, w.admin, 'todos/null/paracetamol')).body.produtos.data[0]
    expect(par).toMatchObject({ preco_liquido_centavos: null, preco_final_centavos: null })
  })

  test('search without accents, filters by brand, category and flags, pagination and the literal null segments', async () => {
    const w = await world()
    await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: w.products.map((p) => p.id) }, { token: w.admin.token })
    await t.post('/api/condicoes/updateCondicaoProdutos', { condicao_id: w.condition.id, ids: [w.products[3].id], ativo: false }, { token: w.admin.token })
    const names = (res: { body: { produtos: { data: { nome: string }[] } } }) => res.body.produtos.data.map((l) => l.nome)
    expect(names(await lines(w, w.admin, 'todos/null/SABAO'))).toEqual(['Sabão em pó 1 kg'])
    expect(names(await lines(w, w.admin, 'marca/Medley/null'))).toEqual(['Dipirona 500 mg', 'Paracetamol 750 mg'])
    expect(names(await lines(w, w.admin, 'categoria/Higiene/null'))).toEqual(['Xampu neutro'])
    expect(names(await lines(w, w.admin, 'ativo/0/null'))).toEqual(['Xampu neutro'])
    expect((await lines(w, w.admin, 'ativo/1/null')).body.produtos.total).toBe(3)
    expect(names(await lines(w, w.admin, 'marca/Medley/750'))).toEqual(['Paracetamol 750 mg'])
    const page2 = await t.get(`/api/condicoes/restoreCondicaoProdutos/${w.seller.id}/${w.condition.id}/3/null/null/null?page=2`, { token: w.admin.token })
    expect(page2.body.produtos).toMatchObject({ total: 4, current_page: 2, last_page: 2, per_page: 3 })
    expect(names(page2)).toEqual(['Xampu neutro'])
  })

  test('bad path values are 422 in Portuguese', async () => {
    const w = await world()
    for (const path of [`101/todos/null/null`, `0/todos/null/null`, `20/preco/null/null`, `20/ativo/talvez/null`]) {
      const res = await t.get(`/api/condicoes/restoreCondicaoProdutos/${w.seller.id}/${w.condition.id}/${path}`, { token: w.admin.token })
      expect(res.status, path).toBe(422)
      expectPortuguese(res)
    }
  })
})

describe('restoreProdutos (the catalogue to pick from)', () => {
  test('marks the products already in the condition and filters out, in and by brand, ordered', async () => {
    const w = await world()
    await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [w.products[0].id] }, { token: w.admin.token })
    const pick = (path: string) => t.get(`/api/condicoes/restoreProdutos/${w.condition.id}/20/${path}`, { token: w.admin.token })
    const all = await pick('null/todos/todos/nome/asc/C')
    expect(all.status).toBe(200)
    expect(all.body.produtos.data.map((p: { nome: string; na_condicao: boolean }) => [p.nome, p.na_condicao])).toEqual([
      ['Dipirona 500 mg', false],
      ['Paracetamol 750 mg', false],
      ['Sabão em pó 1 kg', true],
      ['Xampu neutro', false],
    ])
    expect((await pick('null/fora/todos/preco/desc/C')).body.produtos.data.map((p: { preco_centavos: number }) => p.preco_centavos)).toEqual([2000, 1001, 850])
    expect((await pick('null/dentro/todos/nome/asc/C')).body.produtos.total).toBe(1)
    expect((await pick('null/todos/marca:Medley/nome/asc/C')).body.produtos.total).toBe(2)
    expect((await pick('dipi/todos/todos/nome/asc/C')).body.produtos.data[0].nome).toBe('Dipirona 500 mg')
    const other = await pick('null/todos/todos/nome/asc/O')
    expect(other.status).toBe(422)
    expect(other.body.errors.partnerType[0]).toBe(m.partnerTypeInvalid)
    expect((await t.get(`/api/condicoes/restoreProdutos/${w.condition.id}/20/null/todos/todos/nome/asc/C`, { token: w.olUser.token })).status).toBe(404)
  })
})

describe('importCondicao, updateCondicaoProdutos, deleteCondicaoProdutos', () => {
  test('adding keeps existing lines as they are; another seller\'s product refuses all; permissions', async () => {
    const w = await world()
    const [a, b] = w.products
    await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [a.id], desconto: '5' }, { token: w.admin.token })
    const again = await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [a.id, b.id], desconto: '9' }, { token: w.editor.token })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ criadas: 1, existentes: 1 })
    const stored = await linesOf(w.condition.id)
    expect(stored.find((l) => l.productId === a.id)!.desconto).toBe('5.0000')
    expect(stored.find((l) => l.productId === b.id)!.desconto).toBe('9.0000')

    const other = await world()
    const foreign = await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [w.products[2].id, other.products[0].id] }, { token: w.admin.token })
    expect(foreign.status).toBe(422)
    expect(foreign.body.errors.produtos[0]).toBe(m.productsNotInCatalog)
    expect(await linesOf(w.condition.id)).toHaveLength(2)

    const forbidden = await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [w.products[2].id] }, { token: w.plain.token })
    expect(forbidden.status).toBe(403)
    expectPortuguese(forbidden)
    expect((await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [w.products[2].id] }, { token: w.olUser.token })).status).toBe(404)
    expect((await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [w.products[2].id] }, { token: w.stranger.token })).status).toBe(404)
    const wrongTable = await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [w.products[2].id], preco: '1,00' }, { token: w.admin.token })
    expect(wrongTable.status).toBe(422)
    expect(wrongTable.body.errors.preco[0]).toBe(m.precoOnlyL)
    const badDiscount = await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [w.products[2].id], desconto: '100,5' }, { token: w.admin.token })
    expect(badDiscount.status).toBe(422)
    expect(await linesOf(w.condition.id)).toHaveLength(2)
  })

  test('bulk edit sets only what it is sent, checks each line\'s quantities, and refuses lines not in the condition', async () => {
    const w = await world()
    const [a, b, c] = w.products
    await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [a.id, b.id] }, { token: w.admin.token })
    const res = await t.post('/api/condicoes/updateCondicaoProdutos', { condicao_id: w.condition.id, ids: [a.id, b.id], desconto: '7,25', multiplo: 6, qtd_min: 12, qtd_max: 120, imposto: true }, { token: w.editor.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.atualizados).toBe(2)
    const listed = (await lines(w, w.admin)).body.produtos.data
    // 12,90 × 0,9275 = 11,96475 → R$ 11,96; 10,01 × 0,9275 = 9,284275 → R$ 9,28.
    expect(listed.map((l: { preco_final_centavos: number }) => l.preco_final_centavos)).toEqual([928, 1196])
    expect(listed[0]).toMatchObject({ desconto: '7.2500', qtd_min: 12, qtd_max: 120, multiplo: 6, imposto: true, ativo: true })

    const before = await linesOf(w.condition.id)
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ qtd_max: 6 }, 'qtd_max', m.qtdMaxBelowMin],
      [{ multiplo: 5 }, 'qtd_min', m.qtdNotMultiple('A quantidade mínima')],
      [{ qtd_min: 0 }, 'qtd_min', m.qtdInvalid],
      [{ preco_liquido: '3,00' }, 'preco_liquido', m.precoOnlyL],
      [{}, 'body', m.bulkNothing],
    ]
    for (const [change, field, message] of refusals) {
      const refused = await t.post('/api/condicoes/updateCondicaoProdutos', { condicao_id: w.condition.id, ids: [a.id, b.id], ...change }, { token: w.admin.token })
      expect(refused.status, JSON.stringify(change)).toBe(422)
      expect(refused.body.errors[field]?.[0], JSON.stringify(refused.body)).toBe(message)
    }
    const notIn = await t.post('/api/condicoes/updateCondicaoProdutos', { condicao_id: w.condition.id, ids: [a.id, c.id], ativo: false }, { token: w.admin.token })
    expect(notIn.status).toBe(422)
    expect(notIn.body.errors.ids[0]).toBe(m.linesNotInCondition)
    expect(await linesOf(w.condition.id)).toEqual(before)
    expect((await t.post('/api/condicoes/updateCondicaoProdutos', { condicao_id: w.condition.id, ids: [a.id], ativo: false }, { token: w.plain.token })).status).toBe(403)
    expect((await t.post('/api/condicoes/updateCondicaoProdutos', { condicao_id: w.condition.id, ids: [a.id], ativo: false }, { token: w.olUser.token })).status).toBe(404)
  })

  test('removing takes lines out of the condition, never the product', async () => {
    const w = await world()
    const [a, b] = w.products
    await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [a.id, b.id] }, { token: w.admin.token })
    expect((await t.post('/api/condicoes/deleteCondicaoProdutos', { condicao_id: w.condition.id, ids: [a.id] }, { token: w.plain.token })).status).toBe(403)
    const res = await t.post('/api/condicoes/deleteCondicaoProdutos', { condicao_id: w.condition.id, ids: [a.id] }, { token: w.admin.token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ removidos: 1, message: m.removed(1) })
    expect((await linesOf(w.condition.id)).map((l) => l.productId)).toEqual([b.id])
    expect(await t.db.select().from(products).where(eq(products.id, a.id))).toHaveLength(1)
    expect((await t.post('/api/condicoes/deleteCondicaoProdutos', { condicao_id: w.condition.id, ids: [a.id] }, { token: w.admin.token })).status).toBe(422)
  })
})

const HEADER = ['EAN', 'Código', 'Nome', 'Preço de tabela', 'Desconto (%)', 'Qtd mínima', 'Qtd máxima', 'Múltiplo', 'Imposto', 'Ativo']

describe('importCondicaoList, importSemCadastro, exportCondicao', () => {
  test('imports lines all or nothing, with a Portuguese report; a re-import updates the lines', async () => {
    const w = await world()
    const [a, b] = w.products
    const bad = await upload(w.admin.token, w.condition.id, await xlsxOf([HEADER, [a.ean, null, null, null, 10, 2, null, 2, 'Não', 'Sim'], [b.ean, null, null, null, 'muito', 5, 4, 1, null, null]]))
    expect(bad.status, JSON.stringify(bad.body)).toBe(202)
    const refused = await job(w.admin.token, w.seller.id, bad.body.importacao.id)
    expect(refused.status).toBe('recusada')
    expect(refused.erros.data.map((e: { linha: number; coluna: string; motivo: string }) => [e.linha, e.coluna, e.motivo])).toEqual([[3, 'Desconto (%)', m.descontoInvalid]])
    expect(await linesOf(w.condition.id)).toHaveLength(0)

    const qty = await upload(w.admin.token, w.condition.id, await xlsxOf([HEADER, [a.ean, null, null, null, 10, 2, null, 2, 'Não', 'Sim'], [null, 'DIP-1', null, null, 5, 5, 4, 1, null, null]]))
    const qtyJob = await job(w.admin.token, w.seller.id, qty.body.importacao.id)
    expect(qtyJob.status).toBe('recusada')
    expect(qtyJob.erros.data[0]).toMatchObject({ linha: 3, coluna: 'Qtd máxima', motivo: m.qtdMaxBelowMin })
    expect(await linesOf(w.condition.id)).toHaveLength(0)

    const good = await upload(w.admin.token, w.condition.id, await xlsxOf([HEADER, [a.ean, null, null, null, 10, 2, null, 2, 'Não', 'Sim'], [null, 'DIP-1', null, null, '12,5', 5, 10, 1, 'Sim', null]]))
    const done = await job(w.admin.token, w.seller.id, good.body.importacao.id)
    expect(done).toMatchObject({ status: 'concluida', criadas: 2, atualizadas: 0 })
    const again = await upload(w.admin.token, w.condition.id, await xlsxOf([['Código', 'Desconto (%)'], ['SAB-1', 20]]))
    expect(await job(w.admin.token, w.seller.id, again.body.importacao.id)).toMatchObject({ status: 'concluida', criadas: 0, atualizadas: 1 })
    const stored = await linesOf(w.condition.id)
    expect(stored).toHaveLength(2)
    expect(stored.find((l) => l.productId === a.id)).toMatchObject({ desconto: '20.0000', qtdMin: 2, multiplo: 2, imposto: false })
    expect(stored.find((l) => l.productId === b.id)).toMatchObject({ desconto: '12.5000', qtdMin: 5, qtdMax: 10, imposto: true })

    const forbidden = await upload(w.plain.token, w.condition.id, await xlsxOf([HEADER]))
    expect(forbidden.status).toBe(403)
    expect((await upload(w.olUser.token, w.condition.id, await xlsxOf([HEADER]))).status).toBe(404)
  })

  test("'sem cadastro': a file refused only for products missing from the catalogue is run again creating them, in one transaction", async () => {
    const w = await world()
    const newEan = ean()
    const rows = [HEADER, [w.products[0].ean, null, null, null, 10, 1, null, 1, null, null], [newEan, 'NOVO-1', 'Álcool 70% 1 L', '9,90', 15, 1, null, 1, null, null]]
    const first = await upload(w.admin.token, w.condition.id, await xlsxOf(rows))
    const refused = await job(w.admin.token, w.seller.id, first.body.importacao.id)
    expect(refused.status).toBe('recusada')
    expect(refused.erros.data).toEqual([{ linha: 3, coluna: 'EAN', valor: newEan, motivo: m.notInCatalog }])
    expect(await linesOf(w.condition.id)).toHaveLength(0)

    expect((await t.get(`/api/condicoes/importSemCadastro/${first.body.importacao.id}`, { token: w.editor.token })).status).toBe(403)
    expect((await t.get(`/api/condicoes/importSemCadastro/${first.body.importacao.id}`, { token: w.stranger.token })).status).toBe(404)
    const rerun = await t.get(`/api/condicoes/importSemCadastro/${first.body.importacao.id}`, { token: w.admin.token })
    expect(rerun.status, JSON.stringify(rerun.body)).toBe(202)
    expect(await job(w.admin.token, w.seller.id, first.body.importacao.id)).toMatchObject({ status: 'concluida', criadas: 2 })
    const [created] = await t.db.select().from(products).where(and(eq(products.organizationId, w.seller.id), eq(products.codigo, 'NOVO-1')))
    expect(created).toMatchObject({ ean: newEan, nome: 'Álcool 70% 1 L', precoCentavos: 990 })
    expect((await linesOf(w.condition.id)).find((l) => l.productId === created.id)!.desconto).toBe('15.0000')
    // Done once: the file is gone, a second call has nothing to run.
    expect((await t.get(`/api/condicoes/importSemCadastro/${first.body.importacao.id}`, { token: w.admin.token })).status).toBe(409)
  })

  test("'sem cadastro' is refused for a file with other problems, and a missing product without name or price refuses everything", async () => {
    const w = await world()
    const mixed = await upload(w.admin.token, w.condition.id, await xlsxOf([HEADER, [ean(), null, 'Novo', '1,00', 'x', 1, null, 1, null, null]]))
    expect((await job(w.admin.token, w.seller.id, mixed.body.importacao.id)).status).toBe('recusada')
    expect((await t.get(`/api/condicoes/importSemCadastro/${mixed.body.importacao.id}`, { token: w.admin.token })).status).toBe(409)

    const incomplete = await upload(w.admin.token, w.condition.id, await xlsxOf([HEADER, [ean(), null, 'Com preço', '2,00', 5, 1, null, 1, null, null], [ean(), null, null, null, 5, 1, null, 1, null, null]]))
    await job(w.admin.token, w.seller.id, incomplete.body.importacao.id)
    expect((await t.get(`/api/condicoes/importSemCadastro/${incomplete.body.importacao.id}`, { token: w.admin.token })).status).toBe(202)
    const after = await job(w.admin.token, w.seller.id, incomplete.body.importacao.id)
    expect(after.status).toBe('recusada')
    expect(after.erros.data.map((e: { linha: number; coluna: string; motivo: string }) => [e.linha, e.coluna, e.motivo])).toEqual([
      [3, 'Nome', m.newProductNeeds('Nome')],
      [3, 'Preço de tabela', m.newProductNeeds('Preço de tabela')],
    ])
    expect(await t.db.select().from(products).where(eq(products.nome, 'Com preço'))).toHaveLength(0)
    expect(await linesOf(w.condition.id)).toHaveLength(0)
  })

  test('the export holds the lines with list, net and final prices as real numbers, and imports back unchanged', async () => {
    const w = await world()
    const [a, b] = w.products
    await t.post('/api/condicoes/importCondicao', { condicao_id: w.condition.id, produtos: [a.id, b.id], desconto: '12,5' }, { token: w.admin.token })
    await t.post('/api/condicoes/updateCondicaoProdutos', { condicao_id: w.condition.id, ids: [b.id], qtd_max: 30, imposto: true }, { token: w.admin.token })
    const res = await download(`/api/condicoes/exportCondicao/${w.condition.id}`, w.admin.token)
    expect(res.status).toBe(200)
    const sheet = await readXlsx(res.bytes)
    const rows: unknown[][] = []
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    expect(rows[0]).toEqual(['EAN', 'Código', 'Nome', 'Marca', 'Categoria', 'Preço de tabela', 'Desconto (%)', 'Preço líquido', 'Qtd mínima', 'Qtd máxima', 'Múltiplo', 'Imposto', 'Ativo', 'Preço final'])
    expect(rows[1]).toEqual([b.ean, 'DIP-1', 'Dipirona 500 mg', 'Medley', 'Analgésicos', 10.01, 12.5, undefined, 1, 30, 1, 'Sim', 'Sim', 8.76])
    expect(rows[2]).toEqual([a.ean, 'SAB-1', 'Sabão em pó 1 kg', 'Limpa', 'Limpeza', 12.9, 12.5, undefined, 1, undefined, 1, 'Não', 'Sim', 11.29])
    expect(sheet.getColumn(14).numFmt ?? sheet.getCell('N2').numFmt).toContain('R$')
    // The discount shows its four places (33,3333 %), not two.
    expect(sheet.getColumn(7).numFmt ?? sheet.getCell('G2').numFmt).toBe('#,##0.00##')
    const before = await linesOf(w.condition.id)
    const back = await upload(w.admin.token, w.condition.id, res.bytes)
    expect(await job(w.admin.token, w.seller.id, back.body.importacao.id)).toMatchObject({ status: 'concluida', criadas: 0, atualizadas: 0, linhas_lidas: 2 })
    expect((await linesOf(w.condition.id)).map(({ updatedAt: _u, ...l }) => l)).toEqual(before.map(({ updatedAt: _u, ...l }) => l))
    expect((await download(`/api/condicoes/exportCondicao/${w.condition.id}`, w.olUser.token)).status).toBe(404)
    expect((await download(`/api/condicoes/exportCondicao/${w.condition.id}`, w.stranger.token)).status).toBe(404)
  })
})
