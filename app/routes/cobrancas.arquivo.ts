import type { Route } from './+types/cobrancas.arquivo'
import * as billingApi from '~/domain/plans/billing-contract.ts'
import { INVOICE_FILE } from '~/domain/plans/billing-contract.ts'
import { billingScreenMessages as m } from '~/domain/plans/billing-screen-messages.ts'
import { apiFile } from '~/lib/api.server.ts'
import { forwardedFile } from '~/lib/forwarded-file.server.ts'
import { requireCompany } from '~/lib/company.server.ts'

/** An invoice's receipt or nota fiscal, for those who see the billing (the API checks it); never a public address. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { company, token } = await requireCompany(request)
  if (!/^\d{1,10}$/.test(params.tituloId) || !INVOICE_FILE.test(params.arquivo)) return new Response(m.fileNotFound, { status: 404 })
  const res = await apiFile(request, billingApi.arquivoTitulo, { params: { orgId: company.organizacao_id, tituloId: params.tituloId, arquivo: params.arquivo }, token })
  if (!res.ok) return new Response(res.status === 403 ? m.notAllowed : m.fileNotFound, { status: res.status === 403 ? 403 : 404 })
  return forwardedFile(res)
}
