import { asc, eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { orderEmails, orderItems, orders, organizations } from '../../db/schema/index.ts'
import { newOrderMail } from '../../mail/order-templates.ts'
import type { Deps } from '../http.ts'

/** The order channel of each organization and its event. */
export const ORDER_EVENT = 'PedidoCriadoOuAtualizado'
export const orderChannelName = (orgId: number) => `private-organizacao.ped.${orgId}`

const buyer = alias(organizations, 'comprador')
const seller = alias(organizations, 'vendedor')
const ol = alias(organizations, 'ol')

/**
 * Tells the order's parties about it, after the transaction that made or moved it committed: the event
 * `PedidoCriadoOuAtualizado` `{pedido: {id, status, user_id}}` on the channel of its buyer, seller and OL
 * (`user_id` = who acted, so that person's screens ignore their own event), and for a new order a
 * mail to each of the seller's and the OL's order e-mails. The order is already saved: a realtime server
 * or a mail server that fails is logged, never undoes it nor fails the call.
 */
export async function announceOrder(deps: Pick<Deps, 'db' | 'mailer' | 'config' | 'publisher'>, orderId: number, options: { event: 'criado' | 'status'; actorUserId: number }) {
  try {
    const [row] = await deps.db
      .select({ order: orders, comprador: buyer.nome, vendedor: seller.nome, ol: ol.nome })
      .from(orders)
      .innerJoin(buyer, eq(buyer.id, orders.buyerId))
      .innerJoin(seller, eq(seller.id, orders.sellerId))
      .leftJoin(ol, eq(ol.id, orders.olId))
      .where(eq(orders.id, orderId))
    if (!row) return
    const { order } = row
    const parties = [order.buyerId, order.sellerId, ...(order.olId === null ? [] : [order.olId])]
    const published = deps.publisher
      ?.publish(parties.map(orderChannelName), ORDER_EVENT, { pedido: { id: order.id, status: order.status, user_id: options.actorUserId } })
      .catch((error) => console.warn(`Aviso do pedido ${order.id} não publicado:`, error instanceof Error ? error.message : error))
    if (options.event === 'criado') await mailNewOrder(deps, row)
    await published
  } catch (error) {
    console.warn(`Aviso do pedido ${orderId} não enviado:`, error instanceof Error ? error.message : error)
  }
}

async function mailNewOrder(deps: Pick<Deps, 'db' | 'mailer' | 'config'>, row: { order: typeof orders.$inferSelect; comprador: string; vendedor: string; ol: string | null }) {
  const { order } = row
  const receivers = [order.sellerId, ...(order.olId === null ? [] : [order.olId])]
  const addresses = await deps.db.select({ email: orderEmails.email }).from(orderEmails).where(inArray(orderEmails.organizationId, receivers)).orderBy(asc(orderEmails.id))
  if (addresses.length === 0) return
  const items = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id))
  const data = {
    id: order.id,
    comprador: row.comprador,
    vendedor: row.vendedor,
    condicao: order.condicaoNome,
    ol: row.ol,
    pagamento: order.pagamentoNome === null ? null : { nome: order.pagamentoNome, prazoDias: order.pagamentoPrazoDias },
    subtotalCentavos: order.subtotalCentavos,
    tokenbase: order.tokenbase ? { token: order.tokenbase.token, percent: order.tokenbase.percent, valor: order.tokenbase.valor } : null,
    totalCentavos: order.totalCentavos,
    itens: items.map((i) => ({ nome: i.nome, unidade: i.unidade, quantidade: i.quantidade, precoUnitarioCentesimos: i.precoUnitarioCentesimos, totalCentavos: i.totalCentavos })),
  }
  // The same address on the seller's and the OL's list gets one mail.
  for (const email of new Set(addresses.map((a) => a.email.toLowerCase()))) {
    await deps.mailer.send(newOrderMail(email, data, deps.config.appUrl)).catch((error) => console.warn(`E-mail do pedido ${order.id} para ${email} não enviado:`, error instanceof Error ? error.message : error))
  }
}
