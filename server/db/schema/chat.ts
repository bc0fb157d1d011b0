import { sql } from 'drizzle-orm'
import { boolean, char, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { organizations } from './organizations.ts'
import { createdAt } from './columns.ts'

/**
 * A chat channel: `I` the members of one organization, `B` a flag
 * and its units (owner = the flag), `F` a supplier and one customer (owner = the supplier,
 * partner = the customer). Made by the write that creates the relationship: the organization's
 * creation (I, and B for a flag), a unit joining its flag (B), a customer link (F) — server/db/chat-channels.ts.
 */
export const chatChannels = pgTable(
  'chat_channels',
  {
    id: serial('id').primaryKey(),
    padrao: char('padrao', { length: 1 }).notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('chat_channels_unique').on(t.padrao, t.organizationId, t.partnerId).nullsNotDistinct(),
    index('chat_channels_partner_idx').on(t.partnerId),
    check('chat_channels_padrao_check', sql`${t.padrao} in ('I', 'B', 'F')`),
    check('chat_channels_partner_check', sql`(${t.padrao} = 'F') = (${t.partnerId} is not null)`),
  ],
)

/**
 * A message. `client_id` is made by the sender's browser: a retry of the same send finds the
 * stored row instead of doubling it. Attachments live in the private file store.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The organization the sender wrote from (shown in B and F channels). */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    clientId: text('client_id').notNull(),
    kind: text('kind').notNull(),
    text: text('text').notNull().default(''),
    answerTo: integer('answer_to').references((): AnyPgColumn => chatMessages.id, { onDelete: 'set null' }),
    attachment: jsonb('attachment').$type<{ key: string; name: string; mime: string; size: number }>(),
    audio: jsonb('audio').$type<{ duration: number; audioBars: number[] }>(),
    highlighted: boolean('highlighted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_messages_client_unique').on(t.userId, t.clientId),
    index('chat_messages_channel_idx').on(t.channelId, t.id),
    check('chat_messages_kind_check', sql`${t.kind} in ('text', 'image', 'file', 'audio')`),
  ],
)

/** How far each person has read a channel: unread = others' messages after this id. */
export const chatReads = pgTable(
  'chat_reads',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] })],
)

/**
 * The header's unread count kept on write (docs/decisions/024-header-counters.md): for each active member
 * (`user_id`) of an organization, the messages of others after their read cursor in the organization's
 * channels, one row per channel owner and type, so that the plan rule (external chat needs the owner's paid
 * features, which a trial loses by time passing) is applied when read. A row at zero is deleted.
 */
export const chatUnreadCounters = pgTable(
  'chat_unread_counters',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** chat_channels.organization_id of the channels counted here. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    padrao: char('padrao', { length: 1 }).notNull(),
    unread: integer('unread').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId, t.ownerId, t.padrao] })],
)

/**
 * The messages of an external channel (B, F) waiting for an answer from one of its organizations: those
 * written after its own last message there. Deleted when it answers. Summed per owner and type in
 * chat_awaiting_totals; the header subtracts from those sums what is not late yet, read through the index on
 * (organization_id, last_at): only the channels whose wait got a message within OVERDUE_AFTER_HOURS.
 */
export const chatAwaitingAnswer = pgTable(
  'chat_awaiting_answer',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The channel's owner and type, copied (they never change): the header sums by owner without reading the channels. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    padrao: char('padrao', { length: 1 }).notNull(),
    /** The first waiting message: every later message of the channel waits too. */
    firstMessageId: integer('first_message_id').notNull(),
    messages: integer('messages').notNull(),
    /** The oldest and newest created_at of the waiting messages. */
    since: timestamp('since', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.organizationId] }), index('chat_awaiting_answer_org_last_idx').on(t.organizationId, t.lastAt)],
)

/** chat_awaiting_answer's messages summed per organization, channel owner and type; a row at zero is deleted. */
export const chatAwaitingTotals = pgTable(
  'chat_awaiting_totals',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    padrao: char('padrao', { length: 1 }).notNull(),
    messages: integer('messages').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.ownerId, t.padrao] })],
)
