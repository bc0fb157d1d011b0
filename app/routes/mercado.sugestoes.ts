import type { Route } from './+types/mercado.sugestoes'
import * as marketApi from '~/domain/market/contract.ts'
import { api } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'

/** The market search box's suggestions (GET api/checkout/mercadoPesquisa): products the entered company may buy. */
export async function loader({ request }: Route.LoaderArgs) {
  const { company } = await requireCompany(request)
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 255)
  const res = await api(request, marketApi.mercadoPesquisa, { params: { companyId: company.organizacao_id, search: q || 'null' } })
  return Response.json(res.ok ? res.data : { sugestoes: [] }, { status: res.ok ? 200 : res.status, headers: { 'cache-control': 'no-store' } })
}
