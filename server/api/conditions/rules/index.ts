import type { Api, Deps } from '../../http.ts'
import { registerRules } from './rules.ts'

/** A condition's discount rules (spec §7 "Rules"; decision 020). */
export function registerConditionRules(app: Api, deps: Deps) {
  registerRules(app, deps)
}
