import type { Api, Deps } from '../http.ts'
import { registerCarts } from './carts.ts'
import { registerSendOrder } from './send.ts'

/** The carts and sending an order (api/checkout, api/pedidos/enviaPedido). */
export function registerCheckout(app: Api, deps: Deps) {
  registerCarts(app, deps)
  registerSendOrder(app, deps)
}
