import { sql } from 'drizzle-orm'
import { bigint, char, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { products, updatedAt } from './catalog.ts'
import { createdAt } from './columns.ts'
import { conditionPartners, conditionPaymentTerms, conditions } from './conditions.ts'
import { organizations } from './organizations.ts'

/**
 * The buying side (docs/decisions/025-market-checkout-orders.md). Carts belong to a buyer
 * organization and the member who fills them: two members of one retailer never edit each other's cart.
 */

/** A product a buyer organization marked as favorite in the market (favoritar_produto). */
export const productFavorites = pgTable(
  'product_favorites',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.productId] }), index('product_favorites_product_idx').on(t.productId)],
)

/** The shopping list (pre-checkout): products and quantities not yet tied to a condition. */
export const preCheckoutItems = pgTable(
  'pre_checkout_items',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantidade: integer('quantidade').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pre_checkout_items_owner_product_unique').on(t.organizationId, t.userId, t.productId),
    index('pre_checkout_items_product_idx').on(t.productId),
    check('pre_checkout_items_quantidade_check', sql`${t.quantidade} >= 1`),
  ],
)

/**
 * A cart: one per buyer member, condition and OL (`conditionPartnerId` null = bought from the seller
 * directly). The payment term is the buyer's choice at checkout.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => conditions.id, { onDelete: 'cascade' }),
    conditionPartnerId: integer('condition_partner_id').references(() => conditionPartners.id, { onDelete: 'cascade' }),
    paymentTermId: integer('payment_term_id').references(() => conditionPaymentTerms.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('checkouts_owner_offer_unique').on(t.organizationId, t.userId, t.conditionId, sql`coalesce(${t.conditionPartnerId}, 0)`),
    index('checkouts_condition_idx').on(t.conditionId),
  ],
)

/**
 * A cart line. `precoVistoCentavos` is the unit price the buyer saw when the line was last set: sending
 * compares it with today's price and shows the change before an order is made.
 */
export const checkoutItems = pgTable(
  'checkout_items',
  {
    id: serial('id').primaryKey(),
    checkoutId: integer('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantidade: integer('quantidade').notNull(),
    precoVistoCentavos: integer('preco_visto_centavos').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('checkout_items_checkout_product_unique').on(t.checkoutId, t.productId),
    index('checkout_items_product_idx').on(t.productId),
    check('checkout_items_quantidade_check', sql`${t.quantidade} >= 1`),
    check('checkout_items_preco_check', sql`${t.precoVistoCentavos} >= 0`),
  ],
)

/** What a tokenbase payment option gave at sending (app/domain/pricing/tokenbase.ts). */
export type OrderTokenbase = { token: string | null; formula: string; desconto: string; percent: string; fator: string; valor: number; valor_total: number }

/**
 * An order (pedido): one cart turned into an order by enviaPedido. It keeps the names and prices as they
 * were when sent (never recomputed); the condition keeps RESTRICT so a condition with orders cannot be
 * deleted. `chave` is the sender's idempotency key: the same key from the same buyer is the same order.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    /** The OL that serves the order, when bought through one. */
    olId: integer('ol_id').references(() => organizations.id, { onDelete: 'restrict' }),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => conditions.id, { onDelete: 'restrict' }),
    conditionPartnerId: integer('condition_partner_id').references(() => conditionPartners.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    chave: text('chave').notNull(),
    /** The cart it was sent from (the send deletes it): a retry with the key answers this order only for that cart. */
    checkoutId: integer('checkout_id'),
    status: char('status', { length: 1 }).notNull().default('A'),
    condicaoNome: text('condicao_nome').notNull(),
    paymentTermId: integer('payment_term_id').references(() => conditionPaymentTerms.id, { onDelete: 'set null' }),
    pagamentoNome: text('pagamento_nome'),
    pagamentoPrazoDias: integer('pagamento_prazo_dias'),
    tokenbase: jsonb('tokenbase').$type<OrderTokenbase>(),
    quantidadeTotal: integer('quantidade_total').notNull(),
    /** The sum of the lines, in centavos. */
    subtotalCentavos: integer('subtotal_centavos').notNull(),
    /** What the buyer pays: the subtotal less the tokenbase option's valor. */
    totalCentavos: integer('total_centavos').notNull(),
    /** Total invoiced after a 'Q' (faturado com quebra), from the invoiced quantities. */
    totalFaturadoCentavos: integer('total_faturado_centavos'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_buyer_chave_unique').on(t.buyerId, t.chave),
    index('orders_seller_created_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    index('orders_seller_status_created_idx').on(t.sellerId, t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    index('orders_buyer_status_created_idx').on(t.buyerId, t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_ol_created_idx')
      .on(t.olId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.olId} is not null`),
    index('orders_condition_idx').on(t.conditionId),
    check('orders_status_check', sql`${t.status} in ('A', 'F', 'N', 'Q')`),
    check('orders_totals_check', sql`${t.subtotalCentavos} >= 0 and ${t.totalCentavos} >= 0 and ${t.quantidadeTotal} >= 1`),
  ],
)

/** An order line as priced when the order was sent. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The catalogue product, while it exists; the line keeps its own copy of what was bought. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    nome: text('nome').notNull(),
    ean: char('ean', { length: 13 }),
    codigo: text('codigo'),
    marca: text('marca'),
    unidade: text('unidade').notNull(),
    quantidade: integer('quantidade').notNull(),
    /** Set by a 'Q' status change: how many units were invoiced. */
    quantidadeFaturada: integer('quantidade_faturada'),
    precoListaCentavos: integer('preco_lista_centavos').notNull(),
    precoUnitarioCentavos: integer('preco_unitario_centavos').notNull(),
    /** The exact unit price to R$ 0,0001, shown beside the line's total (decision 033); past R$ 21.474,83 in a 32-bit integer. */
    precoUnitarioCentesimos: bigint('preco_unitario_centesimos', { mode: 'number' }).notNull(),
    totalCentavos: integer('total_centavos').notNull(),
    /** The rule that gave this line its discount, by name, and its percent. */
    regraNome: text('regra_nome'),
    regraDesconto: numeric('regra_desconto', { precision: 7, scale: 4 }),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantidade_check', sql`${t.quantidade} >= 1 and (${t.quantidadeFaturada} is null or (${t.quantidadeFaturada} >= 0 and ${t.quantidadeFaturada} <= ${t.quantidade}))`),
  ],
)

/** Every status an order took: who moved it, from which organization, when. The first row is its creation. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    de: char('de', { length: 1 }),
    para: char('para', { length: 1 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
)

/**
 * How many orders an organization has per status, as buyer, seller or OL (the header's order counters and
 * the summary event `{tipo, qt_ped}`): kept on write in the transaction that creates or moves an order.
 */
export const orderCounters = pgTable(
  'order_counters',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: char('status', { length: 1 }).notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.status] }), check('order_counters_status_check', sql`${t.status} in ('A', 'F', 'N', 'Q')`)],
)

/** The addresses that get an e-mail per new order (addEmailPedido; limited by permissions.pedidos_email). */
export const orderEmails = pgTable(
  'order_emails',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_emails_org_email_unique').on(t.organizationId, sql`lower(${t.email})`)],
)

/**
 * What each member of an organization has seen of its orders ('visualizados', keys a, f, n; Q counts as
 * f): the order counters as they were when a list showed them, moved by the orders that left a status since. The
 * menu's Pedidos badge is the counters less these, so orders that arrived while the member was away show at the
 * next page. No row: the member never read the counters, and the first read counts everything as seen.
 */
export const orderViews = pgTable(
  'order_views',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    a: integer('a').notNull().default(0),
    f: integer('f').notNull().default(0),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] }), index('order_views_org_idx').on(t.organizationId)],
)
