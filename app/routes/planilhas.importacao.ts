import { data } from 'react-router'
import type { Route } from './+types/planilhas.importacao'
import { spreadsheetMessages as m } from '~/domain/spreadsheets/messages.ts'
import { idOf, loadImport } from '~/lib/spreadsheet-import.server.ts'

/** An import's progress as JSON, for the import panel's polling (components/spreadsheet-import.tsx). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const importId = idOf(params.importId)
  const page = idOf(new URL(request.url).searchParams.get('relatorio')) ?? 1
  const job = importId ? await loadImport(request, importId, page) : null
  if (!job) throw data({ message: m.jobNotFound }, { status: 404 })
  return data(job, { headers: { 'cache-control': 'no-store' } })
}
