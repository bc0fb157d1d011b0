import { sql } from 'drizzle-orm'
import { boolean, char, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { organizations } from './organizations.ts'
import { createdAt } from './columns.ts'

export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    level: integer('level').notNull().default(1),
    cargoId: integer('cargo_id').references(() => cargos.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_user_org_unique').on(t.userId, t.organizationId),
    index('memberships_org_idx').on(t.organizationId),
  ],
)

/** A role in an organization's team, with a list of permissions (app/domain/team/permissions.ts). */
export const cargos = pgTable(
  'cargos',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references((): AnyPgColumn => organizations.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cargos_org_nome_unique').on(t.organizationId, sql`lower(${t.nome})`)],
)

export const cargoPermissions = pgTable(
  'cargo_permissions',
  {
    cargoId: integer('cargo_id')
      .notNull()
      .references(() => cargos.id, { onDelete: 'cascade' }),
    permissao: text('permissao').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cargoId, t.permissao] })],
)

/** An invitation to join an organization's team, accepted or declined from the mail. */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    cargoId: integer('cargo_id').references(() => cargos.id, { onDelete: 'set null' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('team_invites_token_unique').on(t.tokenHash), index('team_invites_org_idx').on(t.organizationId)],
)
