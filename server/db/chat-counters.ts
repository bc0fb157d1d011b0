import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from './client.ts'
import { channelsOfOrganizationRow, lockChannel, openChannel, type Channel } from './chat-channels.ts'
import { chatAwaitingAnswer, chatAwaitingTotals, chatChannels, chatMessages, chatReads, chatUnreadCounters, memberships, organizations } from './schema/index.ts'

/**
 * The header's chat counters kept on write (docs/decisions/024-header-counters.md). Invariants, for every
 * active membership (user U, organization O) and every channel c O takes part in now:
 *  - chat_unread_counters (U, O, owner of c, type of c) sums, over such channels, the messages of others
 *    after U's read cursor in c (what chat_reads + chat_messages give);
 *  - for c external (B, F), chat_awaiting_answer (c, O) holds the messages written after O's last message
 *    in c, if any, and chat_awaiting_totals (O, owner of c, type of c) sums their counts over such channels.
 * Every write that changes one of those inputs calls the matching function here in its own transaction.
 */

type ChannelKey = Pick<Channel, 'id' | 'padrao' | 'organizationId'>

/**
 * The organizations whose members' counters a write changes, locked for sharing: a team change holds its
 * organization for update (lockOrganization), so a member's recount and a message's increments never
 * overlap. Taken after the channel's lock (lockChannel), always in that order.
 */
async function holdOrganizations(tx: Tx, ids: number[]) {
  if (ids.length === 0) return
  await tx.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, ids)).orderBy(asc(organizations.id)).for('share')
}

const u = chatUnreadCounters
const a = chatAwaitingAnswer

/**
 * Unread counts from scratch, as rows of chat_unread_counters: for active members of organizations, the
 * others' messages after their cursor in the organizations' channels now (scope: a member, an organization,
 * or one channel of one organization whatever its participation, for a participation that changes).
 */
function unreadRows(scope: { userId?: number; orgId?: number; channelId?: number }): SQL {
  const channels = scope.channelId !== undefined ? sql`${chatChannels.id} = ${scope.channelId}` : channelsOfOrganizationRow(organizations)
  const where = [sql`${memberships.active}`]
  if (scope.userId !== undefined) where.push(sql`${memberships.userId} = ${scope.userId}`)
  if (scope.orgId !== undefined) where.push(sql`${memberships.organizationId} = ${scope.orgId}`)
  return sql`select ${memberships.userId}, ${memberships.organizationId}, ${chatChannels.organizationId}, ${chatChannels.padrao}, count(*)::int
    from ${memberships}
    join ${organizations} on ${organizations.id} = ${memberships.organizationId}
    join ${chatChannels} on ${channels}
    join ${chatMessages} x on x.channel_id = ${chatChannels.id}
      and x.user_id is distinct from ${memberships.userId}
      and x.id > coalesce((select r.last_read_id from ${chatReads} r where r.channel_id = ${chatChannels.id} and r.user_id = ${memberships.userId}), 0)
    where ${sql.join(where, sql` and `)}
    group by 1, 2, 3, 4`
}

/** Messages waiting for an answer from scratch, as rows of chat_awaiting_answer (scope: an organization, a channel). */
function awaitingRows(scope: { orgId?: number; channelId?: number }): SQL {
  const channels = scope.channelId !== undefined ? sql`${chatChannels.id} = ${scope.channelId}` : channelsOfOrganizationRow(organizations)
  return sql`select ${chatChannels.id}, ${organizations.id}, ${chatChannels.organizationId}, ${chatChannels.padrao}, min(x.id), count(*)::int, min(x.created_at), max(x.created_at)
    from ${organizations}
    join ${chatChannels} on ${chatChannels.padrao} <> 'I' and ${channels}
    join ${chatMessages} x on x.channel_id = ${chatChannels.id}
      and x.id > coalesce((select max(y.id) from ${chatMessages} y where y.channel_id = ${chatChannels.id} and y.organization_id = ${organizations.id}), 0)
    ${scope.orgId !== undefined ? sql`where ${organizations.id} = ${scope.orgId}` : sql``}
    group by 1, 2, 3, 4`
}

const insertAwaiting = (rows: SQL) => sql`insert into ${a} (channel_id, organization_id, owner_id, padrao, first_message_id, messages, since, last_at) ${rows}`

const at = chatAwaitingTotals

/** Adds each organization's delta to its waiting total for the channel's owner and type, in organization order; a total at zero goes. */
async function addAwaitingTotals(tx: Tx, channel: ChannelKey, deltas: { orgId: number; delta: number }[]) {
  const rows = deltas.filter((d) => d.delta !== 0).sort((x, y) => x.orgId - y.orgId)
  if (rows.length === 0) return
  const values = rows.map((d) => sql`(${d.orgId}::integer, ${channel.organizationId}::integer, ${channel.padrao}, ${d.delta}::integer)`)
  await tx.execute(sql`insert into ${at} (organization_id, owner_id, padrao, messages) values ${sql.join(values, sql`, `)}
    on conflict (organization_id, owner_id, padrao) do update set messages = ${at.messages} + excluded.messages`)
  const key = and(inArray(at.organizationId, rows.map((d) => d.orgId)), eq(at.ownerId, channel.organizationId), eq(at.padrao, channel.padrao))
  await tx.delete(at).where(and(key, eq(at.messages, 0)))
}

/** Deletes the organization's waiting row of the channel; answers how many messages it held. */
async function removeAwaiting(tx: Tx, channelId: number, orgId: number) {
  const [gone] = await tx.delete(a).where(and(eq(a.channelId, channelId), eq(a.organizationId, orgId))).returning({ messages: a.messages })
  return gone?.messages ?? 0
}

type UnreadKey = { user_id: number; organization_id: number; owner_id: number; padrao: string }

/**
 * Adds each row of `deltas` (user, organization, owner, type, delta) to the unread counters, in one statement
 * and in key order: two transactions changing the same rows (messages in two channels of one supplier) lock
 * them in the same order and never deadlock. A row reaching zero goes.
 */
async function addUnread(tx: Tx, deltas: SQL) {
  const result = await tx.execute(sql`insert into ${u} (user_id, organization_id, owner_id, padrao, unread)
    select d.user_id, d.organization_id, d.owner_id, d.padrao, sum(d.delta)::int
    from (${deltas}) as d (user_id, organization_id, owner_id, padrao, delta)
    group by 1, 2, 3, 4 having sum(d.delta) <> 0 order by 1, 2, 3, 4
    on conflict (user_id, organization_id, owner_id, padrao) do update set unread = ${u.unread} + excluded.unread
    returning user_id, organization_id, owner_id, padrao, unread`)
  const zero = (result as unknown as { rows: (UnreadKey & { unread: number })[] }).rows.filter((r) => r.unread === 0)
  if (zero.length === 0) return
  const keys = zero.map((r) => sql`(${r.user_id}::integer, ${r.organization_id}::integer, ${r.owner_id}::integer, ${r.padrao})`)
  await tx.execute(sql`delete from ${u} where (user_id, organization_id, owner_id, padrao) in (${sql.join(keys, sql`, `)}) and unread = 0`)
}

/** Moves `userId`'s read cursor in the channel forward to `upTo` (never back); answers how many others' messages it passed. */
async function moveCursor(tx: Tx, channel: ChannelKey, userId: number, upTo: number) {
  const cursor = and(eq(chatReads.channelId, channel.id), eq(chatReads.userId, userId))
  await tx.insert(chatReads).values({ channelId: channel.id, userId, lastReadId: 0 }).onConflictDoNothing()
  const [{ from }] = await tx.select({ from: chatReads.lastReadId }).from(chatReads).where(cursor).for('update')
  if (upTo <= from) return 0
  await tx.update(chatReads).set({ lastReadId: upTo }).where(cursor)
  const [{ passed }] = await tx
    .select({ passed: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(and(eq(chatMessages.channelId, channel.id), sql`${chatMessages.id} > ${from} and ${chatMessages.id} <= ${upTo}`, sql`${chatMessages.userId} is distinct from ${userId}`))
  return passed
}

/** Deltas for the members of the channel's organizations: `delta` for each active member matching `who`. */
const memberDeltas = (channel: ChannelKey, participants: number[], who: SQL, delta: number) =>
  sql`select ${memberships.userId}, ${memberships.organizationId}, ${channel.organizationId}::integer, ${channel.padrao}::char(1), ${delta}::integer
      from ${memberships} where ${inArray(memberships.organizationId, participants)} and ${memberships.active} and ${who}`

/**
 * Moves `userId`'s read cursor in the channel forward to `upTo` (never back), and takes the messages it
 * passed from their unread in each organization of the channel. The caller holds the channel (lockChannel).
 */
export async function readUpTo(tx: Tx, channel: ChannelKey, participants: number[], userId: number, upTo: number) {
  await holdOrganizations(tx, participants)
  const passed = await moveCursor(tx, channel, userId, upTo)
  if (passed > 0) await addUnread(tx, memberDeltas(channel, participants, sql`${memberships.userId} = ${userId}`, -passed))
}

/**
 * A message just stored in the channel (same transaction, channel held for writing): one more unread for
 * every other active member of each organization of the channel; the sender has read up to it; the
 * sender's organization has answered, every other one has one more message waiting.
 */
export async function recordMessage(tx: Tx, channel: ChannelKey, participants: number[], message: { id: number; userId: number; organizationId: number }) {
  await holdOrganizations(tx, participants)
  const passed = await moveCursor(tx, channel, message.userId, message.id)
  const others = memberDeltas(channel, participants, sql`${memberships.userId} <> ${message.userId}`, 1)
  await addUnread(tx, passed > 0 ? sql`${others} union all ${memberDeltas(channel, participants, sql`${memberships.userId} = ${message.userId}`, -passed)}` : others)
  if (channel.padrao === 'I') return
  const answered = await removeAwaiting(tx, channel.id, message.organizationId)
  const waiting = participants.filter((id) => id !== message.organizationId)
  await addAwaitingTotals(tx, channel, [{ orgId: message.organizationId, delta: -answered }, ...waiting.map((orgId) => ({ orgId, delta: 1 }))])
  if (waiting.length === 0) return
  // Its time read from the stored row, to the microsecond, as a recount would.
  await tx.execute(sql`insert into ${a} (channel_id, organization_id, owner_id, padrao, first_message_id, messages, since, last_at)
    select x.channel_id, ${organizations.id}, ${channel.organizationId}::integer, ${channel.padrao}, x.id, 1, x.created_at, x.created_at
    from ${chatMessages} x, ${organizations}
    where x.id = ${message.id} and ${inArray(organizations.id, waiting)}
    on conflict (channel_id, organization_id) do update
    set messages = ${a.messages} + 1, since = least(${a.since}, excluded.since), last_at = greatest(${a.lastAt}, excluded.last_at)`)
}

/** The organization takes part in the channel from now on (its relationship written in `tx`): its members' unread and its waiting messages count. */
export async function channelJoined(tx: Tx, channel: ChannelKey, orgId: number) {
  await holdOrganizations(tx, [orgId])
  await addUnread(tx, unreadRows({ orgId, channelId: channel.id }))
  if (channel.padrao === 'I') return
  const before = await removeAwaiting(tx, channel.id, orgId)
  const made = await tx.execute(sql`${insertAwaiting(awaitingRows({ orgId, channelId: channel.id }))} returning messages`)
  const after = (made as unknown as { rows: { messages: number }[] }).rows[0]?.messages ?? 0
  await addAwaitingTotals(tx, channel, [{ orgId, delta: after - before }])
}

/** The organization no longer takes part in the channel: what the channel added to its counters goes. */
export async function channelLeft(tx: Tx, channel: ChannelKey, orgId: number) {
  await holdOrganizations(tx, [orgId])
  await addUnread(tx, sql`select user_id, organization_id, owner_id, padrao, -unread from (${unreadRows({ orgId, channelId: channel.id })}) as r (user_id, organization_id, owner_id, padrao, unread)`)
  await addAwaitingTotals(tx, channel, [{ orgId, delta: -(await removeAwaiting(tx, channel.id, orgId)) }])
}

/**
 * A relationship that makes organizations take part in a channel is written in `tx` (a customer link, a unit
 * joining or leaving its flag): the channel is made, or, when it is already there (the relationship ended once
 * and comes back), held for writing. Then `channelJoined` (or `channelLeft`) for each organization, unless
 * `created`. A write that updates an organization's row (a unit's `bandeira_id`) holds the channel first: a
 * message in it holds the channel, then its organizations.
 */
export async function holdChannel(tx: Tx, padrao: 'B' | 'F', organizationId: number, partnerId: number | null = null) {
  const opened = await openChannel(tx, padrao, organizationId, partnerId)
  if (!opened.created) await lockChannel(tx, opened.channel.id, 'write')
  return opened
}

/**
 * The channels a new organization takes part in from its creation (same transaction, after its members):
 * its team's (I), its own B when it is a flag, and its flag's B when it is created as a unit (an invite's
 * sign-up), where the flag's earlier messages are unread for its members and wait for its answer.
 */
export async function openOrganizationChannels(tx: Tx, org: { id: number; tipo: string; bandeiraId: number | null }) {
  await openChannel(tx, 'I', org.id)
  if (org.tipo === 'b') await openChannel(tx, 'B', org.id)
  if (!org.bandeiraId) return
  const { channel, created } = await holdChannel(tx, 'B', org.bandeiraId)
  if (!created) await channelJoined(tx, channel, org.id)
}

/** A member joins (or comes back to) an organization: their counters there, from scratch. The caller holds the organization for update. */
export async function memberJoined(tx: Tx, userId: number, orgId: number) {
  await tx.delete(u).where(and(eq(u.userId, userId), eq(u.organizationId, orgId)))
  await addUnread(tx, unreadRows({ userId, orgId }))
}

/** A member leaves an organization: nobody reads their counters there any more. */
export async function memberLeft(tx: Tx, userId: number, orgId: number) {
  await tx.delete(u).where(and(eq(u.userId, userId), eq(u.organizationId, orgId)))
}

/**
 * Every counter from scratch, for data written without the calls above: the demo seed's conversations, a
 * test's messages dated in the past. Migration 0010 does the same in SQL for the data that came before it.
 */
export async function rebuildChatCounters(db: Db | Tx) {
  await db.transaction(async (tx) => {
    await tx.delete(u)
    await tx.execute(sql`insert into ${u} (user_id, organization_id, owner_id, padrao, unread) ${unreadRows({})}`)
    await tx.delete(a)
    await tx.execute(insertAwaiting(awaitingRows({})))
    await tx.delete(at)
    await tx.execute(sql`insert into ${at} (organization_id, owner_id, padrao, messages) select organization_id, owner_id, padrao, sum(messages) from ${a} group by 1, 2, 3`)
  })
}
