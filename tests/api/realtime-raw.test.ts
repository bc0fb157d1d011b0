import type { Server } from 'node:http'
import PusherServer from 'pusher'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { RealtimeServer } from '../../server/realtime/index.ts'
import { startRealtime } from './realtime-harness.ts'
import { CLIENT_EVENTS_PER_SECOND } from '../../server/realtime/socket-server.ts'
import { channelAuth, md5Hex, signHttpRequest } from '../../server/realtime/signatures.ts'

// Raw frames and raw HTTP against the built-in server: the protocol's refusals, and the server stays up.
const app = { appId: 'pedidos-raw', key: 'raw-key', secret: 'raw-secret' }
let realtime: RealtimeServer
let server: Server
let port: number

beforeAll(async () => {
  ;({ realtime, server, port } = await startRealtime({ ...app, allowedOrigins: ['http://localhost:3000'], maxConnections: 5 }))
})

afterAll(async () => {
  realtime.close()
  await new Promise((resolve) => server.close(resolve))
})

type Frame = { event: string; channel?: string; data?: unknown }

/** A raw socket with a queue of parsed frames. */
function open(key = app.key, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.6.0&flash=false`, { headers })
  const frames: Frame[] = []
  const waiting: Array<(f: Frame) => void> = []
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as Frame
    const resolve = waiting.shift()
    if (resolve) resolve(frame)
    else frames.push(frame)
  })
  const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })))
  const nextFrame = () => {
    const frame = frames.shift()
    return frame ? Promise.resolve(frame) : new Promise<Frame>((resolve) => waiting.push(resolve))
  }
  return { ws, nextFrame, closed, opened: new Promise((resolve, reject) => (ws.on('open', resolve), ws.on('error', reject))) }
}

async function established(client: ReturnType<typeof open>) {
  const first = await client.nextFrame()
  expect(first.event).toBe('pusher:connection_established')
  return JSON.parse(first.data as string) as { socket_id: string; activity_timeout: number }
}

describe('WebSocket refusals', () => {
  it('connection_established comes first, then ping gets pong', async () => {
    const client = open()
    const data = await established(client)
    expect(data.socket_id).toMatch(/^\d+\.\d+$/)
    expect(data.activity_timeout).toBe(30)
    client.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }))
    expect(await client.nextFrame()).toMatchObject({ event: 'pusher:pong' })
    client.ws.close()
  })

  it('an unknown app key gets pusher:error 4001, then a 4001 close', async () => {
    const client = open('no-such-key')
    expect(await client.nextFrame()).toMatchObject({ event: 'pusher:error', data: { code: 4001 } })
    expect((await client.closed).code).toBe(4001)
  })

  it('malformed JSON, bad envelopes and binary frames get pusher:error and the socket stays usable', async () => {
    const client = open()
    await established(client)
    client.ws.send('{not json')
    expect(await client.nextFrame()).toMatchObject({ event: 'pusher:error', data: { code: 4200 } })
    client.ws.send('[1,2,3]')
    expect(await client.nextFrame()).toMatchObject({ event: 'pusher:error', data: { code: 4200 } })
    client.ws.send(JSON.stringify({ event: 42 }))
    expect(await client.nextFrame()).toMatchObject({ event: 'pusher:error', data: { code: 4200 } })
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true })
    expect(await client.nextFrame()).toMatchObject({ event: 'pusher:error', data: { code: 4200 } })
    client.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } }))
    expect(await client.nextFrame()).toMatchObject({ event: 'pusher:error' })
    client.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: JSON.stringify({ channel: 'news', auth: '' }) }))
    expect(await client.nextFrame()).toEqual({ event: 'pusher_internal:subscription_succeeded', channel: 'news', data: '{}' })
    client.ws.close()
  })

  it('a message over 10 KB is refused and the socket stays usable', async () => {
    const client = open()
    await established(client)
    client.ws.send(JSON.stringify({ event: 'client-big', channel: 'private-x', data: { text: 'x'.repeat(11 * 1024) } }))
    const error = await client.nextFrame()
    expect(error).toMatchObject({ event: 'pusher:error', data: { code: 4009 } })
    expect((error.data as { message: string }).message).toMatch(/10240 bytes/)
    client.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }))
    expect(await client.nextFrame()).toMatchObject({ event: 'pusher:pong' })
    client.ws.close()
  })

  it('client events on public channels or unsubscribed channels are refused', async () => {
    const client = open()
    await established(client)
    client.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'public-room', auth: '' } }))
    await client.nextFrame()
    client.ws.send(JSON.stringify({ event: 'client-x', channel: 'public-room', data: {} }))
    expect(await client.nextFrame()).toMatchObject({ event: 'pusher:error', data: { code: 4009 } })
    client.ws.send(JSON.stringify({ event: 'client-x', channel: 'private-not-mine', data: {} }))
    expect(await client.nextFrame()).toMatchObject({ event: 'pusher:error', data: { code: 4009 } })
    client.ws.close()
  })

  it('presence without a valid signature gets subscription_error in Soketi form', async () => {
    const client = open()
    await established(client)
    const channelData = JSON.stringify({ user_id: '1' })
    client.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'presence-x', auth: `${app.key}:00`, channel_data: channelData } }))
    expect(await client.nextFrame()).toEqual({
      event: 'pusher:subscription_error',
      channel: 'presence-x',
      data: { type: 'AuthError', error: 'Invalid signature', status: 401 },
    })
    client.ws.close()
  })

  it('client events past the rate limit get a non-fatal pusher:error 4301 and are dropped', async () => {
    const sender = open()
    const other = open()
    const senderId = (await established(sender)).socket_id
    const otherId = (await established(other)).socket_id
    for (const [client, socketId] of [[sender, senderId], [other, otherId]] as const) {
      client.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-flood', auth: channelAuth(app.key, app.secret, socketId, 'private-flood') } }))
      expect(await client.nextFrame()).toMatchObject({ event: 'pusher_internal:subscription_succeeded' })
    }
    const sent = 3 * CLIENT_EVENTS_PER_SECOND
    for (let i = 0; i < sent; i++) sender.ws.send(JSON.stringify({ event: 'client-flood', channel: 'private-flood', data: { i } }))
    sender.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }))
    let refused = 0
    for (let frame = await sender.nextFrame(); frame.event !== 'pusher:pong'; frame = await sender.nextFrame()) {
      expect(frame).toMatchObject({ event: 'pusher:error', data: { code: 4301 } })
      refused++
    }
    expect(refused).toBeGreaterThan(0)
    // Delivered in order on the other socket, before an event published afterwards.
    const publisher = new PusherServer({ ...app, host: '127.0.0.1', port: String(port), useTLS: false })
    await publisher.trigger('private-flood', 'marker', {})
    let delivered = 0
    for (let frame = await other.nextFrame(); frame.event !== 'marker'; frame = await other.nextFrame()) {
      expect(frame.event).toBe('client-flood')
      delivered++
    }
    expect(delivered + refused).toBe(sent)
    expect(sender.ws.readyState).toBe(WebSocket.OPEN)
    sender.ws.close()
    other.ws.close()
  })

  it("terminate_connections closes the user's sockets with 4009; the others see member_removed", async () => {
    const joinAs = async (userId: string) => {
      const client = open()
      const { socket_id } = await established(client)
      const channelData = JSON.stringify({ user_id: userId })
      const auth = channelAuth(app.key, app.secret, socket_id, 'presence-team', channelData)
      client.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'presence-team', auth, channel_data: channelData } }))
      expect(await client.nextFrame()).toMatchObject({ event: 'pusher_internal:subscription_succeeded' })
      return client
    }
    const stays = await joinAs('8')
    const leaves = await joinAs('7')
    expect(await stays.nextFrame()).toMatchObject({ event: 'pusher_internal:member_added' })
    const publisher = new PusherServer({ ...app, host: '127.0.0.1', port: String(port), useTLS: false })
    await publisher.terminateUserConnections('7')
    expect(await leaves.nextFrame()).toMatchObject({ event: 'pusher:error', data: { code: 4009 } })
    expect((await leaves.closed).code).toBe(4009)
    expect(await stays.nextFrame()).toEqual({ event: 'pusher_internal:member_removed', channel: 'presence-team', data: '{"user_id":"7"}' })
    stays.ws.close()
  })

  it('a foreign Origin is refused; the allowed origin and no Origin are accepted', async () => {
    const foreign = open(app.key, { Origin: 'https://evil.example' })
    await expect(foreign.opened).rejects.toThrow(/403/)
    const allowed = open(app.key, { Origin: 'http://localhost:3000' })
    await established(allowed)
    allowed.ws.close()
  })

  it('connections over the quota are closed with 4004', async () => {
    const held = []
    while (realtime.connectionCount() < 5) {
      const client = open()
      await established(client)
      held.push(client)
    }
    const extra = open()
    expect(await extra.nextFrame()).toMatchObject({ event: 'pusher:error', data: { code: 4004 } })
    expect((await extra.closed).code).toBe(4004)
    for (const client of held) client.ws.close()
    await Promise.all(held.map((c) => c.closed))
  })
})

describe('HTTP API refusals', () => {
  const url = (path: string, query: Record<string, string>) => `http://127.0.0.1:${port}${path}?${new URLSearchParams(query)}`

  function signed(path: string, body: string, overrides: Record<string, string> = {}, secret = app.secret) {
    const params: Record<string, string> = {
      auth_key: app.key,
      auth_timestamp: String(Math.floor(Date.now() / 1000)),
      auth_version: '1.0',
      body_md5: md5Hex(body),
      ...overrides,
    }
    return url(path, { ...params, auth_signature: signHttpRequest(secret, 'POST', path, params) })
  }
  const post = (target: string, body: string) => fetch(target, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
  const event = JSON.stringify({ name: 'e', channels: ['news'], data: '{}' })

  it('accepts a correctly signed request', async () => {
    const res = await post(signed(`/apps/${app.appId}/events`, event), event)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({})
  })

  it('401 on a wrong signature, a stale timestamp, or a body that does not match body_md5', async () => {
    expect((await post(signed(`/apps/${app.appId}/events`, event, {}, 'wrong'), event)).status).toBe(401)
    const stale = String(Math.floor(Date.now() / 1000) - 601)
    const res = await post(signed(`/apps/${app.appId}/events`, event, { auth_timestamp: stale }), event)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Timestamp expired', code: 401 })
    const other = JSON.stringify({ name: 'e', channels: ['other'], data: '{}' })
    expect((await post(signed(`/apps/${app.appId}/events`, event), other)).status).toBe(401)
  })

  it('404 for another app id; 413 for data over 10 KB; 400 for bad names, too many channels or a big batch', async () => {
    expect((await post(signed('/apps/other/events', event), event)).status).toBe(404)
    const big = JSON.stringify({ name: 'e', channels: ['news'], data: 'x'.repeat(10 * 1024 + 1) })
    expect((await post(signed(`/apps/${app.appId}/events`, big), big)).status).toBe(413)
    const badChannel = JSON.stringify({ name: 'e', channels: ['bad channel'], data: '{}' })
    expect((await post(signed(`/apps/${app.appId}/events`, badChannel), badChannel)).status).toBe(400)
    const many = JSON.stringify({ name: 'e', channels: Array.from({ length: 101 }, (_, i) => `c${i}`), data: '{}' })
    expect((await post(signed(`/apps/${app.appId}/events`, many), many)).status).toBe(400)
    const batch = JSON.stringify({ batch: Array.from({ length: 11 }, () => ({ name: 'e', channel: 'news', data: '{}' })) })
    expect((await post(signed(`/apps/${app.appId}/batch_events`, batch), batch)).status).toBe(400)
    expect((await post(signed(`/apps/${app.appId}/events`, '{nope'), '{nope')).status).toBe(400)
  })

  it('the SDK surfaces a wrong secret as an error', async () => {
    const wrong = new PusherServer({ appId: app.appId, key: app.key, secret: 'nope', host: '127.0.0.1', port: String(port), useTLS: false })
    await expect(wrong.trigger('news', 'e', {})).rejects.toMatchObject({ status: 401 })
  })
})
