import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { authMessages as m } from '../../app/domain/auth/messages.ts'
import { personalAccessTokens, users } from '../../server/db/schema/index.ts'
import { createTestApi, expectValidation, uniqueEmail, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const valid = (email = uniqueEmail('cadastro')) => ({ name: 'Maria Souza', email, password: 'segredo123', confirm_password: 'segredo123' })

async function userCount() {
  const [row] = await t.db.select({ n: count() }).from(users)
  return row.n
}

async function usersWithEmail(email: string) {
  return t.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()))
}

describe('POST /api/register: success', () => {
  test('answers 201 with the Portuguese success message and nothing else', async () => {
    const res = await t.post('/api/register', valid())
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ message: 'Cadastro efetuado com sucesso!' })
  })

  test('stores the user with a trimmed name, a lower-cased trimmed e-mail and an argon2id hash', async () => {
    const email = uniqueEmail('Maiusculas').toUpperCase()
    const res = await t.post('/api/register', { ...valid(), name: '  Maria Souza  ', email: `  ${email}  ` })
    expect(res.status).toBe(201)
    const rows = await usersWithEmail(email)
    expect(rows).toHaveLength(1)
    expect(rows[0].name).toBe('Maria Souza')
    expect(rows[0].email).toBe(email.toLowerCase())
    expect(rows[0].passwordHash).toMatch(/^\$argon2id\$/)
    expect(rows[0].passwordHash).not.toContain('segredo123')
    expect(rows[0].avatar).toBeNull()
  })

  test('does not log the user in: no token is issued', async () => {
    const body = valid()
    await t.post('/api/register', body)
    const [user] = await usersWithEmail(body.email)
    expect(await t.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.userId, user.id))).toEqual([])
  })

  test('the new account can log in with its password, whatever the case of the e-mail', async () => {
    const body = valid()
    await t.post('/api/register', body)
    const login = await t.post('/api/login', { email: body.email.toUpperCase(), password: body.password }, { ip: t.nextIp() })
    expect(login.status).toBe(200)
    expect(login.body).toMatchObject({ nome: 'Maria Souza', email: body.email, avatar: null })
  })

  test('a password of exactly 8 characters is long enough, and one of 128 is not too long', async () => {
    expect((await t.post('/api/register', { ...valid(), password: '12345678', confirm_password: '12345678' })).status).toBe(201)
    const long = 'x'.repeat(128)
    expect((await t.post('/api/register', { ...valid(), password: long, confirm_password: long })).status).toBe(201)
  })
})

describe('POST /api/register: bad input answers 422 in Portuguese and stores nothing', () => {
  const required = {
    name: m.userRequired,
    email: m.emailRequired,
    password: m.passwordRequired,
    confirm_password: m.repeatRequired,
  } as const

  test.each(Object.entries(required))('missing %s', async (field, message) => {
    const before = await userCount()
    const body: Record<string, string> = valid()
    delete body[field]
    const res = await t.post('/api/register', body)
    expectValidation(res, { [field]: [message] })
    expect(await userCount()).toBe(before)
  })

  test.each(Object.entries(required))('empty %s is refused with its "required" message and stores nothing', async (field, message) => {
    const before = await userCount()
    const res = await t.post('/api/register', { ...valid(), [field]: '' })
    expect(res.status).toBe(422)
    expect(res.body.errors[field][0]).toBe(message)
    expect(res.body.message.startsWith(message)).toBe(true)
    expect(await userCount()).toBe(before)
  })

  test.each([
    ['name', m.userRequired],
    ['email', m.emailRequired],
  ])('empty %s gets exactly its "required" message', async (field, message) => {
    expectValidation(await t.post('/api/register', { ...valid(), [field]: '' }), { [field]: [message] })
  })

  // Laravel runs no other rule on an empty field, so the user should see only the "required" text.
  test('an empty password gets only "A Senha é obrigatória."', async () => {
    const res = await t.post('/api/register', { ...valid(), password: '' })
    expectValidation(res, { password: [m.passwordRequired] })
  })

  test('an empty confirmation gets only "Repita a senha digitada."', async () => {
    const res = await t.post('/api/register', { ...valid(), confirm_password: '' })
    expectValidation(res, { confirm_password: [m.repeatRequired] })
  })

  test('an empty body lists every field, and the message counts the others', async () => {
    const before = await userCount()
    const res = await t.post('/api/register', {})
    expectValidation(res, {
      name: [m.userRequired],
      email: [m.emailRequired],
      password: [m.passwordRequired],
      confirm_password: [m.repeatRequired],
    })
    expect(res.body.message).toBe('O Usuário é obrigatório. (e mais 3 erros)')
    expect(await userCount()).toBe(before)
  })

  test('a name of spaces only is missing', async () => {
    const body = { ...valid(), name: '    ' }
    expectValidation(await t.post('/api/register', body), { name: [m.userRequired] })
    expect(await usersWithEmail(body.email)).toEqual([])
  })

  test('an e-mail of spaces only is missing', async () => {
    const before = await userCount()
    expectValidation(await t.post('/api/register', { ...valid(), email: '   ' }), { email: [m.emailRequired] })
    expect(await userCount()).toBe(before)
  })

  test.each(['ana', 'ana@', '@exemplo.com.br', 'ana@exemplo', 'ana maria@exemplo.com.br', 'ana@@exemplo.com.br', 'ana@exemplo..com'])(
    'invalid e-mail %j',
    async (email) => {
      const before = await userCount()
      expectValidation(await t.post('/api/register', { ...valid(), email }), { email: [m.emailInvalid] })
      expect(await userCount()).toBe(before)
    },
  )

  test('an e-mail longer than 255 characters', async () => {
    const email = `${'a'.repeat(250)}@exemplo.com.br`
    expectValidation(await t.post('/api/register', { ...valid(), email }), { email: [m.emailTooLong] })
    expect(await usersWithEmail(email)).toEqual([])
  })

  test('a name longer than 255 characters', async () => {
    const body = { ...valid(), name: 'N'.repeat(256) }
    expectValidation(await t.post('/api/register', body), { name: [m.userTooLong] })
    expect(await usersWithEmail(body.email)).toEqual([])
  })

  test('a password shorter than 8 characters', async () => {
    const body = { ...valid(), password: '1234567', confirm_password: '1234567' }
    expectValidation(await t.post('/api/register', body), { password: [m.passwordTooShort] })
    expect(await usersWithEmail(body.email)).toEqual([])
  })

  test('a password longer than 128 characters', async () => {
    const long = 'x'.repeat(129)
    const body = { ...valid(), password: long, confirm_password: long }
    expectValidation(await t.post('/api/register', body), { password: [m.passwordTooLong] })
    expect(await usersWithEmail(body.email)).toEqual([])
  })

  test('a confirmation that does not match', async () => {
    const body = { ...valid(), confirm_password: 'segredo124' }
    expectValidation(await t.post('/api/register', body), { confirm_password: [m.passwordsDiffer] })
    expect(await usersWithEmail(body.email)).toEqual([])
  })

  test('the mismatch is reported together with the other fields’ errors', async () => {
    const before = await userCount()
    const res = await t.post('/api/register', { name: '', email: 'errado', password: 'segredo123', confirm_password: 'outra-senha' })
    expectValidation(res, { name: [m.userRequired], email: [m.emailInvalid], confirm_password: [m.passwordsDiffer] })
    expect(await userCount()).toBe(before)
  })

  test('fields of the wrong type read as missing', async () => {
    const before = await userCount()
    const res = await t.post('/api/register', { name: 42, email: true, password: 12345678, confirm_password: null })
    expectValidation(res, {
      name: [m.userRequired],
      email: [m.emailRequired],
      password: [m.passwordRequired],
      confirm_password: [m.repeatRequired],
    })
    expect(await userCount()).toBe(before)
  })
})

describe('POST /api/register: duplicate e-mail', () => {
  test.each([
    ['the same e-mail', (e: string) => e],
    ['the e-mail in capitals', (e: string) => e.toUpperCase()],
    ['the e-mail with mixed case and spaces', (e: string) => `  ${e[0].toUpperCase()}${e.slice(1)} `],
  ])('%s is refused with "Este email já está cadastrado." and the first account is kept', async (_, variant) => {
    const first = valid()
    expect((await t.post('/api/register', first)).status).toBe(201)
    const res = await t.post('/api/register', { name: 'Outra Pessoa', email: variant(first.email), password: 'outraSenha99', confirm_password: 'outraSenha99' })
    expectValidation(res, { email: [m.emailTaken] })
    const rows = await usersWithEmail(first.email)
    expect(rows).toHaveLength(1)
    expect(rows[0].name).toBe('Maria Souza')
    // The first password still works; the second one was never stored.
    expect((await t.post('/api/login', { email: first.email, password: 'segredo123' }, { ip: t.nextIp() })).status).toBe(200)
    expect((await t.post('/api/login', { email: first.email, password: 'outraSenha99' }, { ip: t.nextIp() })).status).toBe(422)
  })

  test('two sign-ups with one e-mail at the same moment: one account, the other gets the duplicate message', async () => {
    const email = uniqueEmail('corrida')
    const answers = await Promise.all([
      t.post('/api/register', valid(email)),
      t.post('/api/register', valid(email.toUpperCase())),
      t.post('/api/register', valid(` ${email} `)),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422])
    for (const a of answers.filter((x) => x.status === 422)) expectValidation(a, { email: [m.emailTaken] })
    expect(await usersWithEmail(email)).toHaveLength(1)
  })
})

describe('POST /api/register: malformed requests', () => {
  test('malformed JSON is refused with a Portuguese message and stores nothing', async () => {
    const before = await userCount()
    const res = await t.raw('POST', '/api/register', {
      body: '{"name":"Maria","email":"maria@exemplo.com.br",',
      headers: { 'content-type': 'application/json' },
    })
    expect([400, 422]).toContain(res.status)
    expect(res.body.message).toBe('Requisição inválida.')
    expect(await userCount()).toBe(before)
  })

  test.each([
    ['application/x-www-form-urlencoded', () => new URLSearchParams(valid()).toString()],
    ['text/plain', () => JSON.stringify(valid())],
  ])('a body sent as %s is refused and stores nothing', async (type, body) => {
    const before = await userCount()
    const res = await t.raw('POST', '/api/register', { body: body(), headers: { 'content-type': type } })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(await userCount()).toBe(before)
  })

  test('a multipart body is refused and stores nothing', async () => {
    const before = await userCount()
    const form = new FormData()
    for (const [k, v] of Object.entries(valid())) form.append(k, v)
    const res = await t.postForm('/api/register', form)
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(await userCount()).toBe(before)
  })

  test('a request without a body lists every field as missing', async () => {
    const res = await t.raw('POST', '/api/register')
    expectValidation(res, {
      name: [m.userRequired],
      email: [m.emailRequired],
      password: [m.passwordRequired],
      confirm_password: [m.repeatRequired],
    })
  })
})
