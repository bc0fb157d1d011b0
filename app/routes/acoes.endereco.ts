import type { Route } from './+types/acoes.endereco'
import * as addressApi from '~/domain/organization/address-contract.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'

/**
 * Address lookups for the new-organization form (the API calls the outside services):
 * `?cep=01310100` answers the address of a CEP, `?uf=SP` the cities of a state.
 * A failure answers `{erro}` with the API's message, so the user types by hand; the
 * status stays 200 because the form handles it as an answer, not as a broken page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const cep = url.searchParams.get('cep')
  const uf = url.searchParams.get('uf')
  const res = cep
    ? await api(request, addressApi.cep, { params: { cep } })
    : uf
      ? await api(request, addressApi.cidades, { params: { uf } })
      : null
  if (!res) return Response.json({ erro: 'Informe um CEP ou uma UF.' })
  return Response.json(res.ok ? res.data : { erro: apiErrorMessages(res.data).join(' ') })
}

/** A lookup answer does not change after a form is sent: React Router need not ask the outside services again. */
export function shouldRevalidate() {
  return false
}
