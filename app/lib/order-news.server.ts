import * as ordersApi from '~/domain/orders/contract.ts'
import { keysSeen } from '~/domain/orders/list-state.ts'
import { readsOrders } from '~/domain/orders/readers.ts'
import { api } from './api.server.ts'
import type { CompanyProfile } from './company.server.ts'
import { pagePath } from './company-screens.ts'
import { parseListState } from './list-state.ts'
import { orderList } from './order-list.ts'

/**
 * The menu's Pedidos badge as the server knows it (decision 028): the orders the member has not seen. On the orders
 * list that shows the newest orders, what it shows is marked seen first, so the page does not count what it lists.
 * Null for a member who may not read the orders (decision 031).
 */
export async function orderNews(request: Request, company: CompanyProfile, token: string) {
  if (!readsOrders(company.permissoes)) return null
  const url = new URL(request.url)
  const keys = request.method === 'GET' && pagePath(request).toLowerCase() === '/orders' ? keysSeen(parseListState(orderList(company.tipo, null), url.searchParams), company.tipo, null) : null
  const res = keys
    ? await api(request, ordersApi.vistos, { json: { organizacao_id: company.organizacao_id, chaves: keys }, token })
    : await api(request, ordersApi.contadores, { params: { orgId: company.organizacao_id }, token })
  if (!res.ok) return 0
  const { a, f, n } = res.data.novos
  return a + f + n
}
