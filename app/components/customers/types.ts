import type { z } from 'zod'
import type * as customersApi from '~/domain/customers/contract.ts'
import { CUSTOMER_FILTERS, CUSTOMER_ORDERS } from '~/domain/customers/list-options.ts'
import { defineList, oneOf, search, type ListState } from '~/lib/list-state.ts'

export type Customer = z.output<typeof customersApi.CustomerSchema>
export type PaymentMethod = z.output<typeof customersApi.PaymentMethodSchema>
export type CustomerPayment = z.output<typeof customersApi.CustomerPaymentSchema>
export type Paginated<T> = { data: T[]; current_page: number; last_page: number; per_page: number; total: number }
export type Seller = { id: number; nome: string }

export const CUSTOMER_TABS = ['clientes', 'pagamentos'] as const
export type CustomerTab = (typeof CUSTOMER_TABS)[number]

/**
 * The screen in the address: its section, and the customers' search, filter and ordering (a column, '-' before it
 * for the other way: '-created_at', the newest first).
 */
export const CUSTOMER_LIST = defineList({
  aba: oneOf(CUSTOMER_TABS, 'clientes'),
  q: search(),
  filtro: oneOf(CUSTOMER_FILTERS, 'todos'),
  ordem: oneOf(CUSTOMER_ORDERS, 'nome'),
})
export type CustomerListState = ListState<typeof CUSTOMER_LIST>

/** Query parameters of the screen's modals: closing one drops them. */
export const MODAL_PARAMS = ['modal', 'id']
