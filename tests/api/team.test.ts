import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PERMISSION_IDS, PERMISSIONS } from '../../app/domain/team/permissions.ts'
import { randomToken, sha256 } from '../../server/security/tokens.ts'
import { PLANS } from '../../app/domain/plans/plans.ts'
import { teamMessages as tm } from '../../server/api/team/shared.ts'
import { auditLogs, cargoPermissions, cargos, memberships, organizations, teamInvites } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, expectPortuguese, expectValidation, newUser, uniqueEmail, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const NOT_A_MEMBER = 'Você não tem acesso a esta organização.'
const NOT_PERMITTED = 'Você não tem permissão para esta ação.'
const DAY = 24 * 60 * 60_000

type User = Awaited<ReturnType<typeof newUser>>

// ---------------------------------------------------------------------------
// Data written straight into the database.

/** A fresh user who is the only admin of a fresh organization. */
async function adminWithOrg(values: { plano?: 'B' | 'P' | 'U' | 'M'; nome?: string } = {}) {
  const admin = await newUser(t, 'Dona Admin')
  const org = await createOrganization(t, { nome: values.nome ?? 'Empresa da Equipe', plano: values.plano ?? 'P' }, [{ userId: admin.id, isAdmin: true }])
  return { admin, org }
}

async function addCargo(orgId: number, nome: string, permissoes: string[] = []) {
  const [row] = await t.db.insert(cargos).values({ organizationId: orgId, nome }).returning()
  if (permissoes.length) await t.db.insert(cargoPermissions).values(permissoes.map((permissao) => ({ cargoId: row.id, permissao })))
  return row
}

/** A fresh user who is a member of the organization, optionally with a role or as admin. */
async function addMember(orgId: number, options: { cargoId?: number; isAdmin?: boolean; name?: string; active?: boolean } = {}) {
  const u = await newUser(t, options.name ?? 'Membro')
  await t.db.insert(memberships).values({
    organizationId: orgId,
    userId: u.id,
    cargoId: options.cargoId ?? null,
    isAdmin: options.isAdmin ?? false,
    active: options.active ?? true,
  })
  return u
}

/** A member whose role grants 'equipe' (and the listed extra permissions). */
async function addManager(orgId: number, extra: string[] = []) {
  const cargo = await addCargo(orgId, `Gerente ${Math.random().toString(36).slice(2, 8)}`, ['equipe', ...extra])
  return { manager: await addMember(orgId, { cargoId: cargo.id, name: 'Gerente' }), cargo }
}

/** An invite row as the API would write it; returns the token of the link. */
async function insertInvite(orgId: number, email: string, values: Partial<typeof teamInvites.$inferInsert> = {}) {
  const token = randomToken(32)
  const [row] = await t.db
    .insert(teamInvites)
    .values({ organizationId: orgId, email, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 7 * DAY), ...values })
    .returning()
  return { token, invite: row }
}

/** Registers and logs in a person with this exact e-mail. */
async function userWithEmail(email: string, name = 'Pessoa Convidada'): Promise<User> {
  const password = 'senhaForte123'
  const reg = await t.post('/api/register', { name, email, password, confirm_password: password })
  expect(reg.status).toBe(201)
  const login = await t.post('/api/login', { email, password }, { ip: t.nextIp() })
  expect(login.status).toBe(200)
  return { email, password, token: login.body.token, id: login.body.user_id }
}

async function membershipOf(orgId: number, userId: number) {
  const [row] = await t.db.select().from(memberships).where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId)))
  return row
}

async function inviteRow(id: number) {
  const [row] = await t.db.select().from(teamInvites).where(eq(teamInvites.id, id))
  return row
}

async function auditOf(orgId: number, acao?: string) {
  const rows = await t.db.select().from(auditLogs).where(eq(auditLogs.organizationId, orgId)).orderBy(asc(auditLogs.id))
  return acao ? rows.filter((r) => r.acao === acao) : rows
}

/** Everything the team calls can touch in an organization, to prove a refused call changed nothing. */
async function teamState(orgId: number) {
  const roles = await t.db.select().from(cargos).where(eq(cargos.organizationId, orgId)).orderBy(asc(cargos.id))
  const perms = roles.length
    ? await t.db
        .select()
        .from(cargoPermissions)
        .where(inArray(cargoPermissions.cargoId, roles.map((r) => r.id)))
        .orderBy(asc(cargoPermissions.cargoId), asc(cargoPermissions.permissao))
    : []
  return {
    org: (await t.db.select().from(organizations).where(eq(organizations.id, orgId)))[0],
    roles,
    perms,
    members: await t.db.select().from(memberships).where(eq(memberships.organizationId, orgId)).orderBy(asc(memberships.id)),
    invites: await t.db.select().from(teamInvites).where(eq(teamInvites.organizationId, orgId)).orderBy(asc(teamInvites.id)),
    audit: await auditOf(orgId),
  }
}

/** The accept link of the newest invite mail sent to this address. */
async function inviteLinkFor(email: string) {
  const mail = (await t.mails()).filter((m) => m.includes(email)).at(-1)
  expect(mail, `no mail for ${email}`).toBeDefined()
  const accept = /http:\/\/localhost:3000\/convite-equipe\/(\d+)\/([A-Za-z0-9_-]+)(?![?\w-])/.exec(mail!)
  const decline = /http:\/\/localhost:3000\/convite-equipe\/(\d+)\/([A-Za-z0-9_-]+)\?acao=recusar/.exec(mail!)
  expect(accept).not.toBeNull()
  expect(decline).not.toBeNull()
  expect(decline![2]).toBe(accept![2])
  return { orgId: Number(accept![1]), token: accept![2], mail: mail! }
}

const accept = (orgId: number, token: string, user: { token: string }) => t.get(`/api/myteam/${orgId}/${token}/invite/aceiteinvite`, { token: user.token })
const decline = (orgId: number, token: string) => t.get(`/api/myteam/${orgId}/${token}/invite/negainvite`)

// ---------------------------------------------------------------------------

describe('OpenAPI document of the team calls', () => {
  const operations = [
    ['get', '/api/myteam/{id}/getcargos', ['id']],
    ['post', '/api/myteam/criarcargo', []],
    ['post', '/api/myteam/editcargo', []],
    ['delete', '/api/myteam/{orgId}/{cargoId}/excluircargo', ['orgId', 'cargoId']],
    ['get', '/api/myteam/getPermissoes/{id}', ['id']],
    ['get', '/api/myteam/{id}/getcargospermissoes/', ['id']],
    ['post', '/api/myteam/invite', []],
    ['get', '/api/myteam/{orgId}/{token}/invite/aceiteinvite', ['orgId', 'token']],
    ['get', '/api/myteam/{orgId}/{token}/invite/negainvite', ['orgId', 'token']],
    ['get', '/api/myteam/{id}/getusers', ['id']],
    ['post', '/api/myteam/updateUser', []],
    ['delete', '/api/myteam/deleteUser/{companyId}/{userId}', ['companyId', 'userId']],
  ] as const

  test.each(operations)('%s %s has tags, summary, path parameters and a body example', async (method, path, params) => {
    const doc = (await t.get('/api/openapi.json')).body
    const op = doc.paths[path]?.[method]
    expect(op, `${method} ${path}`).toBeDefined()
    expect(op.tags).toEqual(['Equipe'])
    expect(op.summary.length).toBeGreaterThan(10)
    const declared = (op.parameters ?? []).filter((p: any) => p.in === 'path')
    expect(declared.map((p: any) => p.name).sort()).toEqual([...params].sort())
    for (const p of declared) {
      expect(p.required).toBe(true)
      expect(p.schema.example ?? p.example).toBeDefined()
    }
    if (method === 'post') {
      const body = op.requestBody.content['application/json']
      const schema = body.schema.$ref ? doc.components.schemas[body.schema.$ref.split('/').pop()] : body.schema
      expect(schema.example ?? body.example).toBeDefined()
    }
    if (path.endsWith('negainvite')) expect(op.security).toBeUndefined()
    else expect(op.security).toEqual([{ bearerAuth: [] }])
  })

  test('the path without the trailing slash is served but not listed twice', async () => {
    const doc = (await t.get('/api/openapi.json')).body
    expect(doc.paths['/api/myteam/{id}/getcargospermissoes']).toBeUndefined()
  })

  test("every request example, with a fresh admin's own ids, succeeds", async () => {
    const doc = (await t.get('/api/openapi.json')).body
    const example = (path: string) => {
      const schema = doc.paths[path].post.requestBody.content['application/json'].schema
      return structuredClone(doc.components.schemas[schema.$ref.split('/').pop()].example)
    }
    const { admin, org } = await adminWithOrg({ plano: 'B' })

    const criar = example('/api/myteam/criarcargo')
    const created = await t.post('/api/myteam/criarcargo', { ...criar, organizacao_id: org.id }, { token: admin.token })
    expect(created.status, JSON.stringify(created.body)).toBe(201)

    const edit = example('/api/myteam/editcargo')
    const edited = await t.post('/api/myteam/editcargo', { ...edit, organizacao_id: org.id, cargo_id: created.body.cargo.id }, { token: admin.token })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)

    const invite = example('/api/myteam/invite')
    const invited = await t.post('/api/myteam/invite', { ...invite, organizacao_id: org.id, cargo_id: created.body.cargo.id }, { token: admin.token })
    expect(invited.status, JSON.stringify(invited.body)).toBe(201)

    const member = await addMember(org.id)
    const update = example('/api/myteam/updateUser')
    const updated = await t.post(
      '/api/myteam/updateUser',
      { ...update, organizacao_id: org.id, user_id: member.id, cargo_id: created.body.cargo.id },
      { token: admin.token },
    )
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
  })
})

describe('authentication', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/myteam/1/getcargos'],
    ['POST', '/api/myteam/criarcargo', { organizacao_id: 1, nome: 'X', permissoes: [] }],
    ['POST', '/api/myteam/editcargo', { organizacao_id: 1, cargo_id: 1, nome: 'X', permissoes: [] }],
    ['DELETE', '/api/myteam/1/1/excluircargo'],
    ['GET', '/api/myteam/getPermissoes/1'],
    ['GET', '/api/myteam/1/getcargospermissoes/'],
    ['GET', '/api/myteam/1/getcargospermissoes'],
    ['POST', '/api/myteam/invite', { organizacao_id: 1, email: 'a@b.com.br' }],
    ['GET', '/api/myteam/1/abc/invite/aceiteinvite'],
    ['GET', '/api/myteam/1/getusers'],
    ['POST', '/api/myteam/updateUser', { organizacao_id: 1, user_id: 1, level: 2 }],
    ['DELETE', '/api/myteam/deleteUser/1/1'],
  ]
  test.each(calls)('%s %s without a token answers 401', async (method, url, json) => {
    const none = await t.raw(method, url, json ? { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } } : {})
    expect(none.status).toBe(401)
    expect(none.body).toEqual({ message: 'Unauthenticated.' })
    const bad = await t.raw(method, url, {
      token: '1|nao-e-um-token',
      ...(json ? { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } } : {}),
    })
    expect(bad.status).toBe(401)
  })
})

// ---------------------------------------------------------------------------
// Roles

describe('GET api/myteam/{id}/getcargos', () => {
  test('lists the roles by name with their permissions (catalogue order) and active member counts', async () => {
    const { admin, org } = await adminWithOrg()
    const vendas = await addCargo(org.id, 'Vendas', ['pedidos_ver', 'clientes'])
    const compras = await addCargo(org.id, 'Compras', [])
    await addMember(org.id, { cargoId: vendas.id })
    await addMember(org.id, { cargoId: vendas.id })
    await addMember(org.id, { cargoId: vendas.id, active: false })
    const res = await t.get(`/api/myteam/${org.id}/getcargos`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      cargos: [
        { id: compras.id, organizacao_id: org.id, nome: 'Compras', permissoes: [], membros: 0 },
        { id: vendas.id, organizacao_id: org.id, nome: 'Vendas', permissoes: ['clientes', 'pedidos_ver'], membros: 2 },
      ],
    })
  })

  test('any member reads them, without the equipe permission; an empty team has no roles', async () => {
    const { org } = await adminWithOrg()
    const plain = await addMember(org.id)
    const res = await t.get(`/api/myteam/${org.id}/getcargos`, { token: plain.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ cargos: [] })
  })

  test('a removed (inactive) member is refused', async () => {
    const { org } = await adminWithOrg()
    const gone = await addMember(org.id, { active: false })
    const res = await t.get(`/api/myteam/${org.id}/getcargos`, { token: gone.token })
    expect(res.status).toBe(403)
  })

  test('roles to list do not open them to a removed member or to another company’s admin', async () => {
    const { org } = await adminWithOrg()
    await addCargo(org.id, 'Vendas')
    const gone = await addMember(org.id, { active: false })
    const other = await adminWithOrg()
    for (const token of [gone.token, other.admin.token]) {
      const res = await t.get(`/api/myteam/${org.id}/getcargos`, { token })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: NOT_A_MEMBER })
    }
  })

  test.each([['abc'], ['0'], ['-1'], ['1.5'], ['99999999999']])('an organization id %s answers 422 in Portuguese', async (id) => {
    const u = await newUser(t)
    const res = await t.get(`/api/myteam/${id}/getcargos`, { token: u.token })
    expectValidation(res, { id: [tm.orgInvalid] })
  })

  test('an organization that does not exist answers 403 like a foreign one', async () => {
    const u = await newUser(t)
    const res = await t.get('/api/myteam/2147483647/getcargos', { token: u.token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: NOT_A_MEMBER })
  })
})

describe('POST api/myteam/criarcargo', () => {
  test('creates the role with its permissions (repeated ones once) and writes the audit', async () => {
    const { admin, org } = await adminWithOrg()
    const res = await t.post(
      '/api/myteam/criarcargo',
      { organizacao_id: org.id, nome: '  Vendedor externo ', permissoes: ['pedidos_ver', 'clientes', 'pedidos_ver'] },
      { token: admin.token },
    )
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      message: tm.cargoCreated,
      cargo: { id: expect.any(Number), organizacao_id: org.id, nome: 'Vendedor externo', permissoes: ['clientes', 'pedidos_ver'], membros: 0 },
    })
    const state = await teamState(org.id)
    expect(state.roles.map((r) => r.nome)).toEqual(['Vendedor externo'])
    expect(state.perms.map((p) => p.permissao).sort()).toEqual(['clientes', 'pedidos_ver'])
    const [log] = await auditOf(org.id, 'cargo.criado')
    expect(log).toMatchObject({
      userId: admin.id,
      detalhes: { cargo_id: res.body.cargo.id, nome: 'Vendedor externo', permissoes: ['clientes', 'pedidos_ver'] },
    })
  })

  test('a role without permissions, and an organization id sent as text, are accepted', async () => {
    const { admin, org } = await adminWithOrg()
    const res = await t.post('/api/myteam/criarcargo', { organizacao_id: String(org.id), nome: 'Estagiário', permissoes: [] }, { token: admin.token })
    expect(res.status).toBe(201)
    expect(res.body.cargo.permissoes).toEqual([])
  })

  test('every permission of the catalogue can be given', async () => {
    const { admin, org } = await adminWithOrg()
    const res = await t.post('/api/myteam/criarcargo', { organizacao_id: org.id, nome: 'Gerente geral', permissoes: [...PERMISSION_IDS].reverse() }, { token: admin.token })
    expect(res.status).toBe(201)
    expect(res.body.cargo.permissoes).toEqual([...PERMISSION_IDS])
  })

  describe('bad input: 422 in Portuguese and nothing stored', () => {
    const cases: [string, (orgId: number) => unknown, Record<string, string[]>][] = [
      ['an empty body', () => ({}), { organizacao_id: [tm.orgRequired], nome: [tm.cargoNameRequired], permissoes: [tm.permissionsList] }],
      ['a blank name', (id) => ({ organizacao_id: id, nome: '   ', permissoes: [] }), { nome: [tm.cargoNameRequired] }],
      ['a name of 61 characters', (id) => ({ organizacao_id: id, nome: 'x'.repeat(61), permissoes: [] }), { nome: [tm.cargoNameTooLong] }],
      ['a name that is a number', (id) => ({ organizacao_id: id, nome: 12, permissoes: [] }), { nome: [tm.cargoNameRequired] }],
      ['permissions as text', (id) => ({ organizacao_id: id, nome: 'A', permissoes: 'equipe' }), { permissoes: [tm.permissionsList] }],
      [
        'an unknown permission',
        (id) => ({ organizacao_id: id, nome: 'A', permissoes: ['equipe', 'root'] }),
        { 'permissoes.1': [tm.permissionUnknown('root')] },
      ],
      ['an organization id of 0', () => ({ organizacao_id: 0, nome: 'A', permissoes: [] }), { organizacao_id: [tm.orgInvalid] }],
      ['an organization id as words', () => ({ organizacao_id: 'um', nome: 'A', permissoes: [] }), { organizacao_id: [tm.orgInvalid] }],
      ['an organization id too big', () => ({ organizacao_id: 2 ** 31, nome: 'A', permissoes: [] }), { organizacao_id: [tm.orgInvalid] }],
      ['a fractional organization id', () => ({ organizacao_id: 1.5, nome: 'A', permissoes: [] }), { organizacao_id: [tm.orgInvalid] }],
    ]
    test.each(cases)('%s', async (_, body, errors) => {
      const { admin, org } = await adminWithOrg()
      const before = await teamState(org.id)
      const res = await t.post('/api/myteam/criarcargo', body(org.id), { token: admin.token })
      expectValidation(res, errors)
      expectPortuguese(res)
      expect(await teamState(org.id)).toEqual(before)
    })

    test('a name already used in the organization, whatever the case', async () => {
      const { admin, org } = await adminWithOrg()
      await addCargo(org.id, 'Vendas')
      const before = await teamState(org.id)
      const res = await t.post('/api/myteam/criarcargo', { organizacao_id: org.id, nome: 'VENDAS', permissoes: [] }, { token: admin.token })
      expectValidation(res, { nome: [tm.cargoNameTaken] })
      expect(await teamState(org.id)).toEqual(before)
    })

    test('the same name in another organization is fine', async () => {
      const other = await adminWithOrg()
      await addCargo(other.org.id, 'Vendas')
      const { admin, org } = await adminWithOrg()
      const res = await t.post('/api/myteam/criarcargo', { organizacao_id: org.id, nome: 'Vendas', permissoes: [] }, { token: admin.token })
      expect(res.status).toBe(201)
    })

    test('malformed JSON', async () => {
      const { admin, org } = await adminWithOrg()
      const before = await teamState(org.id)
      const res = await t.raw('POST', '/api/myteam/criarcargo', {
        token: admin.token,
        body: `{"organizacao_id":${org.id},"nome":`,
        headers: { 'content-type': 'application/json' },
      })
      expect([400, 422]).toContain(res.status)
      expectPortuguese(res)
      expect(await teamState(org.id)).toEqual(before)
    })
  })

  test('a member without the equipe permission gets 403 and nothing is created', async () => {
    const { org } = await adminWithOrg()
    const vendas = await addCargo(org.id, 'Vendas', ['pedidos_ver'])
    const seller = await addMember(org.id, { cargoId: vendas.id })
    const before = await teamState(org.id)
    const res = await t.post('/api/myteam/criarcargo', { organizacao_id: org.id, nome: 'Novo', permissoes: [] }, { token: seller.token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: NOT_PERMITTED })
    expect(await teamState(org.id)).toEqual(before)
  })

  test('a manager (equipe through a role) creates roles with permissions they hold, not more', async () => {
    const { org } = await adminWithOrg()
    const { manager } = await addManager(org.id, ['pedidos_ver'])
    const ok = await t.post('/api/myteam/criarcargo', { organizacao_id: org.id, nome: 'Atendente', permissoes: ['pedidos_ver'] }, { token: manager.token })
    expect(ok.status).toBe(201)
    const before = await teamState(org.id)
    const res = await t.post('/api/myteam/criarcargo', { organizacao_id: org.id, nome: 'Financeiro', permissoes: ['cobranca'] }, { token: manager.token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: tm.cannotGrant('"Gerenciar plano e cobrança"') })
    expect(await teamState(org.id)).toEqual(before)
  })
})

describe('POST api/myteam/editcargo', () => {
  test('renames the role and replaces its permissions; the audit keeps before and after', async () => {
    const { admin, org } = await adminWithOrg()
    const cargo = await addCargo(org.id, 'Vendas', ['pedidos_ver', 'clientes'])
    await addMember(org.id, { cargoId: cargo.id })
    const res = await t.post(
      '/api/myteam/editcargo',
      { organizacao_id: org.id, cargo_id: cargo.id, nome: 'Vendas internas', permissoes: ['pedidos_status'] },
      { token: admin.token },
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      message: tm.cargoUpdated,
      cargo: { id: cargo.id, organizacao_id: org.id, nome: 'Vendas internas', permissoes: ['pedidos_status'], membros: 1 },
    })
    const state = await teamState(org.id)
    expect(state.perms.map((p) => p.permissao)).toEqual(['pedidos_status'])
    const [log] = await auditOf(org.id, 'cargo.editado')
    expect(log.detalhes).toEqual({
      cargo_id: cargo.id,
      antes: { nome: 'Vendas', permissoes: ['clientes', 'pedidos_ver'] },
      depois: { nome: 'Vendas internas', permissoes: ['pedidos_status'] },
    })
  })

  test('keeping the name (or changing only its case) is not a clash with itself', async () => {
    const { admin, org } = await adminWithOrg()
    const cargo = await addCargo(org.id, 'Vendas', [])
    const res = await t.post('/api/myteam/editcargo', { organizacao_id: org.id, cargo_id: cargo.id, nome: 'VENDAS', permissoes: ['clientes'] }, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.cargo.nome).toBe('VENDAS')
  })

  test('bad input: 422 and nothing changes', async () => {
    const { admin, org } = await adminWithOrg()
    const cargo = await addCargo(org.id, 'Vendas', ['clientes'])
    await addCargo(org.id, 'Compras')
    const before = await teamState(org.id)
    const send = (body: unknown) => t.post('/api/myteam/editcargo', body, { token: admin.token })
    expectValidation(await send({}), {
      organizacao_id: [tm.orgRequired],
      cargo_id: [tm.cargoRequired],
      nome: [tm.cargoNameRequired],
      permissoes: [tm.permissionsList],
    })
    expectValidation(await send({ organizacao_id: org.id, cargo_id: 'x', nome: 'A', permissoes: [] }), { cargo_id: [tm.cargoInvalid] })
    expectValidation(await send({ organizacao_id: org.id, cargo_id: cargo.id, nome: 'compras', permissoes: [] }), { nome: [tm.cargoNameTaken] })
    expectValidation(await send({ organizacao_id: org.id, cargo_id: cargo.id, nome: 'A', permissoes: [1] }), { 'permissoes.0': [tm.permissionUnknown(1)] })
    expectValidation(await send({ organizacao_id: org.id, cargo_id: 2147483647, nome: 'A', permissoes: [] }), { cargo_id: [tm.cargoNotFound] })
    expect(await teamState(org.id)).toEqual(before)
  })

  test("a role of another organization, sent with one's own organization id, is not found and stays as it was", async () => {
    const victim = await adminWithOrg()
    const foreign = await addCargo(victim.org.id, 'Diretoria', ['cobranca'])
    const { admin, org } = await adminWithOrg()
    const before = await teamState(victim.org.id)
    const res = await t.post(
      '/api/myteam/editcargo',
      { organizacao_id: org.id, cargo_id: foreign.id, nome: 'Hackeado', permissoes: [] },
      { token: admin.token },
    )
    expectValidation(res, { cargo_id: [tm.cargoNotFound] })
    expect(await teamState(victim.org.id)).toEqual(before)
  })

  test('without equipe: 403; a manager cannot reshape a role holding permissions they lack', async () => {
    const { org } = await adminWithOrg()
    const finance = await addCargo(org.id, 'Financeiro', ['cobranca'])
    const plain = await addMember(org.id)
    const { manager } = await addManager(org.id)
    const before = await teamState(org.id)
    const body = { organizacao_id: org.id, cargo_id: finance.id, nome: 'Financeiro', permissoes: [] }
    const a = await t.post('/api/myteam/editcargo', body, { token: plain.token })
    expect(a.status).toBe(403)
    const b = await t.post('/api/myteam/editcargo', body, { token: manager.token })
    expect(b.status).toBe(403)
    expect(b.body).toEqual({ message: expect.stringMatching(/^Você não pode conceder permissões que você mesmo não tem: "/) })
    expect(await teamState(org.id)).toEqual(before)
  })
})

describe('DELETE api/myteam/{orgId}/{cargoId}/excluircargo', () => {
  test('deletes the role; its members stay in the team without a role; audit written', async () => {
    const { admin, org } = await adminWithOrg()
    const cargo = await addCargo(org.id, 'Vendas', ['clientes'])
    const keep = await addCargo(org.id, 'Compras', ['pedidos_ver'])
    const a = await addMember(org.id, { cargoId: cargo.id })
    const b = await addMember(org.id, { cargoId: cargo.id })
    const c = await addMember(org.id, { cargoId: keep.id })
    const { invite } = await insertInvite(org.id, uniqueEmail(), { cargoId: cargo.id })
    const res = await t.del(`/api/myteam/${org.id}/${cargo.id}/excluircargo`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: tm.cargoDeleted(2), membros_afetados: 2 })
    expect(await t.db.select().from(cargos).where(eq(cargos.id, cargo.id))).toEqual([])
    expect(await t.db.select().from(cargoPermissions).where(eq(cargoPermissions.cargoId, cargo.id))).toEqual([])
    for (const m of [a, b]) expect(await membershipOf(org.id, m.id)).toMatchObject({ active: true, cargoId: null })
    expect(await membershipOf(org.id, c.id)).toMatchObject({ active: true, cargoId: keep.id })
    expect((await inviteRow(invite.id)).cargoId).toBeNull()
    const [log] = await auditOf(org.id, 'cargo.excluido')
    expect(log).toMatchObject({ userId: admin.id, detalhes: { cargo_id: cargo.id, nome: 'Vendas', permissoes: ['clientes'], membros_afetados: 2 } })
  })

  test('a role nobody holds', async () => {
    const { admin, org } = await adminWithOrg()
    const cargo = await addCargo(org.id, 'Vazio')
    const res = await t.del(`/api/myteam/${org.id}/${cargo.id}/excluircargo`, { token: admin.token })
    expect(res.body).toEqual({ message: 'Cargo excluído.', membros_afetados: 0 })
  })

  test("another organization's role through one's own organization: 404 and it stays", async () => {
    const victim = await adminWithOrg()
    const foreign = await addCargo(victim.org.id, 'Diretoria', ['cobranca'])
    const { admin, org } = await adminWithOrg()
    const before = await teamState(victim.org.id)
    const res = await t.del(`/api/myteam/${org.id}/${foreign.id}/excluircargo`, { token: admin.token })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Cargo não encontrado nesta organização.' })
    expect(await teamState(victim.org.id)).toEqual(before)
  })

  test('bad ids: 422', async () => {
    const { admin, org } = await adminWithOrg()
    expectValidation(await t.del(`/api/myteam/x/1/excluircargo`, { token: admin.token }), { orgId: [tm.orgInvalid] })
    expectValidation(await t.del(`/api/myteam/${org.id}/0/excluircargo`, { token: admin.token }), { cargoId: [tm.cargoInvalid] })
  })

  test('without equipe: 403; a manager cannot delete a role holding permissions they lack', async () => {
    const { org } = await adminWithOrg()
    const finance = await addCargo(org.id, 'Financeiro', ['cobranca'])
    const plain = await addMember(org.id)
    const { manager } = await addManager(org.id)
    const before = await teamState(org.id)
    expect((await t.del(`/api/myteam/${org.id}/${finance.id}/excluircargo`, { token: plain.token })).status).toBe(403)
    const res = await t.del(`/api/myteam/${org.id}/${finance.id}/excluircargo`, { token: manager.token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: tm.cannotDeleteCargo('"Gerenciar plano e cobrança"') })
    expect(await teamState(org.id)).toEqual(before)
  })
})

// ---------------------------------------------------------------------------
// Permissions

describe('GET api/myteam/getPermissoes/{id}', () => {
  test('the catalogue of app/domain/team/permissions.ts, for any member', async () => {
    const { org } = await adminWithOrg()
    const plain = await addMember(org.id)
    const res = await t.get(`/api/myteam/getPermissoes/${org.id}`, { token: plain.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ permissoes: PERMISSIONS.map((p) => ({ ...p })) })
  })

  test('bad id: 422', async () => {
    const u = await newUser(t)
    expectValidation(await t.get('/api/myteam/getPermissoes/abc', { token: u.token }), { id: [tm.orgInvalid] })
  })
})

describe('GET api/myteam/{id}/getcargospermissoes/', () => {
  test('every role against every permission, with and without the trailing slash', async () => {
    const { admin, org } = await adminWithOrg()
    const vendas = await addCargo(org.id, 'Vendas', ['clientes', 'pedidos_ver'])
    await addMember(org.id, { cargoId: vendas.id })
    const expected = {
      permissoes: PERMISSIONS.map((p) => ({ ...p })),
      cargos: [
        {
          id: vendas.id,
          nome: 'Vendas',
          membros: 1,
          permissoes: Object.fromEntries(PERMISSION_IDS.map((id) => [id, id === 'clientes' || id === 'pedidos_ver'])),
        },
      ],
    }
    for (const url of [`/api/myteam/${org.id}/getcargospermissoes/`, `/api/myteam/${org.id}/getcargospermissoes`]) {
      const res = await t.get(url, { token: admin.token })
      expect(res.status, url).toBe(200)
      expect(res.body).toEqual(expected)
    }
  })
})

// ---------------------------------------------------------------------------
// Invites

describe('POST api/myteam/invite', () => {
  test('stores only the hash of a 32-byte token, valid 7 days, mails both links, writes the audit', async () => {
    const { admin, org } = await adminWithOrg({ nome: 'Distribuidora Convite' })
    const cargo = await addCargo(org.id, 'Vendas', ['clientes'])
    const email = uniqueEmail('convidado')
    const started = Date.now()
    const res = await t.post('/api/myteam/invite', { organizacao_id: org.id, email: `  ${email.toUpperCase()} `, cargo_id: cargo.id, is_admin: false }, { token: admin.token })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toEqual({
      message: tm.inviteSent(email),
      convite: { id: expect.any(Number), email, cargo_id: cargo.id, is_admin: false, expires_at: expect.any(String), created_at: expect.any(String) },
    })
    const row = await inviteRow(res.body.convite.id)
    expect(row).toMatchObject({ organizationId: org.id, email, cargoId: cargo.id, isAdmin: false, invitedBy: admin.id, acceptedAt: null, declinedAt: null })
    expect(row.expiresAt.getTime() - started).toBeGreaterThanOrEqual(7 * DAY - 1000)
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(7 * DAY)

    const link = await inviteLinkFor(email)
    expect(link.orgId).toBe(org.id)
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32)
    expect(row.tokenHash).toBe(sha256(link.token))
    expect(JSON.stringify(await teamState(org.id))).not.toContain(link.token)
    expect(link.mail).toContain('Distribuidora Convite')
    expect(link.mail).toContain('Dona Admin')

    const [log] = await auditOf(org.id, 'membro.convidado')
    expect(log).toMatchObject({ userId: admin.id, detalhes: { convite_id: row.id, email, cargo_id: cargo.id, is_admin: false } })
  })

  test('without role nor admin flag (both optional)', async () => {
    const { admin, org } = await adminWithOrg()
    const res = await t.post('/api/myteam/invite', { organizacao_id: org.id, email: uniqueEmail() }, { token: admin.token })
    expect(res.status).toBe(201)
    expect(res.body.convite).toMatchObject({ cargo_id: null, is_admin: false })
  })

  test('inviting the same address again replaces the pending invite: the old link no longer works', async () => {
    const { admin, org } = await adminWithOrg({ plano: 'B' })
    const email = uniqueEmail()
    expect((await t.post('/api/myteam/invite', { organizacao_id: org.id, email }, { token: admin.token })).status).toBe(201)
    const first = await inviteLinkFor(email)
    await addMember(org.id) // 2 members + 1 pending = 3 seats: a re-invite of the same person still fits
    expect((await t.post('/api/myteam/invite', { organizacao_id: org.id, email, is_admin: true }, { token: admin.token })).status).toBe(201)
    const second = await inviteLinkFor(email)
    expect(second.token).not.toBe(first.token)
    const person = await userWithEmail(email)
    const old = await accept(org.id, first.token, person)
    expect(old.status).toBe(410)
    expect(old.body).toEqual({ message: tm.inviteExpired })
    expect((await accept(org.id, second.token, person)).status).toBe(200)
    expect(await membershipOf(org.id, person.id)).toMatchObject({ active: true, isAdmin: true })
  })

  describe('bad input: 422, no invite, no mail', () => {
    const cases: [string, (orgId: number, foreignCargo: number) => unknown, Record<string, string[]>][] = [
      ['an empty body', () => ({}), { organizacao_id: [tm.orgRequired], email: ['O Email é obrigatório.'] }],
      ['an invalid e-mail', (id) => ({ organizacao_id: id, email: 'fulano@' }), { email: ['Email inválido.'] }],
      ['a role id as words', (id) => ({ organizacao_id: id, email: 'a@b.com.br', cargo_id: 'vendas' }), { cargo_id: [tm.cargoInvalid] }],
      ['an admin flag as words', (id) => ({ organizacao_id: id, email: 'a@b.com.br', is_admin: 'sim' }), { is_admin: [tm.isAdminInvalid] }],
      ["another organization's role", (id, foreign) => ({ organizacao_id: id, email: 'a@b.com.br', cargo_id: foreign }), { cargo_id: [tm.cargoNotFound] }],
    ]
    test.each(cases)('%s', async (_, body, errors) => {
      const other = await adminWithOrg()
      const foreign = await addCargo(other.org.id, 'Alheio')
      const { admin, org } = await adminWithOrg()
      const before = await teamState(org.id)
      const mails = (await t.mails()).length
      const res = await t.post('/api/myteam/invite', body(org.id, foreign.id), { token: admin.token })
      expectValidation(res, errors)
      expectPortuguese(res)
      expect(await teamState(org.id)).toEqual(before)
      expect((await t.mails()).length).toBe(mails)
    })
  })

  test('someone who is already an active member (any case of the address) is refused', async () => {
    const { admin, org } = await adminWithOrg()
    const member = await addMember(org.id)
    const before = await teamState(org.id)
    for (const email of [member.email, member.email.toUpperCase(), admin.email]) {
      expectValidation(await t.post('/api/myteam/invite', { organizacao_id: org.id, email }, { token: admin.token }), { email: [tm.alreadyMember] })
    }
    expect(await teamState(org.id)).toEqual(before)
  })

  test('a removed member can be invited back', async () => {
    const { admin, org } = await adminWithOrg()
    const gone = await addMember(org.id, { active: false })
    expect((await t.post('/api/myteam/invite', { organizacao_id: org.id, email: gone.email }, { token: admin.token })).status).toBe(201)
  })

  describe(`Básico plan: at most ${PLANS.B.limites.usuarios} users`, () => {
    test('members plus pending invites count; the 4th user is refused with the plan message', async () => {
      const { admin, org } = await adminWithOrg({ plano: 'B' })
      expect((await t.post('/api/myteam/invite', { organizacao_id: org.id, email: uniqueEmail() }, { token: admin.token })).status).toBe(201)
      expect((await t.post('/api/myteam/invite', { organizacao_id: org.id, email: uniqueEmail() }, { token: admin.token })).status).toBe(201)
      const before = await teamState(org.id)
      const mails = (await t.mails()).length
      const res = await t.post('/api/myteam/invite', { organizacao_id: org.id, email: uniqueEmail() }, { token: admin.token })
      expectValidation(res, { plano: ['O plano Básico permite até 3 usuários. Faça upgrade para convidar mais pessoas.'] })
      expect(await teamState(org.id)).toEqual(before)
      expect((await t.mails()).length).toBe(mails)
    })

    test('two invites sent at the same time for the last seat: only one is kept', async () => {
      const { admin, org } = await adminWithOrg({ plano: 'B' })
      await addMember(org.id)
      const results = await Promise.all(
        [uniqueEmail(), uniqueEmail(), uniqueEmail()].map((email) => t.post('/api/myteam/invite', { organizacao_id: org.id, email }, { token: admin.token })),
      )
      expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422])
      expect((await teamState(org.id)).invites).toHaveLength(1)
    })

    test('with 3 active members nobody can be invited', async () => {
      const { admin, org } = await adminWithOrg({ plano: 'B' })
      await addMember(org.id)
      await addMember(org.id)
      const res = await t.post('/api/myteam/invite', { organizacao_id: org.id, email: uniqueEmail() }, { token: admin.token })
      expectValidation(res, { plano: [tm.usersLimit('Básico', 3)] })
    })

    test('declined, expired and accepted invites, and removed members, free their seat', async () => {
      const { admin, org } = await adminWithOrg({ plano: 'B' })
      await addMember(org.id, { active: false })
      await addMember(org.id, { active: false })
      await insertInvite(org.id, uniqueEmail(), { declinedAt: new Date() })
      await insertInvite(org.id, uniqueEmail(), { expiresAt: new Date(Date.now() - 1000) })
      await insertInvite(org.id, uniqueEmail(), { acceptedAt: new Date() })
      await insertInvite(org.id, uniqueEmail())
      expect((await t.post('/api/myteam/invite', { organizacao_id: org.id, email: uniqueEmail() }, { token: admin.token })).status).toBe(201)
      expectValidation(await t.post('/api/myteam/invite', { organizacao_id: org.id, email: uniqueEmail() }, { token: admin.token }), {
        plano: [tm.usersLimit('Básico', 3)],
      })
    })

    test.each([['P'], ['U'], ['M']] as const)('plan %s has no such limit', async (plano) => {
      const { admin, org } = await adminWithOrg({ plano })
      await addMember(org.id)
      await addMember(org.id)
      await insertInvite(org.id, uniqueEmail())
      expect((await t.post('/api/myteam/invite', { organizacao_id: org.id, email: uniqueEmail() }, { token: admin.token })).status).toBe(201)
    })
  })

  test('only an admin invites an admin; a manager invites with roles within their own permissions', async () => {
    const { org } = await adminWithOrg()
    const { manager } = await addManager(org.id, ['clientes'])
    const sales = await addCargo(org.id, 'Vendas', ['clientes'])
    const finance = await addCargo(org.id, 'Financeiro', ['cobranca'])
    const before = await teamState(org.id)
    const asAdmin = await t.post('/api/myteam/invite', { organizacao_id: org.id, email: uniqueEmail(), is_admin: true }, { token: manager.token })
    expect(asAdmin.status).toBe(403)
    expect(asAdmin.body).toEqual({ message: tm.onlyAdminsGrantAdmin })
    const richer = await t.post('/api/myteam/invite', { organizacao_id: org.id, email: uniqueEmail(), cargo_id: finance.id }, { token: manager.token })
    expect(richer.status).toBe(403)
    expect(await teamState(org.id)).toEqual(before)
    const ok = await t.post('/api/myteam/invite', { organizacao_id: org.id, email: uniqueEmail(), cargo_id: sales.id }, { token: manager.token })
    expect(ok.status).toBe(201)
  })

  test('a member without equipe cannot invite', async () => {
    const { org } = await adminWithOrg()
    const plain = await addMember(org.id)
    const before = await teamState(org.id)
    const res = await t.post('/api/myteam/invite', { organizacao_id: org.id, email: uniqueEmail() }, { token: plain.token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: NOT_PERMITTED })
    expect(await teamState(org.id)).toEqual(before)
  })
})

describe('GET api/myteam/{orgId}/{token}/invite/aceiteinvite', () => {
  test('a person without an account signs up with the invited e-mail, logs in and accepts: member with the role and admin flag of the invite', async () => {
    const { admin, org } = await adminWithOrg({ nome: 'Farmácia do Time' })
    const cargo = await addCargo(org.id, 'Vendas', ['clientes'])
    const email = uniqueEmail('novo')
    expect((await t.post('/api/myteam/invite', { organizacao_id: org.id, email, cargo_id: cargo.id, is_admin: true }, { token: admin.token })).status).toBe(201)
    const { orgId, token } = await inviteLinkFor(email)
    const person = await userWithEmail(email, 'Nova Pessoa')
    const res = await accept(orgId, token, person)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({
      message: tm.inviteAccepted('Farmácia do Time'),
      organizacao_id: org.id,
      organizacao: { nome: 'Farmácia do Time', tipo: 'f' },
    })
    expect(await membershipOf(org.id, person.id)).toMatchObject({ active: true, cargoId: cargo.id, isAdmin: true, level: 1 })
    const [invite] = await t.db.select().from(teamInvites).where(eq(teamInvites.organizationId, org.id))
    expect(invite.acceptedAt).toBeInstanceOf(Date)
    const [log] = await auditOf(org.id, 'convite.aceito')
    expect(log).toMatchObject({ userId: person.id, detalhes: { convite_id: invite.id, email, cargo_id: cargo.id, is_admin: true, ja_era_membro: false } })
    // The new member now reads the team.
    expect((await t.get(`/api/myteam/${org.id}/getusers`, { token: person.token })).status).toBe(200)
  })

  test('works once', async () => {
    const { org } = await adminWithOrg()
    const person = await newUser(t)
    const { token } = await insertInvite(org.id, person.email)
    expect((await accept(org.id, token, person)).status).toBe(200)
    const before = await teamState(org.id)
    const again = await accept(org.id, token, person)
    expect(again.status).toBe(410)
    expect(again.body).toEqual({ message: tm.inviteUsed })
    expect(await teamState(org.id)).toEqual(before)
  })

  test('a removed member comes back through an invite, with the new role', async () => {
    const { org } = await adminWithOrg()
    const old = await addCargo(org.id, 'Antigo')
    const fresh = await addCargo(org.id, 'Novo')
    const person = await addMember(org.id, { cargoId: old.id, active: false })
    const { token } = await insertInvite(org.id, person.email, { cargoId: fresh.id })
    expect((await accept(org.id, token, person)).status).toBe(200)
    expect(await membershipOf(org.id, person.id)).toMatchObject({ active: true, cargoId: fresh.id, isAdmin: false })
    expect(await t.db.select().from(memberships).where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, person.id)))).toHaveLength(1)
  })

  test('someone already in the team: the invite is used up and the membership kept as it is', async () => {
    const { org } = await adminWithOrg()
    const cargo = await addCargo(org.id, 'Vendas')
    const person = await addMember(org.id, { cargoId: cargo.id })
    const { token, invite } = await insertInvite(org.id, person.email, { isAdmin: true })
    const res = await accept(org.id, token, person)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(tm.inviteAlreadyMember('Empresa da Equipe'))
    expect(await membershipOf(org.id, person.id)).toMatchObject({ active: true, cargoId: cargo.id, isAdmin: false })
    expect((await inviteRow(invite.id)).acceptedAt).toBeInstanceOf(Date)
  })

  test('another logged-in user gets 403 and nothing changes', async () => {
    const { org } = await adminWithOrg()
    const invited = uniqueEmail()
    const { token } = await insertInvite(org.id, invited)
    const intruder = await newUser(t)
    const before = await teamState(org.id)
    const res = await accept(org.id, token, intruder)
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: tm.inviteWrongUser })
    expect(await teamState(org.id)).toEqual(before)
  })

  test('an expired invite: a clear message and nothing changes', async () => {
    const { org } = await adminWithOrg()
    const person = await newUser(t)
    const { token } = await insertInvite(org.id, person.email, { expiresAt: new Date(Date.now() - 1000) })
    const before = await teamState(org.id)
    const res = await accept(org.id, token, person)
    expect(res.status).toBe(410)
    expect(res.body).toEqual({ message: 'Este convite expirou. Peça um novo convite a quem o enviou.' })
    expect(await teamState(org.id)).toEqual(before)
  })

  test('a declined invite cannot be accepted afterwards', async () => {
    const { org } = await adminWithOrg()
    const person = await newUser(t)
    const { token } = await insertInvite(org.id, person.email)
    expect((await decline(org.id, token)).status).toBe(200)
    const res = await accept(org.id, token, person)
    expect(res.status).toBe(410)
    expect(res.body).toEqual({ message: tm.inviteDeclined })
    expect(await membershipOf(org.id, person.id)).toBeUndefined()
  })

  test('an unknown token, or a real token with another organization id: 404 and nothing changes', async () => {
    const { org } = await adminWithOrg()
    const other = await adminWithOrg()
    const person = await newUser(t)
    const { token, invite } = await insertInvite(org.id, person.email)
    const before = await teamState(org.id)
    for (const res of [await accept(org.id, randomToken(32), person), await accept(other.org.id, token, person)]) {
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: tm.inviteInvalid })
    }
    expect(await teamState(org.id)).toEqual(before)
    expect(await membershipOf(other.org.id, person.id)).toBeUndefined()
    expect((await inviteRow(invite.id)).acceptedAt).toBeNull()
  })

  test('bad organization id or an absurd token: 422', async () => {
    const person = await newUser(t)
    expectValidation(await accept(0, 'abc', person), { orgId: [tm.orgInvalid] })
    expectValidation(await t.get(`/api/myteam/1/${'a'.repeat(201)}/invite/aceiteinvite`, { token: person.token }), { token: [tm.inviteInvalid] })
  })

  test('Básico plan re-checked at acceptance: a full team refuses, the invite stays pending for after an upgrade', async () => {
    const { admin, org } = await adminWithOrg({ plano: 'P' })
    await addMember(org.id)
    const email = uniqueEmail()
    expect((await t.post('/api/myteam/invite', { organizacao_id: org.id, email }, { token: admin.token })).status).toBe(201)
    const { token } = await inviteLinkFor(email)
    // The team fills up and the organization goes back to Básico before the person accepts.
    await addMember(org.id)
    await t.db.update(organizations).set({ plano: 'B' }).where(eq(organizations.id, org.id))
    const person = await userWithEmail(email)
    const before = await teamState(org.id)
    const res = await accept(org.id, token, person)
    expectValidation(res, { plano: [tm.usersLimitAccept('Básico', 3)] })
    expect(await teamState(org.id)).toEqual(before)
    await t.db.update(organizations).set({ plano: 'P' }).where(eq(organizations.id, org.id))
    expect((await accept(org.id, token, person)).status).toBe(200)
  })

  test('on Básico, seats go to whoever accepts first (other pending invites do not block)', async () => {
    const { org } = await adminWithOrg({ plano: 'B' })
    const p1 = await newUser(t)
    const p2 = await newUser(t)
    const i1 = await insertInvite(org.id, p1.email)
    await insertInvite(org.id, p2.email)
    expect((await accept(org.id, i1.token, p1)).status).toBe(200)
  })
})

describe('GET api/myteam/{orgId}/{token}/invite/negainvite', () => {
  test('declines without logging in; audit written; a second use is refused', async () => {
    const { org } = await adminWithOrg()
    const email = uniqueEmail()
    const { token, invite } = await insertInvite(org.id, email)
    const res = await decline(org.id, token)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: tm.inviteRefused })
    expect((await inviteRow(invite.id)).declinedAt).toBeInstanceOf(Date)
    const [log] = await auditOf(org.id, 'convite.recusado')
    expect(log).toMatchObject({ userId: null, detalhes: { convite_id: invite.id, email } })
    const again = await decline(org.id, token)
    expect(again.status).toBe(410)
    expect(again.body).toEqual({ message: tm.inviteDeclined })
  })

  test('an accepted or expired invite cannot be declined', async () => {
    const { org } = await adminWithOrg()
    const used = await insertInvite(org.id, uniqueEmail(), { acceptedAt: new Date() })
    const expired = await insertInvite(org.id, uniqueEmail(), { expiresAt: new Date(Date.now() - 1000) })
    const before = await teamState(org.id)
    expect((await decline(org.id, used.token)).body).toEqual({ message: tm.inviteUsed })
    expect((await decline(org.id, expired.token)).body).toEqual({ message: tm.inviteExpired })
    expect(await teamState(org.id)).toEqual(before)
  })

  test('a token with another organization id, or an unknown token: 404 and nothing changes', async () => {
    const { org } = await adminWithOrg()
    const other = await adminWithOrg()
    const { token } = await insertInvite(org.id, uniqueEmail())
    const before = await teamState(org.id)
    expect((await decline(other.org.id, token)).status).toBe(404)
    expect((await decline(org.id, 'nao-existe')).status).toBe(404)
    expect(await teamState(org.id)).toEqual(before)
    expect(await auditOf(other.org.id)).toEqual([])
  })
})

// ---------------------------------------------------------------------------
// Members

describe('GET api/myteam/{id}/getusers', () => {
  test('members (active first, by name) with role, admin flag, level, and pending invites', async () => {
    const { admin, org } = await adminWithOrg()
    const cargo = await addCargo(org.id, 'Vendas')
    const bia = await addMember(org.id, { name: 'Bia', cargoId: cargo.id })
    const zeca = await addMember(org.id, { name: 'Zeca', active: false })
    const pending = await insertInvite(org.id, uniqueEmail('pendente'), { cargoId: cargo.id })
    await insertInvite(org.id, uniqueEmail('expirado'), { expiresAt: new Date(Date.now() - 1000) })
    await insertInvite(org.id, uniqueEmail('recusado'), { declinedAt: new Date() })
    const res = await t.get(`/api/myteam/${org.id}/getusers`, { token: bia.token })
    expect(res.status).toBe(200)
    expect(res.body.usuarios).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, total: 3, from: 1, to: 3 })
    expect(res.body.usuarios.data).toEqual([
      { user_id: bia.id, nome: 'Bia', email: bia.email, avatar: null, cargo_id: cargo.id, cargo: 'Vendas', is_admin: false, level: 1, active: true, created_at: expect.any(String) },
      { user_id: admin.id, nome: 'Dona Admin', email: admin.email, avatar: null, cargo_id: null, cargo: null, is_admin: true, level: 1, active: true, created_at: expect.any(String) },
      { user_id: zeca.id, nome: 'Zeca', email: zeca.email, avatar: null, cargo_id: null, cargo: null, is_admin: false, level: 1, active: false, created_at: expect.any(String) },
    ])
    expect(res.body.convites).toEqual([
      { id: pending.invite.id, email: pending.invite.email, cargo_id: cargo.id, is_admin: false, expires_at: expect.any(String), created_at: expect.any(String) },
    ])
  })

  test('pages and search (name or e-mail, % taken literally)', async () => {
    const { admin, org } = await adminWithOrg()
    for (const name of ['Ana', 'Bruno', 'Carla', 'Diego']) await addMember(org.id, { name })
    const page2 = await t.get(`/api/myteam/${org.id}/getusers?page=2&per_page=2`, { token: admin.token })
    expect(page2.body.usuarios).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5, from: 3, to: 4 })
    expect(page2.body.usuarios.data.map((u: any) => u.nome)).toEqual(['Carla', 'Diego'])
    const found = await t.get(`/api/myteam/${org.id}/getusers?search=${encodeURIComponent(' brU ')}`, { token: admin.token })
    expect(found.body.usuarios.data.map((u: any) => u.nome)).toEqual(['Bruno'])
    const byMail = await t.get(`/api/myteam/${org.id}/getusers?search=${encodeURIComponent(admin.email)}`, { token: admin.token })
    expect(byMail.body.usuarios.data.map((u: any) => u.user_id)).toEqual([admin.id])
    const percent = await t.get(`/api/myteam/${org.id}/getusers?search=%25`, { token: admin.token })
    expect(percent.body.usuarios.total).toBe(0)
  })

  test('a page past the end keeps the total; a search that finds no one is an empty page, not a refusal', async () => {
    const { admin, org } = await adminWithOrg()
    await addMember(org.id, { name: 'Bia' })
    const past = await t.get(`/api/myteam/${org.id}/getusers?page=5&per_page=1`, { token: admin.token })
    expect(past.status).toBe(200)
    expect(past.body.usuarios).toMatchObject({ current_page: 5, last_page: 2, total: 2, data: [], from: null, to: null })
    const none = await t.get(`/api/myteam/${org.id}/getusers?search=ninguem`, { token: admin.token })
    expect(none.status).toBe(200)
    expect(none.body.usuarios).toMatchObject({ total: 0, data: [] })
  })

  test('members to list do not open them to a removed member or to another company’s admin', async () => {
    const { org } = await adminWithOrg()
    const gone = await addMember(org.id, { active: false })
    const other = await adminWithOrg()
    for (const token of [gone.token, other.admin.token]) {
      const res = await t.get(`/api/myteam/${org.id}/getusers`, { token })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: NOT_A_MEMBER })
    }
  })

  test('bad page or page size: 422', async () => {
    const { admin, org } = await adminWithOrg()
    expectValidation(await t.get(`/api/myteam/${org.id}/getusers?page=0`, { token: admin.token }), { page: [tm.pageInvalid] })
    expectValidation(await t.get(`/api/myteam/${org.id}/getusers?page=abc`, { token: admin.token }), { page: [tm.pageInvalid] })
    expectValidation(await t.get(`/api/myteam/${org.id}/getusers?per_page=101`, { token: admin.token }), { per_page: [tm.perPageInvalid] })
    expectValidation(await t.get(`/api/myteam/${org.id}/getusers?search=${'x'.repeat(256)}`, { token: admin.token }), { search: [tm.searchTooLong] })
  })
})

describe('POST api/myteam/updateUser', () => {
  test('changes role and level; the audit keeps before and after', async () => {
    const { admin, org } = await adminWithOrg()
    const cargo = await addCargo(org.id, 'Vendas')
    const member = await addMember(org.id, { name: 'Edu' })
    const res = await t.post('/api/myteam/updateUser', { organizacao_id: org.id, user_id: member.id, cargo_id: cargo.id, level: '3' }, { token: admin.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({
      message: tm.memberUpdated,
      usuario: { user_id: member.id, nome: 'Edu', email: member.email, avatar: null, cargo_id: cargo.id, cargo: 'Vendas', is_admin: false, level: 3, active: true, created_at: expect.any(String) },
    })
    expect(await membershipOf(org.id, member.id)).toMatchObject({ cargoId: cargo.id, level: 3, isAdmin: false })
    const [log] = await auditOf(org.id, 'membro.alterado')
    expect(log).toMatchObject({
      userId: admin.id,
      detalhes: { user_id: member.id, antes: { cargo_id: null, is_admin: false, level: 1 }, depois: { cargo_id: cargo.id, is_admin: false, level: 3 } },
    })
  })

  test('null takes the role away; absent fields stay as they were', async () => {
    const { admin, org } = await adminWithOrg()
    const cargo = await addCargo(org.id, 'Vendas')
    const member = await addMember(org.id, { cargoId: cargo.id })
    expect((await t.post('/api/myteam/updateUser', { organizacao_id: org.id, user_id: member.id, level: 5 }, { token: admin.token })).status).toBe(200)
    expect(await membershipOf(org.id, member.id)).toMatchObject({ cargoId: cargo.id, level: 5 })
    expect((await t.post('/api/myteam/updateUser', { organizacao_id: org.id, user_id: member.id, cargo_id: null }, { token: admin.token })).status).toBe(200)
    expect(await membershipOf(org.id, member.id)).toMatchObject({ cargoId: null, level: 5 })
  })

  test('an admin promotes and demotes; the last admin cannot be demoted, not even by themself', async () => {
    const { admin, org } = await adminWithOrg()
    const member = await addMember(org.id)
    const before = await teamState(org.id)
    const self = await t.post('/api/myteam/updateUser', { organizacao_id: org.id, user_id: admin.id, is_admin: false }, { token: admin.token })
    expectValidation(self, { is_admin: [tm.lastAdminDemote] })
    expect(await teamState(org.id)).toEqual(before)

    expect((await t.post('/api/myteam/updateUser', { organizacao_id: org.id, user_id: member.id, is_admin: true }, { token: admin.token })).status).toBe(200)
    expect((await t.post('/api/myteam/updateUser', { organizacao_id: org.id, user_id: admin.id, is_admin: 0 }, { token: admin.token })).status).toBe(200)
    expect(await membershipOf(org.id, admin.id)).toMatchObject({ isAdmin: false, active: true })
    // The former admin lost the right to manage the team; the new one is now the last admin.
    expect((await t.post('/api/myteam/updateUser', { organizacao_id: org.id, user_id: member.id, is_admin: false }, { token: admin.token })).status).toBe(403)
    expectValidation(await t.post('/api/myteam/updateUser', { organizacao_id: org.id, user_id: member.id, is_admin: false }, { token: member.token }), {
      is_admin: [tm.lastAdminDemote],
    })
  })

  test('two admins demoting each other at the same time: one succeeds, one admin is left', async () => {
    const { admin, org } = await adminWithOrg()
    const second = await addMember(org.id, { isAdmin: true })
    const results = await Promise.all([
      t.post('/api/myteam/updateUser', { organizacao_id: org.id, user_id: second.id, is_admin: false }, { token: admin.token }),
      t.post('/api/myteam/updateUser', { organizacao_id: org.id, user_id: admin.id, is_admin: false }, { token: second.token }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 403])
    const admins = (await teamState(org.id)).members.filter((m) => m.active && m.isAdmin)
    expect(admins).toHaveLength(1)
  })

  test('an inactive admin does not count as the other admin', async () => {
    const { admin, org } = await adminWithOrg()
    await addMember(org.id, { isAdmin: true, active: false })
    expectValidation(await t.post('/api/myteam/updateUser', { organizacao_id: org.id, user_id: admin.id, is_admin: false }, { token: admin.token }), {
      is_admin: [tm.lastAdminDemote],
    })
  })

  describe('bad input: 422 and nothing changes', () => {
    const cases: [string, (ids: { org: number; member: number; foreignCargo: number; outsider: number; inactive: number }) => unknown, Record<string, string[]>][] = [
      ['an empty body', () => ({}), { organizacao_id: [tm.orgRequired], user_id: [tm.userRequired] }],
      ['nothing to change', (i) => ({ organizacao_id: i.org, user_id: i.member }), { body: [tm.nothingToChange] }],
      ['level 0', (i) => ({ organizacao_id: i.org, user_id: i.member, level: 0 }), { level: [tm.levelInvalid] }],
      ['level 11', (i) => ({ organizacao_id: i.org, user_id: i.member, level: 11 }), { level: [tm.levelInvalid] }],
      ['level as words', (i) => ({ organizacao_id: i.org, user_id: i.member, level: 'alto' }), { level: [tm.levelInvalid] }],
      ['admin flag as words', (i) => ({ organizacao_id: i.org, user_id: i.member, is_admin: 'talvez' }), { is_admin: [tm.isAdminInvalid] }],
      ['a user id as words', (i) => ({ organizacao_id: i.org, user_id: 'eu', level: 2 }), { user_id: [tm.userInvalid] }],
      ["another organization's role", (i) => ({ organizacao_id: i.org, user_id: i.member, cargo_id: i.foreignCargo }), { cargo_id: [tm.cargoNotFound] }],
      ['a user of another organization', (i) => ({ organizacao_id: i.org, user_id: i.outsider, level: 2 }), { user_id: [tm.notAMember] }],
      ['a removed member', (i) => ({ organizacao_id: i.org, user_id: i.inactive, level: 2 }), { user_id: [tm.notAMember] }],
    ]
    test.each(cases)('%s', async (_, body, errors) => {
      const other = await adminWithOrg()
      const foreignCargo = await addCargo(other.org.id, 'Alheio')
      const { admin, org } = await adminWithOrg()
      const member = await addMember(org.id)
      const inactive = await addMember(org.id, { active: false })
      const before = await teamState(org.id)
      const otherBefore = await teamState(other.org.id)
      const res = await t.post(
        '/api/myteam/updateUser',
        body({ org: org.id, member: member.id, foreignCargo: foreignCargo.id, outsider: other.admin.id, inactive: inactive.id }),
        { token: admin.token },
      )
      expectValidation(res, errors)
      expectPortuguese(res)
      expect(await teamState(org.id)).toEqual(before)
      expect(await teamState(other.org.id)).toEqual(otherBefore)
    })
  })

  test('a manager cannot touch an admin, grant admin, or hand out a richer role', async () => {
    const { admin, org } = await adminWithOrg()
    const { manager } = await addManager(org.id, ['clientes'])
    const member = await addMember(org.id)
    const finance = await addCargo(org.id, 'Financeiro', ['cobranca'])
    const sales = await addCargo(org.id, 'Vendas', ['clientes'])
    const before = await teamState(org.id)
    const send = (body: object) => t.post('/api/myteam/updateUser', { organizacao_id: org.id, ...body }, { token: manager.token })
    expect((await send({ user_id: admin.id, level: 2 })).body).toEqual({ message: tm.onlyAdminsTouchAdmins })
    expect((await send({ user_id: member.id, is_admin: true })).body).toEqual({ message: tm.onlyAdminsGrantAdmin })
    expect((await send({ user_id: manager.id, is_admin: true })).body).toEqual({ message: tm.onlyAdminsGrantAdmin })
    expect((await send({ user_id: member.id, cargo_id: finance.id })).body).toEqual({ message: expect.stringMatching(/^Você não pode conceder permissões que você mesmo não tem: "/) })
    expect((await send({ user_id: manager.id, cargo_id: finance.id })).body).toEqual({ message: expect.stringMatching(/^Você não pode conceder permissões que você mesmo não tem: "/) })
    expect(await teamState(org.id)).toEqual(before)
    expect((await send({ user_id: member.id, cargo_id: sales.id, level: 2 })).status).toBe(200)
  })

  test('a member without equipe gets 403 and nothing changes', async () => {
    const { org } = await adminWithOrg()
    const plain = await addMember(org.id)
    const before = await teamState(org.id)
    const res = await t.post('/api/myteam/updateUser', { organizacao_id: org.id, user_id: plain.id, is_admin: true }, { token: plain.token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: NOT_PERMITTED })
    expect(await teamState(org.id)).toEqual(before)
  })
})

describe('DELETE api/myteam/deleteUser/{companyId}/{userId}', () => {
  test('the member becomes inactive, loses access, and the audit names them', async () => {
    const { admin, org } = await adminWithOrg()
    const cargo = await addCargo(org.id, 'Vendas')
    const member = await addMember(org.id, { name: 'Saindo', cargoId: cargo.id })
    const res = await t.del(`/api/myteam/deleteUser/${org.id}/${member.id}`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: tm.memberRemoved })
    expect(await membershipOf(org.id, member.id)).toMatchObject({ active: false, isAdmin: false })
    expect((await t.get(`/api/myteam/${org.id}/getcargos`, { token: member.token })).status).toBe(403)
    const [log] = await auditOf(org.id, 'membro.removido')
    expect(log).toMatchObject({ userId: admin.id, detalhes: { user_id: member.id, nome: 'Saindo', email: member.email, cargo_id: cargo.id, is_admin: false } })
    // Removing twice: not a member any more.
    expect((await t.del(`/api/myteam/deleteUser/${org.id}/${member.id}`, { token: admin.token })).status).toBe(404)
  })

  test('the last admin cannot be removed (not even by themself); with two admins one can go', async () => {
    const { admin, org } = await adminWithOrg()
    const before = await teamState(org.id)
    const res = await t.del(`/api/myteam/deleteUser/${org.id}/${admin.id}`, { token: admin.token })
    expectValidation(res, { user_id: [tm.lastAdminRemove] })
    expect(await teamState(org.id)).toEqual(before)
    const second = await addMember(org.id, { isAdmin: true })
    expect((await t.del(`/api/myteam/deleteUser/${org.id}/${admin.id}`, { token: second.token })).status).toBe(200)
    expectValidation(await t.del(`/api/myteam/deleteUser/${org.id}/${second.id}`, { token: second.token }), { user_id: [tm.lastAdminRemove] })
  })

  test('a manager removes plain members but not admins; without equipe: 403', async () => {
    const { admin, org } = await adminWithOrg()
    const { manager } = await addManager(org.id)
    const plain = await addMember(org.id)
    const other = await addMember(org.id)
    const before = await teamState(org.id)
    const a = await t.del(`/api/myteam/deleteUser/${org.id}/${admin.id}`, { token: manager.token })
    expect(a.body).toEqual({ message: tm.onlyAdminsTouchAdmins })
    const b = await t.del(`/api/myteam/deleteUser/${org.id}/${other.id}`, { token: plain.token })
    expect(b.status).toBe(403)
    expect(b.body).toEqual({ message: NOT_PERMITTED })
    expect(await teamState(org.id)).toEqual(before)
    expect((await t.del(`/api/myteam/deleteUser/${org.id}/${other.id}`, { token: manager.token })).status).toBe(200)
  })

  test('bad ids: 422; a user who is not in the team: 404', async () => {
    const { admin, org } = await adminWithOrg()
    const stranger = await newUser(t)
    expectValidation(await t.del(`/api/myteam/deleteUser/abc/${admin.id}`, { token: admin.token }), { companyId: [tm.orgInvalid] })
    expectValidation(await t.del(`/api/myteam/deleteUser/${org.id}/-3`, { token: admin.token }), { userId: [tm.userInvalid] })
    const res = await t.del(`/api/myteam/deleteUser/${org.id}/${stranger.id}`, { token: admin.token })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: tm.memberNotFound })
  })
})

// ---------------------------------------------------------------------------

describe('tenant isolation: the admin of another organization gets 403/404 and nothing changes', () => {
  /** Victim organization with a role, a member and a pending invite; an attacker who is admin elsewhere. */
  async function scene() {
    const victim = await adminWithOrg({ nome: 'Vítima' })
    const cargo = await addCargo(victim.org.id, 'Vendas', ['clientes'])
    const member = await addMember(victim.org.id, { cargoId: cargo.id })
    const pending = await insertInvite(victim.org.id, uniqueEmail())
    const attacker = await adminWithOrg({ nome: 'Atacante' })
    return { victim, cargo, member, pending, attacker, before: await teamState(victim.org.id) }
  }

  const reads: [string, (orgId: number) => string][] = [
    ['getcargos', (id) => `/api/myteam/${id}/getcargos`],
    ['getPermissoes', (id) => `/api/myteam/getPermissoes/${id}`],
    ['getcargospermissoes/', (id) => `/api/myteam/${id}/getcargospermissoes/`],
    ['getcargospermissoes', (id) => `/api/myteam/${id}/getcargospermissoes`],
    ['getusers', (id) => `/api/myteam/${id}/getusers`],
  ]
  test.each(reads)('GET %s of another organization: 403, nothing of it in the answer', async (_, url) => {
    const s = await scene()
    const res = await t.get(url(s.victim.org.id), { token: s.attacker.admin.token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: NOT_A_MEMBER })
  })

  test('criarcargo in another organization', async () => {
    const s = await scene()
    const res = await t.post('/api/myteam/criarcargo', { organizacao_id: s.victim.org.id, nome: 'Intruso', permissoes: ['equipe'] }, { token: s.attacker.admin.token })
    expect(res.status).toBe(403)
    expect(await teamState(s.victim.org.id)).toEqual(s.before)
  })

  test("editcargo of another organization's role, by its organization id or by one's own", async () => {
    const s = await scene()
    const body = { cargo_id: s.cargo.id, nome: 'Intruso', permissoes: ['equipe', 'cobranca'] }
    expect((await t.post('/api/myteam/editcargo', { ...body, organizacao_id: s.victim.org.id }, { token: s.attacker.admin.token })).status).toBe(403)
    expect((await t.post('/api/myteam/editcargo', { ...body, organizacao_id: s.attacker.org.id }, { token: s.attacker.admin.token })).status).toBe(422)
    expect(await teamState(s.victim.org.id)).toEqual(s.before)
  })

  test("excluircargo of another organization's role, by its organization id or by one's own", async () => {
    const s = await scene()
    expect((await t.del(`/api/myteam/${s.victim.org.id}/${s.cargo.id}/excluircargo`, { token: s.attacker.admin.token })).status).toBe(403)
    expect((await t.del(`/api/myteam/${s.attacker.org.id}/${s.cargo.id}/excluircargo`, { token: s.attacker.admin.token })).status).toBe(404)
    expect(await teamState(s.victim.org.id)).toEqual(s.before)
  })

  test("invite into another organization, or into one's own with the other's role", async () => {
    const s = await scene()
    const mails = (await t.mails()).length
    const attackerBefore = await teamState(s.attacker.org.id)
    expect((await t.post('/api/myteam/invite', { organizacao_id: s.victim.org.id, email: uniqueEmail(), is_admin: true }, { token: s.attacker.admin.token })).status).toBe(403)
    expect((await t.post('/api/myteam/invite', { organizacao_id: s.attacker.org.id, email: uniqueEmail(), cargo_id: s.cargo.id }, { token: s.attacker.admin.token })).status).toBe(422)
    expect(await teamState(s.victim.org.id)).toEqual(s.before)
    expect(await teamState(s.attacker.org.id)).toEqual(attackerBefore)
    expect((await t.mails()).length).toBe(mails)
  })

  test("aceiteinvite and negainvite of another organization's invite through one's own organization id", async () => {
    const s = await scene()
    expect((await accept(s.attacker.org.id, s.pending.token, s.attacker.admin)).status).toBe(404)
    expect((await decline(s.attacker.org.id, s.pending.token)).status).toBe(404)
    // With the right organization id but not the invited person.
    expect((await accept(s.victim.org.id, s.pending.token, s.attacker.admin)).status).toBe(403)
    expect(await teamState(s.victim.org.id)).toEqual(s.before)
  })

  test("updateUser of another organization's member, by its organization id or by one's own", async () => {
    const s = await scene()
    const body = { user_id: s.member.id, is_admin: true, level: 9 }
    expect((await t.post('/api/myteam/updateUser', { ...body, organizacao_id: s.victim.org.id }, { token: s.attacker.admin.token })).status).toBe(403)
    expect((await t.post('/api/myteam/updateUser', { ...body, organizacao_id: s.attacker.org.id }, { token: s.attacker.admin.token })).status).toBe(422)
    // Nor can the attacker be given the victim's role in their own team.
    expect(
      (await t.post('/api/myteam/updateUser', { organizacao_id: s.attacker.org.id, user_id: s.attacker.admin.id, cargo_id: s.cargo.id }, { token: s.attacker.admin.token })).status,
    ).toBe(422)
    expect(await teamState(s.victim.org.id)).toEqual(s.before)
  })

  test("deleteUser of another organization's member (and admin), by its organization id or by one's own", async () => {
    const s = await scene()
    for (const target of [s.member.id, s.victim.admin.id]) {
      expect((await t.del(`/api/myteam/deleteUser/${s.victim.org.id}/${target}`, { token: s.attacker.admin.token })).status).toBe(403)
      expect((await t.del(`/api/myteam/deleteUser/${s.attacker.org.id}/${target}`, { token: s.attacker.admin.token })).status).toBe(404)
    }
    expect(await teamState(s.victim.org.id)).toEqual(s.before)
  })
})
