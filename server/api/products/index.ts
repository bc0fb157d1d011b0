import * as catalogApi from '../../../app/domain/catalog/contract.ts'
import type { Api, Deps } from '../http.ts'
import { registerKindSpreadsheets } from '../spreadsheets/kind-calls.ts'
import { productExportRows } from './product-export.ts'
import { productImport } from './product-import.ts'
import { registerProductList } from './list.ts'
import { registerProductWrites } from './write.ts'

/** The seller's product calls under api/condicoes (app/domain/catalog/contract.ts). */
export function registerProducts(app: Api, deps: Deps) {
  registerProductList(app, deps)
  registerProductWrites(app, deps)
  registerKindSpreadsheets(app, deps, {
    kind: productImport,
    importCall: catalogApi.createProductList,
    exportCall: catalogApi.exportProdutos,
    rows: productExportRows,
  })
}
