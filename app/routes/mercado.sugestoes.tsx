import { renderToString } from 'react-dom/server'
import type { Route } from './+types/mercado.sugestoes'
import { SuggestionList } from '~/components/market/search-suggestions.tsx'
import * as marketApi from '~/domain/market/contract.ts'
import { api } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'

/**
 * The market search box's suggestions (GET api/checkout/mercadoPesquisa): products the entered company may buy, as
 * the page's own list of suggestions rendered again for `q` (HTML that app/enhance/suggestions.ts swaps in).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { company } = await requireCompany(request)
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 255)
  const res = await api(request, marketApi.mercadoPesquisa, { params: { companyId: company.organizacao_id, search: q || 'null' } })
  const html = renderToString(<SuggestionList suggestions={res.ok ? res.data.sugestoes : []} />)
  return new Response(html, { status: res.ok ? 200 : res.status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
}
