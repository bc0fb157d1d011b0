import { and, eq, inArray, sql } from 'drizzle-orm'
import { chatMessages as m } from '../../../app/domain/chat/messages.ts'
import { customerLink, flagsOf, participantIds, type Channel } from '../../db/chat-channels.ts'
import type { Db, Tx } from '../../db/client.ts'
import { chatChannels, memberships, organizations } from '../../db/schema/index.ts'
import { abort } from '../http.ts'
import { planAllows } from '../../../app/domain/plans/plans.ts'
import { requireMembership } from '../organizations/membership.ts'

type Organization = typeof organizations.$inferSelect

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
 * Básico has the internal chat; external chat (B, F) is a Pro feature (the plans table). We read it as a
 * feature of the channel's owner (the flag, the supplier): customers chat for free with a
 * supplier who pays (docs/decisions/006-chat.md).
 */
export async function externalAllowed(db: Db | Tx, channel: Channel) {
  if (channel.padrao === 'I') return true
  const [owner] = await db.select().from(organizations).where(eq(organizations.id, channel.organizationId))
  return Boolean(owner && planAllows(owner, 'chatExterno', new Date()))
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

