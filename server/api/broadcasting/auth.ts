import * as broadcastingApi from '../../../app/domain/chat/broadcasting-contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { channelAuth } from '../../realtime/signatures.ts'
import { abort, requireAuth, type Api, type Deps } from '../http.ts'
import { ORDER_READERS } from '../../../app/domain/orders/readers.ts'
import { mayAct } from '../organizations/membership.ts'

export const CHANNEL_DENIED = 'Você não tem acesso a este canal.'

/**
 * Who may listen where: `private-{user_id}_chat` only its own user;
 * `private-organizacao.ped.{orgId}` the members of that organization who may read its orders
 * (decision 031). Nothing else yet.
 */
async function mayListen(deps: Deps, userId: number, channel: string) {
  const chat = /^private-(\d+)_chat$/.exec(channel)
  if (chat) return Number(chat[1]) === userId
  const orders = /^private-organizacao\.ped\.(\d+)$/.exec(channel)
  if (orders && Number(orders[1]) <= 2_147_483_647) return mayAct(deps.db, userId, Number(orders[1]), ORDER_READERS)
  return false
}

export function registerBroadcastingAuth(app: Api, deps: Deps) {
  app.openapi(
    createRoute({ ...broadcastingApi.auth, middleware: [requireAuth(deps.db)] as const }),
    async (c) => {
      const { socket_id, channel_name } = c.req.valid('form')
      const secret = deps.config.pusherAppSecret
      if (!secret) abort(503, 'O tempo real não está configurado neste servidor.')
      if (!(await mayListen(deps, c.get('user').id, channel_name))) abort(403, CHANNEL_DENIED)
      return c.json({ auth: channelAuth(deps.config.pusherAppKey, secret, socket_id, channel_name) }, 200)
    },
  )
}
