import { sql, type SQL } from 'drizzle-orm'
import type { ProductRow } from '../../../app/domain/catalog/product-sheet.ts'
import type { Tx } from '../../db/client.ts'
import { arrayParam } from '../../db/array-param.ts'

/** A catalogue product as the imports name it (by EAN or by internal code), with what a products sheet may change. */
export type Identified = { id: number } & Omit<ProductRow, 'ativo' | 'imposto'> & { ativo: boolean; imposto: boolean }

const COLUMNS = ['id', 'ean', 'codigo', 'nome', 'marca', 'categoria', 'ncm', 'preco_centavos', 'unidade', 'embalagem', 'ativo', 'imposto'] as const
const columns = (alias: string) => sql.raw(COLUMNS.map((c) => `${alias}.${c}`).join(', '))

/**
 * The seller's products that these EANs and codes name, for a spreadsheet batch. One probe of each unique index
 * per value (a LATERAL … LIMIT 1), planned the same whatever PostgreSQL's statistics: one `ean in (…) or codigo
 * in (…)` read every product of the seller instead (the partial indexes did not apply), and inside an import's
 * transaction, without statistics of its own rows, so did a join (45 ms a batch at 100,000 products; now 4).
 */
export async function productsIdentified(tx: Tx, sellerId: number, eans: string[], codes: string[]) {
  const byEan = new Map<string, Identified>()
  const byCode = new Map<string, Identified>()
  const probe = (wanted: SQL, column: 'ean' | 'codigo') =>
    sql`select ${columns('p')} from ${wanted}
      cross join lateral (select ${columns('x')} from products x where x.organization_id = ${sellerId}::integer and x.${sql.raw(column)} = wanted.value limit 1) p`
  const eansWanted = sql`unnest(${arrayParam(eans, 'char(13)')}) as wanted(value)`
  const codesWanted = sql`unnest(${arrayParam(codes, 'text')}) as wanted(value)`
  // A code that the products found by EAN already carry names one of them (codes are unique per seller): it is
  // not probed again. A sheet sent again, each row with its EAN and code, probes each index once per row, not twice.
  const query =
    eans.length && codes.length
      ? sql`with by_ean as materialized (${probe(eansWanted, 'ean')})
          select * from by_ean
          union
          ${probe(sql`(select value from ${codesWanted} where not exists (select 1 from by_ean e where e.codigo = wanted.value)) as wanted`, 'codigo')}`
      : eans.length
        ? probe(eansWanted, 'ean')
        : codes.length
          ? probe(codesWanted, 'codigo')
          : null
  if (!query) return { byEan, byCode, found: [] as Identified[] }
  const found = ((await tx.execute(query)) as unknown as { rows: Identified[] }).rows
  for (const p of found) {
    if (p.ean) byEan.set(p.ean, p)
    if (p.codigo) byCode.set(p.codigo, p)
  }
  return { byEan, byCode, found }
}
