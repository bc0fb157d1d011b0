import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { authMessages as m } from '../../app/domain/auth/messages.ts'
import { forgetTokens } from '../../server/api/http.ts'
import { personalAccessTokens, users } from '../../server/db/schema/index.ts'
import {
  createTestApi,
  expectValidation,
  fileOf,
  formOf,
  newUser,
  paddedTo,
  tinyGif,
  tinyJpeg,
  tinyPng,
  tinyWebp,
  type TestApi,
} from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const MB = 1024 * 1024
const UPLOADED_AVATAR = /^http:\/\/localhost:3000\/uploads\/avatars\/[0-9a-f-]{36}\.(png|jpg|gif)$/

async function storedUser(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id))
  return row
}

const avatarForm = (file: File) => formOf({ avatar: file })

describe('authentication of the profile calls', () => {
  /** Each private call of this file, sent with the given Authorization header (or none). */
  const calls: [string, (authorization?: string) => ReturnType<TestApi['raw']>][] = [
    ['GET /api/profile', (a) => t.raw('GET', '/api/profile', { headers: a ? { authorization: a } : {} })],
    [
      'POST /api/updateprofile',
      (a) =>
        t.raw('POST', '/api/updateprofile', {
          body: JSON.stringify({ nome: 'Intruso' }),
          headers: { 'content-type': 'application/json', ...(a ? { authorization: a } : {}) },
        }),
    ],
    [
      'POST /api/saveavatar',
      (a) => t.raw('POST', '/api/saveavatar', { body: avatarForm(fileOf(tinyPng(), 'a.png', 'image/png')), headers: a ? { authorization: a } : {} }),
    ],
    [
      'POST /api/deletedetail',
      (a) =>
        t.raw('POST', '/api/deletedetail', {
          body: JSON.stringify({ detail: 'avatar' }),
          headers: { 'content-type': 'application/json', ...(a ? { authorization: a } : {}) },
        }),
    ],
  ]

  /** Bad Authorization headers for a user; all must answer 401. */
  async function badHeaders() {
    const u = await newUser(t)
    const [id, secret] = u.token.split('|')
    const loggedOut = (await t.post('/api/login', { email: u.email, password: u.password }, { ip: t.nextIp() })).body.token as string
    expect((await t.post('/api/logout', undefined, { token: loggedOut })).status).toBe(200)
    const expired = (await t.post('/api/login', { email: u.email, password: u.password }, { ip: t.nextIp() })).body.token as string
    await t.db
      .update(personalAccessTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(personalAccessTokens.id, Number(expired.split('|')[0])))
    return {
      u,
      headers: {
        none: undefined,
        'empty bearer': 'Bearer ',
        'no id': `Bearer ${secret}`,
        'basic scheme': `Basic ${Buffer.from(`${u.email}:${u.password}`).toString('base64')}`,
        'unknown id': `Bearer 987654|${secret}`,
        'right id, wrong secret': `Bearer ${id}|${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`,
        'secret of another token': `Bearer ${Number(id) + 1}|${secret}`,
        'logged out': `Bearer ${loggedOut}`,
        expired: `Bearer ${expired}`,
      } as Record<string, string | undefined>,
    }
  }

  test.each(calls)('%s answers 401 {message:"Unauthenticated."} to every bad token and changes nothing', async (_, send) => {
    const { u, headers } = await badHeaders()
    await t.db.update(users).set({ avatar: 'https://cdn.exemplo.com.br/antes.png' }).where(eq(users.id, u.id))
    const uploadsBefore = await t.uploads()
    for (const [label, header] of Object.entries(headers)) {
      const res = await send(header)
      expect(res.status, label).toBe(401)
      expect(res.body, label).toEqual({ message: 'Unauthenticated.' })
    }
    const row = await storedUser(u.id)
    expect(row.name).toBe('Usuário Teste')
    expect(row.avatar).toBe('https://cdn.exemplo.com.br/antes.png')
    expect(await t.uploads()).toEqual(uploadsBefore)
  })

  // an id beyond PostgreSQL's integer range makes the query fail and the call answer 500.
  test.each(['2147483648', '99999999999', '99999999999999999999999'])('a token whose id is %s answers 401, not 500', async (id) => {
    const res = await t.raw('GET', '/api/profile', { headers: { authorization: `Bearer ${id}|segredo` } })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: 'Unauthenticated.' })
  })

  test('the scheme word is case-insensitive: "bearer" works like "Bearer"', async () => {
    const u = await newUser(t)
    expect((await t.raw('GET', '/api/profile', { headers: { authorization: `bearer ${u.token}` } })).status).toBe(200)
  })

  test('authentication comes before validation: a bad body without a token answers 401, not 422', async () => {
    const res = await t.post('/api/updateprofile', {})
    expect(res.status).toBe(401)
  })
})

describe('GET /api/profile', () => {
  test('answers {user_id, nome, email, avatar, token} with the token of the call', async () => {
    const u = await newUser(t, 'Beatriz Nunes')
    const res = await t.get('/api/profile', { token: u.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ user_id: u.id, nome: 'Beatriz Nunes', email: u.email, avatar: null, token: u.token })
  })

  test('each user sees their own profile', async () => {
    const a = await newUser(t, 'Primeira')
    const b = await newUser(t, 'Segunda')
    expect((await t.get('/api/profile', { token: a.token })).body.nome).toBe('Primeira')
    expect((await t.get('/api/profile', { token: b.token })).body.nome).toBe('Segunda')
  })

  describe('avatar rule: kept only if an http(s) URL ending in an image extension', () => {
    let u: Awaited<ReturnType<typeof newUser>>
    beforeAll(async () => {
      u = await newUser(t)
    })
    /** Written past the API, which forgets the tokens it verified only on its own changes (decision 016). */
    async function storeAvatar(url: string) {
      await t.db.update(users).set({ avatar: url }).where(eq(users.id, u.id))
      forgetTokens(t.db, { userId: u.id })
    }
    const kept = ['jpg', 'jpeg', 'gif', 'png', 'tiff', 'bmp', 'svg', 'blob'].flatMap((ext) => [
      `https://cdn.exemplo.com.br/fotos/ana.${ext}`,
      `http://exemplo.com.br/a/b/c.${ext}`,
    ])
    test.each(kept)('%s is kept', async (url) => {
      await storeAvatar(url)
      expect((await t.get('/api/profile', { token: u.token })).body.avatar).toBe(url)
    })

    const dropped = [
      'ana.png',
      '/uploads/avatars/ana.png',
      'ftp://exemplo.com.br/ana.png',
      'https://exemplo.com.br/ana.webp',
      'https://exemplo.com.br/ana.pdf',
      'https://exemplo.com.br/ana.png?v=2',
      'https://exemplo.com.br/ana',
      'https://exemplo.com.br/png',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)//x.png',
      '',
    ]
    test.each(dropped)('%j answers null', async (url) => {
      await storeAvatar(url)
      expect((await t.get('/api/profile', { token: u.token })).body.avatar).toBeNull()
    })
  })
})

describe('POST /api/updateprofile', () => {
  test('changes the name (trimmed) and answers the updated profile', async () => {
    const u = await newUser(t, 'Nome Antigo')
    const res = await t.post('/api/updateprofile', { nome: '  Nome Novo da Silva  ' }, { token: u.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ user_id: u.id, nome: 'Nome Novo da Silva', email: u.email, avatar: null, token: u.token })
    expect((await storedUser(u.id)).name).toBe('Nome Novo da Silva')
    expect((await t.get('/api/profile', { token: u.token })).body.nome).toBe('Nome Novo da Silva')
  })

  test('changes only the caller', async () => {
    const a = await newUser(t, 'Pessoa A')
    const b = await newUser(t, 'Pessoa B')
    await t.post('/api/updateprofile', { nome: 'Pessoa A2' }, { token: a.token })
    expect((await storedUser(b.id)).name).toBe('Pessoa B')
  })

  test('keeps the avatar', async () => {
    const u = await newUser(t)
    await t.db.update(users).set({ avatar: 'https://cdn.exemplo.com.br/eu.jpg' }).where(eq(users.id, u.id))
    const res = await t.post('/api/updateprofile', { nome: 'Outro Nome' }, { token: u.token })
    expect(res.body.avatar).toBe('https://cdn.exemplo.com.br/eu.jpg')
  })

  test.each([
    ['missing nome', {}, { nome: [m.nameRequired] }],
    ['empty nome', { nome: '' }, { nome: [m.nameRequired] }],
    ['nome of spaces', { nome: '   ' }, { nome: [m.nameRequired] }],
    ['nome not a string', { nome: 7 }, { nome: [m.nameRequired] }],
    ['nome longer than 255', { nome: 'N'.repeat(256) }, { nome: [m.nameTooLong] }],
  ])('%s: 422 in Portuguese and the name is unchanged', async (_, body, errors) => {
    const u = await newUser(t, 'Fica Assim')
    expectValidation(await t.post('/api/updateprofile', body, { token: u.token }), errors)
    expect((await storedUser(u.id)).name).toBe('Fica Assim')
  })

  test('malformed JSON: Portuguese message and the name is unchanged', async () => {
    const u = await newUser(t, 'Fica Assim')
    const res = await t.raw('POST', '/api/updateprofile', { body: '{"nome":', token: u.token, headers: { 'content-type': 'application/json' } })
    expect([400, 422]).toContain(res.status)
    expect(res.body.message).toBe('Requisição inválida.')
    expect((await storedUser(u.id)).name).toBe('Fica Assim')
  })

  test('a form-encoded body is refused and the name is unchanged', async () => {
    const u = await newUser(t, 'Fica Assim')
    const res = await t.raw('POST', '/api/updateprofile', {
      body: 'nome=Outro',
      token: u.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect((await storedUser(u.id)).name).toBe('Fica Assim')
  })
})

describe('POST /api/saveavatar', () => {
  test.each([
    ['PNG', tinyPng, 'png'],
    ['JPEG', tinyJpeg, 'jpg'],
    ['GIF', tinyGif, 'gif'],
  ] as const)('a real %s is stored and answered as an image URL the avatar rule keeps', async (_, image, ext) => {
    const u = await newUser(t)
    const bytes = image()
    const res = await t.postForm('/api/saveavatar', avatarForm(fileOf(bytes, `foto.${ext}`, `image/${ext}`)), { token: u.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ user_id: u.id, email: u.email, token: u.token })
    expect(res.body.avatar).toMatch(UPLOADED_AVATAR)
    expect(res.body.avatar.endsWith(`.${ext}`)).toBe(true)
    // The same token, verified before the upload, sees the new photo at once.
    expect((await t.get('/api/profile', { token: u.token })).body.avatar).toBe(res.body.avatar)
    expect((await storedUser(u.id)).avatar).toBe(res.body.avatar)
    expect((await t.get('/api/profile', { token: u.token })).body.avatar).toBe(res.body.avatar)
    // The file on disk is the one sent.
    const relative = new URL(res.body.avatar).pathname.replace(/^\/uploads\//, '')
    expect(await t.uploads()).toContain(relative)
    expect(Buffer.compare(await readFile(path.join(t.config.uploadsDir, relative)), bytes)).toBe(0)
  })

  test('the content decides, not the name or the declared type: a PNG named foto.txt is stored as .png', async () => {
    const u = await newUser(t)
    const res = await t.postForm('/api/saveavatar', avatarForm(fileOf(tinyPng(), 'foto.txt', 'text/plain')), { token: u.token })
    expect(res.status).toBe(200)
    expect(res.body.avatar).toMatch(/\.png$/)
  })

  test('an avatar of exactly 1 MB is accepted', async () => {
    const u = await newUser(t)
    const res = await t.postForm('/api/saveavatar', avatarForm(fileOf(paddedTo(tinyPng(), MB), 'grande.png', 'image/png')), { token: u.token })
    expect(res.status).toBe(200)
  })

  test('a new avatar replaces the previous one', async () => {
    const u = await newUser(t)
    const first = await t.postForm('/api/saveavatar', avatarForm(fileOf(tinyPng(), 'a.png')), { token: u.token })
    const second = await t.postForm('/api/saveavatar', avatarForm(fileOf(tinyGif(), 'b.gif')), { token: u.token })
    expect(second.body.avatar).not.toBe(first.body.avatar)
    expect((await storedUser(u.id)).avatar).toBe(second.body.avatar)
  })

  describe('refusals leave the previous avatar and store no file', () => {
    const refusals: [string, () => FormData, Record<string, string[]>][] = [
      ['a text file named x.png', () => avatarForm(fileOf('isto não é uma imagem', 'x.png', 'image/png')), { avatar: [m.avatarType] }],
      ['an HTML file named x.jpg', () => avatarForm(fileOf('<html><body>oi</body></html>', 'x.jpg', 'image/jpeg')), { avatar: [m.avatarType] }],
      ['a WebP image (not PNG, JPG or GIF)', () => avatarForm(fileOf(tinyWebp(), 'x.webp', 'image/webp')), { avatar: [m.avatarType] }],
      ['an empty file', () => avatarForm(fileOf(Buffer.alloc(0), 'x.png', 'image/png')), { avatar: [m.avatarType] }],
      ['a real PNG of 1 MB + 1 byte', () => avatarForm(fileOf(paddedTo(tinyPng(), MB + 1), 'x.png', 'image/png')), { avatar: [m.logoTooBig] }],
      ['no file at all', () => new FormData(), { avatar: [m.avatarType] }],
      ['the avatar as a text field', () => formOf({ avatar: 'https://exemplo.com.br/foto.png' }), { avatar: [m.avatarType] }],
    ]
    test.each(refusals)('%s', async (_, form, errors) => {
      const u = await newUser(t)
      const previous = await t.postForm('/api/saveavatar', avatarForm(fileOf(tinyPng(), 'antes.png')), { token: u.token })
      expect(previous.status).toBe(200)
      const uploadsBefore = await t.uploads()
      expectValidation(await t.postForm('/api/saveavatar', form(), { token: u.token }), errors)
      expect((await storedUser(u.id)).avatar).toBe(previous.body.avatar)
      expect(await t.uploads()).toEqual(uploadsBefore)
    })

    test('a JSON body is refused', async () => {
      const u = await newUser(t)
      const res = await t.post('/api/saveavatar', { avatar: 'https://exemplo.com.br/foto.png' }, { token: u.token })
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect((await storedUser(u.id)).avatar).toBeNull()
    })
  })
})

describe('POST /api/deletedetail', () => {
  test('{detail:"avatar"} removes the photo and answers the profile with avatar null', async () => {
    const u = await newUser(t)
    await t.postForm('/api/saveavatar', avatarForm(fileOf(tinyPng(), 'a.png')), { token: u.token })
    const res = await t.post('/api/deletedetail', { detail: 'avatar' }, { token: u.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ user_id: u.id, nome: 'Usuário Teste', email: u.email, avatar: null, token: u.token })
    expect((await storedUser(u.id)).avatar).toBeNull()
    expect((await t.get('/api/profile', { token: u.token })).body.avatar).toBeNull()
  })

  test('removing when there is no photo is fine', async () => {
    const u = await newUser(t)
    expect((await t.post('/api/deletedetail', { detail: 'avatar' }, { token: u.token })).status).toBe(200)
  })

  test('removes only the caller’s photo', async () => {
    const a = await newUser(t)
    const b = await newUser(t)
    const saved = await t.postForm('/api/saveavatar', avatarForm(fileOf(tinyPng(), 'b.png')), { token: b.token })
    await t.post('/api/deletedetail', { detail: 'avatar' }, { token: a.token })
    expect((await storedUser(b.id)).avatar).toBe(saved.body.avatar)
  })

  test.each([
    ['another detail', { detail: 'nome' }],
    ['missing detail', {}],
    ['detail in capitals', { detail: 'AVATAR' }],
  ])('%s: 422 "Só a foto pode ser excluída." and the photo stays', async (_, body) => {
    const u = await newUser(t)
    const saved = await t.postForm('/api/saveavatar', avatarForm(fileOf(tinyPng(), 'a.png')), { token: u.token })
    expectValidation(await t.post('/api/deletedetail', body, { token: u.token }), { detail: ['Só a foto pode ser excluída.'] })
    expect((await storedUser(u.id)).avatar).toBe(saved.body.avatar)
  })

  test('malformed JSON: Portuguese message and the photo stays', async () => {
    const u = await newUser(t)
    const saved = await t.postForm('/api/saveavatar', avatarForm(fileOf(tinyPng(), 'a.png')), { token: u.token })
    const res = await t.raw('POST', '/api/deletedetail', { body: '{"detail":', token: u.token, headers: { 'content-type': 'application/json' } })
    expect([400, 422]).toContain(res.status)
    expect(res.body.message).toBe('Requisição inválida.')
    expect((await storedUser(u.id)).avatar).toBe(saved.body.avatar)
  })
})
