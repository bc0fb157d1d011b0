import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { checkouts, conditionPaymentTerms, conditionProducts, conditionRules, conditions, customers, orderCounters, orderEmails, orderItems, orders, orderStatusHistory, products } from '../../server/db/schema/index.ts'
import { addToCart, checkoutWorld, type CheckoutWorld } from './checkout-world.ts'
import { createTestApi, expectValidation, type TestApi } from './harness.ts'

/** enviaPedido (decision 027): one cart, one order, once per key. Runs on PGlite and, with DATABASE_URL, on PostgreSQL. */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

let keys = 0
const newKey = () => `chave-teste-${process.pid}-${++keys}-${Date.now()}`

const send = (w: CheckoutWorld, checkoutId: number, chave: string, extra: Record<string, unknown> = {}) =>
  t.post('/api/pedidos/enviaPedido', { organizacao_id: w.buyer.id, checkout_id: checkoutId, chave, ...extra }, { token: w.buyerUser.token })

const chooseTerm = (w: CheckoutWorld, checkoutId: number, pagamentoId: number) =>
  t.post('/api/checkout/definePagamentoCheckout', { organizacao_id: w.buyer.id, checkout_id: checkoutId, pagamento_id: pagamentoId }, { token: w.buyerUser.token })

const ordersOf = (buyerId: number) => t.db.select().from(orders).where(eq(orders.buyerId, buyerId))

test('the totals to the centavo with a rule and a tokenbase option; the order keeps copies, history and counters; the cart is gone', async () => {
  const w = await checkoutWorld(t)
  await t.db.insert(conditionRules).values({ conditionId: w.condition.id, nome: 'Sol 12', tipo: 'Q', minimo: 12, desconto: '2', marca: 'Sol' })
  const cartId = (await addToCart(t, w, w.a.id, 12)).body.checkout_id
  await addToCart(t, w, w.b.id, 3)
  const chosen = await chooseTerm(w, cartId, w.token.id)
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200)
  // A: 1.000 × 0,9 × 0,98 = 882 × 12 = 10.584 (rule Sol 12, 2%); B: 2.250 × 3 = 6.750. Subtotal 17.334 over a list of 19.500:
  // desconto = 2.166 / 19.500 = 11,1077 % → 11,11; 'desconto / 2' = 5,555 %, fator 0,05555; valor = 17.334 × 0,05555 = 962,90 → 963.
  expect(chosen.body.carrinho).toMatchObject({
    subtotal_centavos: 17_334,
    lista_centavos: 19_500,
    desconto: '11.11',
    tokenbase: { token: 'TK-123', formula: 'desconto / 2', desconto: '11.11', percent: '5.555', fator: '0.05555', valor: 963, valor_total: 16_371, erro: null },
    total_centavos: 16_371,
    problemas: [],
  })
  expect(chosen.body.carrinho.itens[0]).toMatchObject({ preco_unitario_centavos: 882, total_centavos: 10_584, regra: { nome: 'Sol 12', desconto: '2.0000' } })
  const res = await send(w, cartId, newKey())
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  expect(res.body.pedido).toMatchObject({ status: 'A', condicao_nome: 'Tabela Verão', pagamento_nome: 'Tokenbase 7 dias', quantidade_total: 15, subtotal_centavos: 17_334, total_centavos: 16_371, vendedor_id: w.seller.id, ol_id: null })
  expect(res.body.message).toBe(`Pedido nº ${res.body.pedido.id} enviado com sucesso.`)
  const [order] = await ordersOf(w.buyer.id)
  expect(order).toMatchObject({ pagamentoPrazoDias: 7, userId: w.buyerUser.id, tokenbase: { token: 'TK-123', desconto: '11.11', percent: '5.555', fator: '0.05555', valor: 963, valor_total: 16_371 } })
  const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id)
  expect(lines.map((l) => [l.nome, l.codigo, l.marca, l.quantidade, l.precoListaCentavos, l.precoUnitarioCentavos, l.totalCentavos, l.regraNome, l.regraDesconto])).toEqual([
    ['Água Sol 500 ml', 'A', 'Sol', 12, 1000, 882, 10_584, 'Sol 12', '2.0000'],
    ['Sabão Lua', 'B', 'Lua', 3, 2500, 2250, 6750, null, null],
  ])
  expect(await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))).toMatchObject([{ de: null, para: 'A', userId: w.buyerUser.id }])
  const counters = await t.db.select().from(orderCounters).where(eq(orderCounters.status, 'A'))
  for (const org of [w.buyer.id, w.seller.id]) expect(counters.find((c) => c.organizationId === org)?.total).toBe(1)
  expect(await t.db.select().from(checkouts).where(eq(checkouts.id, cartId))).toEqual([])
  // Later price changes never touch the order.
  await t.db.update(products).set({ precoCentavos: 5000 }).where(eq(products.id, w.a.id))
  expect((await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)))[0].totalCentavos).toBe(10_584)
})

test('a unit price between two centavos: the cart and the order show it to R$ 0,0001 beside the total rounded once (decision 033)', async () => {
  const w = await checkoutWorld(t)
  // C: R$ 3,33 less 10 % = R$ 2,997; 7 units = 20,979 → R$ 20,98 (7 × R$ 3,00 would be R$ 21,00).
  const cartId = (await addToCart(t, w, w.c.id, 7)).body.checkout_id
  const chosen = await chooseTerm(w, cartId, w.boleto.id)
  expect(chosen.body.carrinho.itens[0]).toMatchObject({ preco_unitario_centavos: 300, preco_unitario_centesimos: 29_970, total_centavos: 2098 })
  const res = await send(w, cartId, newKey())
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const detail = await t.get(`/api/pedidos/showPedido/${w.buyer.id}/${res.body.pedido.id}`, { token: w.buyerUser.token })
  expect(detail.body.pedido.itens_lista).toMatchObject([{ quantidade: 7, preco_unitario_centavos: 300, preco_unitario_centesimos: 29_970, total_centavos: 2098 }])
  const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, res.body.pedido.id))
  expect(line).toMatchObject({ precoUnitarioCentavos: 300, precoUnitarioCentesimos: 29_970, totalCentavos: 2098 })
})

test('the same key sent twice, one after the other or at once, makes one order', async () => {
  const w = await checkoutWorld(t)
  const cartId = (await addToCart(t, w, w.b.id, 2)).body.checkout_id
  await chooseTerm(w, cartId, w.boleto.id)
  const key = newKey()
  const first = await send(w, cartId, key)
  expect(first.status).toBe(201)
  const again = await send(w, cartId, key)
  expect(again.status).toBe(200)
  // The same answer as the first send's (a double click's second click must not read as a failure), only its status tells.
  expect(again.body).toEqual(first.body)
  // The same key with another cart (a page that gave every cart one key) made nothing and said it was sent.
  const other = (await addToCart(t, w, w.a.id, 12)).body.checkout_id
  await chooseTerm(w, other, w.boleto.id)
  expectValidation(await send(w, other, key), {
    chave: [`Esta chave de envio já fez o pedido nº ${first.body.pedido.id}, de outro carrinho. Recarregue a página e envie este carrinho de novo.`],
  })
  expect(await t.db.select().from(checkouts).where(eq(checkouts.id, other))).toHaveLength(1)
  await t.db.delete(checkouts).where(eq(checkouts.id, other))

  const cart2 = (await addToCart(t, w, w.b.id, 4)).body.checkout_id
  await chooseTerm(w, cart2, w.boleto.id)
  const key2 = newKey()
  const answers = await Promise.all(Array.from({ length: 6 }, () => send(w, cart2, key2)))
  expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201])
  expect(new Set(answers.map((a) => a.body.pedido.id)).size).toBe(1)
  expect(await ordersOf(w.buyer.id)).toHaveLength(2)
  // A retry names the cart it sends: a cart that never was is not the one the key sent.
  expect((await send(w, cart2 + 1000, key2)).status).toBe(422)

  // Two carts sent at once with one key: one order; the other cart is refused and kept (on PostgreSQL its insert
  // meets the first's key inside its transaction, and that path answered the other cart's order with a 200).
  const c3 = (await addToCart(t, w, w.b.id, 1)).body.checkout_id
  const c4 = (await addToCart(t, w, w.b.id, 1, { parceiro_id: w.partner.id })).body.checkout_id
  await chooseTerm(w, c3, w.boleto.id)
  await chooseTerm(w, c4, w.boleto.id)
  const key3 = newKey()
  const race = await Promise.all([send(w, c3, key3), send(w, c4, key3)])
  expect(race.map((a) => a.status).sort()).toEqual([201, 422])
  const refusedCart = race[0].status === 422 ? c3 : c4
  expect(await t.db.select().from(checkouts).where(eq(checkouts.id, refusedCart))).toHaveLength(1)
  await t.db.delete(checkouts).where(eq(checkouts.id, refusedCart))
  expect(await ordersOf(w.buyer.id)).toHaveLength(3)

  // Two carts sent at once with two keys: two orders, each once.
  const c1 = (await addToCart(t, w, w.b.id, 1)).body.checkout_id
  const c2 = (await addToCart(t, w, w.b.id, 1, { parceiro_id: w.partner.id })).body.checkout_id
  await chooseTerm(w, c1, w.boleto.id)
  await chooseTerm(w, c2, w.boleto.id)
  const [k1, k2] = [newKey(), newKey()]
  const both = await Promise.all([send(w, c1, k1), send(w, c2, k2), send(w, c1, k1), send(w, c2, k2)])
  expect(both.filter((a) => a.status === 201)).toHaveLength(2)
  const sent = await ordersOf(w.buyer.id)
  expect(sent).toHaveLength(5)
  expect(sent.find((o) => o.chave === k2)).toMatchObject({ olId: w.ol.id, conditionPartnerId: w.partner.id })
})

test('minimums of the condition (value, quantity) and of the term are refused with the amounts', async () => {
  const w = await checkoutWorld(t, { minimoValorCentavos: 50_000, minimoQuantidade: 10 })
  const cartId = (await addToCart(t, w, w.b.id, 2)).body.checkout_id
  await chooseTerm(w, cartId, w.boleto.id)
  const refused = await send(w, cartId, newKey())
  expectValidation(refused, {
    checkout_id: ['O pedido mínimo desta condição é R$\u00a0500,00; o carrinho soma R$\u00a045,00.', 'Esta condição pede no mínimo 10 unidades; o carrinho tem 2.'],
  })
  await t.db.update(conditions).set({ minimoValorCentavos: 0, minimoQuantidade: 0 }).where(eq(conditions.id, w.condition.id))
  await t.db.update(conditionPaymentTerms).set({ minimoCentavos: 10_000 }).where(eq(conditionPaymentTerms.id, w.boleto.id))
  expectValidation(await send(w, cartId, newKey()), { checkout_id: ['A forma de pagamento Boleto 28 dias pede um pedido mínimo de R$\u00a0100,00; o carrinho soma R$\u00a045,00.'] })
  expect(await ordersOf(w.buyer.id)).toEqual([])
})

test('a blocked customer, an inactive condition, a missing term, a line out of the condition: each refused in Portuguese', async () => {
  const w = await checkoutWorld(t)
  const cartId = (await addToCart(t, w, w.b.id, 2)).body.checkout_id
  expectValidation(await send(w, cartId, newKey()), { checkout_id: ['Escolha a forma de pagamento antes de enviar.'] })
  await chooseTerm(w, cartId, w.boleto.id)
  const problems = async () => (await t.get(`/api/checkout/showCheckout/${w.buyer.id}/${cartId}`, { token: w.buyerUser.token })).body.carrinho.problemas
  await t.db.update(customers).set({ bloqueado: true }).where(eq(customers.id, w.customer.id))
  // The cart says it before the send does (it said nothing, and the buyer kept filling it).
  expect(await problems()).toEqual(['O fornecedor bloqueou as compras da sua empresa: este pedido não pode ser enviado.'])
  expectValidation(await send(w, cartId, newKey()), { checkout_id: ['O fornecedor bloqueou as compras da sua empresa: este pedido não pode ser enviado.'] })
  await t.db.update(customers).set({ bloqueado: false }).where(eq(customers.id, w.customer.id))
  await t.db.update(conditions).set({ visivel: false }).where(eq(conditions.id, w.condition.id))
  expect(await problems()).toEqual(['Esta oferta não está disponível para a sua empresa.'])
  expectValidation(await send(w, cartId, newKey()), { checkout_id: ['Esta oferta não está disponível para a sua empresa.'] })
  await t.db.update(conditions).set({ visivel: true }).where(eq(conditions.id, w.condition.id))
  expect(await problems()).toEqual([])
  await t.db.update(conditions).set({ ativo: false }).where(eq(conditions.id, w.condition.id))
  expectValidation(await send(w, cartId, newKey()), { checkout_id: ['A condição Tabela Verão não está ativa: este carrinho não pode ser enviado.'] })
  await t.db.update(conditions).set({ ativo: true }).where(eq(conditions.id, w.condition.id))
  await t.db.update(conditionProducts).set({ ativo: false }).where(eq(conditionProducts.productId, w.b.id))
  expectValidation(await send(w, cartId, newKey()), { checkout_id: ['O produto Sabão Lua não está mais disponível nesta condição.'] })
  // Another member's key and cart ids reach nothing.
  expect((await t.post('/api/pedidos/enviaPedido', { organizacao_id: w.buyer.id, checkout_id: cartId, chave: newKey() }, { token: w.colleague.token })).body).toEqual({
    message: 'Carrinho não encontrado.',
    errors: { checkout_id: ['Carrinho não encontrado.'] },
  })
  expect(await ordersOf(w.buyer.id)).toEqual([])
})

test('a price changed since the cart: 409 with the lines; sending again with confirmation takes today’s price', async () => {
  const w = await checkoutWorld(t)
  const cartId = (await addToCart(t, w, w.b.id, 2)).body.checkout_id
  await chooseTerm(w, cartId, w.boleto.id)
  await t.db.update(products).set({ precoCentavos: 3000 }).where(eq(products.id, w.b.id))
  const shown = (await t.get(`/api/checkout/showCheckout/${w.buyer.id}/${cartId}`, { token: w.buyerUser.token })).body.carrinho
  expect(shown).toMatchObject({ precos_alterados: true, itens: [{ preco_visto_centavos: 2250, preco_atual_centavos: 2700, preco_alterado: true }] })
  const key = newKey()
  const changed = await send(w, cartId, key)
  expect(changed.status).toBe(409)
  expect(changed.body).toEqual({
    message: 'O preço de 1 produto mudou desde que foi colocado no carrinho. Confira e confirme para enviar com o preço de hoje.',
    alterados: [{ item_id: shown.itens[0].id, produto_id: w.b.id, nome: 'Sabão Lua', preco_visto_centavos: 2250, preco_atual_centavos: 2700 }],
    total_visto_centavos: null,
    total_atual_centavos: 5400,
  })
  const confirmed = await send(w, cartId, key, { confirmar_precos: true })
  expect(confirmed.status).toBe(201)
  expect(confirmed.body.pedido.subtotal_centavos).toBe(5400)
})

test('the total shown is checked when sent: a rule or a term changed since is shown first, and a confirmation holds only for the total it saw', async () => {
  const w = await checkoutWorld(t)
  const cartId = (await addToCart(t, w, w.a.id, 12)).body.checkout_id
  const shown = (await chooseTerm(w, cartId, w.boleto.id)).body.carrinho
  // A: 1.000 less 10 % = 900 × 12 = 10.800. The seller adds a 2 % rule for 12 units: 882 × 12 = 10.584. No line's price
  // before rules moved, so the line check alone let this through.
  expect(shown.total_centavos).toBe(10_800)
  await t.db.insert(conditionRules).values({ conditionId: w.condition.id, nome: 'Sol 12', tipo: 'Q', minimo: 12, desconto: '2', marca: 'Sol' })
  const key = newKey()
  const changed = await send(w, cartId, key, { total_visto_centavos: 10_800 })
  expect(changed.status).toBe(409)
  expect(changed.body).toEqual({
    message:
      'O total deste carrinho mudou de R$\u00a0108,00 para R$\u00a0105,84 desde que você o viu (preços, regras ou forma de pagamento). Confira e confirme para enviar com o total de hoje.',
    alterados: [],
    total_visto_centavos: 10_800,
    total_atual_centavos: 10_584,
  })
  // The buyer confirms R$ 105,84 while the seller raises the price: the confirmation is for the total seen, so it asks again.
  await t.db.update(products).set({ precoCentavos: 1100 }).where(eq(products.id, w.a.id))
  const again = await send(w, cartId, key, { confirmar_precos: true, total_visto_centavos: 10_584 })
  expect(again.status).toBe(409)
  expect(again.body).toMatchObject({ alterados: [{ preco_visto_centavos: 900, preco_atual_centavos: 990 }], total_visto_centavos: 10_584, total_atual_centavos: 11_642 })
  const sent = await send(w, cartId, key, { confirmar_precos: true, total_visto_centavos: 11_642 })
  expect(sent.status, JSON.stringify(sent.body)).toBe(201)
  expect(sent.body.pedido.total_centavos).toBe(11_642)
})

test('a total past the integer limit is refused when sent; a line past it when added', async () => {
  const w = await checkoutWorld(t)
  const [big1, big2] = await t.db
    .insert(products)
    .values([
      { organizationId: w.seller.id, codigo: 'G1', nome: 'Gerador', precoCentavos: 999_999_999 },
      { organizationId: w.seller.id, codigo: 'G2', nome: 'Gerador 2', precoCentavos: 999_999_999 },
    ])
    .returning()
  await t.db.insert(conditionProducts).values([
    { conditionId: w.condition.id, productId: big1.id },
    { conditionId: w.condition.id, productId: big2.id },
  ])
  expectValidation(await addToCart(t, w, big1.id, 3), { quantidade: ['O total desta linha passa do limite de um pedido. Diminua a quantidade.'] })
  const cartId = (await addToCart(t, w, big1.id, 2)).body.checkout_id
  await addToCart(t, w, big2.id, 2)
  await chooseTerm(w, cartId, w.boleto.id)
  expectValidation(await send(w, cartId, newKey()), { checkout_id: ['O total do carrinho passa do limite de um pedido (R$ 21.474.836,47). Divida-o em mais de um pedido.'] })
})

test("a new order is mailed to the seller's order addresses after the commit, once per key", async () => {
  const w = await checkoutWorld(t)
  await t.db.insert(orderEmails).values({ organizationId: w.seller.id, email: 'pedidos@vendedora.com.br' })
  const cartId = (await addToCart(t, w, w.a.id, 42)).body.checkout_id
  expect((await chooseTerm(w, cartId, w.boleto.id)).status).toBe(200)
  const before = (await t.mails()).length
  const chave = newKey()
  const res = await send(w, cartId, chave)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  expect((await send(w, cartId, chave)).status).toBe(200)
  const mails = (await t.mails()).slice(before)
  expect(mails).toHaveLength(1)
  expect(mails[0]).toContain('To: pedidos@vendedora.com.br')
  expect(mails[0]).toContain(`/login/update-order-status/${res.body.pedido.id}/F`)
})
