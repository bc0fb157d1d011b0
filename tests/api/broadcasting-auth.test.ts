import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PermissionId } from '../../app/domain/team/permissions.ts'
import { cargoPermissions, cargos, memberships } from '../../server/db/schema/index.ts'
import { CHANNEL_DENIED } from '../../server/api/broadcasting/auth.ts'
import { signChannel } from '../../server/realtime/signatures.ts'
import { createOrganization, createTestApi, newUser, type TestApi } from './harness.ts'

const SECRET = 'segredo-do-tempo-real'
let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
  t.config.pusherAppSecret = SECRET
})
afterAll(() => t.close())

/** A role holding `permissions`, given to the member. */
async function giveRole(orgId: number, userId: number, permissions: PermissionId[]) {
  const [cargo] = await t.db.insert(cargos).values({ organizationId: orgId, nome: `Cargo ${permissions.join(' ')}` }).returning()
  await t.db.insert(cargoPermissions).values(permissions.map((permissao) => ({ cargoId: cargo.id, permissao })))
  await t.db.update(memberships).set({ cargoId: cargo.id }).where(and(eq(memberships.userId, userId), eq(memberships.organizationId, orgId)))
}

function authorize(token: string | undefined, fields: Record<string, string>) {
  return t.raw('POST', '/api/broadcasting/auth', {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    token,
    ip: t.nextIp(),
  })
}

describe('POST api/broadcasting/auth', () => {
  test('signs the caller’s own chat channel with the app key and secret', async () => {
    const u = await newUser(t)
    const channel = `private-${u.id}_chat`
    const res = await authorize(u.token, { socket_id: '123.456', channel_name: channel })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({ auth: `${t.config.pusherAppKey}:${signChannel(SECRET, '123.456', channel)}` })
  })

  test('refuses another person’s chat channel', async () => {
    const u = await newUser(t)
    const other = await newUser(t)
    const res = await authorize(u.token, { socket_id: '1.2', channel_name: `private-${other.id}_chat` })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe(CHANNEL_DENIED)
  })

  test('the orders channel of an organization: its members yes, a member of another organization no', async () => {
    const member = await newUser(t)
    const outsider = await newUser(t)
    const org = await createOrganization(t, { nome: 'Canal de Pedidos' }, [{ userId: member.id, isAdmin: true }])
    await createOrganization(t, { nome: 'Outra' }, [{ userId: outsider.id, isAdmin: true }])
    const channel = `private-organizacao.ped.${org.id}`
    expect((await authorize(member.token, { socket_id: '5.6', channel_name: channel })).status).toBe(200)
    expect((await authorize(outsider.token, { socket_id: '5.6', channel_name: channel })).status).toBe(403)
    expect((await authorize(member.token, { socket_id: '5.6', channel_name: 'private-organizacao.ped.99999999999' })).status).toBe(403)
  })

  test('the orders channel: a member whose role may not read the orders no, one whose role may yes (decision 031)', async () => {
    const admin = await newUser(t)
    const clerk = await newUser(t)
    const org = await createOrganization(t, { nome: 'Canal com Cargos' }, [{ userId: admin.id, isAdmin: true }, { userId: clerk.id }])
    const channel = `private-organizacao.ped.${org.id}`
    expect((await authorize(clerk.token, { socket_id: '7.8', channel_name: channel })).status).toBe(403)
    await giveRole(org.id, clerk.id, ['pedidos_ver'])
    expect((await authorize(clerk.token, { socket_id: '7.8', channel_name: channel })).status).toBe(200)
  })

  test('channels nobody may join yet, a bad socket id, and no token', async () => {
    const u = await newUser(t)
    expect((await authorize(u.token, { socket_id: '1.2', channel_name: 'presence-sala' })).status).toBe(403)
    const bad = await authorize(u.token, { socket_id: 'abc', channel_name: `private-${u.id}_chat` })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.socket_id).toEqual(['socket_id inválido.'])
    expect((await authorize(undefined, { socket_id: '1.2', channel_name: `private-${u.id}_chat` })).status).toBe(401)
  })
})
