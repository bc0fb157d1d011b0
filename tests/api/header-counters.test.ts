import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { and, asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recountedChatCounters, sumChatCounters } from '../../server/api/chat/header-counters.ts'
import { rebuildChatCounters } from '../../server/db/chat-counters.ts'
import { migrationsFolder } from '../../server/db/client.ts'
import { chatAwaitingAnswer, chatAwaitingTotals, chatMessages, chatUnreadCounters, memberships, organizations, teamInvites } from '../../server/db/schema/index.ts'
import { randomToken, sha256 } from '../../server/security/tokens.ts'
import { createOrganization, createTestApi, linkCustomerOf, newUser, type TestApi } from './harness.ts'

// The header's chat counters kept on write (server/db/chat-counters.ts) against the from-scratch computation
// the header used before (recountedChatCounters), after a long, seeded sequence of chat operations through the
// API: messages by several people from several companies, reads, a member removed and invited back, units
// leaving and joining their flag, a new customer, a supplier losing and regaining its paid features, and time
// passing. Then the stored rows against a rebuild and against the migration's backfill.

let t: TestApi
type User = Awaited<ReturnType<typeof newUser>>
type Org = { id: number; nome: string }
const people: Record<string, User> = {}
const orgs: Record<string, Org> = {}
/** Channel ids by the organization a member acts from. */
const channelsOf = new Map<number, number[]>()
/** The organizations each person may act from (a removed member's calls answer 403 and change nothing). */
const actsFrom: [string, string][] = []
const sent = new Map<number, number[]>()

/** mulberry32: the same "random" sequence on every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296
  }
}
const random = prng(20261123)
const pick = <T,>(items: T[]) => items[Math.floor(random() * items.length)]

async function listChannels(org: Org, who: User) {
  const ids: number[] = []
  for (const padrao of ['I', 'B', 'F']) {
    const res = await t.get(`/api/chat/canais/${org.id}/${padrao}`, { token: who.token })
    expect(res.status).toBe(200)
    ids.push(...res.body.data.map((c: { id: number }) => c.id))
  }
  channelsOf.set(org.id, ids)
}

async function send(person: string, org: string) {
  const channelId = pick(channelsOf.get(orgs[org].id)!)
  const res = await t.post('/api/chat/mensagens', { organizacao_id: orgs[org].id, channel_id: channelId, client_id: randomUUID(), text: `de ${person}` }, { token: people[person].token })
  expect([201, 403]).toContain(res.status)
  if (res.status === 201) sent.set(channelId, [...(sent.get(channelId) ?? []), res.body.id])
}

async function read(person: string, org: string) {
  const channelId = pick(channelsOf.get(orgs[org].id)!)
  // Up to the end, or up to one of its messages (a cursor stopping halfway).
  const messageId = random() < 0.5 ? undefined : pick(sent.get(channelId) ?? [1])
  const res = await t.post('/api/chat/lidas', { organizacao_id: orgs[org].id, channel_id: channelId, message_id: messageId }, { token: people[person].token })
  expect([200, 403]).toContain(res.status)
}

/** Every active member's header through the API, against the old computation on the same data. */
async function expectCountersAsRecounted() {
  const o = alias(organizations, 'o')
  const members = await t.db.select({ userId: memberships.userId, orgId: memberships.organizationId }).from(memberships).where(eq(memberships.active, true))
  const tokens = new Map(Object.values(people).map((p) => [p.id, p.token]))
  const stored: string[] = []
  const recounted: string[] = []
  for (const m of members) {
    const token = tokens.get(m.userId)
    if (!token) continue
    const profile = await t.get(`/api/empresas/profile/${m.orgId}`, { token })
    expect(profile.status).toBe(200)
    // Read as the profile reads it, the membership joined (drizzle names each column's table only in a query with a join).
    const [row] = await t.db
      .select({ counters: recountedChatCounters(m.userId, o) })
      .from(memberships)
      .innerJoin(o, eq(o.id, memberships.organizationId))
      .where(and(eq(memberships.userId, m.userId), eq(memberships.organizationId, m.orgId)))
    const old = sumChatCounters(row.counters)
    stored.push(`${m.userId}@${m.orgId}: ${profile.body.notificacoes_chat} unread, ${profile.body.msg_atraso} late`)
    recounted.push(`${m.userId}@${m.orgId}: ${old.unread} unread, ${old.overdue} late`)
  }
  expect(stored).toEqual(recounted)
  return recounted
}

const tables = async () => ({
  unread: await t.db.select().from(chatUnreadCounters).orderBy(asc(chatUnreadCounters.userId), asc(chatUnreadCounters.organizationId), asc(chatUnreadCounters.ownerId), asc(chatUnreadCounters.padrao)),
  awaiting: await t.db.select().from(chatAwaitingAnswer).orderBy(asc(chatAwaitingAnswer.channelId), asc(chatAwaitingAnswer.organizationId)),
  totals: await t.db.select().from(chatAwaitingTotals).orderBy(asc(chatAwaitingTotals.organizationId), asc(chatAwaitingTotals.ownerId), asc(chatAwaitingTotals.padrao)),
})

beforeAll(async () => {
  t = await createTestApi()
  for (const name of ['ana', 'bia', 'caio', 'duda', 'edu', 'fabi']) people[name] = await newUser(t, name)
  const member = (name: string, isAdmin = false) => ({ userId: people[name].id, isAdmin })
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000)
  orgs.sup = await createOrganization(t, { nome: 'Fornecedor Pago', tipo: 'f', plano: 'P' }, [member('ana', true), member('bia')])
  orgs.trial = await createOrganization(t, { nome: 'Fornecedor em Teste', tipo: 'f', plano: 'B', trialStartedAt: twoDaysAgo }, [member('edu', true), member('bia')])
  orgs.flag = await createOrganization(t, { nome: 'Rede Contadora', tipo: 'b', plano: 'U', codigoBandeira: 'CONTADOR' }, [member('ana', true)])
  orgs.unit = await createOrganization(t, { nome: 'Unidade Um', tipo: 'v', bandeiraId: orgs.flag.id }, [member('caio', true), member('fabi')])
  orgs.loose = await createOrganization(t, { nome: 'Loja Avulsa', tipo: 'v' }, [member('duda', true)])
  orgs.shop = await createOrganization(t, { nome: 'Loja Dois', tipo: 'v' }, [member('caio', true)])
  for (const [seller, customer] of [
    ['sup', 'unit'],
    ['sup', 'loose'],
    ['sup', 'shop'],
    ['trial', 'unit'],
    ['trial', 'shop'],
  ]) {
    await linkCustomerOf(t, orgs[seller].id, orgs[customer].id)
  }
  // The loose shop's flag channel is listed once it joins (below); its B list is empty until then.
  await listChannels(orgs.sup, people.ana)
  await listChannels(orgs.trial, people.edu)
  await listChannels(orgs.flag, people.ana)
  await listChannels(orgs.unit, people.caio)
  await listChannels(orgs.loose, people.duda)
  await listChannels(orgs.shop, people.caio)
  actsFrom.push(['ana', 'sup'], ['bia', 'sup'], ['edu', 'trial'], ['bia', 'trial'], ['ana', 'flag'], ['caio', 'unit'], ['fabi', 'unit'], ['duda', 'loose'], ['caio', 'shop'])
}, 60_000)
afterAll(() => t.close())

describe('header counters kept on write', () => {
  it('equal the from-scratch count after each stretch of a long sequence of chat operations', async () => {
    const changes: Record<number, () => Promise<void>> = {
      20: async () => {
        expect((await t.del(`/api/myteam/deleteUser/${orgs.sup.id}/${people.bia.id}`, { token: people.ana.token })).status).toBe(200)
      },
      40: async () => {
        expect((await t.get(`/api/bandeira/linkaBandeira/${orgs.loose.id}/CONTADOR`, { token: people.duda.token })).status).toBe(200)
        await listChannels(orgs.loose, people.duda)
      },
      60: async () => {
        // The trial ends by time passing: no write tells the counters.
        await t.db.update(organizations).set({ trialStartedAt: new Date(Date.now() - 20 * 86_400_000) }).where(eq(organizations.id, orgs.trial.id))
      },
      80: async () => {
        const token = randomToken(32)
        await t.db.insert(teamInvites).values({ organizationId: orgs.sup.id, email: people.bia.email, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 86_400_000) })
        expect((await t.get(`/api/myteam/${orgs.sup.id}/${token}/invite/aceiteinvite`, { token: people.bia.token })).status).toBe(200)
      },
      100: async () => {
        expect((await t.get(`/api/bandeira/deleteVarejo/${orgs.unit.id}/${orgs.flag.id}`, { token: people.caio.token })).status).toBe(200)
      },
      120: async () => {
        // A day and a half passes, as the database sees it: every stored time moves back.
        await t.db.update(chatMessages).set({ createdAt: sql`${chatMessages.createdAt} - interval '30 hours'` })
        await t.db.update(chatAwaitingAnswer).set({ since: sql`${chatAwaitingAnswer.since} - interval '30 hours'`, lastAt: sql`${chatAwaitingAnswer.lastAt} - interval '30 hours'` })
        await t.db.update(organizations).set({ plano: 'P' }).where(eq(organizations.id, orgs.trial.id))
      },
      140: async () => {
        orgs.late = await createOrganization(t, { nome: 'Cliente Novo', tipo: 'v' }, [{ userId: people.fabi.id, isAdmin: true }])
        await linkCustomerOf(t, orgs.sup.id, orgs.late.id)
        await listChannels(orgs.late, people.fabi)
        await listChannels(orgs.sup, people.ana)
        actsFrom.push(['fabi', 'late'])
      },
      160: async () => {
        // Back to the flag, whose channel has messages it missed meanwhile.
        expect((await t.get(`/api/bandeira/linkaBandeira/${orgs.unit.id}/CONTADOR`, { token: people.caio.token })).status).toBe(200)
      },
    }
    const seen = { unread: 0, late: 0 }
    for (let step = 1; step <= 200; step++) {
      await changes[step]?.()
      const [person, org] = pick(actsFrom)
      if (random() < 0.7) await send(person, org)
      else await read(person, org)
      if (step % 20 === 0) {
        const counts = await expectCountersAsRecounted()
        for (const line of counts) {
          const [, unread, late] = line.match(/: (\d+) unread, (\d+) late/)!.map(Number)
          seen.unread += unread
          seen.late += late
        }
      }
    }
    // Not a comparison of zeros: both counters had something to count along the way.
    expect(seen.unread).toBeGreaterThan(0)
    expect(seen.late).toBeGreaterThan(0)
  }, 240_000)

  it('holds the same rows a rebuild and migration 0010’s backfill make from the tables', async () => {
    const kept = await tables()
    expect(kept.unread.length).toBeGreaterThan(0)
    expect(kept.awaiting.length).toBeGreaterThan(0)
    expect(kept.totals.length).toBeGreaterThan(0)
    await rebuildChatCounters(t.db)
    expect(await tables()).toEqual(kept)
    const file = (await readdir(migrationsFolder)).find((f) => f.endsWith('_header_counters.sql'))!
    const backfill = (await readFile(path.join(migrationsFolder, file), 'utf8'))
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /^(--[^\n]*\n)*INSERT INTO "chat_(unread_counters|awaiting_answer|awaiting_totals)"/.test(s))
    expect(backfill).toHaveLength(3)
    await t.db.delete(chatUnreadCounters)
    await t.db.delete(chatAwaitingAnswer)
    await t.db.delete(chatAwaitingTotals)
    for (const statement of backfill) await t.db.execute(sql.raw(statement))
    expect(await tables()).toEqual(kept)
  })

  it('a member removed from a company has no counters there, and one who comes back counts what came meanwhile', async () => {
    const where = and(eq(chatUnreadCounters.userId, people.fabi.id), eq(chatUnreadCounters.organizationId, orgs.unit.id))
    expect((await t.del(`/api/myteam/deleteUser/${orgs.unit.id}/${people.fabi.id}`, { token: people.caio.token })).status).toBe(200)
    expect(await t.db.select().from(chatUnreadCounters).where(where)).toEqual([])
    const team = channelsOf.get(orgs.unit.id)![0]
    expect((await t.post('/api/chat/mensagens', { organizacao_id: orgs.unit.id, channel_id: team, client_id: randomUUID(), text: 'enquanto isso' }, { token: people.caio.token })).status).toBe(201)
    expect(await t.db.select().from(chatUnreadCounters).where(where)).toEqual([])
    const token = randomToken(32)
    await t.db.insert(teamInvites).values({ organizationId: orgs.unit.id, email: people.fabi.email, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 86_400_000) })
    expect((await t.get(`/api/myteam/${orgs.unit.id}/${token}/invite/aceiteinvite`, { token: people.fabi.token })).status).toBe(200)
    expect((await t.get(`/api/empresas/profile/${orgs.unit.id}`, { token: people.fabi.token })).body.notificacoes_chat).toBeGreaterThan(0)
    await expectCountersAsRecounted()
  })

  it('stay exact when sends, reads, a flag change and a member joining run at the same time (PostgreSQL: DATABASE_URL)', async () => {
    const token = randomToken(32)
    await t.db.insert(teamInvites).values({ organizationId: orgs.flag.id, email: people.edu.email, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 86_400_000) })
    const all: Promise<unknown>[] = []
    for (let i = 0; i < 40; i++) {
      const [person, org] = pick(actsFrom)
      all.push(random() < 0.7 ? send(person, org) : read(person, org))
      if (i === 10) all.push(t.get(`/api/myteam/${orgs.flag.id}/${token}/invite/aceiteinvite`, { token: people.edu.token }).then((r) => expect(r.status).toBe(200)))
      if (i === 20) all.push(t.get(`/api/bandeira/deleteVarejo/${orgs.loose.id}/${orgs.flag.id}`, { token: people.duda.token }).then((r) => expect(r.status).toBe(200)))
    }
    await Promise.all(all)
    await expectCountersAsRecounted()
  })
})
