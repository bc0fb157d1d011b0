import { sql } from 'drizzle-orm'
import { boolean, char, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { createdAt } from './columns.ts'

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
    /** When the organization started its one free trial (startTrial); it runs 14 days from then, on Básico. */
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    /** The plan the trial gives while it runs (app/domain/plans/plans.ts `effectivePlan`); meaningless otherwise. */
    trialPlano: char('trial_plano', { length: 1 }).notNull().default('P'),
    /**
     * Pro ∞'s monthly amount, negotiated with the organization and written by the platform's staff; the
     * billing job bills Pro ∞ only when it is set (decision 051).
     */
    valorNegociadoCentavos: integer('valor_negociado_centavos'),
    active: boolean('active').notNull().default(false),
    feedback: boolean('feedback').notNull().default(false),
    tokenbase: text('tokenbase'),
    bandeiraId: integer('bandeira_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
    codigoBandeira: text('codigo_bandeira'),
    /** The company chose to show its administrator (name and e-mail) on its card to other companies. */
    cartaoAdmin: boolean('cartao_admin').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organizations_cnpj_unique').on(t.cnpj),
    uniqueIndex('organizations_codigo_bandeira_unique').on(t.codigoBandeira),
    // A flag's units: who a listing or blacklisting of the flag reaches (the market's facets, migration 0016).
    index('organizations_bandeira_idx').on(t.bandeiraId),
    check('organizations_tipo_check', sql`${t.tipo} in ('v', 'f', 'b', 'r')`),
    check('organizations_plano_check', sql`${t.plano} in ('B', 'P', 'U', 'M')`),
    check('organizations_trial_plano_check', sql`${t.trialPlano} in ('P', 'U', 'M')`),
  ],
)

/**
 * The organization's virtual store (restorePlaceholder/storePlaceholder): the address of its public page,
 * `/loja/{slug}`, and the welcome text that page opens with. The page shows only while the plan has the store.
 */
export const virtualStores = pgTable(
  'virtual_stores',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    texto: text('texto').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('virtual_stores_slug_unique').on(t.slug)],
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

/** An organization's restrictions: VENDAS-M (no sales), MERCADO-M (no market), PAINEL-M (stored, changes nothing). */
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

/** Answers to an organization's feedback request (the company profile's `feedback`; saveFeedback), one per member. */
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
