import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { webSessions } from '../../server/db/schema/index.ts'
import { sha256 } from '../../server/security/tokens.ts'
import { createSessionStore } from '../../server/sessions/store.ts'
import type { NewWebSession, WebSessionStore } from '../../server/web-bridge.ts'
import { createTestApi, newUser, type TestApi } from './harness.ts'

const HOUR = 3_600_000
const REMEMBER_MS = 30 * 24 * HOUR
const IDLE_MS = 12 * HOUR

let t: TestApi
let store: WebSessionStore
beforeAll(async () => {
  t = await createTestApi()
  store = createSessionStore(t.db, { rememberMs: REMEMBER_MS, idleMs: IDLE_MS })
})
afterAll(() => t.close())

/** A real login's token and user, as the web app would keep them. */
async function loggedIn(overrides: Partial<NewWebSession> = {}) {
  const u = await newUser(t)
  const session: NewWebSession = {
    userId: u.id,
    email: u.email,
    token: u.token,
    data: { user: { user_id: u.id, nome: 'Usuário Teste', email: u.email, avatar: null }, remember: false },
    remember: false,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    ip: '203.0.113.7',
    ...overrides,
  }
  return { u, session, id: await store.create(session) }
}

const rowOf = async (id: string) => (await t.db.select().from(webSessions).where(eq(webSessions.keyHash, sha256(id))))[0]
const age = (id: string, column: 'last_seen_at' | 'expires_at', by: string) =>
  t.db.execute(sql`update sessions set ${sql.identifier(column)} = ${sql.identifier(column)} - ${by}::interval where key_hash = ${sha256(id)}`)

describe('the web session store', () => {
  test('a session is created with a random 32-byte id and read back with its token and data', async () => {
    const { u, session, id } = await loggedIn()
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await store.read(id)).toEqual({ userId: u.id, token: u.token, data: session.data })
  })

  test('each login gets a new id, never one given by the browser', async () => {
    const { session } = await loggedIn()
    const ids = new Set([await store.create(session), await store.create(session), await store.create(session)])
    expect(ids.size).toBe(3)
  })

  test('the row holds neither the id nor the token: only sha256(id), the token id, and the token sealed', async () => {
    const { u, id } = await loggedIn()
    const row = await rowOf(id)
    expect(row.keyHash).toBe(sha256(id))
    expect(row.tokenId).toBe(Number(u.token.split('|')[0]))
    const secret = u.token.split('|')[1]
    const everything = JSON.stringify(row)
    expect(everything).not.toContain(secret)
    expect(everything).not.toContain(id)
    expect(row.tokenSealed).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    // Nor base64 of the secret, in any of the three alignments.
    for (const shift of ['', 'x', 'xx']) {
      const encoded = Buffer.from(shift + secret).toString('base64url').slice(4, -4)
      expect(everything).not.toContain(encoded)
    }
  })

  test('the sealed token opens only with its own id: another id, or an altered row, reads nothing', async () => {
    const a = await loggedIn()
    const b = await loggedIn()
    // B's row given A's sealed token: B's id cannot open it.
    await t.db.update(webSessions).set({ tokenSealed: (await rowOf(a.id)).tokenSealed }).where(eq(webSessions.keyHash, sha256(b.id)))
    expect(await store.read(b.id)).toBeNull()
    expect(await store.read(a.id + 'x')).toBeNull()
    expect(await store.read('')).toBeNull()
    const sealed = (await rowOf(a.id)).tokenSealed
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1)
    await t.db.update(webSessions).set({ tokenSealed: flipped }).where(eq(webSessions.keyHash, sha256(a.id)))
    expect(await store.read(a.id)).toBeNull()
  })

  test('update replaces the data and keeps the token', async () => {
    const { u, session, id } = await loggedIn()
    const data = { ...session.data, companyId: 42 }
    await store.update(id, data)
    expect(await store.read(id)).toEqual({ userId: u.id, token: u.token, data })
  })

  test("lifetimes: 'Lembrar de mim' 30 days from the last commit; otherwise 12 hours from the last request", async () => {
    const remembered = await loggedIn({ remember: true })
    const plain = await loggedIn()
    const expiry = async (id: string) => (await rowOf(id)).expiresAt.getTime() - Date.now()
    expect(Math.abs((await expiry(remembered.id)) - REMEMBER_MS)).toBeLessThan(60_000)
    expect(Math.abs((await expiry(plain.id)) - IDLE_MS)).toBeLessThan(60_000)

    // A request after a while moves the plain session's expiry on, not the remembered one's; a commit moves the remembered one's.
    for (const s of [remembered, plain]) {
      await age(s.id, 'last_seen_at', '2 minutes')
      await age(s.id, 'expires_at', '1 hour')
      await store.read(s.id)
    }
    expect(Math.abs((await expiry(plain.id)) - IDLE_MS)).toBeLessThan(60_000)
    expect(Math.abs((await expiry(remembered.id)) - (REMEMBER_MS - HOUR))).toBeLessThan(60_000)
    await store.update(remembered.id, remembered.session.data)
    expect(Math.abs((await expiry(remembered.id)) - REMEMBER_MS)).toBeLessThan(60_000)
  })

  test('last seen is written at most once a minute, not on every read', async () => {
    const { id } = await loggedIn()
    await age(id, 'last_seen_at', '30 seconds')
    const before = (await rowOf(id)).lastSeenAt
    await store.read(id)
    expect((await rowOf(id)).lastSeenAt).toEqual(before)
    await age(id, 'last_seen_at', '1 minute')
    await store.read(id)
    expect(Date.now() - (await rowOf(id)).lastSeenAt.getTime()).toBeLessThan(10_000)
  })

  test('an expired session reads as none and the sweep deletes it, leaving live ones', async () => {
    const expired = await loggedIn()
    const live = await loggedIn()
    await age(expired.id, 'expires_at', '13 hours')
    expect(await store.read(expired.id)).toBeNull()
    expect(await store.sweep()).toBeGreaterThanOrEqual(1)
    expect(await rowOf(expired.id)).toBeUndefined()
    expect(await store.read(live.id)).not.toBeNull()
  })

  test("the user's list: live sessions of that user only, last seen first, the current one marked", async () => {
    const first = await loggedIn()
    const second = await store.create({ ...first.session, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1' })
    const expired = await store.create(first.session)
    await age(expired, 'expires_at', '13 hours')
    await age(first.id, 'last_seen_at', '5 minutes')
    await loggedIn()
    const list = await store.listOfUser(first.u.id, second)
    expect(list.map((s) => s.current)).toEqual([true, false])
    expect(list[0].userAgent).toContain('iPhone')
    expect(list[1].id).toBe((await rowOf(first.id)).id)
  })

  test('ending sessions by handle touches only the given user; by e-mail, every session of the account', async () => {
    const a = await loggedIn()
    const a2 = await store.create(a.session)
    const b = await loggedIn()
    const bHandle = (await rowOf(b.id)).id
    // A's user cannot reach B's session, by handle or by token id.
    expect(await store.tokenIdsOfUser(a.u.id, [bHandle])).toEqual([])
    expect(await store.removeOfUser(a.u.id, [bHandle])).toBe(0)
    expect(await store.read(b.id)).not.toBeNull()

    expect(await store.tokenIdsOfUser(a.u.id)).toEqual([Number(a.u.token.split('|')[0])])
    expect(await store.removeOfUser(a.u.id, [(await rowOf(a2)).id])).toBe(1)
    expect(await store.read(a2)).toBeNull()
    expect(await store.read(a.id)).not.toBeNull()

    expect(await store.removeOfEmail(` ${b.u.email.toUpperCase()} `)).toBe(1)
    expect(await store.read(b.id)).toBeNull()
    expect(await store.read(a.id)).not.toBeNull()
    expect(await store.removeOfUser(a.u.id)).toBe(1)
    expect(await store.read(a.id)).toBeNull()
  })

  test('a token without its id part is refused, not stored', async () => {
    const { session } = await loggedIn()
    await expect(store.create({ ...session, token: 'sem-id' })).rejects.toThrow(/id\|segredo/)
  })
})
