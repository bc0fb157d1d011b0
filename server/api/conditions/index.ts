import type { Api, Deps } from '../http.ts'
import { registerConditionProducts } from './products/index.ts'
import { registerRestoreCondition } from './restore-condition.ts'

/** Every call under "Conditions (api/condicoes)" of spec §7 but the catalogue's (server/api/products). */
export function registerConditions(app: Api, deps: Deps) {
  registerRestoreCondition(app, deps)
  registerConditionProducts(app, deps)
}
