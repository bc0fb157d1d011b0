import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import type { Route } from './+types/pedidos.linha'
import { OrderRow } from '~/components/orders/order-row.tsx'
import { idOf } from '~/domain/shared/fields.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { parseListState } from '~/lib/list-state.ts'
import { orderList } from '~/lib/order-list.ts'
import { readOrderList } from '~/lib/orders.server.ts'

const LIST_PATH = /^\/orders(?:-customer\/(\d+))?$/i

/**
 * One row of an orders list, rendered by the list's own component, for the enhancement layer when an order event
 * reaches the page (app/enhance/realtime.ts). `endereco` is the list's address: the row is the one that list shows
 * now (its side, customer, search, status and period), or 204 when that list does not show the order (any more).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompany(request)
  const orderId = idOf(params.orderId)
  const address = new URL(new URL(request.url).searchParams.get('endereco') ?? '/orders', request.url)
  const path = LIST_PATH.exec(address.pathname)
  if (!orderId || !path) return new Response(null, { status: 204 })
  const customerId = path[1] === undefined ? null : idOf(path[1])
  const list = parseListState(orderList(company.tipo, customerId), address.searchParams)
  const res = await readOrderList(request, company.organizacao_id, list, customerId)
  const order = res.ok ? res.data.pedidos.data.find((o) => o.id === orderId) : undefined
  if (!order) return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } })
  const open = new URLSearchParams(address.search)
  open.set('pedido', String(order.id))
  const html = renderToString(
    <MemoryRouter initialEntries={[address.pathname + address.search]}>
      <table>
        <tbody>
          <OrderRow order={order} openHref={`${address.pathname}?${open}`} />
        </tbody>
      </table>
    </MemoryRouter>,
  )
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
}
