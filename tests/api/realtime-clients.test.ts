import type { Server } from 'node:http'
import PusherServer from 'pusher'
import Pusher from 'pusher-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RealtimeServer } from '../../server/realtime/index.ts'
import { startRealtime } from './realtime-harness.ts'
import { channelAuth } from '../../server/realtime/signatures.ts'

// The real clients against the built-in server: pusher-js subscribes, the official `pusher` SDK publishes.
const app = { appId: 'pedidos-test', key: 'test-key', secret: 'test-secret' }
let realtime: RealtimeServer
let server: Server
let port: number
let publisher: PusherServer
const clients: Pusher[] = []

beforeAll(async () => {
  ;({ realtime, server, port } = await startRealtime({ ...app, allowedOrigins: [] }))
  publisher = new PusherServer({ ...app, host: '127.0.0.1', port: String(port), useTLS: false })
})

afterAll(async () => {
  for (const client of clients) client.disconnect()
  realtime.close()
  await new Promise((resolve) => server.close(resolve))
})

type User = { id: string; name: string }

/** A pusher-js client whose authorizer signs like our /broadcasting/auth will (a wrong secret for channels named *forbidden*). */
async function connect(user: User = { id: '1', name: 'Ana' }): Promise<Pusher> {
  const client = new Pusher(app.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        const secret = channelName.includes('forbidden') ? 'wrong-secret' : app.secret
        if (channelName.startsWith('presence-')) {
          const channelData = JSON.stringify({ user_id: user.id, user_info: { name: user.name } })
          callback(null, { auth: channelAuth(app.key, secret, socketId, channelName, channelData), channel_data: channelData })
        } else callback(null, { auth: channelAuth(app.key, secret, socketId, channelName) })
      },
    },
  })
  clients.push(client)
  await new Promise<void>((resolve) => client.connection.bind('connected', () => resolve()))
  return client
}

function subscribe(client: Pusher, name: string) {
  const channel = client.subscribe(name)
  return new Promise<typeof channel>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve(channel))
    channel.bind('pusher:subscription_error', (error: unknown) => reject(error))
  })
}

function next(client: Pusher, channel: string, event: string): Promise<{ data: unknown; meta: unknown }> {
  return new Promise((resolve) => {
    const ch = client.channel(channel)
    const handler = (data: unknown, meta: unknown) => {
      ch.unbind(event, handler)
      resolve({ data, meta })
    }
    ch.bind(event, handler)
  })
}

describe('built-in realtime server with pusher-js and the pusher SDK', () => {
  it('connects with a socket id and receives events published on public and private channels', async () => {
    const client = await connect()
    expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/)
    await subscribe(client, 'orders')
    await subscribe(client, 'private-orders.1')
    const pub = next(client, 'orders', 'order.created')
    await publisher.trigger('orders', 'order.created', { id: 7 })
    expect((await pub).data).toEqual({ id: 7 })
    const priv = next(client, 'private-orders.1', 'App\\Events\\OrderShipped')
    await publisher.triggerBatch([{ channel: 'private-orders.1', name: 'App\\Events\\OrderShipped', data: { id: 8, texto: 'Pão de queijo' } }])
    expect((await priv).data).toEqual({ id: 8, texto: 'Pão de queijo' })
  })

  it('refuses a private channel whose signature is wrong (subscription_error 401)', async () => {
    const client = await connect()
    const error = await subscribe(client, 'private-forbidden.1').then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ type: 'AuthError', status: 401 })
    // The connection is still usable.
    await subscribe(client, 'private-orders.2')
    expect(client.connection.state).toBe('connected')
  })

  it('excludes the socket_id given by the publisher', async () => {
    const sender = await connect()
    const other = await connect()
    await subscribe(sender, 'stock')
    await subscribe(other, 'stock')
    const seenBySender: string[] = []
    sender.channel('stock').bind_global((event: string) => seenBySender.push(event))
    const otherGot = next(other, 'stock', 'price')
    await publisher.trigger('stock', 'price', { v: 1 }, { socket_id: sender.connection.socket_id })
    expect((await otherGot).data).toEqual({ v: 1 })
    // Events on one socket arrive in order: once the marker is here, the excluded event would have been too.
    const marker = next(sender, 'stock', 'marker')
    await publisher.trigger('stock', 'marker', {})
    await marker
    expect(seenBySender).not.toContain('price')
  })

  it('presence: member list, member_added once per user, member_removed after the last socket', async () => {
    const ana = await connect({ id: '1', name: 'Ana' })
    const bia = await connect({ id: '2', name: 'Bia' })
    const anaAgain = await connect({ id: '1', name: 'Ana' })
    const room = await subscribe(ana, 'presence-room.1')
    const added = next(ana, 'presence-room.1', 'pusher:member_added')
    const biaRoom = (await subscribe(bia, 'presence-room.1')) as unknown as { members: { count: number; me: { id: string } } }
    expect(biaRoom.members.count).toBe(2)
    expect(biaRoom.members.me.id).toBe('2')
    expect((await added).data).toMatchObject({ id: '2', info: { name: 'Bia' } })
    expect((room as unknown as { members: { count: number } }).members.count).toBe(2)

    const biaEvents: string[] = []
    bia.channel('presence-room.1').bind_global((event: string) => biaEvents.push(event))
    await subscribe(anaAgain, 'presence-room.1')
    const users = await (await publisher.get({ path: '/channels/presence-room.1/users' })).json()
    expect(users).toEqual({ users: [{ id: '1' }, { id: '2' }] })
    const info = await (await publisher.get({ path: '/channels/presence-room.1', params: { info: 'user_count,subscription_count' } })).json()
    expect(info).toEqual({ occupied: true, user_count: 2, subscription_count: 3 })

    // Ana's second socket leaves: Ana is still there, no member_removed.
    anaAgain.disconnect()
    for (;;) {
      const now = await (await publisher.get({ path: '/channels/presence-room.1', params: { info: 'subscription_count' } })).json()
      if ((now as { subscription_count: number }).subscription_count === 2) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const marker = next(bia, 'presence-room.1', 'marker')
    await publisher.trigger('presence-room.1', 'marker', {})
    await marker
    expect(biaEvents).not.toContain('pusher:member_added')
    expect(biaEvents).not.toContain('pusher:member_removed')

    const removed = next(bia, 'presence-room.1', 'pusher:member_removed')
    ana.disconnect()
    expect((await removed).data).toMatchObject({ id: '1' })
  })

  it('client events go to the other subscribers only, with user_id on presence channels', async () => {
    const ana = await connect({ id: '10', name: 'Ana' })
    const bia = await connect({ id: '20', name: 'Bia' })
    const anaChannel = await subscribe(ana, 'presence-chat.5')
    await subscribe(bia, 'presence-chat.5')
    const anaEvents: string[] = []
    anaChannel.bind_global((event: string) => anaEvents.push(event))
    const typing = next(bia, 'presence-chat.5', 'client-typing')
    expect(anaChannel.trigger('client-typing', { typing: true })).toBe(true)
    const got = await typing
    expect(got.data).toEqual({ typing: true })
    expect(got.meta).toEqual({ user_id: '10' })

    const privA = await subscribe(ana, 'private-chat.6')
    await subscribe(bia, 'private-chat.6')
    const whisper = next(bia, 'private-chat.6', 'client-note')
    privA.trigger('client-note', { n: 1 })
    expect((await whisper).data).toEqual({ n: 1 })

    const marker = next(ana, 'presence-chat.5', 'marker')
    await publisher.trigger('presence-chat.5', 'marker', {})
    await marker
    expect(anaEvents).not.toContain('client-typing')
  })

  it('channel list and info through the HTTP API', async () => {
    const client = await connect({ id: '3', name: 'Caio' })
    await subscribe(client, 'presence-list.1')
    const list = await (await publisher.get({ path: '/channels', params: { filter_by_prefix: 'presence-list.', info: 'user_count' } })).json()
    expect(list).toEqual({ channels: { 'presence-list.1': { user_count: 1 } } })
    const empty = await (await publisher.get({ path: '/channels/nobody-here' })).json()
    expect(empty).toEqual({ occupied: false })
  })
})
