import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, countDistinct, eq, isNull } from 'drizzle-orm'
import { seenUnitPrice } from '../../../app/domain/checkout/cart-price.ts'
import * as api from '../../../app/domain/checkout/contract.ts'
import { checkoutMessages as m } from '../../../app/domain/checkout/messages.ts'
import { quantityProblem } from '../../../app/domain/checkout/quantity.ts'
import { parseDecimal, ZERO } from '../../../app/domain/pricing/decimal.ts'
import { MAX_DB_INT } from '../../../app/domain/shared/fields.ts'
import type { Tx } from '../../db/client.ts'
import { checkoutItems, checkouts, conditionPartners, conditionPaymentTerms, conditionProducts, conditions, products } from '../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { findOffer } from '../market/offers.ts'
import { requireMembership } from '../organizations/membership.ts'
import { cartAnswer, cartOf, loadCart, offerOf, ownCart, paymentOptions, type CheckoutRow } from './cart.ts'

/**
 * The cart calls under api/checkout (decision 027). Each change runs in one transaction
 * and answers the cart priced again, so the screen and the market show what sending would take.
 */

/** Today's price of a product in the cart's offer (table and OL extra, before rules) and its quantity limits; refuses a product the condition no longer sells. */
async function productInOffer(tx: Tx, conditionId: number, conditionPartnerId: number | null, productId: number, field: string) {
  const [row] = await tx
    .select({ product: products, line: conditionProducts, tipoTabela: conditions.tipoTabela })
    .from(conditionProducts)
    .innerJoin(products, eq(products.id, conditionProducts.productId))
    .innerJoin(conditions, eq(conditions.id, conditionProducts.conditionId))
    .where(and(eq(conditionProducts.conditionId, conditionId), eq(conditionProducts.productId, productId)))
  const offer = row ? offerOf(row.tipoTabela, row.line, row.product.ativo) : null
  if (!row || !offer) fail(field, m.productNotInCondition)
  const [partner] = conditionPartnerId ? await tx.select({ extra: conditionPartners.descontoExtra }).from(conditionPartners).where(eq(conditionPartners.id, conditionPartnerId)) : []
  const seen = seenUnitPrice(row.product.precoCentavos, offer, partner ? (parseDecimal(partner.extra) ?? ZERO) : ZERO)
  return { product: row.product, limits: { qtdMin: row.line.qtdMin, qtdMax: row.line.qtdMax, multiplo: row.line.multiplo }, seen }
}

/** The quantity's problem under the condition's limits, or a line whose total alone passes an order's limit. */
function checkQuantity(quantity: number, found: Awaited<ReturnType<typeof productInOffer>>) {
  const problem = quantityProblem(quantity, found.limits)
  if (problem) fail('quantidade', problem)
  // Rules only lower the price: the line before rules is the most it can be.
  if (found.seen * quantity > MAX_DB_INT) fail('quantidade', m.lineTooBig)
}

async function answerCart(tx: Tx, cart: CheckoutRow) {
  return cartAnswer(await loadCart(tx, cart))
}

export function registerCarts(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...api.addCheckoutProdutoCondicao, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const user = c.get('user')
    const result = await db.transaction(async (tx) => {
      await requireMembership(tx, user.id, body.organizacao_id)
      const offer = await findOffer(tx, body.organizacao_id, body.condicao_id, body.parceiro_id)
      if (!offer) fail('condicao_id', m.offerClosed)
      const found = await productInOffer(tx, body.condicao_id, body.parceiro_id, body.produto_id, 'produto_id')
      checkQuantity(body.quantidade, found)
      const owner = { organizationId: body.organizacao_id, userId: user.id, conditionId: body.condicao_id, conditionPartnerId: body.parceiro_id }
      // One cart per member, condition and OL (checkouts_owner_offer_unique): a concurrent add reads the one that won.
      await tx.insert(checkouts).values(owner).onConflictDoNothing()
      const [cart] = await tx
        .select()
        .from(checkouts)
        .where(
          and(
            eq(checkouts.organizationId, owner.organizationId),
            eq(checkouts.userId, owner.userId),
            eq(checkouts.conditionId, owner.conditionId),
            owner.conditionPartnerId === null ? isNull(checkouts.conditionPartnerId) : eq(checkouts.conditionPartnerId, owner.conditionPartnerId),
          ),
        )
      const [before] = await tx.select({ quantidade: checkoutItems.quantidade }).from(checkoutItems).where(and(eq(checkoutItems.checkoutId, cart.id), eq(checkoutItems.productId, body.produto_id)))
      const [item] = await tx
        .insert(checkoutItems)
        .values({ checkoutId: cart.id, productId: body.produto_id, quantidade: body.quantidade, precoVistoCentavos: found.seen })
        .onConflictDoUpdate({ target: [checkoutItems.checkoutId, checkoutItems.productId], set: { quantidade: body.quantidade, precoVistoCentavos: found.seen, updatedAt: new Date() } })
        .returning({ id: checkoutItems.id })
      return { before: before?.quantidade ?? null, itemId: item.id, carrinho: await answerCart(tx, cart), nome: found.product.nome }
    })
    const message = result.before === null ? m.added(result.nome) : m.quantityReplaced(result.nome, result.before, body.quantidade)
    const answer = { message, checkout_id: result.carrinho.id, item_id: result.itemId, carrinho: result.carrinho }
    return result.before === null ? c.json(answer, 201) : c.json(answer, 200)
  })

  app.openapi(createRoute({ ...api.showCheckout, middleware: [auth] as const }), async (c) => {
    const { organizacaoId, checkoutId } = c.req.valid('param')
    const cart = await cartOf(db, c.get('user').id, organizacaoId, checkoutId)
    return c.json({ carrinho: cartAnswer(await loadCart(db, cart)) }, 200)
  })

  app.openapi(createRoute({ ...api.showCheckoutItens, middleware: [auth] as const }), async (c) => {
    const { organizacaoId } = c.req.valid('param')
    const user = c.get('user')
    await requireMembership(db, user.id, organizacaoId)
    const carts = await db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.organizationId, organizacaoId), eq(checkouts.userId, user.id)))
      .orderBy(asc(checkouts.id))
    const carrinhos = []
    for (const cart of carts) carrinhos.push(cartAnswer(await loadCart(db, cart)))
    return c.json({ carrinhos }, 200)
  })

  app.openapi(createRoute({ ...api.countCheckout, middleware: [auth] as const }), async (c) => {
    const { organizacaoId } = c.req.valid('param')
    const user = c.get('user')
    await requireMembership(db, user.id, organizacaoId)
    // One count over the member's carts (checkouts_owner_offer_unique leads with org and user) and their lines.
    const [row] = await db
      .select({ carrinhos: countDistinct(checkouts.id), itens: count(checkoutItems.id) })
      .from(checkouts)
      .leftJoin(checkoutItems, eq(checkoutItems.checkoutId, checkouts.id))
      .where(and(eq(checkouts.organizationId, organizacaoId), eq(checkouts.userId, user.id)))
    return c.json({ carrinhos: Number(row?.carrinhos ?? 0), itens: Number(row?.itens ?? 0) }, 200)
  })

  app.openapi(createRoute({ ...api.updateQtItem, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const user = c.get('user')
    const carrinho = await db.transaction(async (tx) => {
      const { cart, item } = await itemOf(tx, user.id, body.organizacao_id, body.item_id)
      const found = await productInOffer(tx, cart.conditionId, cart.conditionPartnerId, item.productId, 'item_id')
      checkQuantity(body.quantidade, found)
      // The buyer sees today's price beside the new quantity: it becomes the price seen.
      await tx.update(checkoutItems).set({ quantidade: body.quantidade, precoVistoCentavos: found.seen, updatedAt: new Date() }).where(eq(checkoutItems.id, item.id))
      return answerCart(tx, cart)
    })
    return c.json({ message: m.quantityUpdated, carrinho }, 200)
  })

  app.openapi(createRoute({ ...api.removecheckoutitem, middleware: [auth] as const }), async (c) => {
    const { organizacaoId, itemId } = c.req.valid('param')
    const user = c.get('user')
    const removed = await db.transaction(async (tx) => {
      const { cart, item } = await itemOf(tx, user.id, organizacaoId, itemId)
      await tx.delete(checkoutItems).where(eq(checkoutItems.id, item.id))
      const [left] = await tx.select({ n: count() }).from(checkoutItems).where(eq(checkoutItems.checkoutId, cart.id))
      // An empty cart would only clutter the list and the header's count.
      if (Number(left.n) === 0) await tx.delete(checkouts).where(eq(checkouts.id, cart.id))
      return { checkout_id: cart.id, carrinho_excluido: Number(left.n) === 0 }
    })
    return c.json({ message: m.itemRemoved, ...removed }, 200)
  })

  app.openapi(createRoute({ ...api.limpaCheckout, middleware: [auth] as const }), async (c) => {
    const { checkoutId } = c.req.valid('param')
    await db.transaction(async (tx) => {
      const cart = await ownCart(tx, c.get('user').id, checkoutId)
      await tx.delete(checkoutItems).where(eq(checkoutItems.checkoutId, cart.id))
    })
    return c.json({ message: m.cartCleared }, 200)
  })

  app.openapi(createRoute({ ...api.deleteCheckoutPedido, middleware: [auth] as const }), async (c) => {
    const { checkoutId } = c.req.valid('param')
    await db.transaction(async (tx) => {
      const cart = await ownCart(tx, c.get('user').id, checkoutId)
      await tx.delete(checkouts).where(eq(checkouts.id, cart.id))
    })
    return c.json({ message: m.cartDeleted }, 200)
  })

  app.openapi(createRoute({ ...api.RestoreCondicoesPagamentos, middleware: [auth] as const }), async (c) => {
    const { checkoutId } = c.req.valid('param')
    const cart = await ownCart(db, c.get('user').id, checkoutId)
    return c.json({ checkout_id: cart.id, pagamento_id: cart.paymentTermId, pagamentos: paymentOptions(await loadCart(db, cart)) }, 200)
  })

  app.openapi(createRoute({ ...api.definePagamentoCheckout, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const user = c.get('user')
    const result = await db.transaction(async (tx) => {
      const cart = await cartOf(tx, user.id, body.organizacao_id, body.checkout_id)
      const [term] = await tx
        .select()
        .from(conditionPaymentTerms)
        .where(and(eq(conditionPaymentTerms.id, body.pagamento_id), eq(conditionPaymentTerms.conditionId, cart.conditionId)))
      if (!term) fail('pagamento_id', m.termNotInCondition)
      const [updated] = await tx.update(checkouts).set({ paymentTermId: term.id, updatedAt: new Date() }).where(eq(checkouts.id, cart.id)).returning()
      return { nome: term.nome, carrinho: await answerCart(tx, updated) }
    })
    return c.json({ message: m.termChosen(result.nome), carrinho: result.carrinho }, 200)
  })
}

/** A line of one of the caller's carts in the organization; 404 for anyone else's. */
async function itemOf(tx: Tx, userId: number, organizationId: number, itemId: number) {
  await requireMembership(tx, userId, organizationId)
  const [row] = await tx
    .select({ cart: checkouts, item: checkoutItems })
    .from(checkoutItems)
    .innerJoin(checkouts, eq(checkouts.id, checkoutItems.checkoutId))
    .where(and(eq(checkoutItems.id, itemId), eq(checkouts.organizationId, organizationId), eq(checkouts.userId, userId)))
  if (!row) abort(404, m.itemNotFound)
  return row
}
