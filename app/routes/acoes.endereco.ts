import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import type { Route } from './+types/acoes.endereco'
import { CitySuggestions } from '~/components/organization/city-suggestions.tsx'
import * as addressApi from '~/domain/organization/address-contract.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'

/**
 * Address lookups for the new-organization form (the API calls the outside services): `?cep=01310100` answers the
 * address of a CEP as JSON, its values for the form's fields (a failure answers `{erro}` with the API's message, so
 * the person types by hand; the status stays 200 because the form takes it as an answer, not a broken page);
 * `?uf=SP` answers the state's cities as the form's list of suggestions, rendered here (an empty list when the
 * lookup fails: the city is typed by hand).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const cep = url.searchParams.get('cep')
  const uf = url.searchParams.get('uf')
  if (uf && !cep) {
    const res = await api(request, addressApi.cidades, { params: { uf } })
    const html = renderToString(createElement(CitySuggestions, { cities: res.ok ? res.data.cidades : [] }))
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, max-age=3600' } })
  }
  if (!cep) return Response.json({ erro: 'Informe um CEP ou uma UF.' })
  const res = await api(request, addressApi.cep, { params: { cep } })
  return Response.json(res.ok ? res.data : { erro: apiErrorMessages(res.data).join(' ') })
}
