import type { Route } from './+types/chat.mensagens'
import * as chatApi from '~/domain/chat/contract.ts'
import { api } from '~/lib/api.server.ts'
import { requireChatSession } from '~/lib/chat.server.ts'

/**
 * Messages of a channel for the chat island: `?canal=&after=` what came after the last one it has
 * (catch-up after a reconnect), `?canal=&before=` older ones.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { companyId } = await requireChatSession(request)
  const url = new URL(request.url)
  const canal = url.searchParams.get('canal') ?? ''
  const query = { after: url.searchParams.get('after'), before: url.searchParams.get('before'), limit: url.searchParams.get('limit') }
  if (!/^\d{1,10}$/.test(canal)) return Response.json({ message: 'Canal inválido.' }, { status: 422 })
  const res = await api(request, chatApi.mensagens, { params: { orgId: companyId, channelId: canal }, query })
  return Response.json(res.data, { status: res.status, headers: { 'cache-control': 'no-store' } })
}
