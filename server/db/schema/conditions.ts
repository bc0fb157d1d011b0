import { sql } from 'drizzle-orm'
import { boolean, char, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { products, updatedAt } from './catalog.ts'
import { createdAt } from './columns.ts'
import { customers } from './customers.ts'
import { organizations } from './organizations.ts'
import { cargos } from './team.ts'

/**
 * A commercial condition (DOMAIN.md "Condition"): the price table under which a seller sells to chosen
 * buyers, through chosen OLs, on chosen payment terms. `tipoTabela` 'D' discounts the product's list
 * price, 'L' sets a net price per product. `visivel` is the seller's choice; the plan rule (a Básico
 * seller's conditions reach no buyer) is applied on read. docs/decisions/019-conditions.md.
 */
export const conditions = pgTable(
  'conditions',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    tipoTabela: char('tipo_tabela', { length: 1 }).notNull().default('D'),
    inicio: date('inicio', { mode: 'string' }),
    fim: date('fim', { mode: 'string' }),
    ativo: boolean('ativo').notNull().default(true),
    visivel: boolean('visivel').notNull().default(true),
    minimoValorCentavos: integer('minimo_valor_centavos').notNull().default(0),
    minimoQuantidade: integer('minimo_quantidade').notNull().default(0),
    /** The columns the condition's product table shows (updateShortViews). */
    colunas: jsonb('colunas').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    busca: text('busca')
      .notNull()
      .generatedAlwaysAs(sql`f_unaccent(lower(nome))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('conditions_org_nome_idx').on(t.organizationId, t.nome),
    index('conditions_org_busca_trgm_idx').using('gin', t.organizationId, sql`${t.busca} gin_trgm_ops`),
    check('conditions_tipo_tabela_check', sql`${t.tipoTabela} in ('D', 'L')`),
    check('conditions_vigencia_check', sql`${t.fim} is null or ${t.inicio} is null or ${t.fim} >= ${t.inicio}`),
    check('conditions_minimos_check', sql`${t.minimoValorCentavos} >= 0 and ${t.minimoQuantidade} >= 0`),
  ],
)

/**
 * A product listed in a condition. The product reference RESTRICTs its delete, so the catalogue's
 * delete answers its 'deactivate instead' refusal. `desconto` is a percent (table 'D'),
 * `precoLiquidoCentavos` the net unit price (table 'L').
 */
export const conditionProducts = pgTable(
  'condition_products',
  {
    id: serial('id').primaryKey(),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => conditions.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    desconto: numeric('desconto', { precision: 7, scale: 4 }).notNull().default('0'),
    precoLiquidoCentavos: integer('preco_liquido_centavos'),
    qtdMin: integer('qtd_min').notNull().default(1),
    qtdMax: integer('qtd_max'),
    multiplo: integer('multiplo').notNull().default(1),
    imposto: boolean('imposto').notNull().default(false),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('condition_products_condition_product_unique').on(t.conditionId, t.productId),
    index('condition_products_product_idx').on(t.productId),
    check('condition_products_desconto_check', sql`${t.desconto} >= 0 and ${t.desconto} <= 100`),
    check('condition_products_preco_check', sql`${t.precoLiquidoCentavos} is null or ${t.precoLiquidoCentavos} >= 0`),
    check('condition_products_qtd_check', sql`${t.qtdMin} >= 1 and ${t.multiplo} >= 1 and (${t.qtdMax} is null or ${t.qtdMax} >= ${t.qtdMin})`),
  ],
)

/**
 * An OL (logistics operator / distributor, an organization of type f) that serves a condition, with its
 * extra discount. It must accept. `espelhoDe` is another OL of the same condition whose buyers this one
 * serves (mirrorOl), read live.
 */
export const conditionPartners = pgTable(
  'condition_partners',
  {
    id: serial('id').primaryKey(),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => conditions.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    descontoExtra: numeric('desconto_extra', { precision: 7, scale: 4 }).notNull().default('0'),
    status: text('status').notNull().default('pendente'),
    operador: boolean('operador').notNull().default(false),
    espelhoDe: integer('espelho_de').references((): AnyPgColumn => conditionPartners.id, { onDelete: 'set null' }),
    respondidoEm: timestamp('respondido_em', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('condition_partners_condition_partner_unique').on(t.conditionId, t.partnerId),
    index('condition_partners_partner_idx').on(t.partnerId),
    check('condition_partners_status_check', sql`${t.status} in ('pendente', 'aceito', 'recusado')`),
    check('condition_partners_desconto_check', sql`${t.descontoExtra} >= 0 and ${t.descontoExtra} <= 100`),
  ],
)

/**
 * Who may buy under a condition: a customer of the seller or a whole flag (every unit whose
 * bandeira_id is the flag), for the seller directly (no partner) or for one of its OLs.
 */
export const conditionBuyers = pgTable(
  'condition_buyers',
  {
    id: serial('id').primaryKey(),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => conditions.id, { onDelete: 'cascade' }),
    conditionPartnerId: integer('condition_partner_id').references(() => conditionPartners.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    bandeiraId: integer('bandeira_id').references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('condition_buyers_customer_unique')
      .on(t.conditionId, sql`coalesce(${t.conditionPartnerId}, 0)`, t.customerId)
      .where(sql`${t.customerId} is not null`),
    uniqueIndex('condition_buyers_bandeira_unique')
      .on(t.conditionId, sql`coalesce(${t.conditionPartnerId}, 0)`, t.bandeiraId)
      .where(sql`${t.bandeiraId} is not null`),
    index('condition_buyers_customer_idx').on(t.customerId),
    index('condition_buyers_bandeira_idx').on(t.bandeiraId),
    check('condition_buyers_one_check', sql`(${t.customerId} is null) <> (${t.bandeiraId} is null)`),
  ],
)

/** Who sells a condition: a member of the seller, or every member holding a role. */
export const conditionSellers = pgTable(
  'condition_sellers',
  {
    id: serial('id').primaryKey(),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => conditions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    cargoId: integer('cargo_id').references(() => cargos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('condition_sellers_user_unique').on(t.conditionId, t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('condition_sellers_cargo_unique').on(t.conditionId, t.cargoId).where(sql`${t.cargoId} is not null`),
    check('condition_sellers_one_check', sql`(${t.userId} is null) <> (${t.cargoId} is null)`),
  ],
)

/** A payment term of a condition; `formula` (tokenbase, app/domain/pricing/formula.ts) is checked on write. */
export const conditionPaymentTerms = pgTable(
  'condition_payment_terms',
  {
    id: serial('id').primaryKey(),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => conditions.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    prazoDias: integer('prazo_dias').notNull().default(0),
    minimoCentavos: integer('minimo_centavos').notNull().default(0),
    formula: text('formula'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('condition_payment_terms_condition_idx').on(t.conditionId),
    check('condition_payment_terms_values_check', sql`${t.prazoDias} >= 0 and ${t.minimoCentavos} >= 0`),
  ],
)

/**
 * A discount rule of a condition (or of one of its OLs): 'Q' from a quantity of units, 'V' from an order
 * value in centavos, 'M' from a number of distinct products; scoped to a brand, a category or one product,
 * or the whole condition when none is given. Semantics: docs/decisions/020-condition-rules.md.
 */
export const conditionRules = pgTable(
  'condition_rules',
  {
    id: serial('id').primaryKey(),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => conditions.id, { onDelete: 'cascade' }),
    conditionPartnerId: integer('condition_partner_id').references(() => conditionPartners.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    tipo: char('tipo', { length: 1 }).notNull(),
    marca: text('marca'),
    categoria: text('categoria'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    minimo: integer('minimo').notNull(),
    desconto: numeric('desconto', { precision: 7, scale: 4 }).notNull(),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('condition_rules_condition_idx').on(t.conditionId),
    check('condition_rules_tipo_check', sql`${t.tipo} in ('Q', 'V', 'M')`),
    check('condition_rules_values_check', sql`${t.minimo} >= 1 and ${t.desconto} > 0 and ${t.desconto} <= 100`),
  ],
)

/** Buyers an OL refuses to serve, across every condition it serves: a unit ('C') or a whole flag ('B'). */
export const olBlacklist = pgTable(
  'ol_blacklist',
  {
    id: serial('id').primaryKey(),
    olId: integer('ol_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tipo: char('tipo', { length: 1 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ol_blacklist_ol_buyer_unique').on(t.olId, t.buyerId, t.tipo),
    check('ol_blacklist_tipo_check', sql`${t.tipo} in ('C', 'B')`),
  ],
)
