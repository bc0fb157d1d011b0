import { char, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Always stored lower-cased and trimmed, so uniqueness ignores case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    avatar: text('avatar'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
)

/** Sanctum-style tokens: the client holds `id|secret`, only sha256(secret) is stored. */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('personal_access_tokens_user_idx').on(t.userId)],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash), index('password_reset_tokens_email_idx').on(t.email)],
)

/** Failed logins, kept in the database so that every API node sees the same count. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_key_idx').on(t.key, t.createdAt)],
)
