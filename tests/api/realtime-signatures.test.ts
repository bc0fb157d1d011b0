import { describe, expect, it } from 'vitest'
import {
  channelAuth,
  httpStringToSign,
  md5Hex,
  signChannel,
  signHttpRequest,
  verifyChannelAuth,
  verifyHttpRequest,
} from '../../server/realtime/signatures.ts'

// Test vectors of Pusher's documentation (channel authorization and HTTP API signing).
const key = '278d425bdf160c739803'
const secret = '7ad3773142a6692b25b8'

describe('channel authorization signature', () => {
  it('matches the Pusher docs vector', () => {
    expect(signChannel(secret, '1234.1234', 'private-foobar')).toBe('58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4')
    expect(channelAuth(key, secret, '1234.1234', 'private-foobar')).toBe(
      `${key}:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4`,
    )
  })

  it('verifies only the exact key, socket, channel and channel data', () => {
    const auth = channelAuth(key, secret, '1234.1234', 'private-foobar')
    expect(verifyChannelAuth(key, secret, auth, '1234.1234', 'private-foobar')).toBe(true)
    expect(verifyChannelAuth(key, secret, auth, '1234.1235', 'private-foobar')).toBe(false)
    expect(verifyChannelAuth(key, secret, auth, '1234.1234', 'private-foobaz')).toBe(false)
    expect(verifyChannelAuth('other', secret, auth, '1234.1234', 'private-foobar')).toBe(false)
    expect(verifyChannelAuth(key, secret, undefined, '1234.1234', 'private-foobar')).toBe(false)
    const data = '{"user_id":"1"}'
    const presence = channelAuth(key, secret, '1.2', 'presence-room', data)
    expect(verifyChannelAuth(key, secret, presence, '1.2', 'presence-room', data)).toBe(true)
    expect(verifyChannelAuth(key, secret, presence, '1.2', 'presence-room', '{"user_id":"2"}')).toBe(false)
  })
})

describe('HTTP API signature', () => {
  const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}'
  const params = { auth_key: key, auth_timestamp: '1353088179', auth_version: '1.0', body_md5: 'ec365a775a4cd0599faeb73354201b6f' }
  const signature = 'da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c'

  it('matches the Pusher docs vector', () => {
    expect(md5Hex(body)).toBe('ec365a775a4cd0599faeb73354201b6f')
    expect(httpStringToSign('POST', '/apps/3/events', params)).toBe(
      `POST\n/apps/3/events\nauth_key=${key}&auth_timestamp=1353088179&auth_version=1.0&body_md5=ec365a775a4cd0599faeb73354201b6f`,
    )
    expect(signHttpRequest(secret, 'POST', '/apps/3/events', params)).toBe(signature)
  })

  const base = { key, secret, method: 'POST', path: '/apps/3/events', body, nowSeconds: 1353088179 }

  it('accepts the vector and recomputes body_md5 from the body', () => {
    expect(verifyHttpRequest({ ...base, query: { ...params, auth_signature: signature } })).toEqual({ ok: true })
    const tampered = body.replace('project-3', 'project-4')
    expect(verifyHttpRequest({ ...base, body: tampered, query: { ...params, auth_signature: signature } }).ok).toBe(false)
  })

  it('refuses a wrong signature, a wrong key and a timestamp outside ±600 s', () => {
    expect(verifyHttpRequest({ ...base, query: { ...params, auth_signature: signature.replace('d', 'e') } }).ok).toBe(false)
    expect(verifyHttpRequest({ ...base, query: { ...params, auth_key: 'x', auth_signature: signature } }).ok).toBe(false)
    expect(verifyHttpRequest({ ...base, query: params }).ok).toBe(false)
    expect(verifyHttpRequest({ ...base, nowSeconds: 1353088179 + 600, query: { ...params, auth_signature: signature } }).ok).toBe(true)
    expect(verifyHttpRequest({ ...base, nowSeconds: 1353088179 + 601, query: { ...params, auth_signature: signature } })).toEqual({
      ok: false,
      reason: 'Timestamp expired',
    })
    expect(verifyHttpRequest({ ...base, nowSeconds: 1353088179 - 601, query: { ...params, auth_signature: signature } }).ok).toBe(false)
  })
})
