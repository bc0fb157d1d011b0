import { createRoute } from '@hono/zod-openapi'
import * as buyersApi from '../../../../app/domain/conditions/buyers-contract.ts'
import { buyersMessages as m } from '../../../../app/domain/conditions/buyers-messages.ts'
import { registerImportKind } from '../../../spreadsheets/jobs.ts'
import { sheetResponse } from '../../../spreadsheets/writer.ts'
import { requireAuth, type Api, type Deps } from '../../http.ts'
import { acceptImport } from '../../spreadsheets/index.ts'
import { conditionForSeller } from '../access.ts'
import { buyerExportRows } from './buyer-export.ts'
import { buyerImport } from './buyer-import.ts'
import { registerBuyerCalls } from './calls.ts'

/**
 * The buyers calls of a condition. Its spreadsheet calls name the condition, not the organization,
 * so they are written here rather than with registerKindSpreadsheets; the job belongs to the seller
 * and carries the condition as its scope ('compradores:<id>').
 */
export function registerConditionBuyers(app: Api, deps: Deps) {
  const { db } = deps
  const auth = requireAuth(db)
  registerBuyerCalls(app, deps)
  registerImportKind(buyerImport.spec.kind, buyerImport)

  app.openapi(createRoute({ ...buyersApi.importCompradores, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('form')
    const userId = c.get('user').id
    const condition = await conditionForSeller(db, userId, body.condicao_id, { permission: buyerImport.permission })
    const accepted = await acceptImport(deps, { kind: buyerImport.spec.kind, organizationId: condition.organizationId, userId, file: body.arquivo, scope: condition.id })
    return c.json({ ...accepted, message: m.importAccepted }, 202)
  })

  app.openapi(createRoute({ ...buyersApi.exportCompradores, middleware: [auth] as const }), async (c) => {
    const { id } = c.req.valid('param')
    const condition = await conditionForSeller(db, c.get('user').id, id)
    return sheetResponse(buyerImport.spec, buyerExportRows(db, condition.id)) as never
  })
}
