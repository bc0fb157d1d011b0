import { redirect } from 'react-router'
import type { Route } from './+types/chat.acoes'
import * as chatApi from '~/domain/chat/contract.ts'
import { api } from '~/lib/api.server.ts'
import { requireChatSession, sendChatMessage } from '~/lib/chat.server.ts'

/**
 * The chat island's posts (fetch, JSON answers): `enviar` a text, file or voice message,
 * `lidas` to move the read cursor, `destacar` to highlight. The page's no-JS forms post to /Chat.
 */
export async function action({ request }: Route.ActionArgs) {
  const { companyId } = await requireChatSession(request)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'enviar') {
    const { submission, res } = await sendChatMessage(request, companyId, form)
    if (!res) return Response.json({ message: 'Dados inválidos', errors: submission.error }, { status: 422 })
    return Response.json(res.data, { status: res.status })
  }
  if (intent === 'lidas') {
    const messageId = Number(form.get('message_id'))
    const res = await api(request, chatApi.lidas, {
      json: { organizacao_id: companyId, channel_id: form.get('channel_id'), ...(messageId > 0 ? { message_id: messageId } : {}) },
    })
    return Response.json(res.data, { status: res.status })
  }
  if (intent === 'destacar') {
    const res = await api(request, chatApi.destaque, {
      json: { organizacao_id: companyId, message_id: form.get('message_id'), destaque: form.get('destaque') === '1' },
    })
    return Response.json(res.data, { status: res.status })
  }
  return Response.json({ message: 'Ação desconhecida.' }, { status: 400 })
}

export function loader() {
  return redirect('/Chat')
}
