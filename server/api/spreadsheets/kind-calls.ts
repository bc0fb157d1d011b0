import { createRoute } from '@hono/zod-openapi'
import type { exportEndpoint, importEndpoint } from '../../../app/domain/spreadsheets/contract.ts'
import type { Db } from '../../db/client.ts'
import type { ImportKind } from '../../spreadsheets/import-kind.ts'
import { registerImportKind } from '../../spreadsheets/jobs.ts'
import { sheetResponse } from '../../spreadsheets/writer.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'
import { requireReader } from '../organizations/area-readers.ts'
import { requirePermission } from '../organizations/membership.ts'
import { acceptImport } from './index.ts'

type ImportCall = ReturnType<typeof importEndpoint<`/${string}`>>
type ExportCall = ReturnType<typeof exportEndpoint<`/${string}/{id}`>>

/**
 * A kind's two spreadsheet calls, alike for every area: the upload (the kind's permission; the job
 * runs in the background, server/spreadsheets) and the export (the area's readers, as for its list
 * and template; streamed in pages by `rows`, with the same columns the import reads). Also makes the
 * kind known to the engine (its template, its jobs).
 */
export function registerKindSpreadsheets<Row>(
  app: Api,
  deps: Deps,
  options: { kind: ImportKind<Row>; importCall: ImportCall; exportCall: ExportCall; rows: (db: Db, organizationId: number) => AsyncIterable<Row> },
) {
  const { db } = deps
  const { kind } = options
  registerImportKind(kind.spec.kind, kind)
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...options.importCall, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('form')
    const userId = c.get('user').id
    await requirePermission(db, userId, body.organizacao_id, kind.permission)
    return c.json(await acceptImport(deps, { kind: kind.spec.kind, organizationId: body.organizacao_id, userId, file: body.arquivo }), 202)
  })

  app.openapi(createRoute({ ...options.exportCall, middleware: [auth] as const }), async (c) => {
    const { id } = c.req.valid('param')
    await requireReader(db, c.get('user').id, id, kind.permission)
    return sheetResponse(kind.spec, options.rows(db, id)) as never
  })
}
