import type { Api, Deps } from '../../http.ts'
import { registerRules } from './rules.ts'

/** A condition's discount rules (decision 020). */
export function registerConditionRules(app: Api, deps: Deps) {
  registerRules(app, deps)
}
