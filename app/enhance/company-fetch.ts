import { pageCompanyHeaders } from '~/lib/page-company.ts'

/**
 * A request the layer makes for the page: it names the company the page shows (the shell's `data-empresa`), so the
 * server answers for that company or refuses (409) once another tab has entered another one, never with another
 * company's data (decision 048).
 */
export function companyFetch(input: string | URL, init: RequestInit = {}) {
  const companyId = document.querySelector<HTMLElement>('[data-empresa]')?.dataset.empresa
  return fetch(input, { ...init, headers: pageCompanyHeaders(companyId, init.headers) })
}
