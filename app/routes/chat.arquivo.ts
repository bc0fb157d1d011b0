import type { Route } from './+types/chat.arquivo'
import * as chatApi from '~/domain/chat/contract.ts'
import { apiFile } from '~/lib/api.server.ts'
import { forwardedFile } from '~/lib/forwarded-file.server.ts'
import { requireAuth } from '~/lib/session.server.ts'

/** A chat attachment, for participants only (GET api/chat/arquivo/{id} checks it); never a public URL. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { token } = await requireAuth(request)
  if (!/^\d{1,10}$/.test(params.messageId)) return new Response('Arquivo não encontrado.', { status: 404 })
  const res = await apiFile(request, chatApi.arquivo, { params: { messageId: params.messageId }, token })
  if (!res.ok) return new Response(res.status === 403 ? 'Você não participa desta conversa.' : 'Arquivo não encontrado.', { status: res.status })
  return forwardedFile(res)
}
