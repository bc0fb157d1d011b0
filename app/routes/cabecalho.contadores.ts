import type { Route } from './+types/cabecalho.contadores'
import type { HeaderCounters } from '~/components/shell/counter-names.ts'
import { requireCompany } from '~/lib/company.server.ts'

/**
 * The header's chat counters of the entered company (kept on write, decision 024): unread messages and the messages
 * waiting for an answer, per chat tab. Read by a live page when a chat message reaches it, and after a reconnect.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { company } = await requireCompany(request)
  const counters: HeaderCounters = { notificacoes_chat: company.notificacoes_chat, msg_atraso: company.msg_atraso, msg_atraso_tipos: company.msg_atraso_tipos }
  return Response.json(counters, { headers: { 'cache-control': 'no-store' } })
}
