import type { Route } from './+types/planilhas.modelo'
import { spreadsheetMessages as m } from '~/domain/spreadsheets/messages.ts'
import { templateFile } from '~/lib/spreadsheet-import.server.ts'

/** A kind's template xlsx (GET api/planilhas/modelo/{orgId}/{tipo} checks who asks). */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!/^[a-z_]{1,40}$/.test(params.tipo)) return new Response(m.unknownKind, { status: 404 })
  return templateFile(request, params.tipo)
}
