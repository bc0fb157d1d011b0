import { sql } from 'drizzle-orm'
import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'

/**
 * The market's facets of a buyer organization (showMarcasCategorias, showVerticalCategorias) as last computed,
 * one row per organization (docs/decisions/047-market-facets.md). Migration 0016's triggers create the row with
 * the organization and mark it stale (`freshUntil` null, `version` + 1) in the transaction of every write that
 * may change what the organization may buy; the next read recomputes a stale or expired row.
 */
export const buyerMarketFacets = pgTable('buyer_market_facets', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** In the answer's order (pt-BR, without case or accents). */
  marcas: text('marcas').array().notNull().default(sql`'{}'::text[]`),
  categorias: text('categorias').array().notNull().default(sql`'{}'::text[]`),
  /** The sellers' verticals with their categories (in the answer's order); names are read from `verticals`. */
  verticais: jsonb('verticais').$type<{ id: number; categorias: string[] }[]>().notNull().default(sql`'[]'::jsonb`),
  /** Until when the facets hold with no write (a validity day or a trial ending); null = stale. */
  freshUntil: timestamp('fresh_until', { withTimezone: true }),
  /** Moves on every mark: a recompute stores its result only if no mark came since it began. */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})
