import { createRoute } from '@hono/zod-openapi'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { nearestQuantity, quantityProblem } from '../../../app/domain/checkout/quantity.ts'
import * as ordersApi from '../../../app/domain/orders/contract.ts'
import { orderMessages as m } from '../../../app/domain/orders/messages.ts'
import { conditionPartners, conditionProducts, conditions, orderItems, products } from '../../db/schema/index.ts'
import { finalPrice } from '../conditions/products/lines.ts'
import { abort, requireAuth, type Api, type Deps } from '../http.ts'
import { findOffer } from '../market/offers.ts'
import { arrayParam } from '../../db/array-param.ts'
import { orderForParty } from './read.ts'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/**
 * 'Repetir pedido' (decision 028): the order's lines go back into the caller's cart of the same
 * condition and OL, at today's prices (the pricing module, as the market shows them) and with the
 * order's quantities brought within today's limits. A line no longer buyable stays out, with why.
 * The cart line takes the order's quantity: repeating an order twice does not double it.
 */
export function registerReorder(app: Api, { db }: Deps) {
  app.openapi(createRoute({ ...ordersApi.repetirPedido, middleware: [requireAuth(db)] as const }), async (c) => {
    const body = c.req.valid('json')
    const user = c.get('user')
    const answer = await db.transaction(async (tx) => {
      const { order } = await orderForParty(tx, user.id, body.organizacao_id, body.pedido_id)
      if (order.buyerId !== body.organizacao_id) abort(403, m.onlyBuyerReorders)
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id))
      const skipped: { nome: string; motivo: string }[] = []
      // An OL row removed since the order (its id set null) is no offer, not the seller's direct one.
      const throughGoneOl = order.olId !== null && order.conditionPartnerId === null
      const offer = throughGoneOl ? null : await findOffer(tx, order.buyerId, order.conditionId, order.conditionPartnerId)
      if (!offer) return { checkout_id: null, adicionados: [], ignorados: items.map((i) => ({ nome: i.nome, motivo: m.skipOfferClosed })), replaced: 0 }
      const [condition] = await tx.select({ tipoTabela: conditions.tipoTabela }).from(conditions).where(eq(conditions.id, order.conditionId))
      const [partner] = order.conditionPartnerId
        ? await tx.select({ desconto: conditionPartners.descontoExtra }).from(conditionPartners).where(eq(conditionPartners.id, order.conditionPartnerId))
        : []
      const productIds = items.flatMap((i) => (i.productId === null ? [] : [i.productId]))
      const lines = productIds.length
        ? await tx
            .select({ line: conditionProducts, preco: products.precoCentavos, ativo: products.ativo })
            .from(conditionProducts)
            .innerJoin(products, eq(products.id, conditionProducts.productId))
            .where(and(eq(conditionProducts.conditionId, order.conditionId), inArray(conditionProducts.productId, productIds)))
        : []
      const lineOf = new Map(lines.map((l) => [l.line.productId, l]))
      const added: { produto_id: number; nome: string; quantidade: number; quantidade_pedido: number; preco_centavos: number }[] = []
      for (const item of items) {
        const found = item.productId === null ? undefined : lineOf.get(item.productId)
        if (item.productId === null) skipped.push({ nome: item.nome, motivo: m.skipProductGone })
        else if (!found || !found.line.ativo || !found.ativo) skipped.push({ nome: item.nome, motivo: m.skipNotInCondition })
        else {
          const price = finalPrice(condition.tipoTabela, found.line, found.preco, partner?.desconto ?? null)
          const limits = { qtdMin: found.line.qtdMin, qtdMax: found.line.qtdMax, multiplo: found.line.multiplo }
          const quantity = quantityProblem(item.quantidade, limits) ? nearestQuantity(item.quantidade, limits) : item.quantidade
          if (price === null) skipped.push({ nome: item.nome, motivo: m.skipNoPrice })
          else if (quantity === null) skipped.push({ nome: item.nome, motivo: quantityProblem(item.quantidade, limits)! })
          else added.push({ produto_id: item.productId, nome: item.nome, quantidade: quantity, quantidade_pedido: item.quantidade, preco_centavos: price })
        }
      }
      if (added.length === 0) return { checkout_id: null, adicionados: [], ignorados: skipped, replaced: 0 }
      const [cart] = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into checkouts (organization_id, user_id, condition_id, condition_partner_id)
          values (${order.buyerId}, ${user.id}, ${order.conditionId}, ${order.conditionPartnerId})
          on conflict (organization_id, user_id, condition_id, coalesce(condition_partner_id, 0)) do update set updated_at = now()
          returning id`),
      )
      // Lines already in that cart take the order's quantity (not a sum): the message says how many changed.
      const before = rowsOf<{ product_id: number; quantidade: number }>(
        await tx.execute(sql`select product_id, quantidade from checkout_items where checkout_id = ${cart.id} and product_id = any(${arrayParam(added.map((a) => a.produto_id), 'integer')})`),
      )
      const replaced = added.filter((a) => before.some((b) => Number(b.product_id) === a.produto_id && Number(b.quantidade) !== a.quantidade)).length
      for (const a of added) {
        await tx.execute(sql`
          insert into checkout_items (checkout_id, product_id, quantidade, preco_visto_centavos)
          values (${cart.id}, ${a.produto_id}, ${a.quantidade}, ${a.preco_centavos})
          on conflict (checkout_id, product_id) do update set quantidade = excluded.quantidade, preco_visto_centavos = excluded.preco_visto_centavos, updated_at = now()`)
      }
      return { checkout_id: Number(cart.id), adicionados: added, ignorados: skipped, replaced }
    })
    const { replaced, ...result } = answer
    const adjusted = result.adicionados.filter((a) => a.quantidade !== a.quantidade_pedido).length
    return c.json({ message: m.reordered(result.adicionados.length, result.ignorados.length, replaced, adjusted), ...result }, 200)
  })
}
