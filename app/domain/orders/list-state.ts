import { keyOf, type NotificationKey } from './notifications.ts'
import { ORDER_STATUSES } from './order-status.ts'
import type { OrderRole } from './schemas.ts'

const DAY = /^\d{4}-\d{2}-\d{2}$/

export type ListState = {
  aba: OrderRole
  q: string
  status: string
  de: string
  ate: string
  page: number
}

/** The orders list's own parameters from the address; anything malformed is dropped, not an error page. */
export function listState(search: URLSearchParams, defaultRole: OrderRole): ListState {
  const aba = search.get('aba') === 'feitos' ? 'C' : search.get('aba') === 'recebidos' ? 'V' : defaultRole
  const status = ORDER_STATUSES.find((s) => s === search.get('status')) ?? ''
  const day = (key: string) => (DAY.test(search.get(key) ?? '') ? search.get(key)! : '')
  const page = Math.max(1, Math.min(100_000, Number.parseInt(search.get('page') ?? '1', 10) || 1))
  return {
    aba,
    q: (search.get('q') ?? '').trim().slice(0, 255),
    status,
    de: day('de'),
    ate: day('ate'),
    page,
  }
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
