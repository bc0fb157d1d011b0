import { redirect } from 'react-router'
import type { z } from 'zod'
import * as catalogApi from '../domain/catalog/contract.ts'
import * as buyersApi from '../domain/conditions/buyers-contract.ts'
import * as conditionProductsApi from '../domain/conditions/products-contract.ts'
import * as customersApi from '../domain/customers/contract.ts'
import * as sheetsApi from '../domain/spreadsheets/contract.ts'
import { spreadsheetMessages as m } from '../domain/spreadsheets/messages.ts'
import { api, apiErrorMessages, apiFile } from './api.server.ts'
import { pagePath } from './company-screens.ts'
import { requireCompany } from './company.server.ts'
import { IMPORT_PARAM, REPORT_PAGE_PARAM } from './spreadsheet-import.ts'

/**
 * What a screen with a spreadsheet import (products, customers...) needs on the server: start an
 * import from its form, and read the job it shows. The job's id travels in the screen's address
 * (`?importacao=12`, report page `&relatorio=2`), so a refresh without JavaScript shows where it is.
 */

export type ImportJobView = z.output<typeof sheetsApi.ImportJobDetailSchema>

export { IMPORT_INTENT } from './spreadsheet-import.ts'

/** The kind's upload call: any endpoint built with `importEndpoint` (same body and answers, its own path). */
type UploadEndpoint = ReturnType<typeof sheetsApi.importEndpoint<`/${string}`>>

/**
 * The action's part for the import form: sends the chosen file to the kind's upload call and
 * answers the redirect to the screen with the job in its address, or the message to show by the
 * form (too big, not a spreadsheet... or the API's refusal).
 *
 *     if (intent === IMPORT_INTENT) return startImportFromForm(request, productsApi.importProdutos, formData)
 */
export async function startImportFromForm(request: Request, endpoint: UploadEndpoint, formData: FormData): Promise<Response | { importError: string }> {
  const { company } = await requireCompany(request)
  const file = formData.get('arquivo')
  if (!(file instanceof File) || file.size === 0) return { importError: file instanceof File && file.name ? m.noHeader : m.fileRequired }
  const form = new FormData()
  form.set('organizacao_id', String(company.organizacao_id))
  form.set('arquivo', file)
  const res = await api(request, endpoint, { form })
  if (!res.ok) return { importError: apiErrorMessages(res.data).join(' ') }
  const url = new URL(request.url)
  url.searchParams.delete(REPORT_PAGE_PARAM)
  url.searchParams.delete('index')
  // With JavaScript the action answers the data request (`/products.data?_routes=…`), not the page.
  url.searchParams.delete('_routes')
  url.searchParams.set(IMPORT_PARAM, String(res.data.importacao.id))
  return redirect(`${pagePath(request)}${url.search}`)
}

export const idOf = (value: string | null) => (value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null)

/** The job named in the screen's address (`?importacao=`), with the report page asked for; null when there is none or it is not readable. */
export async function loadImportFromUrl(request: Request): Promise<ImportJobView | null> {
  const url = new URL(request.url)
  const importId = idOf(url.searchParams.get(IMPORT_PARAM))
  if (!importId) return null
  return loadImport(request, importId, idOf(url.searchParams.get(REPORT_PAGE_PARAM)) ?? 1)
}

/** One job of the company in session (its progress, counts and a page of its report). */
export async function loadImport(request: Request, importId: number, page = 1): Promise<ImportJobView | null> {
  const { company } = await requireCompany(request)
  const res = await api(request, sheetsApi.importacao, { params: { orgId: company.organizacao_id, importId }, query: { page } })
  return res.ok ? res.data : null
}

/** A download of the API (report, template) passed through to the browser with its file headers. */
export async function passFile(request: Request, call: () => Promise<Response>) {
  await requireCompany(request)
  const res = await call()
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string }
    return new Response(body.message ?? m.jobNotFound, { status: res.status, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  }
  const headers = new Headers()
  for (const key of ['content-type', 'content-disposition', 'cache-control', 'x-content-type-options']) {
    const value = res.headers.get(key)
    if (value) headers.set(key, value)
  }
  return new Response(res.body, { status: 200, headers })
}

export async function reportFile(request: Request, importId: number) {
  const { company } = await requireCompany(request)
  return passFile(request, () => apiFile(request, sheetsApi.relatorio, { params: { orgId: company.organizacao_id, importId } }))
}

/** The exports, by the kind their columns belong to. */
const EXPORTS = { produtos: catalogApi.exportProdutos, clientes: customersApi.exportClientes } as const

/** A kind's export of the company in session, streamed through (null when there is no such export). */
export async function exportFile(request: Request, tipo: string) {
  const endpoint = tipo in EXPORTS ? EXPORTS[tipo as keyof typeof EXPORTS] : null
  if (!endpoint) return null
  const { company } = await requireCompany(request)
  return passFile(request, () => apiFile(request, endpoint, { params: { id: company.organizacao_id } }))
}

/** Exports of one object of the company (`exportar/{tipo}/{id}`: a condition's buyers), by kind. */
const SCOPED_EXPORTS = { compradores: buyersApi.exportCompradores, condicao: conditionProductsApi.exportCondicao } as const

/** A scoped kind's export of one object, streamed through (null when there is no such export); the API checks the object is the caller's. */
export async function scopedExportFile(request: Request, tipo: string, id: number) {
  const endpoint = tipo in SCOPED_EXPORTS ? SCOPED_EXPORTS[tipo as keyof typeof SCOPED_EXPORTS] : null
  if (!endpoint) return null
  return passFile(request, () => apiFile(request, endpoint, { params: { id } }))
}

export async function templateFile(request: Request, tipo: string) {
  const { company } = await requireCompany(request)
  return passFile(request, () => apiFile(request, sheetsApi.modelo, { params: { orgId: company.organizacao_id, tipo } }))
}
