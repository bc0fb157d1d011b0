import { PAGE_COMPANY_FIELD, PAGE_COMPANY_HEADER } from './page-company.ts'

/** The company a post's form names, kept by the form guard (form-guard.server.ts), which reads every post first. */
const formClaims = new WeakMap<Request, string | null>()

export function rememberFormClaim(request: Request, form: FormData) {
  const value = form.get(PAGE_COMPANY_FIELD)
  formClaims.set(request, typeof value === 'string' ? value : null)
}

/**
 * The company the request says its page shows, as sent (an id, or anything a forged request puts there); null when
 * it names none: a page loaded by its address, a public page's post. The header (the layer's and the island's
 * requests) first, then a post's hidden field, then a link's query. An action may have read its body already, so
 * the field comes from the form guard's reading when there is one.
 */
export async function pageCompanyClaim(request: Request): Promise<string | null> {
  const header = request.headers.get(PAGE_COMPANY_HEADER)
  if (header !== null) return header
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    if (!formClaims.has(request) && !request.bodyUsed) rememberFormClaim(request, await request.clone().formData().catch(() => new FormData()))
    const field = formClaims.get(request)
    if (field !== null && field !== undefined) return field
  }
  return new URL(request.url).searchParams.get(PAGE_COMPANY_FIELD)
}

/** Whether the request came from a script of the page (the layer, an island) rather than a form or a link. */
export const claimedByScript = (request: Request) => request.headers.has(PAGE_COMPANY_HEADER)
