import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import * as chatApi from '../domain/chat/contract.ts'
import { api } from './api.server.ts'
import { refuseOtherPage } from './company.server.ts'
import { ChatSendSchema } from '../domain/chat/schemas.ts'
import { getAuth } from './session.server.ts'

/** A JSON caller (the chat island's fetch) gets a 401 it can show; a page gets Login. */
export const wantsJson = (request: Request) => (request.headers.get('accept') ?? '').includes('application/json')

/** The logged-in user and the company in session, for the chat's resource routes; the island's page must show that company. */
export async function requireChatSession(request: Request) {
  const auth = await getAuth(request)
  const companyId = auth?.session.get('companyId')
  if (!auth || !companyId) {
    if (wantsJson(request)) throw Response.json({ message: 'Unauthenticated.' }, { status: 401 })
    throw redirect(auth ? '/personal-environment' : '/')
  }
  await refuseOtherPage(request, auth.token, companyId)
  return { ...auth, companyId }
}

const FILE_FIELDS = ['channel_id', 'client_id', 'text', 'answer_to', 'duration', 'audio_bars', 'socket_id'] as const

/**
 * A message from the composer: with a file, POST api/chat/arquivos (multipart, as given);
 * otherwise the text form checked by the shared schema, then POST api/chat/mensagens.
 */
export async function sendChatMessage(request: Request, companyId: number, form: FormData) {
  const file = form.get('file')
  if (file instanceof File && file.size > 0) {
    const body = new FormData()
    body.set('organizacao_id', String(companyId))
    for (const key of FILE_FIELDS) {
      const value = form.get(key)
      if (typeof value === 'string' && value !== '') body.set(key, value)
    }
    body.set('file', file)
    return { submission: null, res: await api(request, chatApi.arquivos, { form: body }) }
  }
  const submission = parseWithZod(form, { schema: ChatSendSchema })
  if (submission.status !== 'success') return { submission, res: null }
  const socketId = form.get('socket_id')
  const res = await api(request, chatApi.postMensagens, {
    json: { organizacao_id: companyId, ...submission.value, ...(typeof socketId === 'string' && socketId ? { socket_id: socketId } : {}) },
  })
  return { submission, res }
}
