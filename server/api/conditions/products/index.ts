import type { Api, Deps } from '../../http.ts'
import { registerConditionLines } from './lines.ts'
import { registerConditionPick } from './pick.ts'
import { registerConditionSpreadsheets } from './spreadsheets.ts'
import { registerConditionLineWrites } from './write.ts'

/** The products of a condition (app/domain/conditions/products-contract.ts). */
export function registerConditionProducts(app: Api, deps: Deps) {
  registerConditionLines(app, deps)
  registerConditionPick(app, deps)
  registerConditionLineWrites(app, deps)
  registerConditionSpreadsheets(app, deps)
}
