import { count, eq, or, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { authMessages as m } from '../../app/domain/auth/messages.ts'
import { memberships, organizationInvites, organizationLinks, organizations, users } from '../../server/db/schema/index.ts'
import {
  createInvite,
  createOrganization,
  createTestApi,
  expectPortuguese,
  expectValidation,
  fileOf,
  formOf,
  maskCnpj,
  newUser,
  paddedTo,
  tinyGif,
  tinyJpeg,
  tinyPng,
  uniqueCnpj,
  uniqueEmail,
  type TestApi,
} from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const MB = 1024 * 1024
const CNPJ_MISMATCH = 'O CNPJ não corresponde ao do convite.'
const CNPJ_REQUIRED = 'O CNPJ é obrigatório.'

/** An invite from a freshly made inviter organization of the given type. */
async function inviteFrom(inviterTipo: 'v' | 'f' | 'b' | 'r', relacao: 'cliente' | 'fornecedor' | 'unidade', tipo: 'v' | 'f' | 'b' | 'r') {
  const owner = await newUser(t, 'Quem Convida')
  const inviter = await createOrganization(t, { nome: `Convidante ${relacao}`, tipo: inviterTipo }, [{ userId: owner.id, isAdmin: true }])
  const { token, invite } = await createInvite(t, { nome: 'Empresa Convidada', tipo, relacao, inviterOrganizationId: inviter.id })
  return { token, invite, inviter, owner }
}

type Fields = Record<string, string | File | undefined>
function formFor(invite: { cnpj: string }, token: string, overrides: Fields = {}): { fields: Fields; form: FormData } {
  const fields: Fields = {
    name: 'Farmácia Boa Saúde',
    cnpj: maskCnpj(invite.cnpj),
    token,
    user: 'Carla Mendes',
    email: uniqueEmail('convidada'),
    password: 'segredo123',
    confirm_password: 'segredo123',
    ...overrides,
  }
  return { fields, form: formOf(fields) }
}

/** Nothing of a refused sign-up was kept: no user, no organization, the invite unused, no file, no link. */
async function expectNothingStored(email: string | undefined, invite: { id: number; cnpj: string }, before: { uploads: string[]; links: number; members: number }) {
  if (typeof email === 'string' && email.trim()) {
    expect(await t.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()))).toEqual([])
  }
  expect(await t.db.select().from(organizations).where(eq(organizations.cnpj, invite.cnpj))).toEqual([])
  const [row] = await t.db.select().from(organizationInvites).where(eq(organizationInvites.id, invite.id))
  expect(row.acceptedAt).toBeNull()
  expect(await t.uploads()).toEqual(before.uploads)
  expect(await linkCount()).toBe(before.links)
  expect(await memberCount()).toBe(before.members)
}

async function linkCount() {
  return (await t.db.select({ n: count() }).from(organizationLinks))[0].n
}
async function memberCount() {
  return (await t.db.select({ n: count() }).from(memberships))[0].n
}
async function snapshot() {
  return { uploads: await t.uploads(), links: await linkCount(), members: await memberCount() }
}

describe('GET /api/restoreInvite/{token}', () => {
  test('a valid invite answers {nome, cnpj, token}, without a login', async () => {
    const { token, invite } = await createInvite(t, { nome: 'Drogaria Esperança' })
    const res = await t.get(`/api/restoreInvite/${token}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ nome: 'Drogaria Esperança', cnpj: invite.cnpj, token })
  })

  test('reading an invite does not use it', async () => {
    const { token, invite } = await createInvite(t)
    await t.get(`/api/restoreInvite/${token}`)
    await t.get(`/api/restoreInvite/${token}`)
    const [row] = await t.db.select().from(organizationInvites).where(eq(organizationInvites.id, invite.id))
    expect(row.acceptedAt).toBeNull()
  })

  test('an unknown token answers 404 "Este convite é inválido."', async () => {
    const res = await t.get(`/api/restoreInvite/nao-existe-${Date.now()}`)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: m.inviteInvalid })
  })

  test('the token is matched exactly: the hash of the token itself is not a token', async () => {
    const { invite } = await createInvite(t)
    const res = await t.get(`/api/restoreInvite/${invite.tokenHash}`)
    expect(res.status).toBe(404)
  })

  test('an expired invite answers 410 with the "expirou" message and no data', async () => {
    const { token } = await createInvite(t, { expiresAt: new Date(Date.now() - 60_000) })
    const res = await t.get(`/api/restoreInvite/${token}`)
    expect(res.status).toBe(410)
    expect(res.body).toEqual({ message: m.inviteExpired })
  })

  test('a used invite answers 410 with the "já foi usado" message and no data', async () => {
    const { token } = await createInvite(t, { acceptedAt: new Date() })
    const res = await t.get(`/api/restoreInvite/${token}`)
    expect(res.status).toBe(410)
    expect(res.body).toEqual({ message: m.inviteUsed })
  })

  test('an invite used through createOrgAutoLogin then answers 410 "já foi usado"', async () => {
    const { token, invite } = await createInvite(t)
    expect((await t.postForm('/api/createOrgAutoLogin', formFor(invite, token).form)).status).toBe(201)
    const res = await t.get(`/api/restoreInvite/${token}`)
    expect(res.status).toBe(410)
    expect(res.body).toEqual({ message: m.inviteUsed })
  })
})

describe('POST /api/createOrgAutoLogin: success', () => {
  test('creates the account and the company in one step and answers 201 with organizacao.organizacao_id and the user profile', async () => {
    const { token, invite, inviter } = await inviteFrom('f', 'cliente', 'v')
    const { fields, form } = formFor(invite, token)
    const res = await t.postForm('/api/createOrgAutoLogin', form)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.message).toBe(m.signupSuccess)
    expect(res.body.organizacao).toEqual({ organizacao_id: expect.any(Number), nome: 'Farmácia Boa Saúde', tipo: 'v' })
    expect(res.body.user).toEqual({ user_id: expect.any(Number), nome: 'Carla Mendes', email: fields.email, avatar: null, token: expect.stringMatching(/^\d+\|\S+$/) })

    const orgId = res.body.organizacao.organizacao_id as number
    const userId = res.body.user.user_id as number
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, orgId))
    expect(org).toMatchObject({ cnpj: invite.cnpj, nome: 'Farmácia Boa Saúde', tipo: 'v', createdBy: userId, avatar: null })
    const [member] = await t.db.select().from(memberships).where(eq(memberships.organizationId, orgId))
    expect(member).toMatchObject({ userId, isAdmin: true, active: true })
    const links = await t.db.select().from(organizationLinks).where(or(eq(organizationLinks.partnerId, orgId), eq(organizationLinks.organizationId, orgId)))
    expect(links).toEqual([expect.objectContaining({ organizationId: inviter.id, partnerId: orgId, relacao: 'cliente' })])
    const [used] = await t.db.select().from(organizationInvites).where(eq(organizationInvites.id, invite.id))
    expect(used.acceptedAt).not.toBeNull()
  })

  test('the token answered is logged in: profile, the company profile (as admin) and the list of companies', async () => {
    const { token, invite } = await createInvite(t, { tipo: 'f', relacao: 'fornecedor' })
    const res = await t.postForm('/api/createOrgAutoLogin', formFor(invite, token).form)
    const bearer = res.body.user.token as string
    const orgId = res.body.organizacao.organizacao_id as number
    expect((await t.get('/api/profile', { token: bearer })).body).toMatchObject({ user_id: res.body.user.user_id, nome: 'Carla Mendes' })
    const company = await t.get(`/api/empresas/profile/${orgId}`, { token: bearer })
    expect(company.status).toBe(200)
    expect(company.body).toMatchObject({ organizacao_id: orgId, cnpj: invite.cnpj, is_admin: true, tipo: 'f' })
    const list = await t.get('/api/OrgProfile/10/null/null', { token: bearer })
    expect(list.body.organizacoes.data.map((o: { organizacao_id: number }) => o.organizacao_id)).toEqual([orgId])
  })

  test('the created user can log in with the e-mail and password of the form', async () => {
    const { token, invite } = await createInvite(t)
    const { fields, form } = formFor(invite, token, { email: uniqueEmail('Maiusculas').toUpperCase() })
    const res = await t.postForm('/api/createOrgAutoLogin', form)
    expect(res.status).toBe(201)
    expect(res.body.user.email).toBe((fields.email as string).toLowerCase())
    const login = await t.post('/api/login', { email: fields.email, password: 'segredo123' }, { ip: t.nextIp() })
    expect(login.status).toBe(200)
    expect(login.body.user_id).toBe(res.body.user.user_id)
    const [user] = await t.db.select().from(users).where(eq(users.id, res.body.user.user_id))
    expect(user.passwordHash).toMatch(/^\$argon2id\$/)
  })

  test('the CNPJ may be sent with or without the mask; the invite’s CNPJ is stored unmasked', async () => {
    const { token, invite } = await createInvite(t)
    const res = await t.postForm('/api/createOrgAutoLogin', formFor(invite, token, { cnpj: invite.cnpj }).form)
    expect(res.status).toBe(201)
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, res.body.organizacao.organizacao_id))
    expect(org.cnpj).toBe(invite.cnpj)
  })

  test('an invite from a buyer (relacao fornecedor) links the new supplier as seller of the inviter', async () => {
    const { token, invite, inviter } = await inviteFrom('v', 'fornecedor', 'f')
    const res = await t.postForm('/api/createOrgAutoLogin', formFor(invite, token).form)
    expect(res.status).toBe(201)
    const orgId = res.body.organizacao.organizacao_id
    const links = await t.db.select().from(organizationLinks).where(or(eq(organizationLinks.partnerId, orgId), eq(organizationLinks.organizationId, orgId)))
    expect(links).toEqual([expect.objectContaining({ organizationId: orgId, partnerId: inviter.id, relacao: 'cliente' })])
    expect(res.body.organizacao.tipo).toBe('f')
  })

  test('an invite from a flag (relacao unidade) links the new unit to the flag and sets its bandeira', async () => {
    const { token, invite, inviter } = await inviteFrom('b', 'unidade', 'v')
    const res = await t.postForm('/api/createOrgAutoLogin', formFor(invite, token).form)
    expect(res.status).toBe(201)
    const orgId = res.body.organizacao.organizacao_id
    const links = await t.db.select().from(organizationLinks).where(or(eq(organizationLinks.partnerId, orgId), eq(organizationLinks.organizationId, orgId)))
    expect(links).toEqual([expect.objectContaining({ organizationId: inviter.id, partnerId: orgId, relacao: 'unidade' })])
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, orgId))
    expect(org.bandeiraId).toBe(inviter.id)
    const company = await t.get(`/api/empresas/profile/${orgId}`, { token: res.body.user.token })
    expect(company.body).toMatchObject({ bandeira_id: inviter.id, is_linked: true })
  })

  test('the inviter’s members do not become members of the new company, nor the reverse', async () => {
    const { token, invite, inviter, owner } = await inviteFrom('f', 'cliente', 'v')
    const res = await t.postForm('/api/createOrgAutoLogin', formFor(invite, token).form)
    const orgId = res.body.organizacao.organizacao_id
    expect((await t.get(`/api/empresas/profile/${orgId}`, { token: owner.token })).status).toBe(403)
    expect((await t.get(`/api/empresas/profile/${inviter.id}`, { token: res.body.user.token })).status).toBe(403)
  })

  test.each([
    ['PNG', tinyPng, 'logo.png', 'png'],
    ['JPEG', tinyJpeg, 'logo.jpeg', 'jpg'],
  ] as const)('an optional %s logo is stored and becomes the company avatar', async (_, image, name, ext) => {
    const { token, invite } = await createInvite(t)
    const res = await t.postForm('/api/createOrgAutoLogin', formFor(invite, token, { logo: fileOf(image(), name, `image/${ext}`) }).form)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, res.body.organizacao.organizacao_id))
    expect(org.avatar).toMatch(new RegExp(`^http://localhost:3000/uploads/logos/[0-9a-f-]{36}\\.${ext}$`))
    expect(await t.uploads()).toContain(new URL(org.avatar!).pathname.replace(/^\/uploads\//, ''))
    const company = await t.get(`/api/empresas/profile/${org.id}`, { token: res.body.user.token })
    expect(company.body.avatar).toBe(org.avatar)
  })

  test('a logo of exactly 1 MB is accepted', async () => {
    const { token, invite } = await createInvite(t)
    const res = await t.postForm('/api/createOrgAutoLogin', formFor(invite, token, { logo: fileOf(paddedTo(tinyPng(), MB), 'logo.png') }).form)
    expect(res.status).toBe(201)
  })

  test('an empty file part (what a browser sends when no logo is chosen) means no logo', async () => {
    const { token, invite } = await createInvite(t)
    const before = await t.uploads()
    const { fields } = formFor(invite, token)
    // Written by hand: undici's FormData drops the empty filename="" a browser sends.
    const boundary = '----FormularioSemLogo'
    const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`)
    const res = await t.raw('POST', '/api/createOrgAutoLogin', {
      body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8'),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, res.body.organizacao.organizacao_id))
    expect(org.avatar).toBeNull()
    expect(org.nome).toBe('Farmácia Boa Saúde')
    expect(await t.uploads()).toEqual(before)
  })

  test('an invite without an inviter creates no link', async () => {
    const { token, invite } = await createInvite(t, { inviterOrganizationId: null })
    const links = await linkCount()
    expect((await t.postForm('/api/createOrgAutoLogin', formFor(invite, token).form)).status).toBe(201)
    expect(await linkCount()).toBe(links)
  })
})

describe('POST /api/createOrgAutoLogin: refusals store nothing (no user, no company, invite unused, no file, no link)', () => {
  test('an unknown token: 422 on token', async () => {
    const fake = { id: -1, cnpj: uniqueCnpj() }
    const before = await snapshot()
    const { fields, form } = formFor(fake, `nao-existe-${Date.now()}`, { logo: fileOf(tinyPng(), 'logo.png') })
    expectValidation(await t.postForm('/api/createOrgAutoLogin', form), { token: [m.inviteInvalid] })
    expect(await t.db.select().from(users).where(eq(users.email, fields.email as string))).toEqual([])
    expect(await t.uploads()).toEqual(before.uploads)
    expect(await memberCount()).toBe(before.members)
  })

  test('an expired invite: 422 "expirou" on token', async () => {
    const { token, invite } = await createInvite(t, { expiresAt: new Date(Date.now() - 1000) })
    const before = await snapshot()
    const { fields, form } = formFor(invite, token, { logo: fileOf(tinyPng(), 'logo.png') })
    expectValidation(await t.postForm('/api/createOrgAutoLogin', form), { token: [m.inviteExpired] })
    await expectNothingStored(fields.email as string, invite, before)
  })

  test('an invite already used: 422 "já foi usado" on token, and the first company is untouched', async () => {
    const { token, invite } = await createInvite(t)
    const first = await t.postForm('/api/createOrgAutoLogin', formFor(invite, token).form)
    expect(first.status).toBe(201)
    const before = await snapshot()
    const { fields, form } = formFor(invite, token, { name: 'Segunda Empresa', logo: fileOf(tinyPng(), 'logo.png') })
    expectValidation(await t.postForm('/api/createOrgAutoLogin', form), { token: [m.inviteUsed] })
    expect(await t.db.select().from(users).where(eq(users.email, fields.email as string))).toEqual([])
    const orgs = await t.db.select().from(organizations).where(eq(organizations.cnpj, invite.cnpj))
    expect(orgs).toHaveLength(1)
    expect(orgs[0].nome).toBe('Farmácia Boa Saúde')
    expect(await t.uploads()).toEqual(before.uploads)
    expect(await memberCount()).toBe(before.members)
  })

  test('a CNPJ that is not the invite’s: 422 on cnpj', async () => {
    const { token, invite } = await createInvite(t)
    const before = await snapshot()
    const { fields, form } = formFor(invite, token, { cnpj: maskCnpj(uniqueCnpj()) })
    expectValidation(await t.postForm('/api/createOrgAutoLogin', form), { cnpj: [CNPJ_MISMATCH] })
    await expectNothingStored(fields.email as string, invite, before)
  })

  test.each([
    ['the same e-mail', (e: string) => e],
    ['the e-mail in capitals', (e: string) => e.toUpperCase()],
  ])('an e-mail already registered (%s): 422 "Este email já está cadastrado." and the existing account is untouched', async (_, variant) => {
    const existing = await newUser(t, 'Já Existo')
    const { token, invite } = await createInvite(t)
    const before = await snapshot()
    const { form } = formFor(invite, token, { email: variant(existing.email), password: 'outraSenha9', confirm_password: 'outraSenha9', logo: fileOf(tinyPng(), 'l.png') })
    expectValidation(await t.postForm('/api/createOrgAutoLogin', form), { email: [m.emailTaken] })
    await expectNothingStored(undefined, invite, before)
    const [user] = await t.db.select().from(users).where(eq(users.id, existing.id))
    expect(user.name).toBe('Já Existo')
    expect((await t.post('/api/login', { email: existing.email, password: existing.password }, { ip: t.nextIp() })).status).toBe(200)
  })

  test('a CNPJ already registered by another company: 422 "Este CNPJ já está cadastrado."', async () => {
    const { token, invite } = await createInvite(t)
    await createOrganization(t, { nome: 'Dona do CNPJ', cnpj: invite.cnpj })
    const before = await snapshot()
    const { fields, form } = formFor(invite, token)
    expectValidation(await t.postForm('/api/createOrgAutoLogin', form), { cnpj: [m.cnpjTaken] })
    expect(await t.db.select().from(users).where(eq(users.email, fields.email as string))).toEqual([])
    expect(await t.db.select().from(organizations).where(eq(organizations.cnpj, invite.cnpj))).toHaveLength(1)
    const [row] = await t.db.select().from(organizationInvites).where(eq(organizationInvites.id, invite.id))
    expect(row.acceptedAt).toBeNull()
    expect(await memberCount()).toBe(before.members)
  })

  describe('logo checked by content and size', () => {
    test.each([
      ['a text file named logo.png', () => fileOf('não sou uma imagem', 'logo.png', 'image/png'), m.logoType],
      ['a GIF named logo.png (logos are PNG or JPG only)', () => fileOf(tinyGif(), 'logo.png', 'image/png'), m.logoType],
      ['a real PNG of 1 MB + 1 byte', () => fileOf(paddedTo(tinyPng(), MB + 1), 'logo.png', 'image/png'), m.logoTooBig],
      ['a real PNG of 2 MB', () => fileOf(paddedTo(tinyPng(), 2 * MB), 'logo.png', 'image/png'), m.logoTooBig],
    ])('%s: 422 on logo', async (_, file, message) => {
      const { token, invite } = await createInvite(t)
      const before = await snapshot()
      const { fields, form } = formFor(invite, token, { logo: file() })
      expectValidation(await t.postForm('/api/createOrgAutoLogin', form), { logo: [message] })
      await expectNothingStored(fields.email as string, invite, before)
    })

    test('a logo sent as a text field is refused in Portuguese', async () => {
      const { token, invite } = await createInvite(t)
      const res = await t.postForm('/api/createOrgAutoLogin', formFor(invite, token, { logo: 'https://exemplo.com.br/logo.png' }).form)
      expect(res.status).toBe(422)
      expectPortuguese(res)
    })

    test('a logo sent as a text field is refused and stores nothing', async () => {
      const { token, invite } = await createInvite(t)
      const before = await snapshot()
      const { fields, form } = formFor(invite, token, { logo: 'https://exemplo.com.br/logo.png' })
      const res = await t.postForm('/api/createOrgAutoLogin', form)
      expect(res.status).toBe(422)
      expect(Object.keys(res.body.errors)).toEqual(['logo'])
      await expectNothingStored(fields.email as string, invite, before)
    })
  })

  describe('bad input: 422 with the exact Portuguese messages', () => {
    const required: [string, string][] = [
      ['name', m.companyRequired],
      ['cnpj', CNPJ_REQUIRED],
      ['token', m.tokenRequired],
      ['user', m.userRequired],
      ['email', m.emailRequired],
      ['password', m.passwordRequired],
      ['confirm_password', m.repeatRequired],
    ]
    test.each(required)('missing %s', async (field, message) => {
      const { token, invite } = await createInvite(t)
      const before = await snapshot()
      const { fields, form } = formFor(invite, token, { [field]: undefined })
      expectValidation(await t.postForm('/api/createOrgAutoLogin', form), { [field]: [message] })
      await expectNothingStored(fields.email as string | undefined, invite, before)
    })

    test.each([
      ['name', m.companyRequired],
      ['user', m.userRequired],
    ])('%s of spaces only', async (field, message) => {
      const { token, invite } = await createInvite(t)
      const before = await snapshot()
      const { fields, form } = formFor(invite, token, { [field]: '   ' })
      expectValidation(await t.postForm('/api/createOrgAutoLogin', form), { [field]: [message] })
      await expectNothingStored(fields.email as string, invite, before)
    })

    test.each([
      ['invalid e-mail', { email: 'carla@' }, { email: [m.emailInvalid] }],
      ['short password', { password: 'curta12', confirm_password: 'curta12' }, { password: [m.passwordTooShort] }],
      ['mismatched confirmation', { confirm_password: 'segredo124' }, { confirm_password: [m.passwordsDiffer] }],
      ['company name longer than 255', { name: 'E'.repeat(256) }, { name: [m.companyTooLong] }],
    ])('%s', async (_, overrides, errors) => {
      const { token, invite } = await createInvite(t)
      const before = await snapshot()
      const { fields, form } = formFor(invite, token, overrides)
      expectValidation(await t.postForm('/api/createOrgAutoLogin', form), errors)
      await expectNothingStored(fields.email as string, invite, before)
    })

    test('an empty form lists every required field', async () => {
      expectValidation(await t.postForm('/api/createOrgAutoLogin', new FormData()), Object.fromEntries(required.map(([f, msg]) => [f, [msg]])))
    })

    test('a JSON body is refused and stores nothing', async () => {
      const { token, invite } = await createInvite(t)
      const before = await snapshot()
      const { fields } = formFor(invite, token)
      const res = await t.post('/api/createOrgAutoLogin', fields)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      await expectNothingStored(fields.email as string, invite, before)
    })

    test('the CNPJ is compared only after the form is valid: a bad form with a wrong CNPJ reports the form', async () => {
      const { token, invite } = await createInvite(t)
      const { form } = formFor(invite, token, { cnpj: uniqueCnpj(), email: 'x' })
      expectValidation(await t.postForm('/api/createOrgAutoLogin', form), { email: [m.emailInvalid] })
    })
  })

  test('three sign-ups with one invite at the same moment: one company, one user, the others are told it was used', async () => {
    const { token, invite } = await createInvite(t)
    const emails = [uniqueEmail('corrida'), uniqueEmail('corrida'), uniqueEmail('corrida')]
    const answers = await Promise.all(emails.map((email) => t.postForm('/api/createOrgAutoLogin', formFor(invite, token, { email }).form)))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422])
    for (const a of answers.filter((x) => x.status === 422)) expectValidation(a, { token: [m.inviteUsed] })
    expect(await t.db.select().from(organizations).where(eq(organizations.cnpj, invite.cnpj))).toHaveLength(1)
    const created = await t.db.select().from(users).where(sql`${users.email} in (${sql.join(emails.map((e) => sql`${e}`), sql`, `)})`)
    expect(created).toHaveLength(1)
  })
})
