import { sql } from 'drizzle-orm'
import { boolean, char, check, index, integer, jsonb, pgTable, primaryKey, serial, text, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { organizations } from './organizations.ts'
import { createdAt } from './columns.ts'

/**
 * A chat channel (spec §1, DOMAIN.md Chat): `I` the members of one organization, `B` a flag
 * and its units (owner = the flag), `F` a supplier and one customer (owner = the supplier,
 * partner = the customer). Made the first time someone lists their channels.
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
