import { data, redirect } from 'react-router'
import * as orgApi from '../domain/organization/contract.ts'
import { callEndpoint } from './api-transport.server.ts'
import { organizationMessages } from '../domain/organization/messages.ts'
import type { PermissionId } from '../domain/team/permissions.ts'
import { companyScreenAccess, landingPath, pagePath } from './company-screens.ts'
import { claimedByScript, pageCompanyClaim } from './page-company.server.ts'
import { safeRedirect } from './safe-redirect.ts'
import { commitSession, lastCompanyCookie, redirectWithToast, requireAuth, takeOtherTabRefusal, withOtherTabRefusal, type AppSession } from './session.server.ts'

export { landingPath }

export type OrgType = 'v' | 'f' | 'b' | 'r'

/** GET api/empresas/profile/{id}: the company in session. */
export type CompanyProfile = {
  organizacao_id: number
  nome: string
  avatar: string | null
  cnpj: string
  razao_social: string | null
  email: string | null
  telefone: string | null
  sobre: string | null
  endereco: string | null
  cidade: string | null
  uf: string | null
  links: { id: number; content: string; type: string }[]
  is_linked: boolean
  tipo: OrgType
  active: boolean
  feedback: boolean
  is_admin: boolean
  permissoes: PermissionId[]
  level: number
  restricoes: { restricao: string }[]
  bandeira_id: number | null
  vertical_id: number | null
  tokenbase: string | null
  logged_user: number
  permissions: { type: string; pedidos_email: number }
  plano: 'B' | 'P' | 'U' | 'M'
  codigo_bandeira: string | null
  trial_days: number
  notificacoes_chat: number
  msg_atraso: number
  /** msg_atraso per chat tab: B (Bandeira), F (Fornecedores or Clientes). */
  msg_atraso_tipos: { B: number; F: number }
  condicoes_restritas: number
}

/** Profiles asked for while answering one request, so the layout and the screen below it share one API call. */
const loadedDuring = new WeakMap<Request, Map<string, Promise<CompanyProfile | null>>>()

/**
 * The profile, once per request: the private layout and the screen's own loader both need it and run
 * side by side on the same Request. A form's action gets a Request of its own, and so do the loaders
 * that run after it, so a change the action made is always read back fresh.
 */
export function loadCompany(request: Request, token: string, organizationId: number) {
  let loaded = loadedDuring.get(request)
  if (!loaded) loadedDuring.set(request, (loaded = new Map()))
  const key = `${organizationId} ${token}`
  let profile = loaded.get(key)
  if (!profile) {
    profile = callEndpoint(request, orgApi.profile, { params: { id: organizationId }, token }).then((res) => (res.ok ? res.data : null))
    loaded.set(key, profile)
  }
  return profile
}

/**
 * Loads the organization's profile into the session and routes by type. Returns
 * null when the user may not enter it (not a member any more, or it is gone).
 */
export async function enterCompany(request: Request, session: AppSession, organizationId: number) {
  const token = session.get('token')
  const user = session.get('user')
  if (!token || !user) return null
  const company = await loadCompany(request, token, organizationId)
  if (!company) return null
  // The session is committed on these redirects too: right after a login it is not in the cookie yet.
  // An inactive company is not entered; the wait-for-verification modal shows.
  if (!company.active) {
    return redirect(`/personal-environment?modal=verificar&org=${company.organizacao_id}`, { headers: { 'Set-Cookie': await commitSession(session) } })
  }
  // A feedback request is answered before entering.
  if (company.feedback) {
    return redirect(`/personal-environment?modal=avaliar&org=${company.organizacao_id}`, { headers: { 'Set-Cookie': await commitSession(session) } })
  }
  session.set('companyId', company.organizacao_id)
  const headers = new Headers()
  headers.append('Set-Cookie', await commitSession(session))
  headers.append('Set-Cookie', await lastCompanyCookie().serialize({ userId: user.user_id, orgId: company.organizacao_id }))
  return redirect(landingPath(company), { headers })
}

/**
 * The company in session for a screen, a form or a resource route that needs one; without it the user picks one
 * first. A request of a page that shows another company is refused here (refuseOtherPage).
 */
export async function requireCompany(request: Request) {
  const auth = await requireAuth(request)
  const companyId = auth.session.get('companyId')
  const company = companyId ? await loadCompany(request, auth.token, companyId) : null
  if (!company) throw redirect('/personal-environment')
  await refuseOtherPage(request, auth.token, company.organizacao_id)
  return { ...auth, company }
}

const isId = (value: string | null): value is string => value !== null && /^\d{1,10}$/.test(value)

/**
 * A page acts only for the company it shows (decision 048), and the session's company is shared by every tab: a
 * request that names its page's company (app/lib/page-company.ts) is refused once the session is in another one,
 * and so is a post that names none (a form of a page that does not say its company). Nothing is done for it:
 * a form's post goes back to its page, which is drawn once more for the company it showed, the refusal in place of
 * the screen (the company layout's loader); a script's request, or a read, gets 409 and the message. A page loaded
 * by its address is the session's company's; on its way back from a refused post its screen does not load.
 */
export async function refuseOtherPage(request: Request, token: string, current: number) {
  const claim = await pageCompanyClaim(request)
  if (claim === String(current)) return
  const reading = request.method === 'GET' || request.method === 'HEAD'
  if (reading && claim === null) {
    const left = await takeOtherTabRefusal(request)
    if (left) throw data(left.refusal.texto, { status: 409 })
    return
  }
  const [page, now] = await Promise.all([isId(claim) ? loadCompany(request, token, Number(claim)) : null, loadCompany(request, token, current)])
  const texto = page ? organizationMessages.otherTab(page.nome, now?.nome ?? '') : organizationMessages.pageCompanyUnknown(now?.nome ?? '')
  if (reading || claimedByScript(request)) throw refusalAnswer(request, texto)
  const back = pageOfPost(request)
  throw await withOtherTabRefusal(redirect(back), { empresa: page?.organizacao_id ?? null, texto, caminho: new URL(back, request.url).pathname })
}

/** A script's refusal: JSON for those that read JSON, else the message as text (a download saves no page). */
function refusalAnswer(request: Request, message: string) {
  const headers = { 'cache-control': 'no-store' }
  if ((request.headers.get('accept') ?? '').includes('application/json')) return Response.json({ message }, { status: 409, headers })
  return new Response(message, { status: 409, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } })
}

/** The page a form was posted from (the post's own address when the browser does not say), without React Router's `?index`. */
function pageOfPost(request: Request) {
  const url = new URL(request.url)
  let from: URL | null = null
  try {
    from = new URL(request.headers.get('referer') ?? '')
  } catch {
    from = null
  }
  const page = from?.origin === url.origin ? from : url
  const search = new URLSearchParams(page.search)
  for (const key of ['index', '_routes']) search.delete(key)
  const query = search.toString()
  const path = page === url ? pagePath(request) : page.pathname
  return safeRedirect(`${path}${query ? `?${query}` : ''}`)
}

/**
 * The guard of every screen under the company layout (app/lib/company-screens.ts): throws the
 * redirect when the screen may not open. A company that may not be entered now (not verified,
 * feedback pending) is forgotten, and the personal environment shows why in its modal.
 */
export async function guardCompanyScreen(request: Request, session: AppSession, company: CompanyProfile | null) {
  const access = companyScreenAccess(pagePath(request), company)
  if (access.kind === 'open') return
  if (access.kind === 'not-in-menu') {
    throw await redirectWithToast(request, access.to, { kind: 'info', text: organizationMessages.screenNotInMenu(company?.nome ?? '') }, session)
  }
  if (company) {
    session.unset('companyId')
    throw redirect(access.to, { headers: { 'Set-Cookie': await commitSession(session) } })
  }
  throw await redirectWithToast(request, access.to, { kind: 'info', text: organizationMessages.enterFirst }, session)
}
