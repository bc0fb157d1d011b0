import { createRoute } from '@hono/zod-openapi'
import { asc, eq } from 'drizzle-orm'
import * as ordersApi from '../../../app/domain/orders/contract.ts'
import { orderMessages as m } from '../../../app/domain/orders/messages.ts'
import { ORDER_STATUS_LABELS } from '../../../app/domain/orders/order-status.ts'
import { invoicedTotal } from '../../../app/domain/pricing/invoice.ts'
import type { Tx } from '../../db/client.ts'
import { orderItems, orders } from '../../db/schema/index.ts'
import { abort, fail, requireAuth, ValidationError, type Api, type Deps } from '../http.ts'
import { holdsPermission, NOT_PERMITTED } from '../organizations/membership.ts'
import { announceOrder } from './announce.ts'
import { recordStatusChange } from './lifecycle.ts'
import { isMover, orderForParty } from './read.ts'

type Invoiced = { item_id: number; quantidade: number }[]

/**
 * A 'Q' names every line of the order with 0 up to the ordered quantity, at least one below it (all
 * equal is an 'F') and at least one unit invoiced (none is an 'N'). Writes each line's invoiced
 * quantity and answers the invoiced total.
 */
async function invoiceWithBreak(tx: Tx, order: typeof orders.$inferSelect, given: Invoiced) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id))
  const byId = new Map(items.map((i) => [i.id, i]))
  const errors: Record<string, string[]> = {}
  given.forEach((line, i) => {
    const item = byId.get(line.item_id)
    if (!item) errors[`quantidades.${i}.item_id`] = [m.itemNotInOrder]
    else if (line.quantidade > item.quantidade) errors[`quantidades.${i}.quantidade`] = [m.quantityRange(item.quantidade)]
  })
  if (Object.keys(errors).length) throw new ValidationError(errors)
  const quantityOf = new Map(given.map((l) => [l.item_id, l.quantidade]))
  if (items.some((i) => !quantityOf.has(i.id))) fail('quantidades', m.quantitiesRequired)
  const lines = items.map((i) => ({ id: i.id, quantidade: i.quantidade, totalCentavos: i.totalCentavos, faturada: quantityOf.get(i.id)! }))
  if (lines.every((l) => l.faturada === l.quantidade)) fail('quantidades', m.nothingBroken)
  if (lines.every((l) => l.faturada === 0)) fail('quantidades', m.nothingInvoiced)
  for (const l of lines) await tx.update(orderItems).set({ quantidadeFaturada: l.faturada }).where(eq(orderItems.id, l.id))
  return invoicedTotal(order, lines)
}

export function registerOrderStatus(app: Api, deps: Deps) {
  const { db } = deps
  app.openapi(createRoute({ ...ordersApi.updateStatus, middleware: [requireAuth(db)] as const }), async (c) => {
    const body = c.req.valid('json')
    const user = c.get('user')
    const orgId = body.organizacao_id
    const moved = await db.transaction(async (tx) => {
      const { order, member } = await orderForParty(tx, user.id, orgId, body.pedido_id, { lock: true })
      if (!isMover(order, orgId)) abort(403, m.onlySellerMoves)
      if (!(await holdsPermission(tx, member.membership, 'pedidos_status'))) abort(403, NOT_PERMITTED)
      if (order.status !== 'A') fail('status', m.notWaiting(ORDER_STATUS_LABELS[order.status]))
      const totalFaturado = body.status === 'Q' ? await invoiceWithBreak(tx, order, body.quantidades ?? []) : null
      await tx.update(orders).set({ status: body.status, totalFaturadoCentavos: totalFaturado, updatedAt: new Date() }).where(eq(orders.id, order.id))
      await recordStatusChange(tx, order, order.status, body.status, { userId: user.id, organizationId: orgId })
      return { id: order.id, status: body.status, total_faturado_centavos: totalFaturado }
    })
    await announceOrder(deps, moved.id, { event: 'status', actorUserId: user.id })
    return c.json({ message: m.statusChanged(ORDER_STATUS_LABELS[moved.status]), pedido: moved }, 200)
  })
}
