import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MAX_LIST_LINES } from '../../app/domain/market/messages.ts'
import { conditionBuyers, conditionProducts, conditions, customers, memberships, preCheckoutItems, products } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, newUser, type TestApi } from './harness.ts'

/** The shopping list (decision 026): addProdutoPesquisa, addPreCheckout, showPreCheckout, updateQtItemPre, removeprecheckoutitem. */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

async function world() {
  const me = await newUser(t, 'Compradora')
  const colleague = await newUser(t, 'Colega')
  const buyer = await createOrganization(t, { nome: 'Farmácia da Lista', tipo: 'v' }, [{ userId: me.id, isAdmin: true }, { userId: colleague.id }])
  const seller = await createOrganization(t, { nome: 'Distribuidora da Lista', plano: 'P' })
  const [customer] = await t.db.insert(customers).values({ sellerId: seller.id, cnpj: buyer.cnpj, nome: buyer.nome, customerOrgId: buyer.id }).returning()
  const [a, b, hidden] = await t.db
    .insert(products)
    .values([
      { organizationId: seller.id, codigo: 'A', nome: 'Álcool 70%', precoCentavos: 1000 },
      { organizationId: seller.id, codigo: 'B', nome: 'Band-aid', precoCentavos: 500 },
      { organizationId: seller.id, codigo: 'H', nome: 'Fora', precoCentavos: 500 },
    ])
    .returning()
  // Discount 10% from 1 unit; a net table cheaper per unit but sold in boxes of 12.
  const [d, l] = await t.db
    .insert(conditions)
    .values([
      { organizationId: seller.id, nome: 'Desconto', tipoTabela: 'D' },
      { organizationId: seller.id, nome: 'Caixas', tipoTabela: 'L' },
    ])
    .returning()
  await t.db.insert(conditionProducts).values([
    { conditionId: d.id, productId: a.id, desconto: '10' },
    { conditionId: d.id, productId: b.id, desconto: '0', qtdMin: 3 },
    { conditionId: l.id, productId: a.id, precoLiquidoCentavos: 850, qtdMin: 12, multiplo: 12 },
  ])
  await t.db.insert(conditionBuyers).values([
    { conditionId: d.id, customerId: customer.id },
    { conditionId: l.id, customerId: customer.id },
  ])
  const post = (path: string, body: unknown, token = me.token) => t.post(`/api/checkout/${path}`, body, { token })
  const show = (token = me.token) => t.get(`/api/checkout/showPreCheckout/${buyer.id}`, { token })
  return { me, colleague, buyer, seller, a, b, hidden, d, l, post, show }
}

test('a product found by search goes in with the quantity its best offer starts at; again, the quantities add up', async () => {
  const w = await world()
  const first = await w.post('addProdutoPesquisa', { organizacao_id: w.buyer.id, produto_id: w.b.id })
  expect(first.status).toBe(201)
  expect(first.body).toMatchObject({ message: 'Produto adicionado à lista de compras.', item: { produto_id: w.b.id, quantidade: 3 } })
  const again = await w.post('addProdutoPesquisa', { organizacao_id: w.buyer.id, produto_id: w.b.id, quantidade: '2' })
  expect(again.body.item).toEqual({ id: first.body.item.id, produto_id: w.b.id, quantidade: 5 })
  expect((await w.post('addProdutoPesquisa', { organizacao_id: w.buyer.id, produto_id: w.hidden.id })).status).toBe(404)
  expect((await w.post('addProdutoPesquisa', { organizacao_id: w.buyer.id, produto_id: w.a.id, quantidade: 0 })).status).toBe(422)
})

test('the list shows, per line, the best offer for its quantity: the lowest total among the offers that accept it', async () => {
  const w = await world()
  const added = await w.post('addPreCheckout', { organizacao_id: w.buyer.id, itens: [{ produto_id: w.a.id, quantidade: 10 }, { produto_id: w.b.id, quantidade: 1 }] })
  expect(added.status).toBe(201)
  expect(added.body.message).toBe('2 produtos adicionados à lista de compras.')
  let list = await w.show()
  const [alcool, band] = list.body.itens
  // 10 units: the boxes of 12 do not accept it; 10 × R$ 9,00.
  expect(alcool).toMatchObject({ quantidade: 10, outras_ofertas: 1, melhor_oferta: { condicao_id: w.d.id, preco_unitario_centavos: 900, preco_unitario_centesimos: 90_000, total_centavos: 9000, problema_quantidade: null } })
  // 1 unit where the only offer starts at 3: shown with the problem and the nearest quantity.
  expect(band.melhor_oferta).toMatchObject({ total_centavos: 500, problema_quantidade: 'A quantidade mínima deste produto é 3 unidades.', quantidade_sugerida: 3 })
  expect(list.body.total_centavos).toBe(9500)

  const alcoolId = alcool.id
  const updated = await w.post('updateQtItemPre', { organizacao_id: w.buyer.id, pre_item_id: alcoolId, quantidade: 24 })
  expect(updated.body).toEqual({ message: 'Quantidade atualizada.', item: { id: alcoolId, produto_id: w.a.id, quantidade: 24 } })
  list = await w.show()
  // 24 units: the box table (24 × 8,50 = 204,00) beats the discount (24 × 9,00 = 216,00).
  expect(list.body.itens[0].melhor_oferta).toMatchObject({ condicao_id: w.l.id, total_centavos: 20_400, problema_quantidade: null })

  // An offer that closes leaves the line in the list, without an offer.
  await t.db.update(conditions).set({ ativo: false }).where(eq(conditions.organizationId, w.seller.id))
  list = await w.show()
  expect(list.body.itens.map((i: { melhor_oferta: unknown; outras_ofertas: number }) => [i.melhor_oferta, i.outras_ofertas])).toEqual([
    [null, 0],
    [null, 0],
  ])
  expect(list.body.total_centavos).toBe(0)
})

test("each member has a list of their own: a colleague neither sees nor changes mine", async () => {
  const w = await world()
  const mine = await w.post('addProdutoPesquisa', { organizacao_id: w.buyer.id, produto_id: w.a.id, quantidade: 2 })
  expect((await w.show(w.colleague.token)).body.itens).toEqual([])
  const id = mine.body.item.id
  expect((await w.post('updateQtItemPre', { organizacao_id: w.buyer.id, pre_item_id: id, quantidade: 5 }, w.colleague.token)).status).toBe(404)
  expect((await t.get(`/api/checkout/removeprecheckoutitem/${w.buyer.id}/${id}`, { token: w.colleague.token })).status).toBe(404)
  const gone = await t.get(`/api/checkout/removeprecheckoutitem/${w.buyer.id}/${id}`, { token: w.me.token })
  expect(gone.body).toEqual({ message: 'Produto removido da lista de compras.' })
  expect((await t.get(`/api/checkout/removeprecheckoutitem/${w.buyer.id}/${id}`, { token: w.me.token })).status).toBe(404)
  // A former member loses the list with the membership.
  await t.db.update(memberships).set({ active: false }).where(eq(memberships.userId, w.colleague.id))
  expect((await w.show(w.colleague.token)).status).toBe(403)
})

test('addPreCheckout refuses repeated products, products the buyer cannot buy (adding none), and a list past its size', async () => {
  const w = await world()
  const twice = await w.post('addPreCheckout', { organizacao_id: w.buyer.id, itens: [{ produto_id: w.a.id, quantidade: 1 }, { produto_id: w.a.id, quantidade: 2 }] })
  expect(twice.status).toBe(422)
  expect(twice.body.errors.itens).toEqual(['O mesmo produto aparece mais de uma vez.'])
  const hidden = await w.post('addPreCheckout', { organizacao_id: w.buyer.id, itens: [{ produto_id: w.a.id, quantidade: 1 }, { produto_id: w.hidden.id, quantidade: 1 }] })
  expect(hidden.status).toBe(404)
  expect((await w.show()).body.itens).toEqual([])
  // A full list (rows written directly) takes no new product, but still adds to one it holds.
  const filler = await t.db
    .insert(products)
    .values(Array.from({ length: MAX_LIST_LINES - 1 }, (_, i) => ({ organizationId: w.seller.id, codigo: `F${i}`, nome: `Enchimento ${i}`, precoCentavos: 100 })))
    .returning({ id: products.id })
  await t.db.insert(preCheckoutItems).values(filler.map((p) => ({ organizationId: w.buyer.id, userId: w.me.id, productId: p.id, quantidade: 1 })))
  // Without a quantity: the 12 the best unit price (the boxes) starts at.
  expect((await w.post('addProdutoPesquisa', { organizacao_id: w.buyer.id, produto_id: w.a.id })).body.item.quantidade).toBe(12)
  const full = await w.post('addProdutoPesquisa', { organizacao_id: w.buyer.id, produto_id: w.b.id })
  expect(full.status).toBe(422)
  expect(full.body.message).toMatch(/até 200 produtos/)
  expect((await w.post('addProdutoPesquisa', { organizacao_id: w.buyer.id, produto_id: w.a.id, quantidade: 1 })).body.item.quantidade).toBe(13)
})
