import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { withEanCheckDigit } from '../../app/domain/catalog/ean.ts'
import { catalogMessages as m } from '../../app/domain/catalog/messages.ts'
import { cargoPermissions, cargos, memberships, products } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, expectValidation, fileOf, formOf, newUser, tinyGif, tinyPng, tinyWebp, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const NOT_A_MEMBER = 'Você não tem acesso a esta organização.'
const NOT_PERMITTED = 'Você não tem permissão para esta ação.'

type User = Awaited<ReturnType<typeof newUser>>

let eanCounter = 100_000
/** A fresh valid EAN-13. */
const nextEan = () => withEanCheckDigit(`789${String(++eanCounter).padStart(9, '0')}`)

/** A seller with its admin, a member whose role grants 'produtos', a member whose role only reads them ('produtos_ver'), and an outsider of another seller. */
async function seller() {
  const admin = await newUser(t, 'Admin Vendedor')
  const editor = await newUser(t, 'Editor')
  const reader = await newUser(t, 'Leitor')
  const outsider = await newUser(t, 'Outra Empresa')
  const org = await createOrganization(t, { nome: 'Distribuidora Teste' }, [{ userId: admin.id, isAdmin: true }])
  const other = await createOrganization(t, { nome: 'Concorrente' }, [{ userId: outsider.id, isAdmin: true }])
  const [cargo] = await t.db.insert(cargos).values({ organizationId: org.id, nome: 'Cadastro' }).returning()
  const [consulta] = await t.db.insert(cargos).values({ organizationId: org.id, nome: 'Consulta' }).returning()
  await t.db.insert(cargoPermissions).values([
    { cargoId: cargo.id, permissao: 'produtos' },
    { cargoId: consulta.id, permissao: 'produtos_ver' },
  ])
  await t.db.insert(memberships).values([
    { organizationId: org.id, userId: editor.id, cargoId: cargo.id },
    { organizationId: org.id, userId: reader.id, cargoId: consulta.id },
  ])
  return { admin, editor, reader, outsider, org, other }
}

const body = (orgId: number, extra: Record<string, unknown> = {}) => ({
  organizacao_id: orgId,
  ean: nextEan(),
  codigo: null,
  nome: 'Sabão em Pó Limpeza Total 1 kg',
  marca: 'Limpol',
  categoria: 'Higiene e Limpeza',
  ncm: '3401.11.90',
  preco: '1.234,56',
  unidade: 'cx',
  embalagem: '12',
  ...extra,
})

async function create(user: User, orgId: number, extra: Record<string, unknown> = {}) {
  const res = await t.post('/api/condicoes/createProduct', body(orgId, extra), { token: user.token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.produto
}

const rowOf = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]

describe('POST api/condicoes/createProduct', () => {
  test('stores the product with the price in centavos, the NCM digits and the unit upper-cased', async () => {
    const { admin, org } = await seller()
    const res = await t.post('/api/condicoes/createProduct', body(org.id, { ean: '7891000100103' }), { token: admin.token })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(m.created)
    expect(res.body.produto).toMatchObject({
      organizacao_id: org.id,
      ean: '7891000100103',
      nome: 'Sabão em Pó Limpeza Total 1 kg',
      ncm: '34011190',
      preco_centavos: 123456,
      unidade: 'CX',
      embalagem: 12,
      ativo: true,
      imposto: false,
      imagem: null,
    })
    expect((await rowOf(res.body.produto.id)).precoCentavos).toBe(123456)
  })

  test('accepts a JSON number of reais, an EAN-8 (kept as GTIN-13) and a product with only a code', async () => {
    const { admin, org } = await seller()
    const a = await create(admin, org.id, { preco: 0.29, ean: '96385074' })
    expect(a.preco_centavos).toBe(29)
    expect(a.ean).toBe('0000096385074')
    const b = await create(admin, org.id, { ean: null, codigo: 'INT-1', preco: '0,01' })
    expect(b).toMatchObject({ ean: null, codigo: 'INT-1', preco_centavos: 1 })
  })

  test('refuses a wrong check digit, a bad NCM, a bad price, and a product without EAN nor code', async () => {
    const { admin, org } = await seller()
    expectValidation(await t.post('/api/condicoes/createProduct', body(org.id, { ean: '7891000100104' }), { token: admin.token }), { ean: [m.eanCheckDigit] })
    expectValidation(await t.post('/api/condicoes/createProduct', body(org.id, { ncm: '3401.11' }), { token: admin.token }), { ncm: [m.ncmInvalid] })
    expectValidation(await t.post('/api/condicoes/createProduct', body(org.id, { preco: '12.34' }), { token: admin.token }), { preco: [m.precoInvalid] })
    expectValidation(await t.post('/api/condicoes/createProduct', body(org.id, { preco: '' }), { token: admin.token }), { preco: [m.precoRequired] })
    expectValidation(await t.post('/api/condicoes/createProduct', body(org.id, { ean: '', codigo: '' }), { token: admin.token }), {
      ean: [m.identifierRequired],
      codigo: [m.identifierRequired],
    })
    expect(await t.db.select().from(products).where(eq(products.organizationId, org.id))).toEqual([])
  })

  test('refuses the same EAN or code twice in one seller (422 on the field), but another seller may use them', async () => {
    const { admin, org, outsider, other } = await seller()
    const ean = nextEan()
    await create(admin, org.id, { ean, codigo: 'X-1' })
    expectValidation(await t.post('/api/condicoes/createProduct', body(org.id, { ean }), { token: admin.token }), { ean: [m.eanTaken] })
    expectValidation(await t.post('/api/condicoes/createProduct', body(org.id, { codigo: 'X-1' }), { token: admin.token }), { codigo: [m.codigoTaken] })
    await create(outsider, other.id, { ean, codigo: 'X-1' })
  })

  test('a member without "produtos" gets 403, a member of another organization 403, and nothing is stored', async () => {
    const { reader, outsider, editor, org } = await seller()
    for (const user of [reader, outsider]) {
      const res = await t.post('/api/condicoes/createProduct', body(org.id), { token: user.token })
      expect(res.status).toBe(403)
      expect(res.body.message).toBe(user === reader ? NOT_PERMITTED : NOT_A_MEMBER)
    }
    expect(await t.db.select().from(products).where(eq(products.organizationId, org.id))).toEqual([])
    await create(editor, org.id)
  })
})

describe('POST api/condicoes/updateProdutos', () => {
  test('replaces the fields; ativo and imposto only when sent', async () => {
    const { editor, org } = await seller()
    const p = await create(editor, org.id, { imposto: true })
    const res = await t.post(
      '/api/condicoes/updateProdutos',
      { organizacao_id: org.id, produto_id: p.id, ean: p.ean, nome: 'Sabão Líquido 2 L', preco: '45,9', marca: '', ncm: '34011190' },
      { token: editor.token },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.produto).toMatchObject({ nome: 'Sabão Líquido 2 L', preco_centavos: 4590, marca: null, categoria: null, imposto: true, ativo: true, unidade: 'UN', embalagem: 1 })
  })

  test('refuses an EAN of another product of the seller', async () => {
    const { admin, org } = await seller()
    const a = await create(admin, org.id)
    const b = await create(admin, org.id)
    expectValidation(await t.post('/api/condicoes/updateProdutos', { ...body(org.id), produto_id: b.id, ean: a.ean }, { token: admin.token }), { ean: [m.eanTaken] })
    // Its own EAN is not a duplicate.
    expect((await t.post('/api/condicoes/updateProdutos', { ...body(org.id), produto_id: b.id, ean: b.ean }, { token: admin.token })).status).toBe(200)
  })

  test('another organization’s product is 404 through one’s own organization, 403 through theirs; nothing changes', async () => {
    const { admin, org, outsider, other, reader } = await seller()
    const mine = await create(admin, org.id)
    const theirs = await create(outsider, other.id)
    const r1 = await t.post('/api/condicoes/updateProdutos', { ...body(org.id), produto_id: theirs.id }, { token: admin.token })
    expect(r1.status).toBe(404)
    const r2 = await t.post('/api/condicoes/updateProdutos', { ...body(org.id), produto_id: mine.id }, { token: outsider.token })
    expect(r2.status).toBe(403)
    const r3 = await t.post('/api/condicoes/updateProdutos', { ...body(org.id), produto_id: mine.id }, { token: reader.token })
    expect(r3.status).toBe(403)
    expect((await rowOf(theirs.id)).nome).toBe(theirs.nome)
    expect((await rowOf(mine.id)).ean).toBe(mine.ean)
  })
})

describe('GET updateProdutoAtivo and updateProdutoImposto', () => {
  test('?valor sets the value (repeating changes nothing); without it the flag is inverted', async () => {
    const { editor, org } = await seller()
    const p = await create(editor, org.id)
    const url = (what: string, q = '') => `/api/condicoes/${what}/${org.id}/${p.id}${q}`
    let res = await t.get(url('updateProdutoAtivo', '?valor=0'), { token: editor.token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ message: m.deactivated, produto: { ativo: false } })
    res = await t.get(url('updateProdutoAtivo', '?valor=0'), { token: editor.token })
    expect(res.body.produto.ativo).toBe(false)
    res = await t.get(url('updateProdutoAtivo'), { token: editor.token })
    expect(res.body).toMatchObject({ message: m.activated, produto: { ativo: true } })
    res = await t.get(url('updateProdutoImposto', '?valor=1'), { token: editor.token })
    expect(res.body).toMatchObject({ message: m.taxOn, produto: { imposto: true } })
    res = await t.get(url('updateProdutoImposto'), { token: editor.token })
    expect(res.body.produto.imposto).toBe(false)
    expectValidation(await t.get(url('updateProdutoImposto', '?valor=2'), { token: editor.token }), { valor: [m.valorInvalid] })
  })

  test('permission and isolation: reader 403, outsider 403, another seller’s product 404; nothing changes', async () => {
    const { admin, reader, outsider, org, other } = await seller()
    const p = await create(admin, org.id)
    const theirs = await create(outsider, other.id)
    for (const what of ['updateProdutoAtivo', 'updateProdutoImposto']) {
      expect((await t.get(`/api/condicoes/${what}/${org.id}/${p.id}?valor=0`, { token: reader.token })).status).toBe(403)
      expect((await t.get(`/api/condicoes/${what}/${org.id}/${p.id}?valor=0`, { token: outsider.token })).status).toBe(403)
      expect((await t.get(`/api/condicoes/${what}/${org.id}/${theirs.id}?valor=1`, { token: admin.token })).status).toBe(404)
      expect((await t.get(`/api/condicoes/${what}/${other.id}/${theirs.id}?valor=1`, { token: admin.token })).status).toBe(403)
    }
    expect(await rowOf(p.id)).toMatchObject({ ativo: true, imposto: false })
    expect(await rowOf(theirs.id)).toMatchObject({ ativo: true, imposto: false })
  })
})

describe('POST api/condicoes/updateProdutosList', () => {
  test('changes the flags, brand and category of every listed product', async () => {
    const { editor, org } = await seller()
    const a = await create(editor, org.id)
    const b = await create(editor, org.id)
    const untouched = await create(editor, org.id)
    const res = await t.post('/api/condicoes/updateProdutosList', { organizacao_id: org.id, ids: [a.id, b.id, a.id], ativo: false, imposto: '1', marca: 'Nova Marca' }, { token: editor.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({ message: m.bulkUpdated(2), atualizados: 2 })
    for (const id of [a.id, b.id]) expect(await rowOf(id)).toMatchObject({ ativo: false, imposto: true, marca: 'Nova Marca', categoria: 'Higiene e Limpeza' })
    expect(await rowOf(untouched.id)).toMatchObject({ ativo: true, imposto: false, marca: 'Limpol' })
    const cleared = await t.post('/api/condicoes/updateProdutosList', { organizacao_id: org.id, ids: [a.id], categoria: null }, { token: editor.token })
    expect(cleared.status).toBe(200)
    expect((await rowOf(a.id)).categoria).toBeNull()
  })

  test('nothing to change, an empty list, and a list with another seller’s product are refused; nothing changes', async () => {
    const { admin, org, outsider, other, reader } = await seller()
    const a = await create(admin, org.id)
    const theirs = await create(outsider, other.id)
    expectValidation(await t.post('/api/condicoes/updateProdutosList', { organizacao_id: org.id, ids: [a.id] }, { token: admin.token }), { body: [m.bulkNothing] })
    expectValidation(await t.post('/api/condicoes/updateProdutosList', { organizacao_id: org.id, ids: [], ativo: false }, { token: admin.token }), { ids: [m.idsRequired] })
    expect((await t.post('/api/condicoes/updateProdutosList', { organizacao_id: org.id, ids: [a.id, theirs.id], ativo: false }, { token: admin.token })).status).toBe(404)
    expect((await t.post('/api/condicoes/updateProdutosList', { organizacao_id: org.id, ids: [a.id], ativo: false }, { token: reader.token })).status).toBe(403)
    expect((await t.post('/api/condicoes/updateProdutosList', { organizacao_id: org.id, ids: [a.id], ativo: false }, { token: outsider.token })).status).toBe(403)
    expect((await rowOf(a.id)).ativo).toBe(true)
    expect((await rowOf(theirs.id)).ativo).toBe(true)
  })
})

describe('POST api/condicoes/deleteProdutos', () => {
  test('deletes one or many', async () => {
    const { editor, org } = await seller()
    const a = await create(editor, org.id)
    const b = await create(editor, org.id)
    const c = await create(editor, org.id)
    let res = await t.post('/api/condicoes/deleteProdutos', { organizacao_id: org.id, ids: [a.id] }, { token: editor.token })
    expect(res.body).toEqual({ message: m.deleted(1), excluidos: 1 })
    res = await t.post('/api/condicoes/deleteProdutos', { organizacao_id: org.id, ids: [b.id, c.id] }, { token: editor.token })
    expect(res.body).toEqual({ message: m.deleted(2), excluidos: 2 })
    expect(await t.db.select().from(products).where(eq(products.organizationId, org.id))).toEqual([])
  })

  test('is refused with a clear message, deleting nothing, when something refers to a product', async () => {
    const { admin, org } = await seller()
    const free = await create(admin, org.id)
    const used = await create(admin, org.id, { nome: 'Dipirona 500 mg' })
    // Stands for the order lines and condition products , which refer to products the same way.
    await t.db.execute(sql`create table if not exists scratch_order_lines (id serial primary key, product_id integer not null references products(id) on delete restrict)`)
    await t.db.execute(sql`insert into scratch_order_lines (product_id) values (${used.id})`)
    const res = await t.post('/api/condicoes/deleteProdutos', { organizacao_id: org.id, ids: [free.id, used.id] }, { token: admin.token })
    expectValidation(res, { ids: [m.inUse('Dipirona 500 mg')] })
    expect(await rowOf(free.id)).toBeTruthy()
    expect(await rowOf(used.id)).toBeTruthy()
    // Deactivating is the way out.
    expect((await t.get(`/api/condicoes/updateProdutoAtivo/${org.id}/${used.id}?valor=0`, { token: admin.token })).body.produto.ativo).toBe(false)
  })

  test('permission and isolation: reader 403, outsider 403, another seller’s id 404; nothing is deleted', async () => {
    const { admin, reader, outsider, org, other } = await seller()
    const a = await create(admin, org.id)
    const theirs = await create(outsider, other.id)
    expect((await t.post('/api/condicoes/deleteProdutos', { organizacao_id: org.id, ids: [a.id] }, { token: reader.token })).status).toBe(403)
    expect((await t.post('/api/condicoes/deleteProdutos', { organizacao_id: org.id, ids: [a.id] }, { token: outsider.token })).status).toBe(403)
    expect((await t.post('/api/condicoes/deleteProdutos', { organizacao_id: org.id, ids: [a.id, theirs.id] }, { token: admin.token })).status).toBe(404)
    expect(await rowOf(a.id)).toBeTruthy()
    expect(await rowOf(theirs.id)).toBeTruthy()
  })
})

describe('GET api/condicoes/restoreCatalogo/{orgId}', () => {
  async function catalogue() {
    const s = await seller()
    const names = [
      ['Sabão em Pó 1 kg', 'Limpol', 'Limpeza', 1590],
      ['Sabonete Glicerinado', 'Suavitá', 'Higiene', 390],
      ['Dipirona Sódica 500 mg', 'Medley', 'Analgésicos', 1290],
      ['Água Oxigenada 10 vol', 'Farmax', 'Curativos', 550],
      ['Protetor Solar FPS 50', 'Sundown', 'Dermocosméticos', 5990],
    ] as const
    const made = []
    for (const [nome, marca, categoria, centavos] of names) {
      made.push(await create(s.admin, s.org.id, { nome, marca, categoria, preco: centavos / 100 }))
    }
    await t.get(`/api/condicoes/updateProdutoAtivo/${s.org.id}/${made[3].id}?valor=0`, { token: s.admin.token })
    await create(s.outsider, s.other.id, { nome: 'Sabão do Concorrente' })
    return { ...s, made }
  }

  const list = (u: User, orgId: number, q = '') => t.get(`/api/condicoes/restoreCatalogo/${orgId}${q}`, { token: u.token })
  const names = (res: Awaited<ReturnType<typeof list>>) => res.body.data.map((p: { nome: string }) => p.nome)

  test('answers a Laravel paginator of the seller’s products only, by name, and whether the caller may change them', async () => {
    const { admin, reader, org } = await catalogue()
    const res = await list(admin, org.id)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, total: 5, from: 1, to: 5, pode_alterar: true })
    // Ordered as read, without accents: Água first.
    expect(names(res)).toEqual(['Água Oxigenada 10 vol', 'Dipirona Sódica 500 mg', 'Protetor Solar FPS 50', 'Sabão em Pó 1 kg', 'Sabonete Glicerinado'])
    expect((await list(reader, org.id)).body.pode_alterar).toBe(false)
  })

  test('searches without accents nor case, in name, brand, category, EAN and code; % and _ are literal', async () => {
    const { admin, org, made } = await catalogue()
    expect(names(await list(admin, org.id, '?search=sabao'))).toEqual(['Sabão em Pó 1 kg'])
    expect(names(await list(admin, org.id, '?search=AGUA%20OXIGENADA'))).toEqual(['Água Oxigenada 10 vol'])
    expect(names(await list(admin, org.id, '?search=suavita'))).toEqual(['Sabonete Glicerinado'])
    expect(names(await list(admin, org.id, `?search=${made[2].ean.slice(-7)}`))).toEqual(['Dipirona Sódica 500 mg'])
    expect((await list(admin, org.id, '?search=%25')).body.total).toBe(0)
    expect((await list(admin, org.id, '?search=_')).body.total).toBe(0)
    // Every word must appear, in any order and in any of those fields.
    expect(names(await list(admin, org.id, '?search=oxigenada%20agua'))).toEqual(['Água Oxigenada 10 vol'])
    expect(names(await list(admin, org.id, '?search=dipirona%20medley'))).toEqual(['Dipirona Sódica 500 mg'])
    expect(names(await list(admin, org.id, '?search=dipirona%20500%20mg'))).toEqual(['Dipirona Sódica 500 mg'])
    expect((await list(admin, org.id, '?search=dipirona%20granado')).body.total).toBe(0)
  })

  test('filters by brand, category and active; orders by any listed column both ways; pages', async () => {
    const { admin, org } = await catalogue()
    expect(names(await list(admin, org.id, '?marca=Medley'))).toEqual(['Dipirona Sódica 500 mg'])
    expect(names(await list(admin, org.id, '?categoria=Higiene'))).toEqual(['Sabonete Glicerinado'])
    expect(names(await list(admin, org.id, '?ativo=0'))).toEqual(['Água Oxigenada 10 vol'])
    expect((await list(admin, org.id, '?ativo=1')).body.total).toBe(4)
    expect(names(await list(admin, org.id, '?ordem=preco&direcao=desc'))[0]).toBe('Protetor Solar FPS 50')
    expect(names(await list(admin, org.id, '?ordem=preco&direcao=asc'))[0]).toBe('Sabonete Glicerinado')
    expect(names(await list(admin, org.id, '?ordem=marca'))[0]).toBe('Água Oxigenada 10 vol')
    const page2 = await list(admin, org.id, '?per_page=2&page=2')
    expect(page2.body).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5, from: 3, to: 4 })
    expectValidation(await list(admin, org.id, '?ordem=busca'), { ordem: [m.ordemInvalid] })
    expectValidation(await list(admin, org.id, '?per_page=500'), { per_page: [m.perPageInvalid] })
  })

  test('id gives that one product of the seller (the edit link of a product off the page); another seller’s id gives none', async () => {
    const { admin, outsider, other, org, made } = await catalogue()
    expect(names(await list(admin, org.id, `?id=${made[4].id}&per_page=1`))).toEqual(['Protetor Solar FPS 50'])
    const theirs = await create(outsider, other.id, { nome: 'Só do outro' })
    expect((await list(admin, org.id, `?id=${theirs.id}`)).body.total).toBe(0)
    expectValidation(await list(admin, org.id, '?id=0'), { id: [m.productInvalid] })
    expectValidation(await list(admin, org.id, '?id=99999999999'), { id: [m.productInvalid] })
  })

  test('a member of another organization gets 403 and sees nothing', async () => {
    const { outsider, org } = await catalogue()
    const res = await list(outsider, org.id)
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: NOT_A_MEMBER })
  })
})

describe('GET api/condicoes/catalogoFiltros/{orgId}', () => {
  test('lists the distinct brands and categories of the seller; 403 for others', async () => {
    const { admin, org, outsider, other } = await seller()
    await create(admin, org.id, { marca: 'B', categoria: 'Y' })
    await create(admin, org.id, { marca: 'A', categoria: 'Y' })
    await create(admin, org.id, { marca: null, categoria: null })
    await create(outsider, other.id, { marca: 'Z', categoria: 'Z' })
    const res = await t.get(`/api/condicoes/catalogoFiltros/${org.id}`, { token: admin.token })
    expect(res.body).toEqual({ marcas: ['A', 'B'], categorias: ['Y'] })
    expect((await t.get(`/api/condicoes/catalogoFiltros/${org.id}`, { token: outsider.token })).status).toBe(403)
  })
})

describe('POST api/condicoes/updateProdutoImagem', () => {
  test('stores a PNG or WebP checked by content; refuses another type, whatever its name', async () => {
    const { editor, org } = await seller()
    const p = await create(editor, org.id)
    let res = await t.postForm('/api/condicoes/updateProdutoImagem', formOf({ organizacao_id: String(org.id), produto_id: String(p.id), imagem: fileOf(tinyPng(), 'foto.png', 'image/png') }), { token: editor.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.produto.imagem).toMatch(/\/uploads\/produtos\/[0-9a-f-]+\.png$/)
    res = await t.postForm('/api/condicoes/updateProdutoImagem', formOf({ organizacao_id: String(org.id), produto_id: String(p.id), imagem: fileOf(tinyWebp(), 'foto.webp') }), { token: editor.token })
    expect(res.body.produto.imagem).toMatch(/\.webp$/)
    const before = await t.uploads()
    res = await t.postForm('/api/condicoes/updateProdutoImagem', formOf({ organizacao_id: String(org.id), produto_id: String(p.id), imagem: fileOf(tinyGif(), 'foto.png', 'image/png') }), { token: editor.token })
    expectValidation(res, { imagem: [m.imageType] })
    expect(await t.uploads()).toEqual(before)
  })

  test('permission and isolation: reader 403, outsider 403, another seller’s product 404; nothing stored', async () => {
    const { admin, reader, outsider, org, other } = await seller()
    const p = await create(admin, org.id)
    const theirs = await create(outsider, other.id)
    const send = (u: User, orgId: number, productId: number) =>
      t.postForm('/api/condicoes/updateProdutoImagem', formOf({ organizacao_id: String(orgId), produto_id: String(productId), imagem: fileOf(tinyPng(), 'a.png') }), { token: u.token })
    const before = await t.uploads()
    expect((await send(reader, org.id, p.id)).status).toBe(403)
    expect((await send(outsider, org.id, p.id)).status).toBe(403)
    expect((await send(admin, org.id, theirs.id)).status).toBe(404)
    expect(await t.uploads()).toEqual(before)
    const [row] = await t.db.select().from(products).where(and(eq(products.id, theirs.id)))
    expect(row.imagem).toBeNull()
  })
})
