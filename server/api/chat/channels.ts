import * as chatApi from '../../../app/domain/chat/contract.ts'
import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, count, eq, ilike, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { keepAvatar } from '../../../app/domain/shared/avatar.ts'
import { chatMessages as m, type Padrao } from '../../../app/domain/chat/messages.ts'
import { channelsOf, channelsOfOrganization, channelsOfOrganizationRow, flagsOf, participantIds } from '../../db/chat-channels.ts'
import type { Db, Tx } from '../../db/client.ts'
import { perDatabase } from '../../db/per-database.ts'
import { chatChannels, chatMessages, chatReads, memberships, organizations, users } from '../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'
import { planAllows, type PlanState } from '../../../app/domain/plans/plans.ts'
import { isActiveMember, orMembership, requireMembership } from '../organizations/membership.ts'
import { likePattern, paginated } from '../pagination.ts'
import { requireChannel } from './access.ts'
import { messagesByIds } from './serialize.ts'

const PER_PAGE = 20

const other = alias(organizations, 'other')

/** Others' messages after the caller's read cursor, per channel. */
export const unreadFor = (userId: number | Placeholder) => sql<number>`(
  select count(*)::int from ${chatMessages}
  where ${chatMessages.channelId} = ${chatChannels.id}
    and ${chatMessages.userId} is distinct from ${userId}
    and ${chatMessages.id} > coalesce((select ${chatReads.lastReadId} from ${chatReads} where ${chatReads.channelId} = ${chatChannels.id} and ${chatReads.userId} = ${userId}), 0)
)`

const lastMessageId = sql<number | null>`(select max(${chatMessages.id}) from ${chatMessages} where ${chatMessages.channelId} = ${chatChannels.id})`

/** For F, the organization on the other side; for I and B the channel's owner. */
const shownOrganization = (orgId: SQL | number) =>
  sql`case when ${chatChannels.padrao} = 'F' and ${chatChannels.organizationId} = ${orgId} then ${chatChannels.partnerId} else ${chatChannels.organizationId} end`

/**
 * Unread counts of every channel the organization's member sees, by type (the chat state's notifications map).
 * Only channels with unread messages are listed.
 */
export async function notificationsFor(db: Db | Tx, userId: number, organization: typeof organizations.$inferSelect) {
  return notificationMap(await notificationRows(db, userId).where(channelsOfOrganization(organization)))
}

const notificationRows = (db: Db | Tx, userId: number | Placeholder) =>
  db
    .select({ id: chatChannels.id, padrao: chatChannels.padrao, unread: unreadFor(userId), owner: { plano: organizations.plano, trialStartedAt: organizations.trialStartedAt, trialPlano: organizations.trialPlano } })
    .from(chatChannels)
    .innerJoin(organizations, eq(organizations.id, chatChannels.organizationId))

/** The member's organization as a row of the notifications' read, which checks the membership itself. */
const mine = alias(organizations, 'mine')

/**
 * notificationsFor as `GET api/chat/notificacoes` reads it on every view of the chat: the membership checked in the
 * same statement (isActiveMember), and apart only when no channel came back. Built once per database.
 */
const memberNotificationsQuery = perDatabase((db) => {
  const orgId = sql.placeholder('orgId')
  return notificationRows(db, sql.placeholder('userId'))
    .innerJoin(mine, eq(mine.id, orgId))
    .where(and(channelsOfOrganizationRow(mine), isActiveMember(sql.placeholder('userId'), orgId)))
    .prepare('api_chat_notifications')
})

async function memberNotifications(db: Db, userId: number, orgId: number) {
  const rows = await memberNotificationsQuery(db).execute({ userId, orgId })
  return notificationMap(await orMembership(rows, db, userId, orgId))
}

function notificationMap(rows: { id: number; padrao: string; unread: number; owner: PlanState }[]) {
  const now = new Date()
  const map: Record<Padrao, { id: number; notifications: number }[]> = { I: [], B: [], F: [] }
  let total = 0
  for (const r of rows) {
    if (r.unread === 0 || (r.padrao !== 'I' && !planAllows(r.owner, 'chatExterno', now))) continue
    map[r.padrao as Padrao].push({ id: r.id, notifications: r.unread })
    total += r.unread
  }
  return { ...map, total }
}

export type ChannelSummary = z.infer<typeof chatApi.ChannelSchema>

/**
 * Channels as the list shows them to a member of `orgId`, before their where: name, avatar, unread count, last
 * message id, and how many channels the where matches in all (the list's total, read with its page). Only the
 * columns shown are read: the list runs on every visit of the chat.
 */
const channelRows = (db: Db | Tx, userId: number | Placeholder, orgId: SQL | number) =>
  db
    .select({
      id: chatChannels.id,
      padrao: chatChannels.padrao,
      other: { id: other.id, nome: other.nome, avatar: other.avatar },
      unread: unreadFor(userId),
      lastId: lastMessageId,
      owner: { plano: organizations.plano, trialStartedAt: organizations.trialStartedAt, trialPlano: organizations.trialPlano },
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(chatChannels)
    .innerJoin(other, eq(other.id, shownOrganization(orgId)))
    .innerJoin(organizations, eq(organizations.id, chatChannels.organizationId))

type ChannelRow = Awaited<ReturnType<ReturnType<typeof channelRows>['execute']>>[number]

const listOrder = [sql`${lastMessageId} desc nulls last`, asc(other.nome), asc(chatChannels.id)]

/** The list's where: of `channels`, those of one type, and named like `pattern` when there is one. */
const listWhere = (channels: SQL, padrao: Padrao | Placeholder, pattern: string | Placeholder | undefined) =>
  and(channels, eq(chatChannels.padrao, padrao), pattern === undefined ? undefined : ilike(other.nome, pattern))

/** A page of the organization's channels of one type, as `GET api/chat/canais` reads it on every view of the chat. */
function listQuery(db: Db, searching: boolean) {
  const orgId = sql`${sql.placeholder('orgId')}`
  const channels = channelsOf(orgId, sql`${sql.placeholder('flags')}::integer[]`)
  return channelRows(db, sql.placeholder('userId'), orgId)
    .where(listWhere(channels, sql.placeholder('padrao'), searching ? sql.placeholder('search') : undefined))
    .orderBy(...listOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(searching ? 'api_chat_channels_search' : 'api_chat_channels')
}

/** Built once per database, with and without a search: building the read cost more than running it. */
const listing = perDatabase((db) => ({ all: listQuery(db, false), search: listQuery(db, true) }))

async function describe(db: Db, rows: ChannelRow[]): Promise<ChannelSummary[]> {
  const last = await messagesByIds(db, rows.map((r) => r.lastId).filter((id): id is number => id !== null))
  const now = new Date()
  return rows.map((r) => {
    const blocked = r.padrao !== 'I' && !planAllows(r.owner, 'chatExterno', now)
    return {
      id: r.id,
      padrao: r.padrao as Padrao,
      nome: r.padrao === 'I' ? m.channelTeam(r.other.nome) : r.other.nome,
      avatar: keepAvatar(r.other.avatar),
      organizacao_id: r.other.id,
      notificacoes: blocked ? 0 : r.unread,
      bloqueado: blocked,
      ultima_mensagem: blocked ? null : (last.find((msg) => msg.id === r.lastId) ?? null),
    }
  })
}

/** Channels as the list shows them to a member of `orgId`, those `where` matches. */
export async function describeChannels(db: Db, userId: number, orgId: number, where: SQL, limit: number): Promise<ChannelSummary[]> {
  return describe(db, await channelRows(db, userId, orgId).where(where).orderBy(...listOrder).limit(limit))
}

/** How many channels a page past the end of the list would have counted. */
async function countChannels(db: Db, organization: typeof organizations.$inferSelect, padrao: Padrao, term: string | undefined) {
  const where = listWhere(channelsOfOrganization(organization), padrao, term ? likePattern(term) : undefined)
  const [{ n }] = await db.select({ n: count() }).from(chatChannels).innerJoin(other, eq(other.id, shownOrganization(organization.id))).where(where)
  return n
}

export function registerChatChannels(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(
    createRoute({ ...chatApi.canais, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { orgId, padrao } = c.req.valid('param')
      const { page, search } = c.req.valid('query')
      const { organization } = await requireMembership(db, user.id, orgId)
      const term = search?.trim()
      const values = { userId: user.id, orgId, flags: flagsOf(organization), padrao, limit: PER_PAGE, offset: (page - 1) * PER_PAGE }
      const rows = term ? await listing(db).search.execute({ ...values, search: likePattern(term) }) : await listing(db).all.execute(values)
      const data = await describe(db, rows)
      // A page past the end has no row to carry the total.
      const all = rows.length ? rows[0].total : await countChannels(db, organization, padrao, term)
      return c.json(paginated(data, all, page, PER_PAGE), 200)
    },
  )

  app.openapi(
    createRoute({ ...chatApi.notificacoes, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { orgId } = c.req.valid('param')
      return c.json(await memberNotifications(db, user.id, orgId), 200)
    },
  )

  app.openapi(
    createRoute({ ...chatApi.perfil, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { orgId, channelId } = c.req.valid('param')
      const { channel } = await requireChannel(db, user.id, orgId, channelId)
      const orgIds = await participantIds(db, channel)
      const empresas = await db
        .select({ id: organizations.id, nome: organizations.nome, avatar: organizations.avatar, tipo: organizations.tipo, cidade: organizations.cidade, uf: organizations.uf })
        .from(organizations)
        .where(inArray(organizations.id, orgIds))
        .orderBy(asc(organizations.nome))
      // People of the other companies only once they wrote here: a supplier may link a customer on its own,
      // and the link must not hand it the customer's team (docs/decisions/044-what-a-link-reveals.md).
      const wroteHere = sql`exists (select 1 from ${chatMessages} said where said.channel_id = ${channel.id} and said.user_id = ${users.id} and said.organization_id = ${memberships.organizationId})`
      const membros = await db
        .select({ id: users.id, nome: users.name, avatar: users.avatar, organizacao_id: memberships.organizationId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(inArray(memberships.organizationId, orgIds), eq(memberships.active, true), or(eq(memberships.organizationId, orgId), wroteHere)))
        .orderBy(asc(users.name))
        .limit(200)
      return c.json(
        {
          canal: { id: channel.id, padrao: channel.padrao as Padrao },
          empresas: empresas.map((e) => ({ ...e, avatar: keepAvatar(e.avatar) })),
          membros: membros.map((u) => ({ ...u, avatar: keepAvatar(u.avatar) })),
        },
        200,
      )
    },
  )
}
