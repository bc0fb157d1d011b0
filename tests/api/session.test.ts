import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { personalAccessTokens } from '../../server/db/schema/index.ts'
import { createTestApi, newUser, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

describe('GET /sanctum/csrf-cookie', () => {
  test('answers 204 with an XSRF-TOKEN cookie for the whole site', async () => {
    const res = await t.raw('GET', '/sanctum/csrf-cookie')
    expect(res.status).toBe(204)
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{20,};/)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).toMatch(/SameSite=Lax/i)
  })

  test('needs no login and hands out a new value each time', async () => {
    const value = async () => /XSRF-TOKEN=([^;]+)/.exec((await t.raw('GET', '/sanctum/csrf-cookie')).headers.get('set-cookie') ?? '')?.[1]
    const a = await value()
    const b = await value()
    expect(a).toBeTruthy()
    expect(a).not.toBe(b)
  })
})

describe('POST /api/logout', () => {
  test('revokes the token used: 200, then that token answers 401 and its row is gone', async () => {
    const u = await newUser(t)
    const res = await t.post('/api/logout', undefined, { token: u.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Sessão encerrada.' })
    const after = await t.get('/api/profile', { token: u.token })
    expect(after.status).toBe(401)
    expect(after.body).toEqual({ message: 'Unauthenticated.' })
    expect(await t.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, Number(u.token.split('|')[0])))).toEqual([])
  })

  test('other tokens of the same user (other devices) keep working', async () => {
    const u = await newUser(t)
    const other = (await t.post('/api/login', { email: u.email, password: u.password }, { ip: t.nextIp() })).body.token as string
    expect((await t.post('/api/logout', undefined, { token: u.token })).status).toBe(200)
    expect((await t.get('/api/profile', { token: other })).status).toBe(200)
  })

  test('logging out twice with one token: the second call is 401', async () => {
    const u = await newUser(t)
    await t.post('/api/logout', undefined, { token: u.token })
    const again = await t.post('/api/logout', undefined, { token: u.token })
    expect(again.status).toBe(401)
    expect(again.body).toEqual({ message: 'Unauthenticated.' })
  })

  test('without a token or with a bad one: 401 and no token is touched', async () => {
    const u = await newUser(t)
    for (const token of [undefined, 'lixo', `${u.token.split('|')[0]}|segredo-errado`]) {
      const res = await t.post('/api/logout', undefined, { token })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: 'Unauthenticated.' })
    }
    expect((await t.get('/api/profile', { token: u.token })).status).toBe(200)
  })

  test('a user cannot log another user out', async () => {
    const a = await newUser(t)
    const b = await newUser(t)
    await t.post('/api/logout', undefined, { token: a.token })
    expect((await t.get('/api/profile', { token: b.token })).status).toBe(200)
  })

  test('after logging out, the user can log in again', async () => {
    const u = await newUser(t)
    await t.post('/api/logout', undefined, { token: u.token })
    const login = await t.post('/api/login', { email: u.email, password: u.password }, { ip: t.nextIp() })
    expect(login.status).toBe(200)
    expect((await t.get('/api/profile', { token: login.body.token })).status).toBe(200)
  })
})

describe('POST /api/logout-tokens', () => {
  const idOf = (token: string) => Number(token.split('|')[0])

  test("revokes the caller's own tokens by id (other devices), and answers which", async () => {
    const u = await newUser(t)
    const other = (await t.post('/api/login', { email: u.email, password: u.password }, { ip: t.nextIp() })).body.token as string
    const third = (await t.post('/api/login', { email: u.email, password: u.password }, { ip: t.nextIp() })).body.token as string
    // Verified once already: revoking them must end them at once all the same (the verified tokens are forgotten).
    for (const token of [other, third]) expect((await t.get('/api/profile', { token })).status).toBe(200)
    const res = await t.post('/api/logout-tokens', { tokens: [idOf(third), idOf(other)] }, { token: u.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Sessões encerradas.', tokens: [idOf(other), idOf(third)].sort((a, b) => a - b) })
    expect((await t.get('/api/profile', { token: other })).status).toBe(401)
    expect((await t.get('/api/profile', { token: third })).status).toBe(401)
    expect((await t.get('/api/profile', { token: u.token })).status).toBe(200)
  })

  test('the token in use can be among them', async () => {
    const u = await newUser(t)
    const res = await t.post('/api/logout-tokens', { tokens: [idOf(u.token)] }, { token: u.token })
    expect(res.body).toEqual({ message: 'Sessão encerrada.', tokens: [idOf(u.token)] })
    expect((await t.get('/api/profile', { token: u.token })).status).toBe(401)
  })

  test("another user's token ids, and unknown ones, are left alone and not reported", async () => {
    const a = await newUser(t)
    const b = await newUser(t)
    const res = await t.post('/api/logout-tokens', { tokens: [idOf(b.token), 2_000_000_000] }, { token: a.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Nenhum destes tokens é seu ou ainda está ativo.', tokens: [] })
    expect((await t.get('/api/profile', { token: b.token })).status).toBe(200)
  })

  test('needs a valid token: 401, nothing revoked', async () => {
    const u = await newUser(t)
    for (const token of [undefined, `${idOf(u.token)}|segredo-errado`]) {
      const res = await t.post('/api/logout-tokens', { tokens: [idOf(u.token)] }, { token })
      expect(res.status).toBe(401)
    }
    expect((await t.get('/api/profile', { token: u.token })).status).toBe(200)
  })

  test('a list of positive integers, 1 to 100: else 422 in Portuguese', async () => {
    const u = await newUser(t)
    const cases: [unknown, string][] = [
      [{}, 'Informe a lista de tokens a revogar.'],
      [{ tokens: [] }, 'Informe ao menos um token.'],
      [{ tokens: ['1|abc'] }, 'Cada token é o número antes da barra (id|segredo).'],
      [{ tokens: [1.5] }, 'Cada token é o número antes da barra (id|segredo).'],
      [{ tokens: [0] }, 'Cada token é o número antes da barra (id|segredo).'],
      [{ tokens: Array.from({ length: 101 }, (_, i) => i + 1) }, 'No máximo 100 tokens por chamada.'],
    ]
    for (const [body, message] of cases) {
      const res = await t.post('/api/logout-tokens', body, { token: u.token })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.message).toBe(message)
    }
    expect((await t.get('/api/profile', { token: u.token })).status).toBe(200)
  })
})

describe('answers for unknown calls', () => {
  test('an unknown path answers 404 with a Portuguese message', async () => {
    const res = await t.get('/api/nao-existe')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Não encontrado.' })
  })
})
