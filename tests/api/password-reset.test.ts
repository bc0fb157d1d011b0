import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { authMessages as m } from '../../app/domain/auth/messages.ts'
import { sha256 } from '../../server/security/tokens.ts'
import { passwordResetTokens, personalAccessTokens, users } from '../../server/db/schema/index.ts'
import { createTestApi, expectValidation, newUser, uniqueEmail, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const LINK = /http:\/\/localhost:3000\/reset-password\/([^/\s"'<>]+)\/([A-Za-z0-9_-]+)/g

/** Mails whose To: header is this address. */
async function mailsTo(email: string) {
  return (await t.mails()).filter((mail) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(mail))
}

/** Every reset link of a mail, with the e-mail of the path decoded. */
function linksIn(mail: string) {
  return [...mail.matchAll(LINK)].map(([url, email, token]) => ({ url, email: decodeURIComponent(email), token }))
}

/** Asks for a link and returns the token of the mail it sends. */
async function requestToken(email: string) {
  const before = (await mailsTo(email)).length
  const res = await t.post('/api/forgot-password', { email })
  expect(res.status).toBe(200)
  const mails = await mailsTo(email)
  expect(mails).toHaveLength(before + 1)
  const links = linksIn(mails.at(-1)!)
  expect(links.length).toBeGreaterThan(0)
  return links[0].token
}

const login = (email: string, password: string) => t.post('/api/login', { email, password }, { ip: t.nextIp() })

async function resetRows(email: string) {
  return t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.email, email))
}

describe('POST /api/forgot-password', () => {
  test('a known e-mail: 200 with the Portuguese message, and one mail with /reset-password/{email}/{token}', async () => {
    const u = await newUser(t)
    const res = await t.post('/api/forgot-password', { email: u.email })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: m.resetLinkSent })
    const mails = await mailsTo(u.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatch(/^Subject: .*Redefini/m)
    const links = linksIn(mails[0])
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) {
      expect(link.email).toBe(u.email)
      expect(link.token.length).toBeGreaterThanOrEqual(32)
    }
    // Text and HTML parts carry the same link.
    expect(new Set(links.map((l) => l.token)).size).toBe(1)
  })

  test('an unknown e-mail gets exactly the same answer, and no mail is written', async () => {
    const u = await newUser(t)
    const known = await t.post('/api/forgot-password', { email: u.email })
    const nobody = uniqueEmail('ninguem')
    const mailsBefore = (await t.mails()).length
    const unknown = await t.post('/api/forgot-password', { email: nobody })
    expect(unknown.status).toBe(known.status)
    expect(unknown.body).toEqual(known.body)
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort())
    expect((await t.mails()).length).toBe(mailsBefore)
    expect(await resetRows(nobody)).toEqual([])
  })

  test('only a hash of the token is stored', async () => {
    const u = await newUser(t)
    const token = await requestToken(u.email)
    const rows = await resetRows(u.email)
    expect(rows).toHaveLength(1)
    expect(rows[0].tokenHash).toBe(sha256(token))
    expect(rows[0].usedAt).toBeNull()
  })

  test('the e-mail is matched without regard to case; the link carries the stored address', async () => {
    const u = await newUser(t)
    const res = await t.post('/api/forgot-password', { email: ` ${u.email.toUpperCase()} ` })
    expect(res.status).toBe(200)
    const mails = await mailsTo(u.email)
    expect(mails).toHaveLength(1)
    expect(linksIn(mails[0])[0].email).toBe(u.email)
  })

  test('a second request within 60 seconds answers the same but sends no second mail; the first link still works', async () => {
    const u = await newUser(t)
    const token = await requestToken(u.email)
    const again = await t.post('/api/forgot-password', { email: u.email })
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ message: m.resetLinkSent })
    expect(await mailsTo(u.email)).toHaveLength(1)
    expect(await resetRows(u.email)).toHaveLength(1)
    const res = await t.post('/api/reset-password', { email: u.email, password: 'novaSenha123', password_confirmation: 'novaSenha123', token })
    expect(res.status).toBe(200)
  })

  test('after 60 seconds a new request sends a new link, which replaces the old one', async () => {
    const u = await newUser(t)
    const first = await requestToken(u.email)
    await t.db.update(passwordResetTokens).set({ createdAt: sql`now() - interval '61 seconds'` }).where(eq(passwordResetTokens.email, u.email))
    const second = await requestToken(u.email)
    expect(second).not.toBe(first)
    expect(await mailsTo(u.email)).toHaveLength(2)
    const old = await t.post('/api/reset-password', { email: u.email, password: 'novaSenha123', password_confirmation: 'novaSenha123', token: first })
    expectValidation(old, { token: [m.resetTokenInvalid] })
    const fresh = await t.post('/api/reset-password', { email: u.email, password: 'novaSenha123', password_confirmation: 'novaSenha123', token: second })
    expect(fresh.status).toBe(200)
  })

  test.each([
    ['missing e-mail', {}, { email: [m.emailRequired] }],
    ['empty e-mail', { email: '' }, { email: [m.emailRequired] }],
    ['invalid e-mail', { email: 'ana@' }, { email: [m.emailInvalid] }],
    ['e-mail not a string', { email: 42 }, { email: [m.emailRequired] }],
  ])('%s: 422 with the spec text, no mail, no token stored', async (_, body, errors) => {
    const mailsBefore = (await t.mails()).length
    const [rowsBefore] = await t.db.select({ n: count() }).from(passwordResetTokens)
    expectValidation(await t.post('/api/forgot-password', body), errors)
    expect((await t.mails()).length).toBe(mailsBefore)
    const [rowsAfter] = await t.db.select({ n: count() }).from(passwordResetTokens)
    expect(rowsAfter.n).toBe(rowsBefore.n)
  })

  test('malformed JSON is refused with a Portuguese message and sends nothing', async () => {
    const mailsBefore = (await t.mails()).length
    const res = await t.raw('POST', '/api/forgot-password', { body: '{"email":', headers: { 'content-type': 'application/json' } })
    expect([400, 422]).toContain(res.status)
    expect(res.body.message).toBe('Requisição inválida.')
    expect((await t.mails()).length).toBe(mailsBefore)
  })

  test('a form-encoded body is refused and sends nothing', async () => {
    const u = await newUser(t)
    const res = await t.raw('POST', '/api/forgot-password', {
      body: new URLSearchParams({ email: u.email }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(await mailsTo(u.email)).toHaveLength(0)
    expect(await resetRows(u.email)).toEqual([])
  })
})

describe('POST /api/reset-password', () => {
  const NEW = 'novaSenha123'
  const body = (email: string, token: string, password = NEW, confirmation = password) => ({
    email,
    password,
    password_confirmation: confirmation,
    token,
  })

  test('the new password works and the old one no longer does', async () => {
    const u = await newUser(t)
    const token = await requestToken(u.email)
    const res = await t.post('/api/reset-password', body(u.email, token))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: m.resetDone })
    expect((await login(u.email, NEW)).status).toBe(200)
    expectValidation(await login(u.email, u.password), { email: [m.badCredentials] })
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id))
    expect(row.passwordHash).toMatch(/^\$argon2id\$/)
  })

  test('the token works once: a second use gets the "já foi usado" message and changes nothing', async () => {
    const u = await newUser(t)
    const token = await requestToken(u.email)
    expect((await t.post('/api/reset-password', body(u.email, token))).status).toBe(200)
    const again = await t.post('/api/reset-password', body(u.email, token, 'outraSenha456'))
    expectValidation(again, { token: [m.resetTokenUsed] })
    expect((await login(u.email, NEW)).status).toBe(200)
    expect((await login(u.email, 'outraSenha456')).status).toBe(422)
    const [row] = await resetRows(u.email)
    expect(row.usedAt).not.toBeNull()
  })

  test('two uses of one token at the same moment: exactly one succeeds', async () => {
    const u = await newUser(t)
    const token = await requestToken(u.email)
    const answers = await Promise.all([
      t.post('/api/reset-password', body(u.email, token, 'primeiraSenha1')),
      t.post('/api/reset-password', body(u.email, token, 'segundaSenha2')),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422])
    const loser = answers.find((a) => a.status === 422)!
    expectValidation(loser, { token: [m.resetTokenUsed] })
    const winner = answers[0].status === 200 ? 'primeiraSenha1' : 'segundaSenha2'
    const other = winner === 'primeiraSenha1' ? 'segundaSenha2' : 'primeiraSenha1'
    expect((await login(u.email, winner)).status).toBe(200)
    expect((await login(u.email, other)).status).toBe(422)
  })

  test('a token older than 60 minutes has expired: clear message, password unchanged', async () => {
    const u = await newUser(t)
    const token = await requestToken(u.email)
    await t.db.update(passwordResetTokens).set({ createdAt: sql`now() - interval '61 minutes'` }).where(eq(passwordResetTokens.email, u.email))
    expectValidation(await t.post('/api/reset-password', body(u.email, token)), { token: [m.resetTokenExpired] })
    expect((await login(u.email, u.password)).status).toBe(200)
    expect((await login(u.email, NEW)).status).toBe(422)
  })

  test('a token 59 minutes old still works', async () => {
    const u = await newUser(t)
    const token = await requestToken(u.email)
    await t.db.update(passwordResetTokens).set({ createdAt: sql`now() - interval '59 minutes'` }).where(eq(passwordResetTokens.email, u.email))
    expect((await t.post('/api/reset-password', body(u.email, token))).status).toBe(200)
  })

  test('an invalid token: clear message, password unchanged', async () => {
    const u = await newUser(t)
    await requestToken(u.email)
    expectValidation(await t.post('/api/reset-password', body(u.email, 'token-que-nao-existe')), { token: [m.resetTokenInvalid] })
    expect((await login(u.email, u.password)).status).toBe(200)
  })

  test('a token only works for the e-mail it was sent to', async () => {
    const a = await newUser(t)
    const b = await newUser(t)
    const tokenOfA = await requestToken(a.email)
    expectValidation(await t.post('/api/reset-password', body(b.email, tokenOfA)), { token: [m.resetTokenInvalid] })
    expect((await login(a.email, a.password)).status).toBe(200)
    expect((await login(b.email, b.password)).status).toBe(200)
    // The token was not spent by the wrong attempt.
    expect((await t.post('/api/reset-password', body(a.email, tokenOfA))).status).toBe(200)
  })

  test('an unknown e-mail with any token gets the invalid-link message', async () => {
    expectValidation(await t.post('/api/reset-password', body(uniqueEmail('ninguem'), 'qualquer-coisa')), { token: [m.resetTokenInvalid] })
  })

  test('the e-mail of the route may come in any case', async () => {
    const u = await newUser(t)
    const token = await requestToken(u.email)
    expect((await t.post('/api/reset-password', body(u.email.toUpperCase(), token))).status).toBe(200)
    expect((await login(u.email, NEW)).status).toBe(200)
  })

  test('every existing token of the user is revoked: an old bearer answers 401', async () => {
    const u = await newUser(t)
    const second = (await login(u.email, u.password)).body.token as string
    const other = await newUser(t)
    const token = await requestToken(u.email)
    // In use until then: the reset ends them at once all the same (the verified tokens are forgotten).
    for (const old of [u.token, second]) expect((await t.get('/api/profile', { token: old })).status).toBe(200)
    expect((await t.post('/api/reset-password', body(u.email, token))).status).toBe(200)
    for (const old of [u.token, second]) {
      const res = await t.get('/api/profile', { token: old })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: 'Unauthenticated.' })
    }
    expect(await t.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.userId, u.id))).toEqual([])
    // Someone else's session is untouched, and a fresh login works.
    expect((await t.get('/api/profile', { token: other.token })).status).toBe(200)
    const fresh = await login(u.email, NEW)
    expect((await t.get('/api/profile', { token: fresh.body.token })).status).toBe(200)
  })

  describe('bad input: 422 in Portuguese, password unchanged and token not spent', () => {
    const cases: [string, (email: string, token: string) => Record<string, unknown>, Record<string, string[]>][] = [
      ['missing e-mail', (_e, tk) => ({ password: NEW, password_confirmation: NEW, token: tk }), { email: [m.emailRequired] }],
      ['invalid e-mail', (_e, tk) => body('ana@', tk), { email: [m.emailInvalid] }],
      ['missing password', (e, tk) => ({ email: e, password_confirmation: NEW, token: tk }), { password: [m.passwordRequired] }],
      ['missing confirmation', (e, tk) => ({ email: e, password: NEW, token: tk }), { password_confirmation: [m.repeatRequired] }],
      ['missing token', (e) => ({ email: e, password: NEW, password_confirmation: NEW }), { token: [m.tokenRequired] }],
      ['empty token', (e) => body(e, ''), { token: [m.tokenRequired] }],
      ['short password', (e, tk) => body(e, tk, 'curta12'), { password: [m.passwordTooShort] }],
      ['too long password', (e, tk) => body(e, tk, 'x'.repeat(129)), { password: [m.passwordTooLong] }],
      ['mismatched confirmation', (e, tk) => body(e, tk, NEW, 'novaSenha124'), { password_confirmation: [m.passwordsDiffer] }],
      [
        'everything missing',
        () => ({}),
        { email: [m.emailRequired], password: [m.passwordRequired], password_confirmation: [m.repeatRequired], token: [m.tokenRequired] },
      ],
    ]
    test.each(cases)('%s', async (_, make, errors) => {
      const u = await newUser(t)
      const token = await requestToken(u.email)
      expectValidation(await t.post('/api/reset-password', make(u.email, token)), errors)
      expect((await login(u.email, u.password)).status).toBe(200)
      const [row] = await resetRows(u.email)
      expect(row.usedAt).toBeNull()
      // The link still works afterwards.
      expect((await t.post('/api/reset-password', body(u.email, token))).status).toBe(200)
    })

    test('malformed JSON: Portuguese message, nothing changed', async () => {
      const u = await newUser(t)
      const token = await requestToken(u.email)
      const res = await t.raw('POST', '/api/reset-password', {
        body: `{"email":"${u.email}","password":"${NEW}","password_confirmation":"${NEW}","token":"${token}"`,
        headers: { 'content-type': 'application/json' },
      })
      expect([400, 422]).toContain(res.status)
      expect(res.body.message).toBe('Requisição inválida.')
      expect((await login(u.email, u.password)).status).toBe(200)
      expect((await resetRows(u.email))[0].usedAt).toBeNull()
    })

    test('a multipart body: refused, nothing changed', async () => {
      const u = await newUser(t)
      const token = await requestToken(u.email)
      const form = new FormData()
      for (const [k, v] of Object.entries(body(u.email, token))) form.append(k, v)
      const res = await t.postForm('/api/reset-password', form)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect((await login(u.email, u.password)).status).toBe(200)
      expect((await resetRows(u.email))[0].usedAt).toBeNull()
    })
  })
})
