import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import type Echo from 'laravel-echo'
import PusherServer from 'pusher'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectEcho, startAuthServer, startRealtime, subscribed, TEST_REDIS_URL, type TestUser, until } from './realtime-harness.ts'

// Two nodes in this process sharing one Redis: what is published on one reaches clients of the other,
// presence is one roster over both, and the HTTP API answers for the whole cluster from either node.
// A fresh app id per run gives a fresh key prefix and bus channel, so parallel runs never meet.
const app = { appId: `test-${randomUUID()}`, key: 'redis-key', secret: 'redis-secret' }
const prefix = `realtime:${app.appId}:`
const ana: TestUser = { id: '1', name: 'Ana' }
const bia: TestUser = { id: '2', name: 'Bia' }
const caio: TestUser = { id: '3', name: 'Caio' }
type Node = Awaited<ReturnType<typeof startRealtime>>
let a: Node
let b: Node
let auth: Awaited<ReturnType<typeof startAuthServer>>
let viaA: PusherServer
let viaB: PusherServer
let redis: Redis
const clients: Array<Echo<'pusher'>> = []

const sdk = (port: number) => new PusherServer({ ...app, host: '127.0.0.1', port: String(port), useTLS: false })

beforeAll(async () => {
  a = await startRealtime({ ...app, allowedOrigins: [], redis: { url: TEST_REDIS_URL } })
  b = await startRealtime({ ...app, allowedOrigins: [], redis: { url: TEST_REDIS_URL } })
  auth = await startAuthServer(app, [ana, bia, caio])
  viaA = sdk(a.port)
  viaB = sdk(b.port)
  redis = new Redis(TEST_REDIS_URL)
})

afterAll(async () => {
  for (const client of clients) client.disconnect()
  await a?.stop()
  await b?.stop()
  await auth?.stop()
  redis?.disconnect()
})

async function echoOn(node: Node, user: TestUser) {
  const echo = await connectEcho(app, node.port, auth.url, user)
  clients.push(echo)
  return echo
}

async function get(publisher: PusherServer, path: string, params?: Record<string, string>) {
  return (await publisher.get({ path, params })).json()
}

describe('two nodes sharing Redis', () => {
  it('an event published on node A reaches a client on node B, except the socket it names', async () => {
    const onB = await echoOn(b, ana)
    const alsoOnB = await echoOn(b, bia)
    const channel = onB.private('orders.9')
    const otherChannel = alsoOnB.private('orders.9')
    const seenByExcluded: unknown[] = []
    otherChannel.listen('.order.shipped', (data: unknown) => seenByExcluded.push(data))
    const shipped = new Promise((resolve) => channel.listen('.order.shipped', resolve))
    await Promise.all([subscribed(channel), subscribed(otherChannel)])
    await viaA.trigger('private-orders.9', 'order.shipped', { id: 9 }, { socket_id: alsoOnB.socketId() })
    expect(await shipped).toEqual({ id: 9 })
    const marker = new Promise((resolve) => otherChannel.listen('.marker', resolve))
    await viaA.triggerBatch([{ channel: 'private-orders.9', name: 'marker', data: {} }])
    await marker
    expect(seenByExcluded).toEqual([])
  })

  it('presence: one roster over both nodes, a user counted once, joining and leaving across nodes', async () => {
    const anaOnA = await echoOn(a, ana)
    const biaOnB = await echoOn(b, bia)
    const anaOnB = await echoOn(b, ana)
    const joined: unknown[] = []
    const left: unknown[] = []
    const anaRoom = anaOnA
      .join('room.7')
      .joining((user: unknown) => joined.push(user))
      .leaving((user: unknown) => left.push(user))
    await new Promise((resolve) => anaRoom.here(resolve))

    const here = await new Promise<unknown[]>((resolve) => biaOnB.join('room.7').here(resolve))
    expect(here).toHaveLength(2)
    expect(here).toEqual(expect.arrayContaining([{ id: '1', name: 'Ana' }, { id: '2', name: 'Bia' }]))
    await until(() => joined.length === 1)
    expect(joined).toEqual([{ id: '2', name: 'Bia' }])

    // Ana's second socket, on the other node: no member_added, still two users over three sockets.
    const biaEvents: string[] = []
    biaOnB.connector.pusher.channel('presence-room.7').bind_global((event: string) => biaEvents.push(event))
    await new Promise((resolve) => anaOnB.join('room.7').here(resolve))
    for (const publisher of [viaA, viaB]) {
      expect(await get(publisher, '/channels/presence-room.7', { info: 'user_count,subscription_count' })).toEqual({
        occupied: true,
        user_count: 2,
        subscription_count: 3,
      })
      const users = (await get(publisher, '/channels/presence-room.7/users')) as { users: Array<{ id: string }> }
      expect(users.users.map((u) => u.id).sort()).toEqual(['1', '2'])
    }

    // Ana leaves node A but is still on node B: nobody is told she left.
    anaOnA.leave('room.7')
    await until(async () => ((await get(viaB, '/channels/presence-room.7', { info: 'subscription_count' })) as { subscription_count: number }).subscription_count === 2)
    const marker = new Promise((resolve) => biaOnB.connector.pusher.channel('presence-room.7').bind('marker', resolve))
    await viaA.trigger('presence-room.7', 'marker', {})
    await marker
    expect(biaEvents).not.toContain('pusher:member_added')
    expect(biaEvents).not.toContain('pusher:member_removed')

    // Her last socket leaves: Bia, on the same node, and the API of the other node see it.
    const removed = new Promise((resolve) => biaOnB.connector.pusher.channel('presence-room.7').bind('pusher:member_removed', resolve))
    anaOnB.disconnect()
    expect(await removed).toMatchObject({ id: '1' })
    expect(await get(viaA, '/channels/presence-room.7/users')).toEqual({ users: [{ id: '2' }] })
  })

  it('channel lists and counts cover both nodes', async () => {
    const onA = await echoOn(a, caio)
    const onB = await echoOn(b, caio)
    await Promise.all([subscribed(onA.channel('stock.1')), subscribed(onB.channel('stock.1')), subscribed(onB.channel('stock.2'))])
    await new Promise((resolve) => onB.join('list.1').here(resolve))
    for (const publisher of [viaA, viaB]) {
      expect(await get(publisher, '/channels', { filter_by_prefix: 'stock.', info: 'subscription_count' })).toEqual({
        channels: { 'stock.1': { subscription_count: 2 }, 'stock.2': { subscription_count: 1 } },
      })
      expect(await get(publisher, '/channels', { filter_by_prefix: 'presence-list.', info: 'user_count' })).toEqual({
        channels: { 'presence-list.1': { user_count: 1 } },
      })
    }
    const response = await viaA.trigger('stock.1', 'price', { v: 1 }, { info: 'subscription_count' })
    expect(await response.json()).toEqual({ channels: { 'stock.1': { subscription_count: 2 } } })
  })

  it('whispers cross nodes, and terminate_connections on one node closes the user on the other', async () => {
    const anaOnA = await echoOn(a, ana)
    const biaOnB = await echoOn(b, bia)
    const whispers: unknown[] = []
    await new Promise((resolve) => anaOnA.join('chat.3').listenForWhisper('typing', (d: unknown) => whispers.push(d)).here(resolve))
    const biaRoom = biaOnB.join('chat.3')
    await new Promise((resolve) => biaRoom.here(resolve))
    biaRoom.whisper('typing', { typing: true })
    await until(() => whispers.length === 1)
    expect(whispers).toEqual([{ typing: true }])

    const removed = new Promise((resolve) => anaOnA.connector.pusher.channel('presence-chat.3').bind('pusher:member_removed', resolve))
    await viaA.terminateUserConnections('2')
    await until(() => biaOnB.connector.pusher.connection.state === 'disconnected')
    expect(await removed).toMatchObject({ id: '2' })
  })

  it('when Redis loses its data, each node writes its members and counts back on its next heartbeat', async () => {
    const onA = await echoOn(a, ana)
    const onB = await echoOn(b, bia)
    await new Promise((resolve) => onA.join('room.9').here(resolve))
    await new Promise((resolve) => onB.join('room.9').here(resolve))
    const keys = await redis.keys(`${prefix}*`)
    await redis.del(...keys)
    await until(async () => {
      const users = (await get(viaA, '/channels/presence-room.9/users')) as { users: Array<{ id: string }> }
      return users.users.length === 2
    })
    expect(await get(viaB, '/channels/presence-room.9', { info: 'user_count,subscription_count' })).toEqual({
      occupied: true,
      user_count: 2,
      subscription_count: 2,
    })
  })

  it('a node that stops takes its members and counts with it; the last one leaves nothing in Redis', async () => {
    const anaOnA = await echoOn(a, ana)
    const biaOnB = await echoOn(b, bia)
    await new Promise((resolve) => anaOnA.join('room.8').here(resolve))
    await new Promise((resolve) => biaOnB.join('room.8').here(resolve))
    const removed = new Promise((resolve) => anaOnA.connector.pusher.channel('presence-room.8').bind('pusher:member_removed', resolve))
    await b.stop()
    expect(await removed).toMatchObject({ id: '2' })
    expect(await get(viaA, '/channels/presence-room.8/users')).toEqual({ users: [{ id: '1' }] })
    // Subscribed from both nodes before, stock.1 now counts node A's socket only; stock.2 was on B alone.
    expect(await get(viaA, '/channels', { filter_by_prefix: 'stock.', info: 'subscription_count' })).toEqual({
      channels: { 'stock.1': { subscription_count: 1 } },
    })

    for (const client of clients) client.disconnect()
    await a.stop()
    expect(await redis.keys(`${prefix}*`)).toEqual([])
  })
})
