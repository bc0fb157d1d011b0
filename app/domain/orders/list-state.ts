import { keyOf, type NotificationKey } from './notifications.ts'
import type { OrderRole } from './schemas.ts'

/** What an orders list shows: its side, search, status, period and page (its address: app/lib/order-list.ts). */
export type ListState = {
  aba: OrderRole
  q: string
  status: string
  de: string
  ate: string
  page: number
}

/** A retailer mostly buys: its orders placed come first; a seller, the orders it received. */
export const mainRole = (tipo: string): OrderRole => (tipo === 'v' ? 'C' : 'V')

/**
 * The orders a list on screen shows are seen. Seen only where the newest orders show: the first page of the
 * side the organization's orders arrive on (received for a supplier, placed for a retailer), not one customer's, a
 * search or a period; every status, or 'A' or 'N' alone (F and Q share one counter, so a list of one of them does not
 * show the other). Null when the list sees nothing: a new order it does not show stays counted in the menu.
 */
export function keysSeen(list: ListState, tipo: string, customerId: number | null): NotificationKey[] | null {
  const viewable = list.aba === mainRole(tipo) && !customerId && list.page === 1 && !list.q && !list.de && !list.ate && list.status !== 'F' && list.status !== 'Q'
  if (!viewable) return null
  return list.status ? [keyOf(list.status)] : ['a', 'f', 'n']
}
