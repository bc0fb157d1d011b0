import type { Api, Deps } from '../http.ts'
import { registerProductList } from './list.ts'
import { registerProductWrites } from './write.ts'

/** The seller's product calls under api/condicoes (app/domain/catalog/contract.ts). */
export function registerProducts(app: Api, deps: Deps) {
  registerProductList(app, deps)
  registerProductWrites(app, deps)
}
