import * as customersApi from '../../../app/domain/customers/contract.ts'
import type { Api, Deps } from '../http.ts'
import { registerKindSpreadsheets } from '../spreadsheets/kind-calls.ts'
import { customerExportRows } from './customer-export.ts'
import { customerImport } from './customer-import.ts'
import { registerCustomerCalls } from './customers.ts'
import { registerPaymentCalls } from './payments.ts'

/** The customer and payment-method calls under api/empresas. */
export function registerCustomers(app: Api, deps: Deps) {
  registerCustomerCalls(app, deps)
  registerPaymentCalls(app, deps)
  registerKindSpreadsheets(app, deps, {
    kind: customerImport,
    importCall: customersApi.importClientes,
    exportCall: customersApi.exportClientes,
    rows: customerExportRows,
  })
}
