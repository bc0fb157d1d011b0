import { orderLiveMessages } from './live-messages.ts'
import { ORDER_STATUS_LABELS } from './order-status.ts'

/**
 * The order notifications (decision 028): the keys a, f, n under which orders count as news, and what a
 * live page says for an event of `private-organizacao.ped.{id}`. What a member has seen is kept by the API
 * (order_views): the news are the order counters less it.
 *
 * - A status letter counts under its key: A → a, F → f, N → n; Q (faturado com quebra) is invoiced, so
 *   f; any other letter counts as A, so a.
 * - The member's own event is no news: the API counts it as seen.
 */

export const NOTIFICATION_KEYS = ['a', 'f', 'n'] as const
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number]
export type Counts = Record<NotificationKey, number>

/** The event's data as published (PedidoCriadoOuAtualizado). */
export type OrderEvent = { pedido: { id: number; status: string; user_id: number | null } } | { tipo: string; qt_ped: number }

export function keyOf(status: string): NotificationKey {
  const letter = status.toUpperCase()
  if (letter === 'F' || letter === 'Q') return 'f'
  if (letter === 'N') return 'n'
  return 'a'
}

/** The order counters (A, F, N, Q) as the notification keys. */
export const totalsOf = (c: { A: number; F: number; N: number; Q: number }): Counts => ({ a: c.A, f: c.F + c.Q, n: c.N })

/**
 * What to announce for an event, as the counters count it: someone else's order, created (A) or moved to
 * another status. Null for the user's own and for a summary, which carries no order (the badge shows it).
 */
export function announcementOf(event: OrderEvent, currentUserId: number): string | null {
  if (!('pedido' in event) || event.pedido.user_id === currentUserId) return null
  const status = event.pedido.status.toUpperCase()
  if (status === 'A') return orderLiveMessages.created(event.pedido.id)
  return orderLiveMessages.changed(event.pedido.id, ORDER_STATUS_LABELS[status] ?? status)
}
