import { randomUUID } from 'node:crypto'
import Pusher from 'pusher-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublisher } from '../../server/realtime/publisher.ts'
import { createOrganization, createTestApi, linkCustomerOf, newUser, type TestApi } from './harness.ts'
import { startRealtime } from './realtime-harness.ts'

// The whole path of a chat message: POST api/chat/mensagens stores it, the API publishes with the
// pusher SDK to the built-in realtime server, and pusher-js clients authorized by
// POST api/broadcasting/auth (the real one) receive `chat-messages` on private-{user_id}_chat.
const app = { appId: 'chat-delivery', key: 'chat-key', secret: 'chat-secret' }
let t: TestApi
let realtime: Awaited<ReturnType<typeof startRealtime>>
const clients: Pusher[] = []
type U = Awaited<ReturnType<typeof newUser>>
let seller: U, buyer: U, outsider: U
let supplier: { id: number }, customer: { id: number }

type Event = { padrao: string; channel_id: number; user: { id: number; nome: string }; message: { id: number; message: string } }

async function listen(user: U) {
  const client = new Pusher(app.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: realtime.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        const body = new URLSearchParams({ socket_id: socketId, channel_name: channelName }).toString()
        t.raw('POST', '/api/broadcasting/auth', { body, headers: { 'content-type': 'application/x-www-form-urlencoded' }, token: user.token })
          .then((res) => (res.status === 200 ? callback(null, res.body) : callback(new Error(`status ${res.status}`), null)))
          .catch((error: Error) => callback(error, null))
      },
    },
  })
  clients.push(client)
  const events: Event[] = []
  const channel = client.subscribe(`private-${user.id}_chat`)
  channel.bind('chat-messages', (data: Event) => events.push(data))
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve())
    channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))))
  })
  return { client, events }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50))
}

beforeAll(async () => {
  realtime = await startRealtime({ ...app, allowedOrigins: [] })
  t = await createTestApi({
    env: { PUSHER_APP_ID: app.appId, PUSHER_APP_KEY: app.key, PUSHER_APP_SECRET: app.secret },
    publisher: createPublisher({ ...app, host: '127.0.0.1', port: realtime.port, useTLS: false }),
  })
  ;[seller, buyer, outsider] = await Promise.all([newUser(t, 'Vera Vendas'), newUser(t, 'Caio Compras'), newUser(t, 'Olga Outra')])
  supplier = await createOrganization(t, { nome: 'Fornecedora Entrega', tipo: 'f', plano: 'P' }, [{ userId: seller.id, isAdmin: true }])
  customer = await createOrganization(t, { nome: 'Mercado Recebe', tipo: 'v' }, [{ userId: buyer.id, isAdmin: true }])
  await createOrganization(t, { nome: 'Loja Alheia', tipo: 'v' }, [{ userId: outsider.id, isAdmin: true }])
  await linkCustomerOf(t, supplier.id, customer.id)
})

afterAll(async () => {
  for (const c of clients) c.disconnect()
  await realtime.stop()
  await t.close()
})

describe('chat delivery over the realtime server', () => {
  it('delivers a message to every participant but the sending connection, and to no one else', async () => {
    const buyerSide = await listen(buyer)
    const sellerSide = await listen(seller)
    const outsiderSide = await listen(outsider)
    const list = await t.get(`/api/chat/canais/${customer.id}/F`, { token: buyer.token })
    const channelId = list.body.data[0].id as number
    const sent = await t.post(
      '/api/chat/mensagens',
      { organizacao_id: supplier.id, channel_id: channelId, client_id: randomUUID(), text: 'Pedido faturado hoje', socket_id: sellerSide.client.connection.socket_id },
      { token: seller.token },
    )
    expect(sent.status).toBe(201)
    await until(() => buyerSide.events.length > 0)
    expect(buyerSide.events).toEqual([
      { padrao: 'F', channel_id: channelId, user: { id: seller.id, nome: 'Vera Vendas', avatar: null }, message: sent.body },
    ])
    // A second send, so the sender's exclusion is seen after a message that did arrive elsewhere.
    await t.post('/api/chat/mensagens', { organizacao_id: customer.id, channel_id: channelId, client_id: randomUUID(), text: 'Obrigado!' }, { token: buyer.token })
    await until(() => sellerSide.events.length > 0)
    expect(sellerSide.events.map((e) => e.message.message)).toEqual(['Obrigado!'])
    expect(outsiderSide.events).toEqual([])
  })

  it('refuses to authorize another person’s chat channel', async () => {
    const body = new URLSearchParams({ socket_id: '1.1', channel_name: `private-${seller.id}_chat` }).toString()
    const res = await t.raw('POST', '/api/broadcasting/auth', { body, headers: { 'content-type': 'application/x-www-form-urlencoded' }, token: outsider.token })
    expect(res.status).toBe(403)
  })

  it('a repeated send is not delivered twice', async () => {
    const buyerSide = await listen(buyer)
    const list = await t.get(`/api/chat/canais/${supplier.id}/F`, { token: seller.token })
    const channelId = list.body.data[0].id as number
    const body = { organizacao_id: supplier.id, channel_id: channelId, client_id: randomUUID(), text: 'Só uma vez' }
    await t.post('/api/chat/mensagens', body, { token: seller.token })
    await t.post('/api/chat/mensagens', body, { token: seller.token })
    await until(() => buyerSide.events.length > 0)
    // A third, distinct message: once it arrives, a duplicate of the first would have too.
    await t.post('/api/chat/mensagens', { ...body, client_id: randomUUID(), text: 'Fim' }, { token: seller.token })
    await until(() => buyerSide.events.length > 1)
    expect(buyerSide.events.map((e) => e.message.message)).toEqual(['Só uma vez', 'Fim'])
  })

  it('an event too big for the protocol names the message to fetch instead of carrying it', async () => {
    const buyerSide = await listen(buyer)
    const list = await t.get(`/api/chat/canais/${supplier.id}/F`, { token: seller.token })
    const channelId = list.body.data[0].id as number
    // 4000 characters of 3 bytes each: past the 10 KB an event may carry.
    const sent = await t.post('/api/chat/mensagens', { organizacao_id: supplier.id, channel_id: channelId, client_id: randomUUID(), text: '€'.repeat(4000) }, { token: seller.token })
    expect(sent.status).toBe(201)
    await until(() => buyerSide.events.length > 0)
    expect(buyerSide.events).toEqual([{ padrao: 'F', channel_id: channelId, user: { id: seller.id, nome: 'Vera Vendas', avatar: null }, message: null, message_id: sent.body.id }])
    const fetched = await t.get(`/api/chat/mensagens/${customer.id}/${channelId}?after=${sent.body.id - 1}`, { token: buyer.token })
    expect(fetched.body.data.map((x: { id: number }) => x.id)).toEqual([sent.body.id])
  })
})
