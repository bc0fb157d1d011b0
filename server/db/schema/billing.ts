import { sql } from 'drizzle-orm'
import { char, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'
import { createdAt } from './columns.ts'

/**
 * The invoices (títulos): one per paying organization per month, made by the billing job (server/billing,
 * decision 051). The unique (organization, month) is what keeps two job runs, on one node or several, from
 * billing a month twice: they insert with ON CONFLICT DO NOTHING.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The month billed, as its first day (São Paulo's months). */
    mes: date('mes', { mode: 'string' }).notNull(),
    /** The plan held when the invoice was made. */
    plano: char('plano', { length: 1 }).notNull(),
    /** Active members counted, and those charged (the plan's minimum when fewer). */
    usuarios: integer('usuarios').notNull(),
    usuariosCobrados: integer('usuarios_cobrados').notNull(),
    /** Per user per month; null for Pro ∞ (a negotiated amount). */
    precoUsuarioCentavos: integer('preco_usuario_centavos'),
    valorCentavos: integer('valor_centavos').notNull(),
    /** The receipt PDF, a private file of the file store (its key); null until the job has rendered it. */
    recibo: text('recibo'),
    /** The nota fiscal an admin uploaded (a private file's key) and its extension; null while pending. */
    nf: text('nf'),
    nfEnviadaEm: timestamp('nf_enviada_em', { withTimezone: true }),
    /** When the receipt was rendered and the finance address mailed (or there was none): delivery is over. */
    entregueEm: timestamp('entregue_em', { withTimezone: true }),
    /**
     * A job run took the delivery until then; a run that died leaves it to expire, and a later run takes
     * it again. Null while nobody holds it.
     */
    reservadoAte: timestamp('reservado_ate', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_org_month_unique').on(t.organizationId, t.mes),
    // The deliveries still to make, which every run looks for: few rows, whatever the table's size.
    index('invoices_undelivered_idx').on(t.id).where(sql`${t.entregueEm} is null`),
    check('invoices_plano_check', sql`${t.plano} in ('P', 'U', 'M')`),
    check('invoices_valor_check', sql`${t.valorCentavos} >= 0`),
  ],
)

/**
 * The company e-mails of the plans modal: commercial (C, limited by the plan) and finance (F, at most one,
 * which gets each new invoice with its receipt). An address is listed once per type.
 */
export const companyEmails = pgTable(
  'company_emails',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tipo: char('tipo', { length: 1 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_emails_org_type_email_unique').on(t.organizationId, t.tipo, sql`lower(${t.email})`),
    // At most one finance address, held by the database too: two adds at once cannot both pass.
    uniqueIndex('company_emails_one_finance').on(t.organizationId).where(sql`${t.tipo} = 'F'`),
    check('company_emails_tipo_check', sql`${t.tipo} in ('C', 'F')`),
  ],
)
