import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { keyOf, type NotificationKey } from '../../../app/domain/orders/notifications.ts'
import { orderCounters, orderStatusHistory, orderViews } from '../../db/schema/index.ts'

/** The organizations an order concerns: its buyer, its seller and its OL when it has one. */
export type OrderParties = { id: number; buyerId: number; sellerId: number; olId: number | null }

const partiesOf = (order: OrderParties) => [order.buyerId, order.sellerId, ...(order.olId === null ? [] : [order.olId])]

async function addToCounters(tx: Tx, organizationIds: number[], status: string, delta: number) {
  await tx
    .insert(orderCounters)
    .values(organizationIds.map((organizationId) => ({ organizationId, status, total: delta })))
    .onConflictDoUpdate({ target: [orderCounters.organizationId, orderCounters.status], set: { total: sql`${orderCounters.total} + ${delta}` } })
}

/**
 * What every new order writes beside itself, in the same transaction (decision 025): its first history
 * row and +1 on the 'A' counter of each party, so no page view ever counts orders.
 */
export async function recordNewOrder(tx: Tx, order: OrderParties, by: { userId: number; organizationId: number }) {
  await tx.insert(orderStatusHistory).values({ orderId: order.id, de: null, para: 'A', userId: by.userId, organizationId: by.organizationId })
  await addToCounters(tx, partiesOf(order), 'A', 1)
  await seenByActor(tx, by, 'a')
}

/** A status change's history row and counters, in the transaction that moves the order. */
export async function recordStatusChange(tx: Tx, order: OrderParties, from: string, to: string, by: { userId: number; organizationId: number }) {
  await tx.insert(orderStatusHistory).values({ orderId: order.id, de: from, para: to, userId: by.userId, organizationId: by.organizationId })
  await addToCounters(tx, partiesOf(order), from, -1)
  await addToCounters(tx, partiesOf(order), to, 1)
  await leftStatus(tx, partiesOf(order), keyOf(from))
  await seenByActor(tx, by, keyOf(to))
}

/**
 * An order that left a status leaves what every member of its parties had seen there ('visualizados'), as it leaves
 * the counter: otherwise the next new order under that status would count as seen.
 */
async function leftStatus(tx: Tx, organizationIds: number[], key: NotificationKey) {
  const column = orderViews[key]
  await tx
    .update(orderViews)
    .set({ [key]: sql`greatest(${column} - 1, 0)` })
    .where(inArray(orderViews.organizationId, organizationIds))
}

/** What a member does to an order is no news to them: it counts as seen in the organization they acted for. */
async function seenByActor(tx: Tx, by: { userId: number; organizationId: number }, key: NotificationKey) {
  const column = orderViews[key]
  await tx
    .update(orderViews)
    .set({ [key]: sql`${column} + 1` })
    .where(and(eq(orderViews.userId, by.userId), eq(orderViews.organizationId, by.organizationId)))
}
