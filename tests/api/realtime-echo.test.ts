import type Echo from 'laravel-echo'
import PusherServer from 'pusher'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectEcho, startAuthServer, startRealtime, subscribed, type TestUser, until } from './realtime-harness.ts'

// laravel-echo (broadcaster 'pusher', in Node) against one built-in server, authorized by a stand-in of
// Laravel's /broadcasting/auth; events come from the official `pusher` SDK, as the API sends them.
const app = { appId: 'pedidos-echo', key: 'echo-key', secret: 'echo-secret' }
const ana: TestUser = { id: '1', name: 'Ana' }
const bia: TestUser = { id: '2', name: 'Bia' }
let node: Awaited<ReturnType<typeof startRealtime>>
let auth: Awaited<ReturnType<typeof startAuthServer>>
let publisher: PusherServer
const clients: Array<Echo<'pusher'>> = []

beforeAll(async () => {
  node = await startRealtime({ ...app, allowedOrigins: [] })
  auth = await startAuthServer(app, [ana, bia])
  publisher = new PusherServer({ ...app, host: '127.0.0.1', port: String(node.port), useTLS: false })
})

afterAll(async () => {
  for (const client of clients) client.disconnect()
  await node.stop()
  await auth.stop()
})

async function echoAs(user: TestUser) {
  const echo = await connectEcho(app, node.port, auth.url, user)
  clients.push(echo)
  return echo
}

describe('laravel-echo with the built-in server', () => {
  it('subscribes to a private channel and receives events published with the pusher SDK', async () => {
    const echo = await echoAs(ana)
    const channel = echo.private('orders.1')
    const shipped = new Promise((resolve) => channel.listen('OrderShipped', resolve))
    const renamed = new Promise((resolve) => channel.listen('.order.paid', resolve))
    await subscribed(channel)
    await publisher.trigger('private-orders.1', 'App\\Events\\OrderShipped', { id: 1, texto: 'Açaí' })
    await publisher.trigger('private-orders.1', 'order.paid', { id: 2 })
    expect(await shipped).toEqual({ id: 1, texto: 'Açaí' })
    expect(await renamed).toEqual({ id: 2 })
  })

  it('is refused for a bad signature (401) and when the auth endpoint denies (403), and stays connected', async () => {
    const echo = await echoAs(ana)
    const badSignature = await subscribed(echo.private('badsig.1')).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(badSignature).toMatchObject({ type: 'AuthError', status: 401 })
    const denied = await subscribed(echo.private('forbidden.1')).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(denied).toMatchObject({ type: 'AuthError', status: 403 })
    await subscribed(echo.private('orders.2'))
    expect(echo.connectionStatus()).toBe('connected')
  })

  it('presence: here, joining, whisper and leaving', async () => {
    const anaEcho = await echoAs(ana)
    const biaEcho = await echoAs(bia)
    const joined: unknown[] = []
    const left: unknown[] = []
    const whispers: unknown[] = []
    const anaRoom = anaEcho
      .join('room.1')
      .joining((user: unknown) => joined.push(user))
      .leaving((user: unknown) => left.push(user))
      .listenForWhisper('typing', (data: unknown) => whispers.push(data))
    await new Promise((resolve) => anaRoom.here(resolve))

    const here = await new Promise<unknown[]>((resolve) => biaEcho.join('room.1').here(resolve))
    expect(here).toEqual(expect.arrayContaining([{ id: '1', name: 'Ana' }, { id: '2', name: 'Bia' }]))
    expect(here).toHaveLength(2)
    await until(() => joined.length === 1)
    expect(joined).toEqual([{ id: '2', name: 'Bia' }])

    biaEcho.join('room.1').whisper('typing', { typing: true })
    await until(() => whispers.length === 1)
    expect(whispers).toEqual([{ typing: true }])

    biaEcho.leave('room.1')
    await until(() => left.length === 1)
    expect(left).toEqual([{ id: '2', name: 'Bia' }])
  })

  it("an event published with the sender's socket id (Laravel's toOthers) skips that client", async () => {
    const sender = await echoAs(ana)
    const other = await echoAs(bia)
    const seenBySender: unknown[] = []
    const senderChannel = sender.channel('news').listen('.posted', (data: unknown) => seenBySender.push(data))
    const otherChannel = other.channel('news')
    const received = new Promise((resolve) => otherChannel.listen('.posted', resolve))
    await Promise.all([subscribed(senderChannel), subscribed(otherChannel)])
    await publisher.trigger('news', 'posted', { n: 1 }, { socket_id: sender.socketId() })
    expect(await received).toEqual({ n: 1 })
    // One socket's events arrive in order: once the marker is in, the skipped event would have been too.
    const marker = new Promise((resolve) => senderChannel.listen('.marker', resolve))
    await publisher.trigger('news', 'marker', {})
    await marker
    expect(seenBySender).toEqual([])
  })
})
