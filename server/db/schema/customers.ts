import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { paymentMethods, updatedAt } from './catalog.ts'
import { organizationInvites, organizations } from './organizations.ts'
import { createdAt } from './columns.ts'

/**
 * A seller's customer, keyed by CNPJ per seller. `customerOrgId` is set when
 * the company is on the platform (then an organization_links 'cliente' row exists too, which the
 * chat reads); otherwise `inviteId` is the pending invite that brings it in.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Digits and letters only, upper-cased, like organizations.cnpj. */
    cnpj: text('cnpj').notNull(),
    nome: text('nome').notNull(),
    customerOrgId: integer('customer_org_id').references(() => organizations.id, { onDelete: 'set null' }),
    inviteId: integer('invite_id').references(() => organizationInvites.id, { onDelete: 'set null' }),
    /** A blocked customer cannot buy from this seller. */
    bloqueado: boolean('bloqueado').notNull().default(false),
    /** The seller's member who serves this customer. */
    vendedorId: integer('vendedor_id').references(() => users.id, { onDelete: 'set null' }),
    contatoNome: text('contato_nome'),
    contatoEmail: text('contato_email'),
    contatoTelefone: text('contato_telefone'),
    busca: text('busca')
      .notNull()
      .generatedAlwaysAs(sql`f_unaccent(lower(coalesce(nome, '') || ' ' || cnpj || ' ' || coalesce(contato_nome, '') || ' ' || coalesce(contato_email, '')))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_seller_cnpj_unique').on(t.sellerId, t.cnpj),
    index('customers_customer_org_idx').on(t.customerOrgId),
    index('customers_seller_busca_trgm_idx').using('gin', t.sellerId, sql`${t.busca} gin_trgm_ops`),
  ],
)

/** The payment methods a customer may use with its seller. */
export const customerPaymentMethods = pgTable(
  'customer_payment_methods',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.paymentMethodId] }), index('customer_payment_methods_method_idx').on(t.paymentMethodId)],
)
