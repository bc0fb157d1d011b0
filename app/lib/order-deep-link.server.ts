import type { OrderDetail } from '~/components/orders/order-detail.tsx'
import * as orgApi from '~/domain/organization/contract.ts'
import * as ordersApi from '~/domain/orders/contract.ts'
import { api } from './api.server.ts'
import { commitSession, lastCompanyCookie, type AppSession } from './session.server.ts'

const ORGS_READ = 100

export type MoverFound = { orgId: number; orgName: string; order: OrderDetail }

/**
 * The organization of the user that moves this order (its seller or its OL): the entered one first, then the
 * user's other organizations that may be entered now (active, no feedback pending). `token` when the session
 * holding it is not in the request's cookie yet (the Login post).
 */
export async function moverOrganization(
  request: Request,
  currentOrgId: number | undefined,
  orderId: number,
  token?: string,
): Promise<{ found: MoverFound | 'refused' | null; currentName: string | null }> {
  const mine = await api(request, orgApi.orgProfile, {
    params: { regPerPage: ORGS_READ, search: 'null', filter: 'null' },
    query: { page: 1 },
    token,
  })
  const memberships = mine.ok ? mine.data.organizacoes.data : []
  const nameOf = (orgId: number | undefined) => memberships.find((o) => o.organizacao_id === orgId)?.organizacao.nome ?? null
  const enterable = memberships.filter((o) => o.organizacao.active && !o.organizacao.feedback).map((o) => o.organizacao_id)
  const candidates = [...new Set([...(currentOrgId && enterable.includes(currentOrgId) ? [currentOrgId] : []), ...enterable])]
  const currentName = nameOf(currentOrgId)
  // A member of the order's seller or OL whose role may not read the orders is refused there (403): told so, not
  // sent to look for another account.
  let refused = false
  for (const orgId of candidates) {
    const res = await api(request, ordersApi.showPedido, { params: { orgId, orderId }, token })
    if (res.ok && res.data.pedido.papel !== 'C') return { found: { orgId, orgName: nameOf(orgId) ?? '', order: res.data.pedido }, currentName }
    if (res.status === 403) refused = true
  }
  return { found: refused ? 'refused' : null, currentName }
}

/** Enters the order's organization in the session (on a post only); the headers the answer sets. */
export async function enterOrderOrganization(session: AppSession, orgId: number) {
  session.set('companyId', orgId)
  const headers = new Headers()
  headers.append('Set-Cookie', await commitSession(session))
  const user = session.get('user')
  if (user) headers.append('Set-Cookie', await lastCompanyCookie().serialize({ userId: user.user_id, orgId }))
  return headers
}
