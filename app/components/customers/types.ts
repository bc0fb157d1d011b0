import type { z } from 'zod'
import type * as customersApi from '~/domain/customers/contract.ts'
import type { CustomerFilter, CustomerOrder } from '~/domain/customers/list-options.ts'

export type Customer = z.output<typeof customersApi.CustomerSchema>
export type PaymentMethod = z.output<typeof customersApi.PaymentMethodSchema>
export type CustomerPayment = z.output<typeof customersApi.CustomerPaymentSchema>
export type Paginated<T> = { data: T[]; current_page: number; last_page: number; per_page: number; total: number }
export type Seller = { id: number; nome: string }

export const CUSTOMER_TABS = ['clientes', 'pagamentos'] as const
export type CustomerTab = (typeof CUSTOMER_TABS)[number]

/** The list's state, all of it in the address: search, filter, ordering and page. */
export type ListState = { q: string; filtro: CustomerFilter; ordem: CustomerOrder; page: number }

/** Query parameters of the screen's modals: closing one drops them. */
export const MODAL_PARAMS = ['modal', 'id']
