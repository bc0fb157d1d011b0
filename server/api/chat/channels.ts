import * as chatApi from '../../../app/domain/chat/contract.ts'
import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { keepAvatar } from '../../../app/domain/shared/avatar.ts'
import { chatMessages as m, type Padrao } from '../../../app/domain/chat/messages.ts'
import type { Db, Tx } from '../../db/client.ts'
import { chatChannels, chatMessages, chatReads, memberships, organizations, users } from '../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'
import { hasPaidFeatures } from '../organizations/plan-features.ts'
import { requireMembership } from '../organizations/membership.ts'
import { likePattern, paginated } from '../pagination.ts'
import { channelsOfOrganization, ensureChannels, participantIds, requireChannel } from './access.ts'
import { selectMessages } from './serialize.ts'

const PER_PAGE = 20



const other = alias(organizations, 'other')

/** Others' messages after the caller's read cursor, per channel. */
const unreadFor = (userId: number) => sql<number>`(
  select count(*)::int from ${chatMessages}
  where ${chatMessages.channelId} = ${chatChannels.id}
    and ${chatMessages.userId} is distinct from ${userId}
    and ${chatMessages.id} > coalesce((select ${chatReads.lastReadId} from ${chatReads} where ${chatReads.channelId} = ${chatChannels.id} and ${chatReads.userId} = ${userId}), 0)
)`

const lastMessageId = sql<number | null>`(select max(${chatMessages.id}) from ${chatMessages} where ${chatMessages.channelId} = ${chatChannels.id})`

/** For F, the organization on the other side; for I and B the channel's owner. */
const shownOrganization = (orgId: number) =>
  sql`case when ${chatChannels.padrao} = 'F' and ${chatChannels.organizationId} = ${orgId} then ${chatChannels.partnerId} else ${chatChannels.organizationId} end`

/**
 * Unread counts of every channel the organization's member sees, by type (the chat state's notifications map, spec §3).
 * Only channels with unread messages are listed, and a channel not made yet has none: counting needs no ensureChannels,
 * which would write on every page view (the layout reads this through the company profile).
 */
export async function notificationsFor(db: Db | Tx, userId: number, organization: typeof organizations.$inferSelect) {
  const rows = await db
    .select({ id: chatChannels.id, padrao: chatChannels.padrao, unread: unreadFor(userId), owner: organizations })
    .from(chatChannels)
    .innerJoin(organizations, eq(organizations.id, chatChannels.organizationId))
    .where(channelsOfOrganization(organization))
  const map: Record<Padrao, { id: number; notifications: number }[]> = { I: [], B: [], F: [] }
  let total = 0
  for (const r of rows) {
    if (r.unread === 0 || (r.padrao !== 'I' && !hasPaidFeatures(r.owner))) continue
    map[r.padrao as Padrao].push({ id: r.id, notifications: r.unread })
    total += r.unread
  }
  return { ...map, total }
}

/** A message from the other side waits for an answer this long before the header calls it late. */
export const OVERDUE_AFTER_HOURS = 24

/**
 * Per channel, the messages waiting for an answer from `organization` (spec §3, the header's 'mensagens
 * aguardando resposta'): in its external channels (B, F), the messages from other organizations written
 * after its own last message there and older than OVERDUE_AFTER_HOURS.
 */
const overdueIn = (organization: typeof organizations.$inferSelect) => sql<number>`case when ${chatChannels.padrao} = 'I' then 0 else (
  select count(*)::int from ${chatMessages} x
  where x.channel_id = ${chatChannels.id}
    and x.organization_id is distinct from ${organization.id}
    and x.created_at < now() - make_interval(hours => ${OVERDUE_AFTER_HOURS})
    and x.id > coalesce((select max(y.id) from ${chatMessages} y where y.channel_id = ${chatChannels.id} and y.organization_id = ${organization.id}), 0)
) end`

/**
 * The header's chat counters of the company in session, in one statement: notificacoes_chat (the
 * member's unread messages, as notificationsFor counts them) and msg_atraso (overdueIn). A channel
 * whose owner lost the paid features counts for neither.
 */
export async function chatCountersFor(db: Db | Tx, userId: number, organization: typeof organizations.$inferSelect) {
  const rows = await db
    .select({ padrao: chatChannels.padrao, unread: unreadFor(userId), late: overdueIn(organization), plano: organizations.plano, trialStartedAt: organizations.trialStartedAt })
    .from(chatChannels)
    .innerJoin(organizations, eq(organizations.id, chatChannels.organizationId))
    .where(channelsOfOrganization(organization))
  let unread = 0
  let overdue = 0
  for (const r of rows) {
    if (r.padrao !== 'I' && !hasPaidFeatures(r)) continue
    unread += r.unread
    overdue += r.late
  }
  return { unread, overdue }
}

export type ChannelSummary = z.infer<typeof chatApi.ChannelSchema>

/** Channels as the list shows them to a member of `orgId`: name, avatar, unread count, last message. */
export async function describeChannels(db: Db | Tx, userId: number, orgId: number, where: SQL, limit: number, offset = 0): Promise<ChannelSummary[]> {
  const rows = await db
    .select({ channel: chatChannels, other, unread: unreadFor(userId), lastId: lastMessageId, owner: organizations })
    .from(chatChannels)
    .innerJoin(other, eq(other.id, shownOrganization(orgId)))
    .innerJoin(organizations, eq(organizations.id, chatChannels.organizationId))
    .where(where)
    .orderBy(sql`${lastMessageId} desc nulls last`, asc(other.nome), asc(chatChannels.id))
    .limit(limit)
    .offset(offset)
  const lastIds = rows.map((r) => r.lastId).filter((id): id is number => id !== null)
  const last = lastIds.length ? await selectMessages(db, inArray(chatMessages.id, lastIds), [asc(chatMessages.id)], lastIds.length) : []
  return rows.map((r) => {
    const blocked = r.channel.padrao !== 'I' && !hasPaidFeatures(r.owner)
    return {
      id: r.channel.id,
      padrao: r.channel.padrao as Padrao,
      nome: r.channel.padrao === 'I' ? m.channelTeam(r.other.nome) : r.other.nome,
      avatar: keepAvatar(r.other.avatar),
      organizacao_id: r.other.id,
      notificacoes: blocked ? 0 : r.unread,
      bloqueado: blocked,
      ultima_mensagem: blocked ? null : (last.find((msg) => msg.id === r.lastId) ?? null),
    }
  })
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
      await ensureChannels(db, organization)
      const conditions: (SQL | undefined)[] = [channelsOfOrganization(organization), eq(chatChannels.padrao, padrao)]
      if (search?.trim()) conditions.push(ilike(other.nome, likePattern(search.trim())))
      const where = and(...conditions)!
      const [{ total }] = await db.select({ total: count() }).from(chatChannels).innerJoin(other, eq(other.id, shownOrganization(orgId))).where(where)
      const data = await describeChannels(db, user.id, orgId, where, PER_PAGE, (page - 1) * PER_PAGE)
      return c.json(paginated(data, total, page, PER_PAGE), 200)
    },
  )

  app.openapi(
    createRoute({ ...chatApi.notificacoes, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { orgId } = c.req.valid('param')
      const { organization } = await requireMembership(db, user.id, orgId)
      return c.json(await notificationsFor(db, user.id, organization), 200)
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
      const membros = await db
        .select({ id: users.id, nome: users.name, avatar: users.avatar, organizacao_id: memberships.organizationId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(inArray(memberships.organizationId, orgIds), eq(memberships.active, true)))
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
