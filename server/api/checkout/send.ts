import { createRoute } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import { HTTPException } from 'hono/http-exception'
import * as api from '../../../app/domain/checkout/contract.ts'
import { checkoutMessages as m } from '../../../app/domain/checkout/messages.ts'
import type { Db, Tx } from '../../db/client.ts'
import { checkouts, orderItems, orders } from '../../db/schema/index.ts'
import { fail, requireAuth, ValidationError, type Api, type Deps } from '../http.ts'
import { requireMembership } from '../organizations/membership.ts'
import { announceOrder } from '../orders/announce.ts'
import { recordNewOrder } from '../orders/lifecycle.ts'
import { loadCart } from './cart.ts'

type Order = typeof orders.$inferSelect

const orderAnswer = (o: Order) => ({
  id: o.id,
  status: o.status,
  chave: o.chave,
  condicao_nome: o.condicaoNome,
  vendedor_id: o.sellerId,
  ol_id: o.olId,
  pagamento_nome: o.pagamentoNome,
  quantidade_total: o.quantidadeTotal,
  subtotal_centavos: o.subtotalCentavos,
  total_centavos: o.totalCentavos,
  created_at: o.createdAt.toISOString(),
})

async function orderByKey(db: Db | Tx, buyerId: number, chave: string) {
  const [row] = await db.select().from(orders).where(and(eq(orders.buyerId, buyerId), eq(orders.chave, chave)))
  return row ?? null
}

/** Another send with the same key inserted first: this transaction rolls back and answers that order. */
class KeyTaken extends Error {}

/**
 * enviaPedido (decision 027): one cart becomes one order in one transaction. The cart row is locked, so a
 * second send of the same cart waits, then finds it gone and answers as the first did (200 instead of 201); the key
 * (orders_buyer_chave_unique) makes a retry, a double click or a second tab the same order. Everything the
 * buyer could not know when the cart was built is checked again inside the lock.
 */
export function registerSendOrder(app: Api, deps: Deps) {
  const { db } = deps
  app.openapi(createRoute({ ...api.enviaPedido, middleware: [requireAuth(db)] as const }), async (c) => {
    const body = c.req.valid('json')
    const user = c.get('user')
    const buyerId = body.organizacao_id
    await requireMembership(db, user.id, buyerId)
    /**
     * The order a key already made, as the answer to this send: only when it was made from this cart. Answering
     * another cart's order would say this cart was sent when it was not. An order of before `checkout_id` was
     * kept tells by the cart: sending deletes it, so one still there is not the one the key sent.
     */
    const replay = async (order: typeof orders.$inferSelect, db: Db | Tx) => {
      const sameCart =
        order.checkoutId !== null
          ? order.checkoutId === body.checkout_id
          : !(await db.select({ id: checkouts.id }).from(checkouts).where(and(eq(checkouts.id, body.checkout_id), eq(checkouts.organizationId, buyerId), eq(checkouts.userId, user.id))))
              .length
      if (!sameCart) fail('chave', m.keyUsedByAnotherCart(order.id))
      return order
    }
    const sent = await orderByKey(db, buyerId, body.chave)
    if (sent) {
      await replay(sent, db)
      return c.json({ message: m.sent(sent.id), pedido: orderAnswer(sent) }, 200)
    }
    try {
      const outcome = await db.transaction(async (tx) => {
        const [cart] = await tx
          .select()
          .from(checkouts)
          .where(and(eq(checkouts.id, body.checkout_id), eq(checkouts.organizationId, buyerId), eq(checkouts.userId, user.id)))
          .for('update')
        if (!cart) {
          // Gone while this send waited for the lock: the send that held it made the order.
          const again = await orderByKey(tx, buyerId, body.chave)
          if (again) return { created: false, order: await replay(again, tx) }
          fail('checkout_id', m.cartNotFound)
        }
        const loaded = await loadCart(tx, cart)
        const { condition, priced, offer } = loaded
        // The condition closed, the seller's block, the offer closed: what the cart already shows, said first.
        if (loaded.closed || !offer) fail('checkout_id', loaded.closed ?? m.offerClosed)
        if (priced.problems.length > 0) throw new ValidationError({ checkout_id: priced.problems })
        // A line's price is compared with the one seen when it was added, unless confirmed; the total, when the
        // buyer sends the one shown, always: rules, the term's formula and a change under half a centavo in a unit
        // price move it without moving a line's price, and a confirmation holds only for the total it was shown.
        const seenTotal = body.total_visto_centavos ?? null
        const totalChanged = seenTotal !== null && seenTotal !== priced.totalCentavos
        if ((priced.pricesChanged && !body.confirmar_precos) || totalChanged) {
          const alterados = loaded.items
            .map((i, k) => ({ i, p: priced.items[k] }))
            .filter(({ p }) => p.priceChanged)
            .map(({ i, p }) => ({ item_id: i.itemId, produto_id: i.productId, nome: i.nome, preco_visto_centavos: i.precoVistoCentavos, preco_atual_centavos: p.seenUnitCentavos! }))
          const message = totalChanged ? m.totalChanged(seenTotal, priced.totalCentavos) : m.pricesChanged(alterados.length)
          const answer = { message, alterados, total_visto_centavos: seenTotal, total_atual_centavos: priced.totalCentavos }
          throw new HTTPException(409, { res: Response.json(answer, { status: 409 }) })
        }
        const { term, token } = loaded
        const option = priced.tokenbase?.ok ? priced.tokenbase : null
        const [order] = await tx
          .insert(orders)
          .values({
            buyerId,
            sellerId: offer.sellerId,
            olId: offer.olId,
            conditionId: condition.id,
            conditionPartnerId: cart.conditionPartnerId,
            userId: user.id,
            chave: body.chave,
            checkoutId: cart.id,
            condicaoNome: condition.nome,
            paymentTermId: term?.id ?? null,
            pagamentoNome: term?.nome ?? null,
            pagamentoPrazoDias: term?.prazoDias ?? null,
            tokenbase:
              option && term?.formula
                ? { token, formula: term.formula, desconto: priced.desconto, percent: option.percent, fator: option.fator, valor: option.valor, valor_total: option.valor_total }
                : null,
            quantidadeTotal: priced.quantidadeTotal,
            subtotalCentavos: priced.subtotalCentavos,
            totalCentavos: priced.totalCentavos,
          })
          .onConflictDoNothing({ target: [orders.buyerId, orders.chave] })
          .returning()
        if (!order) throw new KeyTaken()
        const ruleOf = new Map(loaded.rules.map((r) => [r.id, r]))
        await tx.insert(orderItems).values(
          loaded.items.map((i, k) => {
            const p = priced.items[k]
            const rule = p.rule ? ruleOf.get(p.rule.ruleId) : undefined
            const { product } = i.row
            return {
              orderId: order.id,
              productId: product.id,
              nome: product.nome,
              ean: product.ean,
              codigo: product.codigo,
              marca: product.marca,
              unidade: product.unidade,
              quantidade: i.quantity,
              precoListaCentavos: product.precoCentavos,
              precoUnitarioCentavos: p.unitCentavos!,
              precoUnitarioCentesimos: p.unitHundredths!,
              totalCentavos: p.totalCentavos!,
              regraNome: rule?.nome ?? null,
              regraDesconto: rule?.desconto ?? null,
            }
          }),
        )
        await recordNewOrder(tx, { id: order.id, buyerId, sellerId: order.sellerId, olId: order.olId }, { userId: user.id, organizationId: buyerId })
        await tx.delete(checkouts).where(eq(checkouts.id, cart.id))
        return { created: true, order }
      })
      // Announced after the commit: the buyer's own screens ignore the event (user_id), the seller's and OL's count it.
      if (outcome.created) await announceOrder(deps, outcome.order.id, { event: 'criado', actorUserId: user.id })
      return outcome.created
        ? c.json({ message: m.sent(outcome.order.id), pedido: orderAnswer(outcome.order) }, 201)
        : c.json({ message: m.sent(outcome.order.id), pedido: orderAnswer(outcome.order) }, 200)
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error
      const order = await replay((await orderByKey(db, buyerId, body.chave))!, db)
      return c.json({ message: m.sent(order.id), pedido: orderAnswer(order) }, 200)
    }
  })
}
