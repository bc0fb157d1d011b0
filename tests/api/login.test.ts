import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { authMessages as m } from '../../app/domain/auth/messages.ts'
import { sha256 } from '../../server/security/tokens.ts'
import { loginAttempts, personalAccessTokens, users } from '../../server/db/schema/index.ts'
import { createTestApi, expectValidation, newUser, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

async function tokenCount(userId: number) {
  const [row] = await t.db.select({ n: count() }).from(personalAccessTokens).where(eq(personalAccessTokens.userId, userId))
  return row.n
}

describe('POST /api/login: success', () => {
  test('answers the user profile {user_id, nome, email, avatar, token} and nothing else', async () => {
    const u = await newUser(t, 'Joana Prado')
    const res = await t.post('/api/login', { email: u.email, password: u.password }, { ip: t.nextIp() })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['avatar', 'email', 'nome', 'token', 'user_id'])
    expect(res.body).toMatchObject({ user_id: u.id, nome: 'Joana Prado', email: u.email, avatar: null })
    expect(res.body.token).toMatch(/^\d+\|\S{20,}$/)
  })

  test('the token is Sanctum-style: `id|secret`, and only sha256(secret) is stored', async () => {
    const u = await newUser(t)
    const res = await t.post('/api/login', { email: u.email, password: u.password }, { ip: t.nextIp() })
    const [id, secret] = res.body.token.split('|')
    const [row] = await t.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, Number(id)))
    expect(row.userId).toBe(u.id)
    expect(row.tokenHash).toBe(sha256(secret))
    expect(row.tokenHash).not.toContain(secret)
  })

  test('the token opens the private calls', async () => {
    const u = await newUser(t)
    const res = await t.post('/api/login', { email: u.email, password: u.password }, { ip: t.nextIp() })
    const profile = await t.get('/api/profile', { token: res.body.token })
    expect(profile.status).toBe(200)
    expect(profile.body.user_id).toBe(u.id)
  })

  test('the e-mail is matched without regard to case or surrounding spaces', async () => {
    const u = await newUser(t)
    const res = await t.post('/api/login', { email: `  ${u.email.toUpperCase()} `, password: u.password }, { ip: t.nextIp() })
    expect(res.status).toBe(200)
    expect(res.body.email).toBe(u.email)
  })

  test('each login gets its own token and the earlier ones keep working', async () => {
    const u = await newUser(t)
    const ip = t.nextIp()
    const a = await t.post('/api/login', { email: u.email, password: u.password }, { ip })
    const b = await t.post('/api/login', { email: u.email, password: u.password }, { ip })
    expect(a.body.token).not.toBe(b.body.token)
    expect((await t.get('/api/profile', { token: a.body.token })).status).toBe(200)
    expect((await t.get('/api/profile', { token: b.body.token })).status).toBe(200)
    expect((await t.get('/api/profile', { token: u.token })).status).toBe(200)
  })

  test('the avatar rule: an image URL is kept, anything else answers null', async () => {
    const u = await newUser(t)
    await t.db.update(users).set({ avatar: 'https://cdn.exemplo.com.br/fotos/joana.png' }).where(eq(users.id, u.id))
    const kept = await t.post('/api/login', { email: u.email, password: u.password }, { ip: t.nextIp() })
    expect(kept.body.avatar).toBe('https://cdn.exemplo.com.br/fotos/joana.png')
    await t.db.update(users).set({ avatar: 'fotos/joana.webp' }).where(eq(users.id, u.id))
    const dropped = await t.post('/api/login', { email: u.email, password: u.password }, { ip: t.nextIp() })
    expect(dropped.body.avatar).toBeNull()
  })
})

describe('POST /api/login: refusals', () => {
  test('a wrong password answers 422 "Email ou senha incorretos." on the e-mail field and issues no token', async () => {
    const u = await newUser(t)
    const before = await tokenCount(u.id)
    const res = await t.post('/api/login', { email: u.email, password: 'senhaErrada1' }, { ip: t.nextIp() })
    expectValidation(res, { email: [m.badCredentials] })
    expect(await tokenCount(u.id)).toBe(before)
  })

  test('an unknown e-mail gets exactly the same answer as a wrong password', async () => {
    const u = await newUser(t)
    const wrong = await t.post('/api/login', { email: u.email, password: 'senhaErrada1' }, { ip: t.nextIp() })
    const unknown = await t.post('/api/login', { email: `ninguem.${Date.now()}@teste.com.br`, password: 'senhaErrada1' }, { ip: t.nextIp() })
    expect(unknown.status).toBe(wrong.status)
    expect(unknown.body).toEqual(wrong.body)
  })

  test('the password is compared exactly (case and spaces count)', async () => {
    const u = await newUser(t)
    const ip = t.nextIp()
    expect((await t.post('/api/login', { email: u.email, password: u.password.toUpperCase() }, { ip })).status).toBe(422)
    expect((await t.post('/api/login', { email: u.email, password: ` ${u.password}` }, { ip })).status).toBe(422)
  })

  test('a short wrong password is just wrong: login applies no length rule', async () => {
    const u = await newUser(t)
    expectValidation(await t.post('/api/login', { email: u.email, password: 'x' }, { ip: t.nextIp() }), { email: [m.badCredentials] })
  })

  test.each([
    ['missing e-mail', { password: 'segredo123' }, { email: [m.emailRequired] }],
    ['empty e-mail', { email: '', password: 'segredo123' }, { email: [m.emailRequired] }],
    ['missing password', { email: 'ana@exemplo.com.br' }, { password: [m.passwordRequired] }],
    ['empty password', { email: 'ana@exemplo.com.br', password: '' }, { password: [m.passwordRequired] }],
    ['both missing', {}, { email: [m.emailRequired], password: [m.passwordRequired] }],
    ['invalid e-mail', { email: 'ana@exemplo', password: 'segredo123' }, { email: [m.emailInvalid] }],
    ['e-mail not a string', { email: 12, password: 'segredo123' }, { email: [m.emailRequired] }],
    ['password not a string', { email: 'ana@exemplo.com.br', password: 12345678 }, { password: [m.passwordRequired] }],
  ])('%s: 422 with the spec text and no token', async (_, body, errors) => {
    const [before] = await t.db.select({ n: count() }).from(personalAccessTokens)
    expectValidation(await t.post('/api/login', body, { ip: t.nextIp() }), errors)
    const [after] = await t.db.select({ n: count() }).from(personalAccessTokens)
    expect(after.n).toBe(before.n)
  })

  test('malformed JSON is refused with a Portuguese message and issues no token', async () => {
    const [before] = await t.db.select({ n: count() }).from(personalAccessTokens)
    const res = await t.raw('POST', '/api/login', { body: '{"email": "ana@exemplo.com.br", "password": ', headers: { 'content-type': 'application/json' } })
    expect([400, 422]).toContain(res.status)
    expect(res.body.message).toBe('Requisição inválida.')
    const [after] = await t.db.select({ n: count() }).from(personalAccessTokens)
    expect(after.n).toBe(before.n)
  })

  test('a form-encoded body is refused and issues no token', async () => {
    const u = await newUser(t)
    const before = await tokenCount(u.id)
    const res = await t.raw('POST', '/api/login', {
      body: new URLSearchParams({ email: u.email, password: u.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip: t.nextIp(),
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(await tokenCount(u.id)).toBe(before)
  })
})

describe('POST /api/login: throttle (5 failures per e-mail and address per minute)', () => {
  const fail = (email: string, ip: string) => t.post('/api/login', { email, password: 'senhaErrada1' }, { ip })

  async function failTimes(n: number, email: string, ip: string) {
    for (let i = 0; i < n; i++) expectValidation(await fail(email, ip), { email: [m.badCredentials] })
  }

  function expectThrottled(res: { status: number; body: any; headers: Headers }) {
    expect(res.status).toBe(429)
    const retry = res.headers.get('retry-after')
    expect(retry).toMatch(/^\d+$/)
    expect(Number(retry)).toBeGreaterThanOrEqual(1)
    expect(Number(retry)).toBeLessThanOrEqual(60)
    expect(res.body).toEqual({ message: m.tooManyAttempts(Number(retry)) })
    expect(res.body.message).toMatch(/^Muitas tentativas de login\. Tente novamente em \d+ segundos?\.$/)
  }

  test('five failures answer 422, the sixth attempt 429 with a Portuguese message and Retry-After', async () => {
    const u = await newUser(t)
    const ip = t.nextIp()
    await failTimes(5, u.email, ip)
    expectThrottled(await fail(u.email, ip))
  })

  test('while throttled even the right password is refused and no token is issued', async () => {
    const u = await newUser(t)
    const ip = t.nextIp()
    await failTimes(5, u.email, ip)
    const before = await tokenCount(u.id)
    expectThrottled(await t.post('/api/login', { email: u.email, password: u.password }, { ip }))
    expect(await tokenCount(u.id)).toBe(before)
  })

  test('another address is not throttled, for the right and for a wrong password', async () => {
    const u = await newUser(t)
    const ip = t.nextIp()
    await failTimes(5, u.email, ip)
    expectThrottled(await fail(u.email, ip))
    const other = t.nextIp()
    expectValidation(await fail(u.email, other), { email: [m.badCredentials] })
    expect((await t.post('/api/login', { email: u.email, password: u.password }, { ip: t.nextIp() })).status).toBe(200)
  })

  test('another e-mail from the same address is not throttled', async () => {
    const a = await newUser(t)
    const b = await newUser(t)
    const ip = t.nextIp()
    await failTimes(5, a.email, ip)
    expectThrottled(await fail(a.email, ip))
    expect((await t.post('/api/login', { email: b.email, password: b.password }, { ip })).status).toBe(200)
  })

  test('the count ignores the case of the e-mail: the same address cannot dodge it by changing capitals', async () => {
    const u = await newUser(t)
    const ip = t.nextIp()
    const variants = [u.email, u.email.toUpperCase(), ` ${u.email} `, u.email[0].toUpperCase() + u.email.slice(1), u.email]
    for (const email of variants) expectValidation(await fail(email, ip), { email: [m.badCredentials] })
    expectThrottled(await fail(u.email.toUpperCase(), ip))
  })

  test('a successful login clears the count', async () => {
    const u = await newUser(t)
    const ip = t.nextIp()
    await failTimes(4, u.email, ip)
    expect((await t.post('/api/login', { email: u.email, password: u.password }, { ip })).status).toBe(200)
    const [left] = await t.db.select({ n: count() }).from(loginAttempts).where(eq(loginAttempts.key, `${u.email}|${ip}`))
    expect(left.n).toBe(0)
    // Five fresh failures are allowed again before the sixth is refused.
    await failTimes(5, u.email, ip)
    expectThrottled(await fail(u.email, ip))
  })

  test('unknown e-mails are throttled too, so the throttle does not reveal which e-mails exist', async () => {
    const email = `desconhecido.${Date.now()}@teste.com.br`
    const ip = t.nextIp()
    await failTimes(5, email, ip)
    expectThrottled(await fail(email, ip))
  })

  test('invalid input is not a failed attempt and does not count', async () => {
    const u = await newUser(t)
    const ip = t.nextIp()
    for (let i = 0; i < 6; i++) expect((await t.post('/api/login', { email: u.email }, { ip })).status).toBe(422)
    expect((await t.post('/api/login', { email: u.email, password: u.password }, { ip })).status).toBe(200)
  })

  test('refused (429) attempts do not extend the block', async () => {
    const u = await newUser(t)
    const ip = t.nextIp()
    await failTimes(5, u.email, ip)
    for (let i = 0; i < 3; i++) expectThrottled(await fail(u.email, ip))
    const [stored] = await t.db.select({ n: count() }).from(loginAttempts).where(eq(loginAttempts.key, `${u.email}|${ip}`))
    expect(stored.n).toBe(5)
  })

  test('once the failures are more than a minute old, the right password works again', async () => {
    const u = await newUser(t)
    const ip = t.nextIp()
    await failTimes(5, u.email, ip)
    expectThrottled(await t.post('/api/login', { email: u.email, password: u.password }, { ip }))
    // Move the failures back in time instead of waiting.
    await t.db
      .update(loginAttempts)
      .set({ createdAt: sql`now() - interval '61 seconds'` })
      .where(eq(loginAttempts.key, `${u.email}|${ip}`))
    expect((await t.post('/api/login', { email: u.email, password: u.password }, { ip })).status).toBe(200)
  })

  test('only failures inside the minute count: four old ones and four new ones do not block', async () => {
    const u = await newUser(t)
    const ip = t.nextIp()
    await failTimes(4, u.email, ip)
    await t.db
      .update(loginAttempts)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(loginAttempts.key, `${u.email}|${ip}`))
    await failTimes(4, u.email, ip)
    expect((await t.post('/api/login', { email: u.email, password: u.password }, { ip })).status).toBe(200)
  })
})
