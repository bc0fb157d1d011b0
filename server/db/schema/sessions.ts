import { boolean, char, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

/**
 * The web app's sessions (docs/decisions/008-server-sessions.md). The browser holds only a
 * random id in a signed cookie; a copy of this table holds neither that id (only its sha256)
 * nor a usable API token (sealed under a key derived from the id). `user_id` and `token_id`
 * belong to the API the web app calls, which may be another deployment: no foreign keys.
 */
export const webSessions = pgTable(
  'sessions',
  {
    /** A public handle, for 'Encerrar' on another device's row; never a key to the session. */
    id: serial('id').primaryKey(),
    keyHash: char('key_hash', { length: 64 }).notNull(),
    userId: integer('user_id').notNull(),
    /** Lower-cased, as the API keeps it: a password reset names the account by e-mail. */
    userEmail: text('user_email').notNull(),
    /** The id part of the API token (`id|secret`), not a secret: revoking needs only it. */
    tokenId: integer('token_id').notNull(),
    /** AES-256-GCM of the whole token: iv, tag and ciphertext, base64url, dot-separated. */
    tokenSealed: text('token_sealed').notNull(),
    /** What the web app keeps beside the token (user shown in the header, company entered, flashes). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    remember: boolean('remember').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_key_hash_unique').on(t.keyHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_email_idx').on(t.userEmail),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
)
