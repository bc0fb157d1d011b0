import type { Api, Deps } from '../http.ts'
import { registerMarket } from './market.ts'
import { registerPreCheckout } from './pre-checkout.ts'

/** The market and the shopping list. */
export function registerMarketCalls(app: Api, deps: Deps) {
  registerMarket(app, deps)
  registerPreCheckout(app, deps)
}
