import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { marketFacets } from '../../server/api/market/catalog.ts'
import { findOffer, type OfferRow } from '../../server/api/market/offers.ts'
import type { Db } from '../../server/db/client.ts'
import { conditionBuyers, conditionPartners, conditionProducts, conditions, customers, olBlacklist, organizations, products, verticals } from '../../server/db/schema/index.ts'
import { todayInBrazil } from '../../server/api/conditions/conditions-list.ts'
import { createOrganization, createTestApi, expectValidation, newUser, shiftDay, uniqueCnpj, type TestApi } from './harness.ts'

/**
 * The market (decision 026): who may buy (server/api/market/offers.ts, every rule with
 * a case that opens an offer and one that closes it), the best offer to the centavo, the search without
 * accents, the filters and the pagination of restoreProdutosCondicoes_v2, showProduto, the facets and favorites.
 */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())


type World = Awaited<ReturnType<typeof world>>

/** A buyer (unit of a flag) with a member, a seller on a paid plan that has it as a customer, and helpers to build offers. */
async function world(seller: Partial<typeof organizations.$inferInsert> = {}) {
  const buyerUser = await newUser(t, 'Compradora')
  const sellerUser = await newUser(t, 'Vendedora')
  const flag = await createOrganization(t, { nome: 'Rede do Teste', tipo: 'b' })
  const buyer = await createOrganization(t, { nome: 'Farmácia Compradora', tipo: 'v', bandeiraId: flag.id }, [{ userId: buyerUser.id, isAdmin: true }])
  const sellerOrg = await createOrganization(t, { nome: 'Distribuidora Teste', tipo: 'f', plano: 'P', ...seller }, [{ userId: sellerUser.id, isAdmin: true }])
  const [customer] = await t.db.insert(customers).values({ sellerId: sellerOrg.id, cnpj: buyer.cnpj, nome: buyer.nome, customerOrgId: buyer.id }).returning()
  let n = 0
  const product = async (values: Partial<typeof products.$inferInsert> = {}) =>
    (
      await t.db
        .insert(products)
        .values({ organizationId: sellerOrg.id, codigo: `P${++n}-${Date.now()}`, nome: `Produto ${n}`, precoCentavos: 1000, ...values })
        .returning()
    )[0]
  /** A condition listing the buyer's customer record (unless `buyers` says otherwise), with lines. */
  const condition = async (values: Partial<typeof conditions.$inferInsert> = {}, lines: (Partial<typeof conditionProducts.$inferInsert> & { productId: number })[] = [], listed = true) => {
    const [c] = await t.db.insert(conditions).values({ organizationId: sellerOrg.id, nome: `Condição ${++n}`, ...values }).returning()
    if (lines.length) await t.db.insert(conditionProducts).values(lines.map((l) => ({ conditionId: c.id, ...l })))
    if (listed) await t.db.insert(conditionBuyers).values({ conditionId: c.id, customerId: customer.id })
    return c
  }
  const ol = async (conditionId: number, values: Partial<typeof conditionPartners.$inferInsert> = {}) => {
    const org = await createOrganization(t, { nome: `OL ${++n}`, tipo: 'f', plano: 'P' })
    const [row] = await t.db.insert(conditionPartners).values({ conditionId, partnerId: org.id, status: 'aceito', ...values }).returning()
    return { org, row }
  }
  const listOl = (conditionId: number, partnerRowId: number) => t.db.insert(conditionBuyers).values({ conditionId, conditionPartnerId: partnerRowId, customerId: customer.id })
  return { buyerUser, sellerUser, flag, buyer, seller: sellerOrg, customer, product, condition, ol, listOl }
}

const market = (w: World, rest = '20/null/null/null', query = '') => t.get(`/api/checkout/restoreProdutosCondicoes_v2/${w.buyer.id}/${rest}${query}`, { token: w.buyerUser.token })
const names = async (w: World, rest?: string, query?: string) => {
  const res = await market(w, rest, query)
  expect(res.status).toBe(200)
  return res.body.produtos.data.map((p: { nome: string }) => p.nome)
}
/** Does the buyer reach the condition, directly (partner null) or through an OL row? Read by findOffer and the market alike. */
async function reaches(w: World, conditionId: number, partnerRowId: number | null, productName: string) {
  const offer = await findOffer(t.db, w.buyer.id, conditionId, partnerRowId)
  const listed = (await names(w)).includes(productName)
  expect(listed).toBe(offer !== null)
  return offer !== null
}

describe('who may buy', () => {
  test('an active, visible condition in its window that lists the buyer: open; inactive or invisible: closed', async () => {
    const w = await world()
    const p = await w.product({ nome: 'Aberta' })
    const c = await w.condition({}, [{ productId: p.id }])
    expect(await findOffer(t.db, w.buyer.id, c.id, null)).toEqual({ conditionId: c.id, conditionPartnerId: null, sellerId: w.seller.id, olId: null })
    expect(await reaches(w, c.id, null, 'Aberta')).toBe(true)
    await t.db.update(conditions).set({ ativo: false }).where(eq(conditions.id, c.id))
    expect(await reaches(w, c.id, null, 'Aberta')).toBe(false)
    await t.db.update(conditions).set({ ativo: true, visivel: false }).where(eq(conditions.id, c.id))
    expect(await reaches(w, c.id, null, 'Aberta')).toBe(false)
  })

  test("the validity window is read in São Paulo's date: today's first and last day are in; before and after are out", async () => {
    const w = await world()
    const p = await w.product({ nome: 'Vigência' })
    const today = todayInBrazil()
    const c = await w.condition({ inicio: today, fim: today }, [{ productId: p.id }])
    expect(await reaches(w, c.id, null, 'Vigência')).toBe(true)
    await t.db.update(conditions).set({ inicio: shiftDay(today, 1), fim: shiftDay(today, 30) }).where(eq(conditions.id, c.id))
    expect(await reaches(w, c.id, null, 'Vigência')).toBe(false)
    await t.db.update(conditions).set({ inicio: shiftDay(today, -30), fim: shiftDay(today, -1) }).where(eq(conditions.id, c.id))
    expect(await reaches(w, c.id, null, 'Vigência')).toBe(false)
    await t.db.update(conditions).set({ inicio: null, fim: null }).where(eq(conditions.id, c.id))
    expect(await reaches(w, c.id, null, 'Vigência')).toBe(true)
  })

  test('a Básico seller reaches buyers only while its trial runs', async () => {
    const w = await world({ plano: 'B', trialStartedAt: new Date(Date.now() - 3 * 86_400_000) })
    const p = await w.product({ nome: 'Básico' })
    const c = await w.condition({}, [{ productId: p.id }])
    expect(await reaches(w, c.id, null, 'Básico')).toBe(true)
    await t.db.update(organizations).set({ trialStartedAt: new Date(Date.now() - 15 * 86_400_000) }).where(eq(organizations.id, w.seller.id))
    expect(await reaches(w, c.id, null, 'Básico')).toBe(false)
    await t.db.update(organizations).set({ trialStartedAt: null }).where(eq(organizations.id, w.seller.id))
    expect(await reaches(w, c.id, null, 'Básico')).toBe(false)
  })

  test('listing: the customer record or the flag opens it; not listed, or listed by a blocked record, does not', async () => {
    const w = await world()
    const p = await w.product({ nome: 'Lista' })
    const c = await w.condition({}, [{ productId: p.id }], false)
    expect(await reaches(w, c.id, null, 'Lista')).toBe(false)
    const [byFlag] = await t.db.insert(conditionBuyers).values({ conditionId: c.id, bandeiraId: w.flag.id }).returning()
    expect(await reaches(w, c.id, null, 'Lista')).toBe(true)
    await t.db.delete(conditionBuyers).where(eq(conditionBuyers.id, byFlag.id))
    // A record of another seller's customer list naming the buyer, blocked there, does not open this one.
    const other = await createOrganization(t, { nome: 'Outra Vendedora' })
    const [blockedRecord] = await t.db.insert(customers).values({ sellerId: other.id, cnpj: uniqueCnpj(), nome: 'x', customerOrgId: w.buyer.id, bloqueado: true }).returning()
    await t.db.insert(conditionBuyers).values({ conditionId: c.id, customerId: blockedRecord.id })
    expect(await reaches(w, c.id, null, 'Lista')).toBe(false)
    await t.db.insert(conditionBuyers).values({ conditionId: c.id, customerId: w.customer.id })
    expect(await reaches(w, c.id, null, 'Lista')).toBe(true)
  })

  test('a buyer the seller blocked buys nothing of it: neither listed by its flag, nor through an OL', async () => {
    const w = await world()
    const p = await w.product({ nome: 'Bloqueio' })
    const c = await w.condition({}, [{ productId: p.id }], false)
    await t.db.insert(conditionBuyers).values({ conditionId: c.id, bandeiraId: w.flag.id })
    const { row } = await w.ol(c.id)
    await t.db.insert(conditionBuyers).values({ conditionId: c.id, conditionPartnerId: row.id, bandeiraId: w.flag.id })
    expect(await findOffer(t.db, w.buyer.id, c.id, row.id)).not.toBeNull()
    expect(await reaches(w, c.id, null, 'Bloqueio')).toBe(true)
    await t.db.update(customers).set({ bloqueado: true }).where(eq(customers.id, w.customer.id))
    expect(await reaches(w, c.id, null, 'Bloqueio')).toBe(false)
    expect(await findOffer(t.db, w.buyer.id, c.id, row.id)).toBeNull()
  })

  test("through an OL: only once it accepted, and with the buyer on the OL's own list", async () => {
    const w = await world()
    const p = await w.product({ nome: 'Via OL' })
    const c = await w.condition({}, [{ productId: p.id }], false)
    const { row } = await w.ol(c.id, { status: 'pendente' })
    await w.listOl(c.id, row.id)
    expect(await reaches(w, c.id, row.id, 'Via OL')).toBe(false)
    await t.db.update(conditionPartners).set({ status: 'recusado' }).where(eq(conditionPartners.id, row.id))
    expect(await reaches(w, c.id, row.id, 'Via OL')).toBe(false)
    await t.db.update(conditionPartners).set({ status: 'aceito' }).where(eq(conditionPartners.id, row.id))
    expect(await reaches(w, c.id, row.id, 'Via OL')).toBe(true)
    // The seller's own list does not open the OL's offer, nor the reverse.
    expect(await findOffer(t.db, w.buyer.id, c.id, null)).toBeNull()
  })

  test("an OL's blacklist closes its offer: the buyer ('C') or the buyer's flag ('B'); the seller's direct offer stays", async () => {
    const w = await world()
    const p = await w.product({ nome: 'Lista negra' })
    const c = await w.condition({}, [{ productId: p.id }])
    const { org, row } = await w.ol(c.id)
    await w.listOl(c.id, row.id)
    expect(await findOffer(t.db, w.buyer.id, c.id, row.id)).not.toBeNull()
    const [byBuyer] = await t.db.insert(olBlacklist).values({ olId: org.id, buyerId: w.buyer.id, tipo: 'C' }).returning()
    expect(await findOffer(t.db, w.buyer.id, c.id, row.id)).toBeNull()
    await t.db.delete(olBlacklist).where(eq(olBlacklist.id, byBuyer.id))
    await t.db.insert(olBlacklist).values({ olId: org.id, buyerId: w.flag.id, tipo: 'B' })
    expect(await findOffer(t.db, w.buyer.id, c.id, row.id)).toBeNull()
    expect(await findOffer(t.db, w.buyer.id, c.id, null)).not.toBeNull()
    const show = await t.get(`/api/checkout/showProduto/${w.buyer.id}/${p.id}/null/null/null/null`, { token: w.buyerUser.token })
    expect(show.body.produto.ofertas.map((o: { parceiro_id: number | null }) => o.parceiro_id)).toEqual([null])
  })

  test("a mirroring OL serves the buyers of the OL it mirrors, not its own list", async () => {
    const w = await world()
    const p = await w.product({ nome: 'Espelho' })
    const c = await w.condition({}, [{ productId: p.id }], false)
    const first = await w.ol(c.id)
    const mirror = await w.ol(c.id, { espelhoDe: first.row.id })
    await w.listOl(c.id, mirror.row.id)
    expect(await findOffer(t.db, w.buyer.id, c.id, mirror.row.id)).toBeNull()
    await w.listOl(c.id, first.row.id)
    expect(await findOffer(t.db, w.buyer.id, c.id, mirror.row.id)).toMatchObject({ conditionPartnerId: mirror.row.id, olId: mirror.org.id })
    expect(await findOffer(t.db, w.buyer.id, c.id, first.row.id)).toMatchObject({ conditionPartnerId: first.row.id, olId: first.org.id })
  })

  test('an inactive line, an inactive product and a net-price line without a price are not offered', async () => {
    const w = await world()
    const off = await w.product({ nome: 'Linha inativa' })
    const gone = await w.product({ nome: 'Produto inativo', ativo: false })
    const ok = await w.product({ nome: 'Linha boa' })
    await w.condition({}, [{ productId: off.id, ativo: false }, { productId: gone.id }, { productId: ok.id }])
    const noPrice = await w.product({ nome: 'Sem preço líquido' })
    await w.condition({ tipoTabela: 'L' }, [{ productId: noPrice.id }])
    expect(await names(w)).toEqual(['Linha boa'])
    const res = await t.post('/api/checkout/addProdutoPesquisa', { organizacao_id: w.buyer.id, produto_id: off.id }, { token: w.buyerUser.token })
    expect(res.status).toBe(404)
  })

  test("a member of the buyer only: another organization's member gets 403", async () => {
    const w = await world()
    const res = await t.get(`/api/checkout/restoreProdutosCondicoes_v2/${w.buyer.id}/20/null/null/null`, { token: w.sellerUser.token })
    expect(res.status).toBe(403)
  })
})

describe('best offer', () => {
  test('the lowest unit price after the table and the OL extra discount, to the centavo; the other offers counted', async () => {
    const w = await world()
    const p = await w.product({ nome: 'Amoxicilina', precoCentavos: 1999 })
    // 1999 × (1 − 3,3333%) = 1932,367… → R$ 19,32.
    const d = await w.condition({ nome: 'Desconto' }, [{ productId: p.id, desconto: '3.3333' }])
    // Through an OL with 1,5% more: 1932,367… × 0,985 = 1903,38… → R$ 19,03.
    const { row, org } = await w.ol(d.id, { descontoExtra: '1.5' })
    await w.listOl(d.id, row.id)
    // A net table at R$ 19,04.
    const l = await w.condition({ nome: 'Líquida', tipoTabela: 'L', minimoValorCentavos: 30_000 }, [{ productId: p.id, precoLiquidoCentavos: 1904, qtdMin: 6, multiplo: 6 }])
    const res = await market(w)
    const [row0] = res.body.produtos.data
    expect(row0.melhor_oferta).toMatchObject({ condicao_id: d.id, parceiro_id: row.id, ol: { id: org.id, nome: org.nome }, preco_unitario_centavos: 1903, desconto: '3.3333', desconto_extra: '1.5000' })
    expect(row0.outras_ofertas).toBe(2)
    const show = await t.get(`/api/checkout/showProduto/${w.buyer.id}/${p.id}/${l.id}/0/null/preco`, { token: w.buyerUser.token })
    expect(show.status).toBe(200)
    expect(show.body.produto.ofertas.map((o: any) => [o.condicao_id, o.parceiro_id, o.preco_unitario_centavos, o.melhor, o.selecionada, o.quantidade, o.total_centavos])).toEqual([
      [d.id, row.id, 1903, true, false, 1, 1903],
      [l.id, null, 1904, false, true, 6, 11_424],
      [d.id, null, 1932, false, false, 1, 1932],
    ])
    expect(show.body.produto.ofertas[1]).toMatchObject({ minimo_valor_centavos: 30_000, qtd_min: 6, multiplo: 6, desconto: null })
    // For 7 units only the discount offers accept the quantity: 7 × 1903,38… = 13 323,67… → 13 324 (from the exact
    // unit price; 7 × the rounded 19,03 would be 13 321).
    const seven = await t.get(`/api/checkout/showProduto/${w.buyer.id}/${p.id}/null/null/7/preco`, { token: w.buyerUser.token })
    expect(seven.body.produto.ofertas.map((o: any) => [o.parceiro_id, o.melhor, o.total_centavos, o.problema_quantidade])).toEqual([
      [row.id, true, 13_324, null],
      [null, false, 13_328, 'Este produto é vendido em múltiplos de 6 unidades.'],
      [null, false, 13_527, null],
    ])
  })

  test('on a tie the offer bought from the seller wins over an OL, then the older condition', async () => {
    const w = await world()
    const p = await w.product({ nome: 'Empate', precoCentavos: 1000 })
    const first = await w.condition({}, [{ productId: p.id, desconto: '10' }])
    const { row } = await w.ol(first.id, { descontoExtra: '0' })
    await w.listOl(first.id, row.id)
    await w.condition({}, [{ productId: p.id, desconto: '10' }])
    const [best] = (await market(w)).body.produtos.data
    expect(best.melhor_oferta).toMatchObject({ condicao_id: first.id, parceiro_id: null, preco_unitario_centavos: 900 })
    expect(best.outras_ofertas).toBe(2)
  })
})

describe('search, filters and pages', () => {
  test('accents and case do not matter; every word must appear', async () => {
    const w = await world()
    const sabao = await w.product({ nome: 'Sabão em Pó Brilho', marca: 'Limpex' })
    const sabonete = await w.product({ nome: 'Sabonete Glicerina', marca: 'Limpex' })
    await w.condition({}, [{ productId: sabao.id }, { productId: sabonete.id }])
    expect(await names(w, '20/null/null/sabao')).toEqual(['Sabão em Pó Brilho'])
    expect(await names(w, '20/null/null/SAB%C3%83O')).toEqual(['Sabão em Pó Brilho'])
    expect(await names(w, '20/null/null/po%20sabao')).toEqual(['Sabão em Pó Brilho'])
    expect(await names(w, '20/null/null/limpex')).toEqual(['Sabão em Pó Brilho', 'Sabonete Glicerina'])
    expect(await names(w, '20/null/null/sab%25')).toEqual([])
    // Words of one or two letters filter too (they are read outside the trigram index), accents aside.
    expect(await names(w, '20/null/null/sabao%20p%C3%B3')).toEqual(['Sabão em Pó Brilho'])
    expect(await names(w, '20/null/null/limpex%20gl')).toEqual(['Sabonete Glicerina'])
    expect(await names(w, '20/null/null/limpex%20%25')).toEqual([])
    const hint = await t.get(`/api/checkout/mercadoPesquisa/${w.buyer.id}/sabo`, { token: w.buyerUser.token })
    expect(hint.body.sugestoes).toEqual([{ id: sabonete.id, nome: 'Sabonete Glicerina', marca: 'Limpex', vendedor: 'Distribuidora Teste' }])
    const short = await t.get(`/api/checkout/mercadoPesquisa/${w.buyer.id}/s`, { token: w.buyerUser.token })
    expect(short.body.sugestoes).toEqual([])
  })

  test('a dose written together finds one written apart, and the other way round', async () => {
    const w = await world()
    const apart = await w.product({ nome: 'Paracetamol 750 mg 20 comprimidos' })
    const together = await w.product({ nome: 'Dipirona 1g 10 comprimidos' })
    await w.condition({}, [{ productId: apart.id }, { productId: together.id }])
    expect(await names(w, '20/null/null/paracetamol%20750mg')).toEqual(['Paracetamol 750 mg 20 comprimidos'])
    expect(await names(w, '20/null/null/dipirona%201%20g')).toEqual(['Dipirona 1g 10 comprimidos'])
    expect(await names(w, '20/null/null/paracetamol%20500mg')).toEqual([])
  })

  test('a name that holds the searched words ranks above a product that matched inside its codes', async () => {
    const w = await world()
    const byCode = await w.product({ nome: 'Dipirona Sódica 1 g 10 comprimidos', ean: '7891234500012' })
    const byName = await w.product({ nome: 'Dipirona Sódica 500 mg 10 comprimidos', ean: '7891234000017' })
    await w.condition({}, [{ productId: byCode.id }, { productId: byName.id }])
    expect(await names(w, '20/null/null/dipirona%20sodica%20500')).toEqual(['Dipirona Sódica 500 mg 10 comprimidos', 'Dipirona Sódica 1 g 10 comprimidos'])
    // Without a search, or with words every name holds, by name.
    expect(await names(w, '20/null/null/dipirona')).toEqual(['Dipirona Sódica 1 g 10 comprimidos', 'Dipirona Sódica 500 mg 10 comprimidos'])
    const hint = await t.get(`/api/checkout/mercadoPesquisa/${w.buyer.id}/dipirona%20500`, { token: w.buyerUser.token })
    expect(hint.body.sugestoes.map((s: { nome: string }) => s.nome)).toEqual(['Dipirona Sódica 500 mg 10 comprimidos', 'Dipirona Sódica 1 g 10 comprimidos'])
  })

  test('pages of the given size by name, with the Laravel paginator', async () => {
    const w = await world()
    const lines = []
    for (let i = 1; i <= 25; i++) lines.push({ productId: (await w.product({ nome: `Item ${String(i).padStart(2, '0')}` })).id })
    await w.condition({}, lines)
    const third = await market(w, '10/null/null/null', '?page=3')
    expect(third.body.produtos).toMatchObject({ current_page: 3, last_page: 3, per_page: 10, total: 25, from: 21, to: 25 })
    expect(third.body.produtos.data.map((p: { nome: string }) => p.nome)).toEqual(['Item 21', 'Item 22', 'Item 23', 'Item 24', 'Item 25'])
    const past = await market(w, '10/null/null/null', '?page=9')
    expect(past.body.produtos).toMatchObject({ data: [], total: 25, current_page: 9, from: null })
    expect((await market(w, '101/null/null/null')).status).toBe(422)
  })

  test("filters: the seller's vertical, brand, category, favorites; also combined in the query; the facets list what may be bought", async () => {
    const w = await world()
    const [pet] = await t.db.insert(verticals).values({ nome: 'Pet do Teste' }).returning()
    const [farma] = await t.db.insert(verticals).values({ nome: 'Farma do Teste' }).returning()
    await t.db.update(organizations).set({ verticalId: farma.id }).where(eq(organizations.id, w.seller.id))
    const a = await w.product({ nome: 'Analgésico', marca: 'Marca A', categoria: 'Dor' })
    const b = await w.product({ nome: 'Antigripal', marca: 'Marca B', categoria: 'Gripe' })
    const hidden = await w.product({ nome: 'Fora das condições', marca: 'Marca Z', categoria: 'Z' })
    await w.condition({}, [{ productId: a.id }, { productId: b.id }])
    expect(hidden.id).toBeGreaterThan(0)
    expect(await names(w, `20/vertical/${farma.id}/null`)).toEqual(['Analgésico', 'Antigripal'])
    expect(await names(w, `20/vertical/${pet.id}/null`)).toEqual([])
    expect(await names(w, '20/marca/Marca%20B/null')).toEqual(['Antigripal'])
    expect(await names(w, '20/categoria/Dor/null')).toEqual(['Analgésico'])
    expect(await names(w, '20/null/null/null', '?marca=Marca%20A&categoria=Gripe')).toEqual([])
    expect(await names(w, '20/favoritos/null/null')).toEqual([])
    const fav = await t.get(`/api/pedidos/favoritar_produto/${b.id}?organizacao_id=${w.buyer.id}`, { token: w.buyerUser.token })
    expect(fav.body).toEqual({ message: 'Produto adicionado aos favoritos.', favorito: true })
    expect((await t.get(`/api/pedidos/favoritar_produto/${b.id}?organizacao_id=${w.buyer.id}`, { token: w.buyerUser.token })).status).toBe(200)
    expect(await names(w, '20/favoritos/null/null')).toEqual(['Antigripal'])
    expect((await market(w, '20/null/null/null', '?favoritos=1')).body.produtos.data.map((p: any) => [p.nome, p.favorito])).toEqual([['Antigripal', true]])
    expect((await market(w, '20/vertical/abc/null')).status).toBe(422)
    // Path values refused in Portuguese, the adjective agreeing with its noun ('Invalid input' and 'Organização inválido' before).
    expectValidation(await t.get(`/api/pedidos/favoritar_produto/${b.id}`, { token: w.buyerUser.token }), { organizacao_id: ['Organização inválida.'] })
    const badOffer = await t.get(`/api/checkout/showProduto/${w.buyer.id}/${b.id}/abc/x/1.5/null`, { token: w.buyerUser.token })
    expect(badOffer.status).toBe(422)
    expect(Object.values(badOffer.body.errors).flat().join(' ')).not.toMatch(/Invalid|expected/)

    const facets = await t.get(`/api/checkout/showMarcasCategorias/${w.buyer.id}`, { token: w.buyerUser.token })
    expect(facets.body).toEqual({ marcas: ['Marca A', 'Marca B'], categorias: ['Dor', 'Gripe'] })
    const byVertical = await t.get(`/api/checkout/showVerticalCategorias/${w.buyer.id}`, { token: w.buyerUser.token })
    expect(byVertical.body).toEqual({ verticais: [{ id: farma.id, nome: 'Farma do Teste', categorias: ['Dor', 'Gripe'] }] })

    // Unfavoriting twice answers the same; a product the buyer cannot buy cannot become a favorite.
    for (let i = 0; i < 2; i++) {
      const un = await t.get(`/api/pedidos/desfavoritar_produto/${b.id}?organizacao_id=${w.buyer.id}`, { token: w.buyerUser.token })
      expect(un.body).toEqual({ message: 'Produto removido dos favoritos.', favorito: false })
    }
    expect((await t.get(`/api/pedidos/favoritar_produto/${hidden.id}?organizacao_id=${w.buyer.id}`, { token: w.buyerUser.token })).status).toBe(404)
    expect((await t.get(`/api/pedidos/desfavoritar_produto/${hidden.id}?organizacao_id=${w.buyer.id}`, { token: w.buyerUser.token })).status).toBe(404)
  })

  test('showProduto: 404 for a product the buyer cannot buy', async () => {
    const w = await world()
    const p = await w.product({ nome: 'Escondido' })
    const res = await t.get(`/api/checkout/showProduto/${w.buyer.id}/${p.id}/null/null/null/null`, { token: w.buyerUser.token })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Produto não encontrado entre as ofertas disponíveis para esta organização.')
  })

  test('facet reads for one buyer and the same offers share the read under way, and only while it is', async () => {
    const pending: ((rows: unknown[]) => void)[] = []
    const execute = vi.fn(() => new Promise((resolve) => pending.push((rows) => resolve({ rows }))))
    const db = { execute } as unknown as Db
    const offers: OfferRow[] = [
      { sellerId: 2, conditionId: 20, conditionPartnerId: null, olId: null },
      { sellerId: 1, conditionId: 10, conditionPartnerId: null, olId: null },
    ]
    const first = marketFacets(db, offers, 7)
    const same = marketFacets(db, [...offers].reverse(), 7)
    const otherBuyer = marketFacets(db, offers, 8)
    expect(execute).toHaveBeenCalledTimes(2)
    const rows = [{ marca: 'M', categoria: 'C', vertical_id: null, vertical: null }]
    pending[0](rows)
    pending[1]([])
    expect(await first).toBe(await same)
    expect(await first).toEqual(rows)
    expect(await otherBuyer).toEqual([])
    const later = marketFacets(db, offers, 7)
    expect(execute).toHaveBeenCalledTimes(3)
    pending[2]([])
    expect(await later).toEqual([])
  })
})
