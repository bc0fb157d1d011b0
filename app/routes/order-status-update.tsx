import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/order-status-update'
import { OrderSummary, QuantitiesForm, type OrderDetail } from '~/components/orders/order-detail.tsx'
import * as orgApi from '~/domain/organization/contract.ts'
import * as ordersApi from '~/domain/orders/contract.ts'
import { orderMessages as m } from '~/domain/orders/messages.ts'
import { ORDER_STATUS_LABELS } from '~/domain/orders/order-status.ts'
import type { NextStatus } from '~/domain/orders/schemas.ts'
import { idOf } from '~/domain/shared/fields.ts'
import { api } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { pagePath } from '~/lib/company-screens.ts'
import { changeOrderStatus } from '~/lib/orders.server.ts'
import { commitSession, lastCompanyCookie, redirectWithToast, requireAuth } from '~/lib/session.server.ts'

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Atualizar pedido ${params.orderId} | Pedidos B2B` }]

const ORGS_READ = 100

function parseParams(params: { orderId: string; orderStatus: string }) {
  const orderId = idOf(params.orderId)
  const letter = params.orderStatus.toUpperCase()
  const status: NextStatus | null = letter === 'F' || letter === 'N' || letter === 'Q' ? letter : null
  return { orderId, status }
}

type Found = { orgId: number; order: OrderDetail }

/**
 * The organization of the user that moves this order (its seller or its OL): the entered one first,
 * then the user's other organizations that may be entered now (active, no feedback pending).
 */
async function moverOrganization(request: Request, currentOrgId: number | undefined, orderId: number): Promise<Found | 'refused' | null> {
  const mine = await api(request, orgApi.orgProfile, {
    params: { regPerPage: ORGS_READ, search: 'null', filter: 'null' },
    query: { page: 1 },
  })
  const enterable = mine.ok ? mine.data.organizacoes.data.filter((o) => o.organizacao.active && !o.organizacao.feedback).map((o) => o.organizacao_id) : []
  const candidates = [...new Set([...(currentOrgId && enterable.includes(currentOrgId) ? [currentOrgId] : []), ...enterable])]
  // A member of the order's seller or OL whose role may not read the orders is refused there (403): told so, not
  // sent to look for another account.
  let refused = false
  for (const orgId of candidates) {
    const res = await api(request, ordersApi.showPedido, {
      params: { orgId, orderId },
    })
    if (res.ok && res.data.pedido.papel !== 'C') return { orgId, order: res.data.pedido }
    if (res.status === 403) refused = true
  }
  return refused ? 'refused' : null
}

/**
 * Where the order e-mail's deep link lands after login (spec §2): the order and a confirmation form.
 * Nothing changes on a GET; the form posts the change (works without JavaScript). The user enters the
 * order's seller or OL organization on the way, so the menu and the change act for it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { session } = await requireAuth(request)
  const { orderId, status } = parseParams(params)
  if (!orderId) return { state: 'bad-order' as const, order: null, status: null }
  if (!status) return { state: 'unknown' as const, order: null, status: null }
  const current = session.get('companyId')
  const found = await moverOrganization(request, current, orderId)
  if (!found) return { state: 'not-yours' as const, order: null, status }
  if (found === 'refused') return { state: 'forbidden' as const, order: null, status }
  if (found.orgId !== current) {
    session.set('companyId', found.orgId)
    const headers = new Headers()
    headers.append('Set-Cookie', await commitSession(session))
    const user = session.get('user')
    if (user)
      headers.append(
        'Set-Cookie',
        await lastCompanyCookie().serialize({
          userId: user.user_id,
          orgId: found.orgId,
        }),
      )
    throw redirect(pagePath(request), {
      headers,
    })
  }
  if (found.order.status !== 'A') return { state: 'done' as const, order: found.order, status }
  if (!found.order.pode_mudar_status) return { state: 'forbidden' as const, order: found.order, status }
  return { state: 'confirm' as const, order: found.order, status }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const changed = await changeOrderStatus(request, company.organizacao_id, await request.formData())
  if (!changed.ok) return data({ errors: changed.errors, typed: changed.typed }, { status: 400 })
  return redirectWithToast(request, `/orders?pedido=${encodeURIComponent(params.orderId)}`, { kind: 'success', text: changed.message })
}

export default function OrderStatusUpdate({ loaderData, actionData, params }: Route.ComponentProps) {
  const { state, order, status } = loaderData
  const label = status ? ORDER_STATUS_LABELS[status] : ''
  const errors = actionData?.errors ?? null
  const general = [...(errors?.status ?? []), ...(errors?.quantidades ?? []), ...(errors?.form ?? [])]
  return (
    <section className="stack" aria-labelledby="osu-title">
      <h1 id="osu-title">{state === 'bad-order' ? m.deepTitleNoOrder : m.deepTitle(Number(params.orderId))}</h1>
      {state === 'bad-order' ? <p className="notice notice-error">{m.deepBadOrder}</p> : null}
      {state === 'unknown' ? <p className="notice notice-error">{m.deepUnknownStatus}</p> : null}
      {state === 'not-yours' ? <p className="notice notice-error">{m.deepNotYours}</p> : null}
      {state === 'done' && order ? <p className="notice notice-info">{m.deepAlready(ORDER_STATUS_LABELS[order.status])}</p> : null}
      {state === 'forbidden' ? <p className="notice notice-error">{m.deepForbidden}</p> : null}
      {state === 'confirm' && order && status ? (
        <div className="card stack" aria-labelledby="osu-confirm">
          <p id="osu-confirm">
            <strong>{m.deepConfirm(label)}</strong>
          </p>
          {general.length ? (
            <ul className="notice notice-error" role="alert">
              {general.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
          {status === 'Q' ? (
            <QuantitiesForm order={order} errors={errors} typed={actionData?.typed} label={m.deepConfirmButton(label)} confirm={false} />
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="pedido_id" value={order.id} />
              <input type="hidden" name="status" value={status satisfies NextStatus} />
              <button type="submit" className={status === 'N' ? 'button danger' : 'button primary'}>
                {m.deepConfirmButton(label)}
              </button>
            </Form>
          )}
        </div>
      ) : null}
      {order ? (
        <div className="card stack order-detail">
          <OrderSummary order={order} />
        </div>
      ) : null}
      <p>{!order ? <Link to="/personal-environment">{m.deepBack}</Link> : <Link to="/orders">{m.deepSeeOrders}</Link>}</p>
    </section>
  )
}
