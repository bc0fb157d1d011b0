import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { chatMessages as m } from '../../../app/domain/chat/messages.ts'
import type { Db, Tx } from '../../db/client.ts'
import { chatChannels, memberships, organizationLinks, organizations } from '../../db/schema/index.ts'
import { abort } from '../http.ts'
import { hasPaidFeatures } from '../organizations/plan-features.ts'
import { requireMembership } from '../organizations/membership.ts'

export type Channel = typeof chatChannels.$inferSelect
type Organization = typeof organizations.$inferSelect

/**
 * Who takes part in which channel (DOMAIN.md Chat): `I` one organization; `B` the flag and the
 * organizations whose `bandeira_id` is the flag; `F` a seller and a customer while their
 * `cliente` link exists. Users take part through their active memberships.
 */

const customerLink = (seller: SQL | number, customer: SQL | number) =>
  sql`exists (select 1 from ${organizationLinks} where ${organizationLinks.organizationId} = ${seller} and ${organizationLinks.partnerId} = ${customer} and ${organizationLinks.relacao} = 'cliente')`

/** The flags an organization's B channels belong to: itself when it is one, and the flag it joined. */
const flagsOf = (org: Organization) => [...(org.tipo === 'b' ? [org.id] : []), ...(org.bandeiraId ? [org.bandeiraId] : [])]

/**
 * The channels of organization `id` as a condition on chat_channels, `flags` being its flags as an integer
 * array: values of a row already read (channelsOfOrganization), or columns of a row the same query reads
 * (channelsOfOrganizationRow).
 */
function channelsOf(id: SQL | number, flags: SQL): SQL {
  return or(
    and(eq(chatChannels.padrao, 'I'), sql`${chatChannels.organizationId} = ${id}`),
    and(eq(chatChannels.padrao, 'B'), sql`${chatChannels.organizationId} = any(${flags})`),
    and(
      eq(chatChannels.padrao, 'F'),
      sql`(${chatChannels.organizationId} = ${id} or ${chatChannels.partnerId} = ${id})`,
      customerLink(sql`${chatChannels.organizationId}`, sql`${chatChannels.partnerId}`),
    ),
  )!
}

/** The channels an organization takes part in, as a condition on chat_channels. */
export function channelsOfOrganization(org: Organization): SQL {
  return channelsOf(org.id, sql`array[${sql.join(flagsOf(org).map((flag) => sql`${flag}::integer`), sql`, `)}]::integer[]`)
}

/** The same for the organization row `o` (a table or an alias of organizations) of the enclosing query. */
export function channelsOfOrganizationRow(o: { id: AnyPgColumn; tipo: AnyPgColumn; bandeiraId: AnyPgColumn }): SQL {
  return channelsOf(sql`${o.id}`, sql`array_remove(array[case when ${o.tipo} = 'b' then ${o.id} end, ${o.bandeiraId}], null)`)
}

/** Makes the organization's channels that do not exist yet (idempotent: safe on every listing). */
export async function ensureChannels(db: Db | Tx, org: Organization) {
  const l = organizationLinks
  const owned = [sql`('I', ${org.id}::integer)`, ...flagsOf(org).map((flag) => sql`('B', ${flag}::integer)`)]
  // One statement: the channel list runs it on every visit.
  await db.execute(
    sql`insert into ${chatChannels} (padrao, organization_id, partner_id)
        select padrao, organization_id, null::integer from (values ${sql.join(owned, sql`, `)}) as owned (padrao, organization_id)
        union all
        select 'F', ${l.organizationId}, ${l.partnerId} from ${l}
        where ${l.relacao} = 'cliente' and (${l.organizationId} = ${org.id} or ${l.partnerId} = ${org.id})
        on conflict do nothing`,
  )
}

/** Whether the organization takes part in the channel (the link of an F channel still existing). */
async function takesPart(db: Db | Tx, org: Organization, channel: Channel) {
  if (channel.padrao === 'I') return channel.organizationId === org.id
  if (channel.padrao === 'B') return flagsOf(org).includes(channel.organizationId)
  if (channel.organizationId !== org.id && channel.partnerId !== org.id) return false
  const [row] = await db
    .select({ ok: sql<number>`1` })
    .from(organizations)
    .where(and(eq(organizations.id, org.id), customerLink(channel.organizationId, channel.partnerId!)))
  return Boolean(row)
}

/**
 * Spec §9: Básico has the internal chat; external chat (B, F) is a Pro feature. We read it as a
 * feature of the channel's owner (the flag, the supplier): customers chat for free with a
 * supplier who pays (docs/decisions/006-chat.md).
 */
export async function externalAllowed(db: Db | Tx, channel: Channel) {
  if (channel.padrao === 'I') return true
  const [owner] = await db.select().from(organizations).where(eq(organizations.id, channel.organizationId))
  return Boolean(owner && hasPaidFeatures(owner))
}

/**
 * The authorization step of the chat calls: the caller is a member of `orgId`, that
 * organization takes part in the channel, and the channel's plan allows it.
 */
export async function requireChannel(db: Db | Tx, userId: number, orgId: number, channelId: number) {
  const { organization, membership } = await requireMembership(db, userId, orgId)
  const [channel] = await db.select().from(chatChannels).where(eq(chatChannels.id, channelId))
  if (!channel || !(await takesPart(db, organization, channel))) abort(403, m.channelDenied)
  if (!(await externalAllowed(db, channel))) abort(403, m.externalNeedsPro)
  return { channel, organization, membership }
}

/** The organizations of a channel now. */
export async function participantIds(db: Db | Tx, channel: Channel): Promise<number[]> {
  if (channel.padrao === 'I') return [channel.organizationId]
  if (channel.padrao === 'B') {
    const units = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.bandeiraId, channel.organizationId))
    return [channel.organizationId, ...units.map((u) => u.id)]
  }
  const [link] = await db
    .select({ id: organizationLinks.id })
    .from(organizationLinks)
    .where(
      and(
        eq(organizationLinks.organizationId, channel.organizationId),
        eq(organizationLinks.partnerId, channel.partnerId!),
        eq(organizationLinks.relacao, 'cliente'),
      ),
    )
  return link ? [channel.organizationId, channel.partnerId!] : []
}

/** Everyone who may read the channel: each active member of its organizations, once. */
export async function recipientIds(db: Db | Tx, channel: Channel): Promise<number[]> {
  const orgs = await participantIds(db, channel)
  if (orgs.length === 0) return []
  const rows = await db
    .selectDistinct({ userId: memberships.userId })
    .from(memberships)
    .where(and(inArray(memberships.organizationId, orgs), eq(memberships.active, true)))
  return rows.map((r) => r.userId)
}

/** For a call without an organization in its path (a file's download): any of the user's memberships will do. */
export async function userReadsChannel(db: Db | Tx, userId: number, channel: Channel) {
  if (!(await externalAllowed(db, channel))) return false
  return (await recipientIds(db, channel)).includes(userId)
}

