import { createRoute, z } from '@hono/zod-openapi'
import { channelAuth } from '../../realtime/signatures.ts'
import { abort, bearer, errorResponses, jsonContent, MessageSchema, requireAuth, type Api, type Deps } from '../http.ts'
import { findMembership } from '../organizations/membership.ts'

export const CHANNEL_DENIED = 'Você não tem acesso a este canal.'

/**
 * Who may listen where (spec §7 Realtime): `private-{user_id}_chat` only its own user;
 * `private-organizacao.ped.{orgId}` the members of that organization. Nothing else yet.
 */
async function mayListen(deps: Deps, userId: number, channel: string) {
  const chat = /^private-(\d+)_chat$/.exec(channel)
  if (chat) return Number(chat[1]) === userId
  const orders = /^private-organizacao\.ped\.(\d+)$/.exec(channel)
  if (orders && Number(orders[1]) <= 2_147_483_647) return (await findMembership(deps.db, userId, Number(orders[1]))) !== null
  return false
}

const AuthBody = z
  .object({
    socket_id: z.string({ error: 'O socket_id é obrigatório.' }).regex(/^\d+\.\d+$/, 'socket_id inválido.'),
    channel_name: z.string({ error: 'O canal é obrigatório.' }).min(1, 'O canal é obrigatório.').max(200, 'Canal inválido.'),
  })
  .openapi('BroadcastingAuthRequest', { example: { socket_id: '123.456', channel_name: 'private-1_chat' } })

export function registerBroadcastingAuth(app: Api, deps: Deps) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/broadcasting/auth',
      tags: ['Tempo real'],
      summary: 'Assina a inscrição num canal privado (Pusher): só o próprio chat e os pedidos das organizações de que é membro',
      security: bearer,
      middleware: [requireAuth(deps.db)] as const,
      request: { body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: AuthBody } } } },
      responses: {
        200: jsonContent(z.object({ auth: z.string() }), 'Assinatura `key:hmac`'),
        403: jsonContent(MessageSchema, 'Canal de outra pessoa ou organização'),
        503: jsonContent(MessageSchema, 'Tempo real sem segredo configurado'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { socket_id, channel_name } = c.req.valid('form')
      const secret = deps.config.pusherAppSecret
      if (!secret) abort(503, 'O tempo real não está configurado neste servidor.')
      if (!(await mayListen(deps, c.get('user').id, channel_name))) abort(403, CHANNEL_DENIED)
      return c.json({ auth: channelAuth(deps.config.pusherAppKey, secret, socket_id, channel_name) }, 200)
    },
  )
}
