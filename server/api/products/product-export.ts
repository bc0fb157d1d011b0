import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm'
import type { ProductRow } from '../../../app/domain/catalog/product-sheet.ts'
import type { Db, Tx } from '../../db/client.ts'
import { products } from '../../db/schema/index.ts'

/** Rows read per query while exporting. */
const PAGE = 1000

/**
 * The seller's products for the export, by name, one page at a time: keyset on (nome, id), so the
 * 100,000th row costs what the first does and the export never holds more than a page. Each row is
 * what productSheet's `write` functions take (app/domain/catalog/product-sheet.ts).
 */
export async function* productExportRows(db: Db | Tx, organizationId: number): AsyncGenerator<ProductRow> {
  let after: { nome: string; id: number } | null = null
  for (;;) {
    const where: SQL | undefined = and(
      eq(products.organizationId, organizationId),
      after ? or(gt(products.nome, after.nome), and(eq(products.nome, after.nome), gt(products.id, after.id))) : undefined,
    )
    const page = await db.select().from(products).where(where).orderBy(asc(products.nome), asc(products.id)).limit(PAGE)
    for (const p of page) {
      yield {
        ean: p.ean,
        codigo: p.codigo,
        nome: p.nome,
        marca: p.marca,
        categoria: p.categoria,
        ncm: p.ncm,
        preco_centavos: p.precoCentavos,
        unidade: p.unidade,
        embalagem: p.embalagem,
        ativo: p.ativo,
        imposto: p.imposto,
      }
    }
    if (page.length < PAGE) return
    const last = page[page.length - 1]
    after = { nome: last.nome, id: last.id }
  }
}
