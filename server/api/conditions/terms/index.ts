import type { Api, Deps } from '../../http.ts'
import { registerPaymentTerms } from './payment-terms.ts'
import { registerTokenbaseList } from './tokenbase-list.ts'

/** A condition's payment terms and its tokenbase list. */
export function registerConditionTerms(app: Api, deps: Deps) {
  registerPaymentTerms(app, deps)
  registerTokenbaseList(app, deps)
}
