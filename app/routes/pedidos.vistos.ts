import type { Route } from './+types/pedidos.vistos'
import * as ordersApi from '~/domain/orders/contract.ts'
import { NOTIFICATION_KEYS, type NotificationKey } from '~/domain/orders/notifications.ts'
import { api } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'

const isKey = (k: string): k is NotificationKey => (NOTIFICATION_KEYS as readonly string[]).includes(k)

/** The orders list on screen saw an order event (decision 028): the keys it shows are seen; answers the news left. */
export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const form = await request.formData()
  const chaves = form.getAll('chave').map(String).filter(isKey)
  const res = await api(request, ordersApi.vistos, { json: { organizacao_id: company.organizacao_id, chaves } })
  return Response.json(res.data, { status: res.status, headers: { 'cache-control': 'no-store' } })
}
