import { and, eq, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db, Tx } from './client.ts'
import { chatChannels, organizationLinks, organizations } from './schema/index.ts'

export type Channel = typeof chatChannels.$inferSelect
type Organization = typeof organizations.$inferSelect

/**
 * Who takes part in which channel (DOMAIN.md Chat): `I` one organization; `B` the flag and the
 * organizations whose `bandeira_id` is the flag; `F` a seller and a customer while their
 * `cliente` link exists. Users take part through their active memberships.
 */

export const customerLink = (seller: SQL | number, customer: SQL | number) =>
  sql`exists (select 1 from ${organizationLinks} where ${organizationLinks.organizationId} = ${seller} and ${organizationLinks.partnerId} = ${customer} and ${organizationLinks.relacao} = 'cliente')`

/** The flags an organization's B channels belong to: itself when it is one, and the flag it joined. */
export const flagsOf = (org: Pick<Organization, 'id' | 'tipo' | 'bandeiraId'>) => [...(org.tipo === 'b' ? [org.id] : []), ...(org.bandeiraId ? [org.bandeiraId] : [])]

/**
 * The channels of organization `id` as a condition on chat_channels, `flags` being its flags as an integer
 * array: values of a row already read (channelsOfOrganization), or columns of a row the same query reads
 * (channelsOfOrganizationRow).
 */
export function channelsOf(id: SQL | number, flags: SQL): SQL {
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

/**
 * The channel of a relationship, made if it is not there yet (the writes that create relationships call it:
 * a listing never writes). `created`: made by this call, so it has no message and nobody's counters change.
 */
export async function openChannel(tx: Tx, padrao: 'I' | 'B' | 'F', organizationId: number, partnerId: number | null = null) {
  const [made] = await tx.insert(chatChannels).values({ padrao, organizationId, partnerId }).onConflictDoNothing().returning()
  if (made) return { channel: made, created: true }
  const [channel] = await tx
    .select()
    .from(chatChannels)
    .where(and(eq(chatChannels.padrao, padrao), eq(chatChannels.organizationId, organizationId), partnerId === null ? sql`${chatChannels.partnerId} is null` : eq(chatChannels.partnerId, partnerId)))
  return { channel, created: false }
}

/**
 * Counter writes on one channel happen one at a time (docs/decisions/024-header-counters.md): a new
 * message or a participation change holds it for writing, a read for sharing, so a read never counts
 * around a message whose transaction has not ended, and ids within a channel are given in commit order.
 */
export async function lockChannel(tx: Tx, channelId: number, mode: 'write' | 'read') {
  await tx
    .select({ id: chatChannels.id })
    .from(chatChannels)
    .where(eq(chatChannels.id, channelId))
    .for(mode === 'write' ? 'no key update' : 'share')
}
