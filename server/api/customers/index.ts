import type { Api, Deps } from '../http.ts'
import { registerCustomerCalls } from './customers.ts'
import { registerPaymentCalls } from './payments.ts'

/** The Customers and Payments calls of spec §7 under api/empresas. */
export function registerCustomers(app: Api, deps: Deps) {
  registerCustomerCalls(app, deps)
  registerPaymentCalls(app, deps)
}
