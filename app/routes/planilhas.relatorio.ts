import type { Route } from './+types/planilhas.relatorio'
import { spreadsheetMessages as m } from '~/domain/spreadsheets/messages.ts'
import { idOf, reportFile } from '~/lib/spreadsheet-import.server.ts'

/** An import's per-row report as xlsx (GET api/importacoes/{orgId}/{importId}/relatorio checks who asks). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const importId = idOf(params.importId)
  if (!importId) return new Response(m.jobNotFound, { status: 404 })
  return reportFile(request, importId)
}
