import { mainRole } from '~/domain/orders/list-state.ts'
import { ORDER_STATUSES } from '~/domain/orders/order-status.ts'
import type { OrderRole } from '~/domain/orders/schemas.ts'
import { defineList, matching, named, oneOf, search, type ListState } from './list-state.ts'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * The orders list in the address: its side (`aba=feitos` placed, `aba=recebidos` received; without it, the side the
 * organization's orders arrive on), search, status and period. One customer's orders (/orders-customer) are received.
 */
export function orderList(tipo: string, customerId: number | null) {
  const side: OrderRole = customerId ? 'V' : mainRole(tipo)
  return defineList({
    aba: named({ C: 'feitos', V: 'recebidos' }, side),
    q: search(),
    status: oneOf(['', ...ORDER_STATUSES], ''),
    de: matching(DAY),
    ate: matching(DAY),
  })
}

export type OrderListState = ListState<ReturnType<typeof orderList>>
