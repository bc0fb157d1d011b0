import type { Route } from './+types/pedidos.contadores'
import * as ordersApi from '~/domain/orders/contract.ts'
import { api } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'

/** The entered organization's order counters (GET api/pedidos/contadores/{orgId}): the live badge starts from them. */
export async function loader({ request }: Route.LoaderArgs) {
  const { company } = await requireCompany(request)
  const res = await api(request, ordersApi.contadores, { params: { orgId: company.organizacao_id } })
  return Response.json(res.data, { status: res.status, headers: { 'cache-control': 'no-store' } })
}
