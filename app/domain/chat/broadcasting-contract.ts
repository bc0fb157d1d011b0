import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonContent, MessageSchema } from '../shared/contract.ts'

/** Authorizes a browser's subscription to a private realtime channel (laravel-echo's /broadcasting/auth). */

export const AuthBody = z
  .object({
    socket_id: z.string({ error: 'O socket_id é obrigatório.' }).regex(/^\d+\.\d+$/, 'socket_id inválido.'),
    channel_name: z.string({ error: 'O canal é obrigatório.' }).min(1, 'O canal é obrigatório.').max(200, 'Canal inválido.'),
  })
  .meta({ id: 'BroadcastingAuthRequest',  example: { socket_id: '123.456', channel_name: 'private-1_chat' } })

export const auth = defineEndpoint({
  method: 'post',
  path: '/api/broadcasting/auth',
  tags: ['Tempo real'],
  summary: 'Assina a inscrição num canal privado (Pusher): só o próprio chat e os pedidos das organizações de que é membro',
  security: bearer,
  request: { body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: AuthBody } } } },
  responses: {
    200: jsonContent(z.object({ auth: z.string() }), 'Assinatura `key:hmac`'),
    403: jsonContent(MessageSchema, 'Canal de outra pessoa ou organização'),
    503: jsonContent(MessageSchema, 'Tempo real sem segredo configurado'),
    ...errorResponses,
  },
})
