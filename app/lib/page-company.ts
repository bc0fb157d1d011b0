/**
 * A page acts only for the company it was rendered for (docs/decisions/048-company-per-page.md). The session's
 * company is shared by every tab, so each request of a company page says which company the page shows: a post in
 * a hidden field (CompanyForm), the enhancement layer's and the chat island's requests in a header, a download
 * link in its query. The server refuses it once the session has entered another company.
 */
export const PAGE_COMPANY_FIELD = '_empresa'

export const PAGE_COMPANY_HEADER = 'X-Empresa'

/** The headers of a request made for the page's company (none added when the page shows none). */
export function pageCompanyHeaders(companyId: number | string | null | undefined, headers?: HeadersInit) {
  const all = new Headers(headers)
  if (companyId) all.set(PAGE_COMPANY_HEADER, String(companyId))
  return all
}

/** A download link of the page's company: the file of another company is never what the page offered. */
export function withPageCompany(path: string, companyId: number | null | undefined) {
  if (!companyId) return path
  return `${path}${path.includes('?') ? '&' : '?'}${PAGE_COMPANY_FIELD}=${companyId}`
}
