import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { rateLimitMessages as m } from '../../app/domain/shared/rate-limit-messages.ts'
import { redisStore, type RateLimitStore } from '../../server/api/rate-limits/store.ts'
import { createOrganization, createTestApi, newUser, uniqueCnpj, type TestApi } from './harness.ts'

// The general limit per token and per address, the tighter one of the calls that could list the platform's
// companies, the window's end, and nodes sharing one count through Redis (docs/decisions/043-rate-limits.md).

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379'

const opened: TestApi[] = []
const stores: RateLimitStore[] = []
afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()))
  await Promise.all(stores.map((store) => store.close()))
})

/** An API whose limits are these (the harness' are out of reach), on a fresh database. */
async function apiWith(env: Record<string, string>, rateLimitStore?: RateLimitStore) {
  const t = await createTestApi({ env, rateLimitStore })
  opened.push(t)
  return t
}

function expectThrottled(res: { status: number; body: any; headers: Headers }) {
  expect(res.status, JSON.stringify(res.body)).toBe(429)
  const seconds = Number(res.headers.get('retry-after'))
  expect(seconds).toBeGreaterThanOrEqual(1)
  expect(seconds).toBeLessThanOrEqual(60)
  expect(res.body).toEqual({ message: m.tooManyRequests(seconds) })
  expect(res.body.message).toMatch(/^Muitas requisições\. Tente novamente em \d+ segundos?\.$/)
  expect(res.headers.get('x-ratelimit-remaining')).toBe('0')
}

describe('the general limit', () => {
  it('per token: past it 429 with Retry-After and the Portuguese message; another token from another address goes on', async () => {
    const t = await apiWith({ RATE_LIMIT_PER_TOKEN: '5' })
    const ana = await newUser(t, 'Ana')
    const bia = await newUser(t, 'Bia')
    for (let i = 0; i < 5; i++) {
      const res = await t.get('/api/profile', { token: ana.token, ip: '192.0.2.10' })
      expect(res.status).toBe(200)
      expect(res.headers.get('x-ratelimit-limit')).toBe('5')
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(4 - i))
    }
    expectThrottled(await t.get('/api/profile', { token: ana.token, ip: '192.0.2.10' }))
    // The count is the token's: another address does not reset it.
    expectThrottled(await t.get('/api/profile', { token: ana.token, ip: '192.0.2.11' }))
    expect((await t.get('/api/profile', { token: bia.token, ip: '192.0.2.12' })).status).toBe(200)
  })

  it("per token, counted by the whole token: a wrong secret with someone's token id does not spend that person's calls", async () => {
    const t = await apiWith({ RATE_LIMIT_PER_TOKEN: '3' })
    const ana = await newUser(t, 'Ana')
    const forged = `${ana.token.split('|')[0]}|segredo-errado`
    for (let i = 0; i < 5; i++) expect((await t.get('/api/profile', { token: forged, ip: t.nextIp() })).status).not.toBe(200)
    expect((await t.get('/api/profile', { token: ana.token })).status).toBe(200)
  })

  it('per address: calls without a token from one address are throttled, another address goes on', async () => {
    const t = await apiWith({ RATE_LIMIT_PER_ADDRESS: '3' })
    for (let i = 0; i < 3; i++) expect((await t.get('/sanctum/csrf-cookie', { ip: '192.0.2.20' })).status).toBe(204)
    expectThrottled(await t.get('/sanctum/csrf-cookie', { ip: '192.0.2.20' }))
    expectThrottled(await t.post('/api/login', { email: 'ana@teste.com.br', password: 'senhaForte123' }, { ip: '192.0.2.20' }))
    expect((await t.get('/sanctum/csrf-cookie', { ip: '192.0.2.21' })).status).toBe(204)
  })

  it('ends with its window: the calls go through again, counted afresh', async () => {
    const t = await apiWith({ RATE_LIMIT_WINDOW_SECONDS: '0.6', RATE_LIMIT_PER_ADDRESS: '2' })
    for (let i = 0; i < 2; i++) expect((await t.get('/sanctum/csrf-cookie', { ip: '192.0.2.30' })).status).toBe(204)
    const refused = await t.get('/sanctum/csrf-cookie', { ip: '192.0.2.30' })
    expectThrottled(refused)
    expect(refused.headers.get('retry-after')).toBe('1')
    await sleep(650)
    const again = await t.get('/sanctum/csrf-cookie', { ip: '192.0.2.30' })
    expect(again.status).toBe(204)
    expect(again.headers.get('x-ratelimit-remaining')).toBe('1')
  })
})

describe('the calls that could list the platform’s companies', () => {
  it('share a tighter count per token, which trips while the general limit is far off', async () => {
    const t = await apiWith({ RATE_LIMIT_ENUMERATION_PER_TOKEN: '3' })
    const ana = await newUser(t, 'Ana')
    const seller = await createOrganization(t, { nome: 'Distribuidora Limite', tipo: 'f' }, [{ userId: ana.id, isAdmin: true }])
    const find = await t.get(`/api/empresas/findCliente/${seller.id}/${uniqueCnpj()}`, { token: ana.token })
    expect(find.status, JSON.stringify(find.body)).toBe(200)
    expect(find.headers.get('x-ratelimit-limit')).toBe('3')
    expect(find.headers.get('x-ratelimit-remaining')).toBe('2')
    const created = await t.post('/api/empresas/createCliente', { organizacao_id: seller.id, cnpj: uniqueCnpj(), nome: 'Farmácia Um' }, { token: ana.token })
    expect(created.status).not.toBe(429)
    expect((await t.get(`/api/empresas/verificaCnpj/${uniqueCnpj()}`, { token: ana.token })).status).not.toBe(429)

    expectThrottled(await t.get(`/api/empresas/findCliente/${seller.id}/${uniqueCnpj()}`, { token: ana.token, ip: t.nextIp() }))
    expectThrottled(await t.post('/api/empresas/createCliente', { organizacao_id: seller.id, cnpj: uniqueCnpj(), nome: 'Farmácia Dois' }, { token: ana.token }))
    expectThrottled(await t.get(`/api/condicoes/restoreVarejos/${uniqueCnpj()}/1`, { token: ana.token }))
    // Only the group is spent: the token's other calls go on.
    expect((await t.get('/api/profile', { token: ana.token })).status).toBe(200)
  })

  it('per address too: a public invite lookup from one address', async () => {
    const t = await apiWith({ RATE_LIMIT_ENUMERATION_PER_ADDRESS: '4' })
    for (let i = 0; i < 4; i++) expect((await t.get(`/api/restoreInvite/adivinhado-${i}`, { ip: '192.0.2.40' })).status).toBe(404)
    expectThrottled(await t.get('/api/restoreInvite/adivinhado-5', { ip: '192.0.2.40' }))
    expect((await t.get('/api/restoreInvite/adivinhado-6', { ip: '192.0.2.41' })).status).toBe(404)
  })
})

describe('a store that fails', () => {
  it('lets the calls through uncounted, and says so once', async () => {
    const broken: RateLimitStore = { hit: () => Promise.reject(new Error('Redis fora do ar')), close: async () => {} }
    const t = await apiWith({ RATE_LIMIT_PER_ADDRESS: '1' }, broken)
    const said = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      for (let i = 0; i < 3; i++) expect((await t.get('/sanctum/csrf-cookie', { ip: '192.0.2.60' })).status).toBe(204)
      expect(said).toHaveBeenCalledTimes(1)
    } finally {
      said.mockRestore()
    }
  })
})

describe('with Redis', () => {
  it('two API instances share one count', async () => {
    const prefix = `ratelimit-test:${randomUUID()}:`
    const shared = () => {
      const store = redisStore(60_000, { url: REDIS_URL, prefix })
      stores.push(store)
      return store
    }
    const env = { RATE_LIMIT_PER_ADDRESS: '4' }
    const [a, b] = await Promise.all([apiWith(env, shared()), apiWith(env, shared())])
    for (const node of [a, b, a, b]) expect((await node.get('/sanctum/csrf-cookie', { ip: '192.0.2.50' })).status).toBe(204)
    expectThrottled(await a.get('/sanctum/csrf-cookie', { ip: '192.0.2.50' }))
    expectThrottled(await b.get('/sanctum/csrf-cookie', { ip: '192.0.2.50' }))

    const redis = new Redis(REDIS_URL)
    try {
      const keys = await redis.keys(`${prefix}*`)
      expect(keys).toEqual([`${prefix}general:address:192.0.2.50`])
      expect(await redis.get(keys[0])).toBe('6')
      // The window is Redis' own expiry: no counter outlives it.
      expect(await redis.pttl(keys[0])).toBeGreaterThan(50_000)
    } finally {
      redis.disconnect()
    }
  })
})
