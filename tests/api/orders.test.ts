import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orderMessages as m } from '../../app/domain/orders/messages.ts'
import { NOT_PERMITTED } from '../../server/api/organizations/membership.ts'
import { cargoPermissions, cargos, checkoutItems, checkouts, conditionProducts, memberships, orderCounters, orderItems, orders, products } from '../../server/db/schema/index.ts'
import type { Publisher } from '../../server/realtime/publisher.ts'
import { createTestApi, expectValidation, type TestApi } from './harness.ts'
import { orderWorld, seedOrder, type OrderWorld } from './order-fixtures.ts'

/** Orders after sending: lists per side, detail, status changes and who may, Q, history, counters, reorder. */

const events: { channels: string[]; event: string; data: any }[] = []
const publisher: Publisher = {
  async publish(channels, event, data) {
    events.push({ channels, event, data })
  },
}

let t: TestApi
beforeAll(async () => {
  t = await createTestApi({ publisher })
})
afterAll(() => t.close())

const list = (w: OrderWorld, orgId: number, token: string, path = '20/null/null/V', query = '') => t.get(`/api/pedidos/restorePedidos/${orgId}/${path}${query}`, { token })

/** The counters as kept on write, against a recount of the orders (the definition they must keep). */
async function expectCountersConsistent(orgIds: number[]) {
  for (const orgId of orgIds) {
    const kept = await t.db.select({ status: orderCounters.status, total: orderCounters.total }).from(orderCounters).where(eq(orderCounters.organizationId, orgId))
    const recount = ((await t.db.execute(
      sql`select status, count(*)::int as total from orders where ${orgId} in (buyer_id, seller_id, coalesce(ol_id, 0)) group by status`,
    )) as unknown as { rows: { status: string; total: number }[] }).rows
    const asMap = (rows: { status: string; total: number }[]) => Object.fromEntries(rows.filter((r) => r.total !== 0).map((r) => [r.status, Number(r.total)]))
    expect(asMap(kept), `organization ${orgId}`).toEqual(asMap(recount))
  }
}

describe('reading orders', () => {
  test('the buyer sees the orders it placed, the seller and the OL those they received; filters, search, period, pagination, detail', async () => {
    const w = await orderWorld(t)
    const old = await seedOrder(t, w, { createdAt: new Date('2026-01-10T12:00:00Z') })
    const viaOl = await seedOrder(t, w, { throughOl: true })
    const small = await seedOrder(t, w, { lines: [{ product: w.products[0], quantidade: 1, unit: 900 }] })

    const placed = await list(w, w.buyer.id, w.buyerUser.token, '20/null/null/C')
    expect(placed.status).toBe(200)
    expect(placed.body.pedidos.data.map((o: { id: number }) => o.id)).toEqual([small.id, viaOl.id, old.id])
    expect(placed.body.pedidos.data[1]).toMatchObject({
      papel: 'C',
      status: 'A',
      comprador: { id: w.buyer.id, nome: 'Farmácia São João' },
      vendedor: { id: w.seller.id, nome: 'Distribuidora Aurora' },
      ol: { id: w.ol.id, nome: 'OL Rápido' },
      itens: 2,
      quantidade_total: 7,
      total_centavos: 3 * 900 + 4 * 333,
    })
    expect((await list(w, w.buyer.id, w.buyerUser.token, '20/null/null/V')).body.pedidos.total).toBe(0)

    const received = await list(w, w.seller.id, w.sellerAdmin.token)
    expect(received.body.pedidos.data.map((o: { papel: string }) => o.papel)).toEqual(['V', 'V', 'V'])
    const asOl = await list(w, w.ol.id, w.olUser.token)
    expect(asOl.body.pedidos.data).toEqual([expect.objectContaining({ id: viaOl.id, papel: 'O' })])

    const page2 = await list(w, w.seller.id, w.sellerAdmin.token, '2/null/null/V', '?page=2')
    expect(page2.body.pedidos).toMatchObject({ total: 3, last_page: 2, current_page: 2, data: [expect.objectContaining({ id: old.id })] })
    const january = await list(w, w.seller.id, w.sellerAdmin.token, '20/null/null/V', '?de=2026-01-10&ate=2026-01-10')
    expect(january.body.pedidos.data.map((o: { id: number }) => o.id)).toEqual([old.id])
    const byId = await list(w, w.seller.id, w.sellerAdmin.token, `20/${small.id}/null/V`)
    expect(byId.body.pedidos.data.map((o: { id: number }) => o.id)).toEqual([small.id])
    const byName = await list(w, w.seller.id, w.sellerAdmin.token, '20/farmacia sao/null/V')
    expect(byName.body.pedidos.total).toBe(3)
    expect((await list(w, w.seller.id, w.sellerAdmin.token, '20/ol rapido/null/V')).body.pedidos.total).toBe(1)
    expectValidation(await list(w, w.seller.id, w.sellerAdmin.token, '20/null/X/V'), { status: [m.statusInvalid] })
    expectValidation(await list(w, w.seller.id, w.sellerAdmin.token, '20/null/null/Z'), { papel: [m.roleInvalid] })
    expectValidation(await list(w, w.seller.id, w.sellerAdmin.token, '20/null/null/V', '?de=2026-02-01&ate=2026-01-01'), { ate: [m.periodInOrder] })

    const customerOrders = await list(w, w.seller.id, w.sellerAdmin.token, '20/null/null/V', `?cliente=${w.customer.id}`)
    expect(customerOrders.body).toMatchObject({ cliente: { id: w.customer.id, nome: 'Farmácia São João (cliente)' }, pedidos: { total: 3 } })
    expect((await list(w, w.ol.id, w.olUser.token, '20/null/null/V', `?cliente=${w.customer.id}`)).status).toBe(404)

    const detail = await t.get(`/api/pedidos/showPedido/${w.buyer.id}/${viaOl.id}`, { token: w.buyerUser.token })
    expect(detail.status).toBe(200)
    expect(detail.body.pedido).toMatchObject({
      id: viaOl.id,
      pagamento_nome: 'Boleto 28 dias',
      pagamento_prazo_dias: 28,
      usuario: 'Compradora Farmácia',
      pode_mudar_status: false,
      pode_repetir: true,
      itens_lista: [expect.objectContaining({ nome: 'Dipirona 500 mg', quantidade: 3, preco_unitario_centavos: 900 }), expect.objectContaining({ nome: 'Paracetamol 750 mg' })],
      historico: [expect.objectContaining({ de: null, para: 'A', usuario: 'Compradora Farmácia', organizacao: 'Farmácia São João' })],
    })
    expect((await t.get(`/api/pedidos/showPedido/${w.ol.id}/${viaOl.id}`, { token: w.olUser.token })).body.pedido.pode_mudar_status).toBe(true)
    expect((await t.get(`/api/pedidos/showPedido/${w.ol.id}/${old.id}`, { token: w.olUser.token })).status).toBe(404)
    expect((await t.get(`/api/pedidos/showPedido/${w.seller.id}/${old.id}`, { token: w.buyerUser.token })).status).toBe(403)
  })

  test('another seller and another buyer read none of these orders', async () => {
    const w = await orderWorld(t)
    const order = await seedOrder(t, w)
    const other = await orderWorld(t)
    expect((await t.get(`/api/pedidos/showPedido/${other.seller.id}/${order.id}`, { token: other.sellerAdmin.token })).status).toBe(404)
    expect((await t.get(`/api/pedidos/showPedido/${other.buyer.id}/${order.id}`, { token: other.buyerUser.token })).status).toBe(404)
    expect((await list(other, other.seller.id, other.sellerAdmin.token)).body.pedidos.total).toBe(0)
    expect((await list(w, w.seller.id, other.sellerAdmin.token)).status).toBe(403)
  })
})

describe("a member's news (decision 028: the Pedidos badge)", () => {
  test('orders that arrive while away are news at the next read; the own are not; a list seen by key clears them; an order leaving A leaves what was seen there', async () => {
    const w = await orderWorld(t)
    await seedOrder(t, w)
    const news = async (orgId: number, token: string) => (await t.get(`/api/pedidos/contadores/${orgId}`, { token })).body.novos
    const seen = (orgId: number, token: string, chaves?: string[]) => t.post('/api/pedidos/vistos', { organizacao_id: orgId, ...(chaves ? { chaves } : {}) }, { token })
    // The first read counts what exists as seen: a member does not start with every past order.
    expect(await news(w.seller.id, w.sellerAdmin.token)).toEqual({ a: 0, f: 0, n: 0 })
    expect(await news(w.buyer.id, w.buyerUser.token)).toEqual({ a: 0, f: 0, n: 0 })

    const second = await seedOrder(t, w)
    const third = await seedOrder(t, w)
    expect(await news(w.seller.id, w.sellerAdmin.token)).toEqual({ a: 2, f: 0, n: 0 })
    // The buyer placed them: no news to the member who did.
    expect(await news(w.buyer.id, w.buyerUser.token)).toEqual({ a: 0, f: 0, n: 0 })

    // The seller moves one (its own change, no news to it); the buyer hears of it under f, and A's news stays none.
    expect((await t.post('/api/pedidos/updateStatus', { organizacao_id: w.seller.id, pedido_id: second.id, status: 'F' }, { token: w.sellerAdmin.token })).status).toBe(200)
    expect(await news(w.buyer.id, w.buyerUser.token)).toEqual({ a: 0, f: 1, n: 0 })
    expect((await news(w.seller.id, w.sellerAdmin.token)).f).toBe(0)

    // A list of N alone sees n only; the whole list sees everything.
    expect((await seen(w.buyer.id, w.buyerUser.token, ['n'])).body).toEqual({ novos: { a: 0, f: 1, n: 0 } })
    expect((await seen(w.buyer.id, w.buyerUser.token)).body).toEqual({ novos: { a: 0, f: 0, n: 0 } })
    expect((await seen(w.seller.id, w.sellerAdmin.token, ['a'])).body).toEqual({ novos: { a: 0, f: 0, n: 0 } })
    // An order that left A after being seen there: the next new one still shows.
    expect((await t.post('/api/pedidos/updateStatus', { organizacao_id: w.seller.id, pedido_id: third.id, status: 'N' }, { token: w.sellerAdmin.token })).status).toBe(200)
    await seedOrder(t, w)
    expect(await news(w.seller.id, w.sellerAdmin.token)).toEqual({ a: 1, f: 0, n: 0 })
    expect(await news(w.buyer.id, w.buyerUser.token)).toEqual({ a: 0, f: 0, n: 1 })
    // Seen is a reader's: a member who may not read the orders is refused.
    expect((await seen(w.seller.id, w.sellerClerk.token)).status).toBe(403)
  })
})

describe('status changes', () => {
  test('F by the seller: history, counters, the live event for the three parties; a second change is refused', async () => {
    const w = await orderWorld(t)
    const order = await seedOrder(t, w, { throughOl: true })
    events.length = 0
    // Messages in Portuguese, each about what is wrong: no status is 'choose one', an item that is not an object is invalid.
    const post = (body: object) => t.post('/api/pedidos/updateStatus', body, { token: w.sellerAdmin.token })
    expectValidation(await post({ organizacao_id: w.seller.id, pedido_id: order.id }), { status: [m.newStatusRequired] })
    expectValidation(await post({ organizacao_id: w.seller.id, pedido_id: order.id, status: 'Q', quantidades: [1] }), { 'quantidades.0': [m.itemInvalid] })
    // null quantities are none, as when absent (a client that writes every field).
    const res = await post({ organizacao_id: w.seller.id, pedido_id: order.id, status: 'F', quantidades: null })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({ message: m.statusChanged('Faturado'), pedido: { id: order.id, status: 'F', total_faturado_centavos: null } })
    expect(events).toEqual([
      {
        channels: [`private-organizacao.ped.${w.buyer.id}`, `private-organizacao.ped.${w.seller.id}`, `private-organizacao.ped.${w.ol.id}`],
        event: 'PedidoCriadoOuAtualizado',
        data: { pedido: { id: order.id, status: 'F', user_id: w.sellerAdmin.id } },
      },
    ])
    const detail = await t.get(`/api/pedidos/showPedido/${w.buyer.id}/${order.id}`, { token: w.buyerUser.token })
    expect(detail.body.pedido.historico.map((h: { de: string | null; para: string; usuario: string; organizacao: string }) => [h.de, h.para, h.usuario, h.organizacao])).toEqual([
      [null, 'A', 'Compradora Farmácia', 'Farmácia São João'],
      ['A', 'F', 'Vendedora Admin', 'Distribuidora Aurora'],
    ])
    const counters = await t.get(`/api/pedidos/contadores/${w.ol.id}`, { token: w.olUser.token })
    expect(counters.body).toEqual({ contadores: { A: 0, F: 1, N: 0, Q: 0 }, total: 1, novos: { a: 0, f: 0, n: 0 } })
    expectValidation(await t.post('/api/pedidos/updateStatus', { organizacao_id: w.ol.id, pedido_id: order.id, status: 'N' }, { token: w.olUser.token }), {
      status: [m.notWaiting('Faturado')],
    })
    await expectCountersConsistent([w.buyer.id, w.seller.id, w.ol.id])
  })

  test('who may: the buyer no, a member without pedidos_status no, a role with it yes; the OL only for its orders', async () => {
    const w = await orderWorld(t)
    const direct = await seedOrder(t, w)
    const body = { organizacao_id: w.seller.id, pedido_id: direct.id, status: 'N' }
    const buyerTry = await t.post('/api/pedidos/updateStatus', { ...body, organizacao_id: w.buyer.id }, { token: w.buyerUser.token })
    expect(buyerTry).toMatchObject({ status: 403, body: { message: m.onlySellerMoves } })
    expect((await t.post('/api/pedidos/updateStatus', body, { token: w.sellerClerk.token })).status).toBe(403)
    expect((await t.post('/api/pedidos/updateStatus', { ...body, organizacao_id: w.ol.id }, { token: w.olUser.token })).status).toBe(404)
    const [cargo] = await t.db.insert(cargos).values({ organizationId: w.seller.id, nome: 'Faturamento' }).returning()
    await t.db.insert(cargoPermissions).values({ cargoId: cargo.id, permissao: 'pedidos_status' })
    await t.db.update(memberships).set({ cargoId: cargo.id }).where(and(eq(memberships.userId, w.sellerClerk.id), eq(memberships.organizationId, w.seller.id)))
    expect((await t.post('/api/pedidos/updateStatus', body, { token: w.sellerClerk.token })).status).toBe(200)
    const [row] = await t.db.select().from(orders).where(eq(orders.id, direct.id))
    expect(row.status).toBe('N')
    await expectCountersConsistent([w.buyer.id, w.seller.id])
  })

  test("reading needs 'Ver pedidos' (or 'Mudar situação'): a member without either is refused the list, the detail, the counters and the reorder (decision 031)", async () => {
    const w = await orderWorld(t)
    const order = await seedOrder(t, w)
    const clerk = w.sellerClerk.token
    const refused = [
      await list(w, w.seller.id, clerk),
      await t.get(`/api/pedidos/showPedido/${w.seller.id}/${order.id}`, { token: clerk }),
      await t.get(`/api/pedidos/contadores/${w.seller.id}`, { token: clerk }),
    ]
    for (const res of refused) expect(res).toMatchObject({ status: 403, body: { message: NOT_PERMITTED } })
    const giveRole = async (permissao: 'pedidos_ver' | 'pedidos_status') => {
      const [cargo] = await t.db.insert(cargos).values({ organizationId: w.seller.id, nome: `Só ${permissao}` }).returning()
      await t.db.insert(cargoPermissions).values({ cargoId: cargo.id, permissao })
      await t.db.update(memberships).set({ cargoId: cargo.id }).where(and(eq(memberships.userId, w.sellerClerk.id), eq(memberships.organizationId, w.seller.id)))
    }
    for (const permissao of ['pedidos_ver', 'pedidos_status'] as const) {
      await giveRole(permissao)
      expect((await list(w, w.seller.id, clerk)).body.pedidos.data.map((o: { id: number }) => o.id)).toEqual([order.id])
      const detail = await t.get(`/api/pedidos/showPedido/${w.seller.id}/${order.id}`, { token: clerk })
      expect(detail.status).toBe(200)
      // Seeing is not moving: only the role with 'Mudar situação' may.
      expect(detail.body.pedido.pode_mudar_status).toBe(permissao === 'pedidos_status')
      expect((await t.get(`/api/pedidos/contadores/${w.seller.id}`, { token: clerk })).body.contadores.A).toBe(1)
    }
  })

  test('Q: every line 0..ordered, one below; the invoiced total in proportion (tokenbase too); bad quantities change nothing', async () => {
    const w = await orderWorld(t)
    const order = await seedOrder(t, w, { tokenbaseFator: '0.05025' })
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id)
    const [a, b] = items
    const q = (quantidades: unknown) => t.post('/api/pedidos/updateStatus', { organizacao_id: w.seller.id, pedido_id: order.id, status: 'Q', quantidades }, { token: w.sellerAdmin.token })
    expectValidation(await q([]), { quantidades: [m.quantitiesRequired] })
    expectValidation(await q([{ item_id: a.id, quantidade: 2 }]), { quantidades: [m.quantitiesRequired] })
    expectValidation(await q([{ item_id: a.id, quantidade: 4 }, { item_id: b.id, quantidade: 4 }]), { 'quantidades.0.quantidade': [m.quantityRange(3)] })
    expectValidation(await q([{ item_id: a.id, quantidade: 3 }, { item_id: b.id, quantidade: 4 }]), { quantidades: [m.nothingBroken] })
    expectValidation(await q([{ item_id: a.id, quantidade: 0 }, { item_id: b.id, quantidade: 0 }]), { quantidades: [m.nothingInvoiced] })
    expectValidation(await q([{ item_id: a.id, quantidade: -1 }, { item_id: b.id, quantidade: 1 }]), { 'quantidades.0.quantidade': [m.quantityNegative] })
    expectValidation(await q([{ item_id: a.id, quantidade: 1 }, { item_id: a.id, quantidade: 1 }]), { 'quantidades.1.item_id': [m.itemRepeated] })
    expectValidation(await t.post('/api/pedidos/updateStatus', { organizacao_id: w.seller.id, pedido_id: order.id, status: 'F', quantidades: [{ item_id: a.id, quantidade: 1 }] }, { token: w.sellerAdmin.token }), {
      quantidades: [m.quantitiesOnlyForQ],
    })
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('A')

    const res = await q([{ item_id: a.id, quantidade: 3 }, { item_id: b.id, quantidade: 1 }])
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // Lines: 2700 + 1332 × 1/4 = 2700 + 333 = 3033, less its tokenbase (total × the order's fator): 3033 × 0.05025 =
    // 152.41 → 152, so 2881. The order's own proportion (4032 − 203 of 4032) gave 2880: a centavo off the formula.
    expect(res.body.pedido).toEqual({ id: order.id, status: 'Q', total_faturado_centavos: 2881 })
    const detail = await t.get(`/api/pedidos/showPedido/${w.seller.id}/${order.id}`, { token: w.sellerAdmin.token })
    expect(detail.body.pedido.itens_lista.map((i: { quantidade_faturada: number }) => i.quantidade_faturada)).toEqual([3, 1])
    // Each line's invoiced part, which the lines' subtotal (3033) is the sum of.
    expect(detail.body.pedido.itens_lista.map((i: { total_faturado_centavos: number }) => i.total_faturado_centavos)).toEqual([2700, 333])
    expect(detail.body.pedido).toMatchObject({ status: 'Q', total_faturado_centavos: res.body.pedido.total_faturado_centavos, pode_mudar_status: false })
    await expectCountersConsistent([w.buyer.id, w.seller.id])
  })
})

describe('reorder', () => {
  test("the lines go back into the buyer's cart at today's prices; quantities within today's limits; lines no longer buyable are named", async () => {
    const w = await orderWorld(t)
    const order = await seedOrder(t, w, { throughOl: true, lines: [
      { product: w.products[0], quantidade: 3, unit: 900 },
      { product: w.products[1], quantidade: 3, unit: 333 },
    ] })
    const res = await t.post('/api/pedidos/repetirPedido', { organizacao_id: w.buyer.id, pedido_id: order.id }, { token: w.buyerUser.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // Today: 1000 less 10% less the OL's 5% = 855; 333 less 5% = 316,35 → 316; Paracetamol goes in pairs: 3 → 4.
    expect(res.body).toMatchObject({
      // The pair's line was adjusted from the order's 3, and the answer says so.
      message: m.reordered(2, 0, 0, 1),
      adicionados: [
        { produto_id: w.products[0].id, quantidade: 3, quantidade_pedido: 3, preco_centavos: 855 },
        { produto_id: w.products[1].id, quantidade: 4, quantidade_pedido: 3, preco_centavos: 316 },
      ],
      ignorados: [],
    })
    const [cart] = await t.db.select().from(checkouts).where(eq(checkouts.id, res.body.checkout_id))
    expect(cart).toMatchObject({ organizationId: w.buyer.id, userId: w.buyerUser.id, conditionId: w.condition.id, conditionPartnerId: w.partner.id })
    expect((await t.db.select().from(checkoutItems).where(eq(checkoutItems.checkoutId, cart.id))).map((i) => i.quantidade).sort()).toEqual([3, 4])

    await t.db.update(conditionProducts).set({ ativo: false }).where(eq(conditionProducts.productId, w.products[1].id))
    const again = await t.post('/api/pedidos/repetirPedido', { organizacao_id: w.buyer.id, pedido_id: order.id }, { token: w.buyerUser.token })
    expect(again.body).toMatchObject({ checkout_id: cart.id, message: m.reordered(1, 1), ignorados: [{ nome: 'Paracetamol 750 mg', motivo: m.skipNotInCondition }] })
    expect(await t.db.select().from(checkoutItems).where(eq(checkoutItems.checkoutId, cart.id))).toHaveLength(2)
    // A line the buyer changed meanwhile takes the order's quantity again, and the message says so.
    await t.db.update(checkoutItems).set({ quantidade: 10 }).where(and(eq(checkoutItems.checkoutId, cart.id), eq(checkoutItems.productId, w.products[0].id)))
    const changed = await t.post('/api/pedidos/repetirPedido', { organizacao_id: w.buyer.id, pedido_id: order.id }, { token: w.buyerUser.token })
    expect(changed.body.message).toBe(m.reordered(1, 1, 1))
    expect(changed.body.message).toContain('1 já estava no carrinho e teve a quantidade trocada pela repetida')
    expect((await t.db.select().from(checkoutItems).where(and(eq(checkoutItems.checkoutId, cart.id), eq(checkoutItems.productId, w.products[0].id))))[0].quantidade).toBe(3)

    await t.db.delete(conditionProducts).where(eq(conditionProducts.productId, w.products[1].id))
    await t.db.delete(products).where(eq(products.id, w.products[1].id))
    const gone = await t.post('/api/pedidos/repetirPedido', { organizacao_id: w.buyer.id, pedido_id: order.id }, { token: w.buyerUser.token })
    expect(gone.body.ignorados).toEqual([{ nome: 'Paracetamol 750 mg', motivo: m.skipProductGone }])

    expect((await t.post('/api/pedidos/repetirPedido', { organizacao_id: w.seller.id, pedido_id: order.id }, { token: w.sellerAdmin.token })).status).toBe(403)
  })

  test('a condition closed to the buyer since: nothing added, every line named', async () => {
    const w = await orderWorld(t)
    const order = await seedOrder(t, w)
    await t.db.execute(sql`update conditions set ativo = false where id = ${w.condition.id}`)
    const res = await t.post('/api/pedidos/repetirPedido', { organizacao_id: w.buyer.id, pedido_id: order.id }, { token: w.buyerUser.token })
    expect(res.body).toMatchObject({ checkout_id: null, message: m.reordered(0, 2), adicionados: [] })
    expect(res.body.ignorados.map((i: { motivo: string }) => i.motivo)).toEqual([m.skipOfferClosed, m.skipOfferClosed])
  })
})

test('a condition with orders cannot be deleted: 422 in Portuguese, nothing removed', async () => {
  const w = await orderWorld(t)
  await seedOrder(t, w)
  const res = await t.post('/api/condicoes/deleteCondicao', { condicao_id: w.condition.id }, { token: w.sellerAdmin.token })
  expect(res.status).toBe(422)
  expect(res.body.errors.condicao_id[0]).toMatch(/pedido/i)
})
