import { sql } from 'drizzle-orm'
import {
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

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

export const verticals = pgTable('verticals', {
  id: serial('id').primaryKey(),
  nome: text('nome').notNull(),
})

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    tipo: char('tipo', { length: 1 }).notNull(),
    nome: text('nome').notNull(),
    razaoSocial: text('razao_social'),
    /** Digits and letters only, upper-cased: the mask is a matter of display. */
    cnpj: text('cnpj').notNull(),
    email: text('email'),
    telefone: text('telefone'),
    sobre: text('sobre'),
    cep: text('cep'),
    endereco: text('endereco'),
    numero: text('numero'),
    bairro: text('bairro'),
    cidade: text('cidade'),
    uf: char('uf', { length: 2 }),
    avatar: text('avatar'),
    verticalId: integer('vertical_id').references(() => verticals.id),
    plano: char('plano', { length: 1 }).notNull().default('B'),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    active: boolean('active').notNull().default(false),
    feedback: boolean('feedback').notNull().default(false),
    tokenbase: text('tokenbase'),
    bandeiraId: integer('bandeira_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
    codigoBandeira: text('codigo_bandeira'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organizations_cnpj_unique').on(t.cnpj),
    uniqueIndex('organizations_codigo_bandeira_unique').on(t.codigoBandeira),
    check('organizations_tipo_check', sql`${t.tipo} in ('v', 'f', 'b', 'r')`),
    check('organizations_plano_check', sql`${t.plano} in ('B', 'P', 'U', 'M')`),
  ],
)

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

/**
 * An invitation for a company that is not on the platform yet. The link holds the
 * token; only its hash is stored. `relacao` says what the new company becomes to the
 * inviter: cliente (of an f), fornecedor (of a v or r) or unidade (of a b).
 */
export const organizationInvites = pgTable(
  'organization_invites',
  {
    id: serial('id').primaryKey(),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    nome: text('nome').notNull(),
    cnpj: text('cnpj').notNull(),
    email: text('email'),
    tipo: char('tipo', { length: 1 }).notNull(),
    relacao: text('relacao').notNull(),
    inviterOrganizationId: integer('inviter_organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organization_invites_token_unique').on(t.tokenHash),
    check('organization_invites_tipo_check', sql`${t.tipo} in ('v', 'f', 'b', 'r')`),
    check('organization_invites_relacao_check', sql`${t.relacao} in ('cliente', 'fornecedor', 'unidade')`),
  ],
)

/** Links between organizations made by invites (and, later, by the customers screen). */
export const organizationLinks = pgTable(
  'organization_links',
  {
    id: serial('id').primaryKey(),
    /** The seller (f, r), or the flag (b) for a unit. */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The buyer, or the unit. */
    partnerId: integer('partner_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    relacao: text('relacao').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organization_links_unique').on(t.organizationId, t.partnerId, t.relacao)],
)

/** A role in an organization's team, with a list of permissions (app/lib/permissions.ts). */
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

/** VENDAS-M, MERCADO-M, PAINEL-M (spec §6). */
export const organizationRestrictions = pgTable(
  'organization_restrictions',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    restricao: text('restricao').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.restricao] })],
)

/** The visiting card's links (site, Instagram, WhatsApp...). */
export const organizationContactLinks = pgTable(
  'organization_contact_links',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    content: text('content').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('organization_contact_links_org_idx').on(t.organizationId)],
)

/** The six-digit code mailed to the creator of a new organization; only its hash is kept. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_org_idx').on(t.organizationId)],
)

/** Who did what in an organization (GET api/empresas/logging/{orgId}). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    acao: text('acao').notNull(),
    detalhes: jsonb('detalhes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_logs_org_created_idx').on(t.organizationId, t.createdAt)],
)

/** Answers to an organization's feedback request (spec §3 `feedback`; DOMAIN.md saveFeedback), one per member. */
export const organizationFeedbacks = pgTable(
  'organization_feedbacks',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nota: integer('nota').notNull(),
    comentario: text('comentario'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organization_feedbacks_org_user_unique').on(t.organizationId, t.userId),
    check('organization_feedbacks_nota_check', sql`${t.nota} between 1 and 5`),
  ],
)

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
