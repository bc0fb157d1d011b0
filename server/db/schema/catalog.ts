import { sql } from 'drizzle-orm'
import { boolean, char, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'
import { createdAt } from './columns.ts'

export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/**
 * A seller's product (DOMAIN.md "Product"). Found again on re-import by EAN, else by internal code,
 * so a product has at least one of them. `busca` is what the search reads: name, brand, category,
 * EAN and code, lower-cased and without accents (f_unaccent, migration 0006), kept by PostgreSQL.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ean: char('ean', { length: 13 }),
    codigo: text('codigo'),
    nome: text('nome').notNull(),
    marca: text('marca'),
    categoria: text('categoria'),
    /** Eight digits; the mask 0000.00.00 is a matter of display. */
    ncm: char('ncm', { length: 8 }),
    /** Unit price in centavos. */
    precoCentavos: integer('preco_centavos').notNull(),
    unidade: text('unidade').notNull().default('UN'),
    /** Units per pack (caixa). */
    embalagem: integer('embalagem').notNull().default(1),
    imagem: text('imagem'),
    ativo: boolean('ativo').notNull().default(true),
    /** Sold with tax (imposto) added on top of the price. */
    imposto: boolean('imposto').notNull().default(false),
    busca: text('busca')
      .notNull()
      .generatedAlwaysAs(
        sql`f_unaccent(lower(coalesce(nome, '') || ' ' || coalesce(marca, '') || ' ' || coalesce(categoria, '') || ' ' || coalesce(ean, '') || ' ' || coalesce(codigo, '')))`,
      ),
    /**
     * The conditions with a sellable line of this product (active, and a net price when the table is 'L'),
     * kept by PostgreSQL's triggers on condition_products and conditions (migration 0011, decision 030):
     * the market checks a search's matches in the row instead of probing the lines once per product.
     */
    ofertas: integer('ofertas').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_org_ean_unique').on(t.organizationId, t.ean).where(sql`${t.ean} is not null`),
    uniqueIndex('products_org_codigo_unique').on(t.organizationId, t.codigo).where(sql`${t.codigo} is not null`),
    index('products_org_nome_idx').on(t.organizationId, t.nome),
    // The brand and category filters (the catalogue's, and a condition's products read through them).
    index('products_org_marca_idx').on(t.organizationId, t.marca),
    index('products_org_categoria_idx').on(t.organizationId, t.categoria),
    // btree_gin lets one index serve "this seller's products matching the term".
    index('products_org_busca_trgm_idx').using('gin', t.organizationId, sql`${t.busca} gin_trgm_ops`),
    check('products_identifier_check', sql`${t.ean} is not null or ${t.codigo} is not null`),
    check('products_preco_check', sql`${t.precoCentavos} >= 0`),
    check('products_embalagem_check', sql`${t.embalagem} >= 1`),
  ],
)

/** How a seller accepts payment (DOMAIN.md "Payment methods"): boleto, Pix, cartão, crédito em carteira. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    tipo: text('tipo').notNull(),
    prazoDias: integer('prazo_dias').notNull().default(0),
    valorMinimoCentavos: integer('valor_minimo_centavos').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_methods_org_nome_unique').on(t.organizationId, sql`lower(${t.nome})`),
    check('payment_methods_tipo_check', sql`${t.tipo} in ('boleto', 'pix', 'cartao', 'credito')`),
    check('payment_methods_prazo_check', sql`${t.prazoDias} >= 0`),
    check('payment_methods_minimo_check', sql`${t.valorMinimoCentavos} >= 0`),
  ],
)
