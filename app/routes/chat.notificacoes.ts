import type { Route } from './+types/chat.notificacoes'
import * as chatApi from '~/domain/chat/contract.ts'
import { api } from '~/lib/api.server.ts'
import { requireChatSession } from '~/lib/chat.server.ts'

/** The chat island's unread map (GET api/chat/notificacoes/{orgId}), on start and after a reconnect. */
export async function loader({ request }: Route.LoaderArgs) {
  const { companyId } = await requireChatSession(request)
  const res = await api(request, chatApi.notificacoes, { params: { orgId: companyId } })
  return Response.json(res.data, { status: res.status, headers: { 'cache-control': 'no-store' } })
}
