import type { Route } from './+types/planilhas'
import { spreadsheetMessages as m } from '~/domain/spreadsheets/messages.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { importJobHtml } from '~/lib/import-job-html.server.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import { REPORT_PAGE_PARAM } from '~/lib/spreadsheet-import.ts'
import { exportFile, idOf, loadImport, reportFile, scopedExportFile, templateFile } from '~/lib/spreadsheet-import.server.ts'

/**
 * The spreadsheet engine's resource routes, in one module: `importacao/{id}?pagina=…` the import
 * panel's job region as HTML for its polling (`pagina`, the screen's address, gives its links and
 * the report's page), `importacao/{id}/relatorio` its report as xlsx, `modelo/{tipo}` a kind's template, `exportar/{tipo}` a kind's export
 * (`exportar/{tipo}/{id}` of one object: a condition's buyers).
 * The API checks who asks each time.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const parts = (params['*'] ?? '').split('/')
  if (parts[0] === 'importacao' && parts.length === 2) {
    const importId = idOf(parts[1])
    const pageHref = safeRedirect(new URL(request.url).searchParams.get('pagina'), '/')
    const page = idOf(new URL(pageHref, request.url).searchParams.get(REPORT_PAGE_PARAM)) ?? 1
    const { company } = await requireCompany(request)
    const job = importId ? await loadImport(request, importId, page) : null
    return job ? importJobHtml(job, pageHref, company.organizacao_id) : new Response(m.jobNotFound, { status: 404 })
  }
  if (parts[0] === 'importacao' && parts.length === 3 && parts[2] === 'relatorio') {
    const importId = idOf(parts[1])
    return importId ? reportFile(request, importId) : new Response(m.jobNotFound, { status: 404 })
  }
  if (parts[0] === 'exportar' && parts.length === 2) {
    const file = await exportFile(request, parts[1])
    if (file) return file
  }
  if (parts[0] === 'exportar' && parts.length === 3) {
    const id = idOf(parts[2])
    const file = id ? await scopedExportFile(request, parts[1], id) : null
    if (file) return file
  }
  if (parts[0] === 'modelo' && parts.length === 2 && /^[a-z_]{1,40}$/.test(parts[1])) return templateFile(request, parts[1])
  return new Response(m.jobNotFound, { status: 404 })
}
