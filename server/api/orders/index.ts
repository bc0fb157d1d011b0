import type { Api, Deps } from '../http.ts'
import { registerOrderEmails } from './emails.ts'
import { registerOrderReading } from './read.ts'
import { registerReorder } from './reorder.ts'
import { registerOrderStatus } from './status.ts'

/** Orders after they are sent (decision 028). enviaPedido lives with the carts. */
export function registerOrders(app: Api, deps: Deps) {
  registerOrderReading(app, deps)
  registerOrderStatus(app, deps)
  registerReorder(app, deps)
  registerOrderEmails(app, deps)
}
