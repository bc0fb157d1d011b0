import type { Api, Deps } from '../http.ts'
import { registerConditionBuyers } from './buyers/index.ts'
import { registerConditionLists } from './conditions-list.ts'
import { registerConditionWrites } from './conditions-write.ts'
import { registerConditionPartners } from './partners/index.ts'
import { registerConditionProducts } from './products/index.ts'
import { registerRestoreCondition } from './restore-condition.ts'
import { registerConditionRules } from './rules/index.ts'
import { registerConditionSellers } from './sellers/index.ts'
import { registerTableTypeCalls } from './table-type.ts'
import { registerConditionTerms } from './terms/index.ts'

/** Every call under api/condicoes but the catalogue's (server/api/products). */
export function registerConditions(app: Api, deps: Deps) {
  registerRestoreCondition(app, deps)
  registerConditionLists(app, deps)
  registerConditionWrites(app, deps)
  registerTableTypeCalls(app, deps)
  registerConditionTerms(app, deps)
  registerConditionRules(app, deps)
  registerConditionBuyers(app, deps)
  registerConditionSellers(app, deps)
  registerConditionPartners(app, deps)
  registerConditionProducts(app, deps)
}
