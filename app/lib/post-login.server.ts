import { redirect } from 'react-router'
import { commitSession, readLastCompany, type AppSession } from './session.server.ts'
import { enterCompany } from './company.server.ts'
import { idOf } from '../domain/shared/fields.ts'
import { enterOrderOrganization, moverOrganization } from './order-deep-link.server.ts'

/**
 * After login: an order id in the route goes to the order-status update;
 * else the last company of the same user is entered again; else PersonalEnvironment.
 * A `redirectTo` (a path of this site, already checked with safeRedirect) wins over
 * all of them when present: e.g. the team invite that sent the person to Login.
 */
export async function redirectAfterLogin(
  request: Request,
  session: AppSession,
  params: { orderId?: string; orderStatus?: string },
  redirectTo?: string | null,
) {
  if (redirectTo) return redirect(redirectTo, { headers: { 'Set-Cookie': await commitSession(session) } })
  if (params.orderId && params.orderStatus) {
    const to = `/personal-environment/update-order-status/${encodeURIComponent(params.orderId)}/${encodeURIComponent(params.orderStatus)}`
    // The order's seller or OL is entered by this post, so that the page the link opens (a GET) changes nothing.
    const orderId = idOf(params.orderId)
    const token = session.get('token')
    const { found } = orderId && token ? await moverOrganization(request, undefined, orderId, token) : { found: null }
    if (found && found !== 'refused') return redirect(to, { headers: await enterOrderOrganization(session, found.orgId) })
    return redirect(to, { headers: { 'Set-Cookie': await commitSession(session) } })
  }
  const last = await readLastCompany(request)
  const user = session.get('user')
  if (last && user && last.userId === user.user_id) {
    const entered = await enterCompany(request, session, last.orgId)
    if (entered) return entered
  }
  return redirect('/personal-environment', { headers: { 'Set-Cookie': await commitSession(session) } })
}
