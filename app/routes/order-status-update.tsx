import { data, redirect } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import { revalidateAfterActions } from '~/lib/revalidate-after-actions.ts'
import type { Route } from './+types/order-status-update'
import { OrderSummary, QuantitiesForm, StatusRefusal } from '~/components/orders/order-detail.tsx'
import { orderMessages as m } from '~/domain/orders/messages.ts'
import { ORDER_STATUS_LABELS } from '~/domain/orders/order-status.ts'
import type { NextStatus } from '~/domain/orders/schemas.ts'
import { idOf } from '~/domain/shared/fields.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { pagePath } from '~/lib/company-screens.ts'
import { changeOrderStatus } from '~/lib/orders.server.ts'
import { enterOrderOrganization, moverOrganization } from '~/lib/order-deep-link.server.ts'
import { redirectWithToast, requireAuth } from '~/lib/session.server.ts'

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Atualizar pedido ${params.orderId} | Pedidos B2B` }]

function parseParams(params: { orderId: string; orderStatus: string }) {
  const orderId = idOf(params.orderId)
  const letter = params.orderStatus.toUpperCase()
  const status: NextStatus | null = letter === 'F' || letter === 'N' || letter === 'Q' ? letter : null
  return { orderId, status }
}

/**
 * Where the order e-mail's deep link lands after login: the order and a confirmation form.
 * The order's status changes only by the form's post (works without JavaScript). The change acts for the
 * order's seller or OL, so that organization is entered first: by the Login post that opened this page, or
 * by a post of its own here. Never on this GET: the entered company is the session's, shared by every tab,
 * and a link from any site could otherwise switch what the user's other tabs act for.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { session } = await requireAuth(request)
  const { orderId, status } = parseParams(params)
  if (!orderId) return { state: 'bad-order' as const, order: null, status: null }
  if (!status) return { state: 'unknown' as const, order: null, status: null }
  const current = session.get('companyId')
  const { found, currentName } = await moverOrganization(request, current, orderId)
  if (!found) return { state: 'not-yours' as const, order: null, status }
  if (found === 'refused') return { state: 'forbidden' as const, order: null, status }
  if (found.orgId !== current) return { state: 'enter' as const, order: found.order, status, orgId: found.orgId, orgName: found.orgName, currentName }
  if (found.order.status !== 'A') return { state: 'done' as const, order: found.order, status }
  if (!found.order.pode_mudar_status) return { state: 'forbidden' as const, order: found.order, status }
  return { state: 'confirm' as const, order: found.order, status }
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await request.formData()
  if (formData.get('intent') === 'enter') {
    // Entered only when it is still the organization that moves this order.
    const { session } = await requireAuth(request)
    const { orderId } = parseParams(params)
    const { found } = orderId ? await moverOrganization(request, undefined, orderId) : { found: null }
    if (found && found !== 'refused' && String(found.orgId) === formData.get('organizacao_id')) {
      return redirect(pagePath(request), { headers: await enterOrderOrganization(session, found.orgId) })
    }
    return redirect(pagePath(request))
  }
  const { company } = await requireCompany(request)
  const changed = await changeOrderStatus(request, company.organizacao_id, formData)
  if (!changed.ok) return data({ errors: changed.errors, typed: changed.typed }, { status: 400 })
  return redirectWithToast(request, `/orders?pedido=${encodeURIComponent(params.orderId)}`, { kind: 'success', text: changed.message })
}

/** Read again after a refused change too: refused because the order left 'A' elsewhere, the page says where it is now. */
export const shouldRevalidate = revalidateAfterActions

export default function OrderStatusUpdate({ loaderData, actionData, params }: Route.ComponentProps) {
  const { state, order, status } = loaderData
  const label = status ? ORDER_STATUS_LABELS[status] : ''
  const errors = actionData?.errors ?? null
  return (
    // A change made elsewhere (the other party, another tab) shows here as it happens, as on Pedidos: the enhancement
    // layer (app/enhance/realtime.ts) puts this page's new version of the section in place.
    <section className="stack" aria-labelledby="osu-title" data-live-order={order?.id} data-live-status={order?.status}>
      <h1 id="osu-title">{state === 'bad-order' ? m.deepTitleNoOrder : m.deepTitle(Number(params.orderId))}</h1>
      {state === 'bad-order' ? <p className="notice notice-error">{m.deepBadOrder}</p> : null}
      {state === 'unknown' ? <p className="notice notice-error">{m.deepUnknownStatus}</p> : null}
      {state === 'not-yours' ? <p className="notice notice-error">{m.deepNotYours}</p> : null}
      {state === 'done' && order ? <p className="notice notice-info">{m.deepAlready(ORDER_STATUS_LABELS[order.status])}</p> : null}
      {state === 'forbidden' ? <p className="notice notice-error">{m.deepForbidden}</p> : null}
      {loaderData.state === 'enter' && order ? (
        <div className="card stack">
          <p className="notice notice-info">
            {loaderData.currentName ? m.deepOtherCompany(loaderData.orgName, loaderData.currentName) : m.deepEnterFirst(loaderData.orgName)}
          </p>
          <CompanyForm method="post">
            <input type="hidden" name="intent" value="enter" />
            <input type="hidden" name="organizacao_id" value={loaderData.orgId} />
            <button type="submit" className="button primary">
              {m.deepEnter(loaderData.orgName)}
            </button>
          </CompanyForm>
        </div>
      ) : null}
      {state === 'confirm' && order && status ? (
        <div className="card stack" aria-labelledby="osu-confirm">
          <p id="osu-confirm">
            <strong>{m.deepConfirm(label)}</strong>
          </p>
          <StatusRefusal errors={errors} />
          {status === 'Q' ? (
            <QuantitiesForm order={order} errors={errors} typed={actionData?.typed} label={m.deepConfirmButton(label)} confirm={false} />
          ) : (
            <CompanyForm method="post">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="pedido_id" value={order.id} />
              <input type="hidden" name="status" value={status satisfies NextStatus} />
              <button type="submit" className={status === 'N' ? 'button danger' : 'button primary'}>
                {m.deepConfirmButton(label)}
              </button>
            </CompanyForm>
          )}
        </div>
      ) : null}
      {order ? (
        <div className="card stack order-detail">
          <OrderSummary order={order} />
        </div>
      ) : null}
      <p>{!order ? <a href="/personal-environment">{m.deepBack}</a> : <a href="/orders">{m.deepSeeOrders}</a>}</p>
    </section>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
