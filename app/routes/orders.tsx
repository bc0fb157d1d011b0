import { data } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import type { Route } from './+types/orders'
import { OrderRow } from '~/components/orders/order-row.tsx'
import { CloseOrderLink, OrderSummary, RepeatOrder, StatusActions, StatusRefusal } from '~/components/orders/order-detail.tsx'
import { useListAddress, useListHref } from '~/components/ui/list-href.ts'
import { ListFields } from '~/components/ui/list-fields.tsx'
import { Pagination } from '~/components/ui/pagination.tsx'
import { ResultsStatus, resultsText } from '~/components/ui/results-status.tsx'
import * as ordersApi from '~/domain/orders/contract.ts'
import { orderMessages as m } from '~/domain/orders/messages.ts'
import { keysSeen } from '~/domain/orders/list-state.ts'
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '~/domain/orders/order-status.ts'
import { idOf } from '~/domain/shared/fields.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { pagePath } from '~/lib/company-screens.ts'
import { redirectPastLastPage } from '~/lib/list-page.server.ts'
import { listAddress, parseListState } from '~/lib/list-state.ts'
import { orderList } from '~/lib/order-list.ts'
import { changeOrderStatus, readOrderList, repeatOrder } from '~/lib/orders.server.ts'
import { redirectWithToast } from '~/lib/session.server.ts'
import { revalidateAfterActions } from '~/lib/revalidate-after-actions.ts'

export const meta: Route.MetaFunction = ({ params }) => [
  {
    title: `${params.customerId ? m.customerPageTitle : m.heading} | Pedidos B2B`,
  },
]

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const { company } = await requireCompany(request)
  const orgId = company.organizacao_id
  const customerId = params.customerId === undefined ? null : idOf(params.customerId)
  // A customer of another seller, or a malformed id: back to Clientes with the reason, as the condition page does.
  if (customerId === 0)
    throw await redirectWithToast(request, '/customers', { kind: 'error', text: m.customerNotFound })
  // A retailer mostly buys: its orders placed first; a seller, the orders it received.
  const list = parseListState(orderList(company.tipo, customerId), url.searchParams)
  const read = (period: boolean) => readOrderList(request, orgId, list, customerId, period)
  let res = await read(true)
  // A period the API refuses (the end before the start, 31/02) is said beside its fields; the list shows every date.
  let periodError: string | null = null
  if (res.status === 422 && (list.de || list.ate)) {
    const body = res.data as { errors?: Record<string, string[]> }
    periodError = [...(body.errors?.de ?? []), ...(body.errors?.ate ?? [])][0] ?? null
    if (periodError) res = await read(false)
  }
  // A member whose role may not see the orders stays in the company (for a supplier this is its landing screen).
  if (res.status === 403) return { forbidden: true as const, customerId }
  if (!res.ok) throw await redirectWithToast(request, customerId ? '/customers' : '/personal-environment', { kind: 'error', text: apiErrorMessages(res.data).join(' ') })
  // A page past the end shows the last page instead of 'no orders'.
  redirectPastLastPage(request, list.page, res.data.pedidos)
  const pedidoId = idOf(url.searchParams.get('pedido'))
  let detail = null
  if (pedidoId) {
    const shown = await api(request, ordersApi.showPedido, {
      params: { orgId, orderId: pedidoId },
    })
    detail = shown.ok ? shown.data.pedido : null
  }
  return {
    forbidden: false as const,
    list,
    periodError,
    pedidos: res.data.pedidos,
    cliente: res.data.cliente,
    detail,
    pedidoId,
    customerId,
    tipo: company.tipo,
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  // Back to the list as it was, with the order open: the page's address, not the data request's (`/orders.data?…`).
  const url = new URL(request.url)
  const definition = orderList(company.tipo, params.customerId === undefined ? null : idOf(params.customerId))
  const back = listAddress(definition, pagePath(request), parseListState(definition, url.searchParams), {}, { pedido: idOf(url.searchParams.get('pedido')) || null })
  const orgId = company.organizacao_id
  if (intent === 'status') {
    const changed = await changeOrderStatus(request, orgId, formData)
    if (!changed.ok) return data({ intent, errors: changed.errors, typed: changed.typed }, { status: 400 })
    return redirectWithToast(request, back, { kind: 'success', text: changed.message })
  }
  if (intent === 'repeat') return redirectWithToast(request, back, await repeatOrder(request, orgId, formData))
  return redirectWithToast(request, back, {
    kind: 'error',
    text: 'Ação desconhecida.',
  })
}

/** Read again after a refused change too: refused because the order left 'A' elsewhere, the page shows where it is now. */
export const shouldRevalidate = revalidateAfterActions

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.forbidden)
    return (
      <section className="stack" aria-labelledby="orders-title">
        <h1 id="orders-title">{loaderData.customerId ? m.customerPageTitle : m.heading}</h1>
        <p role="alert">{m.noPermission}</p>
      </section>
    )
  return <OrdersList loaderData={loaderData} actionData={actionData} />
}

function OrdersList({ loaderData, actionData }: { loaderData: Extract<Route.ComponentProps['loaderData'], { forbidden: false }>; actionData: Route.ComponentProps['actionData'] }) {
  const { list, periodError, pedidos, cliente, detail, pedidoId, customerId, tipo } = loaderData
  const href = useListHref()
  const definition = orderList(tipo, customerId)
  const address = useListAddress(definition, list)
  // A side, or the filters cleared, opens the list from its start.
  const fresh = parseListState(definition, new URLSearchParams())
  // The enhancement layer (app/enhance/realtime.ts) shows an order event in place: the row from /pedidos/linha, and
  // the event seen when this list shows the newest orders (for the page itself the layout's loader marked them seen).
  const seen = keysSeen(list, tipo, customerId)

  // An order opened (or changed by a form) takes the focus: it shows above the list, far from the link pressed
  // (`autoFocus`, which the browser applies to the page as served). A refused change stays where it was sent from: its
  // message takes the focus (StatusRefusal's own autoFocus), instead of the order's top, hundreds of pixels above it on
  // a phone. Closed, the focus goes back to its 'Ver' in the list (app/enhance/dialogs.ts, `data-opens-panel`).
  const errors = actionData?.intent === 'status' ? actionData.errors : null

  const filtered = Boolean(list.q || list.status || list.de || list.ate)
  const heading = cliente ? m.customerHeading(cliente.nome) : m.heading

  return (
    <section className="stack" aria-labelledby="orders-title" data-live="orders-list" data-live-seen={seen?.join(' ')}>
      <h1 id="orders-title">{heading}</h1>
      {customerId ? (
        <p>
          <a href="/customers">{m.backToCustomers}</a>
        </p>
      ) : tipo === 'v' && list.aba === 'C' ? null : (
        // A retailer only buys: its orders placed are its only side (a link to the other still opens it).
        <nav aria-label="Lados dos pedidos">
          <ul className="team-tabs">
            {(['recebidos', 'feitos'] as const).map((tab) => (
              <li key={tab}>
                <a href={address({ ...fresh, aba: tab === 'feitos' ? 'C' : 'V' })} aria-current={(tab === 'feitos') === (list.aba === 'C') ? 'page' : undefined}>
                  {tab === 'feitos' ? m.tabPlaced : m.tabReceived}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {pedidoId ? (
        <section
          tabIndex={-1}
          autoFocus={!errors}
          className="card stack order-detail"
          aria-labelledby={`pedido-${pedidoId}-title`}
          data-live-order={pedidoId}
          data-live-status={detail?.status}
        >
          {detail ? (
            <>
              <OrderSummary order={detail} />
              {detail.pode_mudar_status ? (
                <StatusActions order={detail} errors={errors} typed={actionData?.intent === 'status' ? actionData.typed : null} />
              ) : (
                // A change sent from a page drawn before the order left 'A' (another tab, a missed live update): the
                // order above shows where it is now, and this says why nothing changed.
                <div className="order-actions">
                  <StatusRefusal errors={errors} />
                </div>
              )}
              {detail.pode_repetir ? <RepeatOrder order={detail} /> : null}
            </>
          ) : (
            <p id={`pedido-${pedidoId}-title`} role="alert">
              {m.notFound}
            </p>
          )}
          <div>
            <CloseOrderLink to={href({ pedido: null })} orderId={pedidoId} />
          </div>
        </section>
      ) : null}

      <CompanyForm method="get" className="products-filters" role="search" aria-label={m.searchLabel}>
        <ListFields definition={definition} state={list} asked={['q', 'status', 'de', 'ate']} />
        <div className="field products-search">
          <label htmlFor="orders-q">{m.searchLabel}</label>
          <input id="orders-q" name="q" type="search" defaultValue={list.q} placeholder={m.searchPlaceholder} maxLength={255} />
        </div>
        <div className="field">
          <label htmlFor="orders-status">{m.statusLabel}</label>
          <select id="orders-status" name="status" defaultValue={list.status}>
            <option value="">{m.allStatuses}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="orders-de">{m.fromLabel}</label>
          <input id="orders-de" name="de" type="date" defaultValue={list.de} aria-invalid={periodError ? true : undefined} aria-describedby={periodError ? 'orders-periodo-erro' : undefined} />
        </div>
        <div className="field">
          <label htmlFor="orders-ate">{m.toLabel}</label>
          <input id="orders-ate" name="ate" type="date" defaultValue={list.ate} aria-invalid={periodError ? true : undefined} aria-describedby={periodError ? 'orders-periodo-erro' : undefined} />
        </div>
        <button type="submit" className="button">
          {m.filter}
        </button>
        {filtered ? (
          <a href={address({ ...fresh, aba: list.aba })} className="button">
            {m.clearFilters}
          </a>
        ) : null}
      </CompanyForm>
      {periodError ? (
        <p id="orders-periodo-erro" className="notice notice-error" role="alert">
          {periodError} {m.periodIgnored}
        </p>
      ) : null}

      <ResultsStatus
        listKey={JSON.stringify([list.aba, list.q, list.status, list.de, list.ate, list.page])}
        text={pedidos.data.length === 0 ? (filtered ? m.emptyFiltered : m.empty) : resultsText(pedidos.total, 'pedido', m.noun, pedidos.current_page, pedidos.last_page)}
      />
      {pedidos.data.length === 0 ? (
        <div className="empty-state">
          <p>{filtered ? m.emptyFiltered : m.empty}</p>
        </div>
      ) : (
        <div className="table-scroll" role="region" aria-label={m.listLabel} tabIndex={0}>
          <table className="data-table" data-testid="orders-table">
            <thead>
              <tr>
                <th scope="col">Nº</th>
                <th scope="col">{m.sentAt}</th>
                <th scope="col">{list.aba === 'C' && !customerId ? m.seller : m.buyer}</th>
                <th scope="col">{m.condition}</th>
                <th scope="col">{m.statusLabel}</th>
                <th scope="col" className="numeric">
                  {m.total}
                </th>
                <th scope="col">Ações</th>
              </tr>
            </thead>
            <tbody data-live-rows>
              {pedidos.data.map((o) => (
                <OrderRow key={o.id} order={o} openHref={href({ pedido: o.id })} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={pedidos} label={`Paginação de ${m.noun}`} count={{ one: 'pedido', many: m.noun }} href={(page) => address({ page })} />
    </section>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
