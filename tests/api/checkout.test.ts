import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { checkoutItems, checkouts, conditionProducts, customers } from '../../server/db/schema/index.ts'
import { addToCart, checkoutWorld } from './checkout-world.ts'
import { createOrganization, createTestApi, expectPortuguese, expectValidation, newUser, type TestApi } from './harness.ts'

/** The cart calls (app/domain/checkout/contract.ts, decision 027). */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

test('addCheckoutProdutoCondicao creates the cart of the offer, then sets the line; the price seen is after the table and the OL extra', async () => {
  const w = await checkoutWorld(t)
  const first = await addToCart(t, w, w.a.id, 12)
  expect(first.status, JSON.stringify(first.body)).toBe(201)
  expect(first.body.message).toBe('Água Sol 500 ml no carrinho.')
  expect(first.body.carrinho).toMatchObject({
    organizacao_id: w.buyer.id,
    condicao: { id: w.condition.id, nome: 'Tabela Verão', vendedor_nome: 'Distribuidora Vendedora', ativa: true },
    parceiro: null,
    quantidade_total: 12,
    lista_centavos: 12_000,
    subtotal_centavos: 10_800,
    desconto: '10.00',
    pagamento: null,
    tem_pagamentos: true,
    problemas: ['Escolha a forma de pagamento antes de enviar.'],
  })
  expect(first.body.carrinho.itens[0]).toMatchObject({ id: first.body.item_id, quantidade: 12, preco_visto_centavos: 900, preco_atual_centavos: 900, preco_alterado: false, total_centavos: 10_800 })
  // The same product again sets the quantity (a double click does not double it); another product joins the same cart.
  const again = await addToCart(t, w, w.a.id, 18)
  expect(again.status).toBe(200)
  expect(again.body.message).toBe('Quantidade de Água Sol 500 ml no carrinho alterada de 12 para 18.')
  expect(again.body.checkout_id).toBe(first.body.checkout_id)
  await addToCart(t, w, w.b.id, 1)
  const cart = (await t.get(`/api/checkout/showCheckout/${w.buyer.id}/${first.body.checkout_id}`, { token: w.buyerUser.token })).body.carrinho
  expect(cart.itens.map((i: { quantidade: number }) => i.quantidade)).toEqual([18, 1])
  expect(cart.subtotal_centavos).toBe(18 * 900 + 2250)
  // Through the OL: its own cart, 2% extra on the table's price (900 × 0,98 = 882).
  const viaOl = await addToCart(t, w, w.a.id, 6, { parceiro_id: w.partner.id })
  expect(viaOl.status).toBe(201)
  expect(viaOl.body.checkout_id).not.toBe(first.body.checkout_id)
  expect(viaOl.body.carrinho.parceiro).toEqual({ id: w.partner.id, ol_id: w.ol.id, nome: 'OL Parceiro', desconto_extra: '2.0000' })
  expect(viaOl.body.carrinho.itens[0].preco_visto_centavos).toBe(882)
  expect((await t.get(`/api/checkout/countCheckout/${w.buyer.id}`, { token: w.buyerUser.token })).body).toEqual({ carrinhos: 2, itens: 3 })
  // A colleague has carts of their own.
  expect((await t.get(`/api/checkout/countCheckout/${w.buyer.id}`, { token: w.colleague.token })).body).toEqual({ carrinhos: 0, itens: 0 })
})

test('quantities follow the condition line: minimum, maximum and pack, with the shared message; nothing is stored', async () => {
  const w = await checkoutWorld(t)
  expectValidation(await addToCart(t, w, w.a.id, 3), { quantidade: ['A quantidade mínima deste produto é 6 unidades.'] })
  expectValidation(await addToCart(t, w, w.a.id, 8), { quantidade: ['Este produto é vendido em múltiplos de 6 unidades.'] })
  expectValidation(await addToCart(t, w, w.c.id, 51), { quantidade: ['A quantidade máxima deste produto é 50 unidades.'] })
  expectValidation(await addToCart(t, w, w.b.id, 0), { quantidade: ['Informe uma quantidade inteira de 1 a 1.000.000.'] })
  expectValidation(await addToCart(t, w, w.b.id, 2.5), { quantidade: ['Informe uma quantidade inteira de 1 a 1.000.000.'] })
  expectPortuguese(await t.post('/api/checkout/addCheckoutProdutoCondicao', { organizacao_id: 'x', quantidade: true }, { token: w.buyerUser.token }))
  expect(await t.db.select().from(checkouts).where(eq(checkouts.organizationId, w.buyer.id))).toEqual([])
})

test('only offers the buyer may buy: not listed, not a member, an inactive line, blocked by the seller', async () => {
  const w = await checkoutWorld(t)
  const stranger = await newUser(t, 'Outra Compradora')
  const other = await createOrganization(t, { nome: 'Outra Farmácia', tipo: 'v' }, [{ userId: stranger.id, isAdmin: true }])
  const asOther = await t.post('/api/checkout/addCheckoutProdutoCondicao', { organizacao_id: other.id, condicao_id: w.condition.id, parceiro_id: null, produto_id: w.a.id, quantidade: 6 }, { token: stranger.token })
  expectValidation(asOther, { condicao_id: ['Esta oferta não está disponível para a sua empresa.'] })
  // Not a member of the buyer organization: 403.
  expect((await addToCart(t, w, w.a.id, 6, { token: stranger.token })).status).toBe(403)
  await t.db.update(conditionProducts).set({ ativo: false }).where(eq(conditionProducts.productId, w.b.id))
  expectValidation(await addToCart(t, w, w.b.id, 1), { produto_id: ['Este produto não está nesta condição.'] })
  await t.db.update(customers).set({ bloqueado: true }).where(eq(customers.id, w.customer.id))
  expectValidation(await addToCart(t, w, w.a.id, 6), { condicao_id: ['Esta oferta não está disponível para a sua empresa.'] })
  expect(await t.db.select().from(checkoutItems).innerJoin(checkouts, eq(checkouts.id, checkoutItems.checkoutId)).where(eq(checkouts.organizationId, w.buyer.id))).toEqual([])
})

test('updateQtItem, the payment options with their tokenbase option, removing lines, emptying and deleting a cart', async () => {
  const w = await checkoutWorld(t)
  const added = await addToCart(t, w, w.a.id, 6)
  const cartId = added.body.checkout_id
  const itemId = added.body.item_id
  const auth = { token: w.buyerUser.token }
  expectValidation(await t.post('/api/checkout/updateQtItem', { organizacao_id: w.buyer.id, item_id: itemId, quantidade: 7 }, auth), { quantidade: ['Este produto é vendido em múltiplos de 6 unidades.'] })
  const updated = await t.post('/api/checkout/updateQtItem', { organizacao_id: w.buyer.id, item_id: itemId, quantidade: 12 }, auth)
  expect(updated.body).toMatchObject({ message: 'Quantidade atualizada.', carrinho: { quantidade_total: 12, subtotal_centavos: 10_800 } })
  expect((await t.post('/api/checkout/updateQtItem', { organizacao_id: w.buyer.id, item_id: itemId, quantidade: 12 }, { token: w.colleague.token })).status).toBe(404)
  // 12 × 900 over a list of 12.000: desconto 10,00; 'desconto / 2' = 5% of 10.800 = 540.
  const options = await t.get(`/api/checkout/RestoreCondicoesPagamentos/${cartId}`, auth)
  expect(options.body).toEqual({
    checkout_id: cartId,
    pagamento_id: null,
    pagamentos: [
      { id: w.token.id, nome: 'Tokenbase 7 dias', prazo_dias: 7, minimo_centavos: 0, tem_formula: true, tokenbase: { token: 'TK-123', formula: 'desconto / 2', desconto: '10.00', percent: '5', fator: '0.05000', valor: 540, valor_total: 10_260, erro: null } },
      { id: w.boleto.id, nome: 'Boleto 28 dias', prazo_dias: 28, minimo_centavos: 0, tem_formula: false, tokenbase: null },
    ],
  })
  expect((await t.get(`/api/checkout/RestoreCondicoesPagamentos/${cartId}`, { token: w.colleague.token })).status).toBe(404)
  await addToCart(t, w, w.b.id, 1)
  expect((await t.get(`/api/checkout/removecheckoutitem/${w.buyer.id}/${itemId}`, auth)).body).toEqual({ message: 'Item removido do carrinho.', checkout_id: cartId, carrinho_excluido: false })
  expect((await t.get(`/api/checkout/limpaCheckout/${cartId}`, auth)).body).toEqual({ message: 'Carrinho esvaziado.' })
  expect((await t.get(`/api/checkout/countCheckout/${w.buyer.id}`, auth)).body).toEqual({ carrinhos: 1, itens: 0 })
  expect((await t.get(`/api/checkout/deleteCheckoutPedido/${cartId}`, { token: w.colleague.token })).status).toBe(404)
  expect((await t.get(`/api/checkout/deleteCheckoutPedido/${cartId}`, auth)).body).toEqual({ message: 'Carrinho excluído.' })
  expect((await t.get(`/api/checkout/countCheckout/${w.buyer.id}`, auth)).body).toEqual({ carrinhos: 0, itens: 0 })
  // The last line removed takes its cart with it.
  const again = await addToCart(t, w, w.b.id, 1)
  expect((await t.get(`/api/checkout/removecheckoutitem/${w.buyer.id}/${again.body.item_id}`, auth)).body.carrinho_excluido).toBe(true)
})
