import { sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { arrayParam } from '../../db/array-param.ts'

/** A catalogue product as the imports name it: by EAN or by internal code. */
export type Identified = { id: number; ean: string | null; codigo: string | null; nome: string }

/**
 * The seller's products that these EANs and codes name, for a spreadsheet batch. One probe of each unique index
 * per value (a LATERAL … LIMIT 1), planned the same whatever PostgreSQL's statistics: one `ean in (…) or codigo
 * in (…)` read every product of the seller instead (the partial indexes did not apply), and inside an import's
 * transaction, without statistics of its own rows, so did a join (45 ms a batch at 100,000 products; now 4).
 */
export async function productsIdentified(tx: Tx, sellerId: number, eans: string[], codes: string[]) {
  const byEan = new Map<string, Identified>()
  const byCode = new Map<string, Identified>()
  const probe = (values: string[], type: 'char(13)' | 'text', column: 'ean' | 'codigo') =>
    sql`select p.id, p.ean, p.codigo, p.nome from unnest(${arrayParam(values, type)}) as wanted(value)
      cross join lateral (select x.id, x.ean, x.codigo, x.nome from products x where x.organization_id = ${sellerId}::integer and x.${sql.raw(column)} = wanted.value limit 1) p`
  const arms = [...(eans.length ? [probe(eans, 'char(13)', 'ean')] : []), ...(codes.length ? [probe(codes, 'text', 'codigo')] : [])]
  if (!arms.length) return { byEan, byCode, found: [] as Identified[] }
  const found = ((await tx.execute(sql.join(arms, sql` union `))) as unknown as { rows: Identified[] }).rows
  for (const p of found) {
    if (p.ean) byEan.set(p.ean, p)
    if (p.codigo) byCode.set(p.codigo, p)
  }
  return { byEan, byCode, found }
}
