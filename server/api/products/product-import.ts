import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { catalogMessages as m } from '../../../app/domain/catalog/messages.ts'
import { productSheet, type ProductRow } from '../../../app/domain/catalog/product-sheet.ts'
import type { Tx } from '../../db/client.ts'
import { products } from '../../db/schema/index.ts'
import type { ImportKind, ParsedRow, RowProblem } from '../../spreadsheets/import-kind.ts'

/** Rows per statement: 1,000 rows × 12 values stays far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1000

const header = (key: keyof ProductRow) => productSheet.columns.find((c) => c.key === key)!.header

/**
 * What one import has seen so far, kept per transaction: the engine runs every batch of a file in
 * one transaction, so a repeated EAN on line 5 and line 50,000 is found although they are in
 * different batches. Gone with the transaction object.
 */
type Seen = { eans: Map<string, number>; codes: Map<string, number>; targets: Map<number, number> }
const seenByImport = new WeakMap<Tx, Map<number, Seen>>()

function seenFor(tx: Tx, organizationId: number) {
  let byOrg = seenByImport.get(tx)
  if (!byOrg) seenByImport.set(tx, (byOrg = new Map()))
  let seen = byOrg.get(organizationId)
  if (!seen) byOrg.set(organizationId, (seen = { eans: new Map(), codes: new Map(), targets: new Map() }))
  return seen
}

type Existing = { id: number; ean: string | null; codigo: string | null; nome: string }

/** The seller's products that any row of the chunk names by EAN or code. */
async function existingFor(tx: Tx, organizationId: number, rows: ProductRow[]) {
  const eans = rows.flatMap((r) => (r.ean ? [r.ean] : []))
  const codes = rows.flatMap((r) => (r.codigo ? [r.codigo] : []))
  const byEan = new Map<string, Existing>()
  const byCode = new Map<string, Existing>()
  if (eans.length === 0 && codes.length === 0) return { byEan, byCode }
  const found = await tx
    .select({ id: products.id, ean: products.ean, codigo: products.codigo, nome: products.nome })
    .from(products)
    .where(
      and(
        eq(products.organizationId, organizationId),
        or(eans.length ? inArray(products.ean, eans) : undefined, codes.length ? inArray(products.codigo, codes) : undefined),
      ),
    )
  for (const p of found) {
    if (p.ean) byEan.set(p.ean, p)
    if (p.codigo) byCode.set(p.codigo, p)
  }
  return { byEan, byCode }
}

/** A re-import finds the product by EAN, else by code (decision 015). */
const match = (row: ProductRow, found: Awaited<ReturnType<typeof existingFor>>) =>
  (row.ean ? found.byEan.get(row.ean) : undefined) ?? (row.codigo ? found.byCode.get(row.codigo) : undefined)

function* chunks<T>(items: T[]) {
  for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK)
}

async function check(tx: Tx, organizationId: number, batch: ParsedRow<ProductRow>[]): Promise<RowProblem[]> {
  const problems: RowProblem[] = []
  const seen = seenFor(tx, organizationId)
  const repeated = (map: Map<string, number>, value: string | null, linha: number, coluna: string) => {
    if (!value) return
    const first = map.get(value)
    if (first === undefined) return void map.set(value, linha)
    problems.push({ linha: first, coluna, valor: value, motivo: m.repeatedInFile(coluna, linha) })
    problems.push({ linha, coluna, valor: value, motivo: m.repeatedInFile(coluna, first) })
  }
  for (const { linha, row } of batch) {
    if (!row.ean && !row.codigo) problems.push({ linha, coluna: header('ean'), valor: '', motivo: m.identifierRequired })
    repeated(seen.eans, row.ean, linha, header('ean'))
    repeated(seen.codes, row.codigo, linha, header('codigo'))
  }
  for (const part of chunks(batch)) {
    const found = await existingFor(
      tx,
      organizationId,
      part.map((p) => p.row),
    )
    for (const { linha, row } of part) {
      const byEan = row.ean ? found.byEan.get(row.ean) : undefined
      const byCode = row.codigo ? found.byCode.get(row.codigo) : undefined
      // Updating the EAN's product with this code would take the code from another product.
      if (byEan && byCode && byEan.id !== byCode.id) {
        problems.push({ linha, coluna: header('codigo'), valor: row.codigo ?? '', motivo: m.belongsToOther(header('codigo'), byCode.nome) })
        continue
      }
      const target = byEan ?? byCode
      if (!target) continue
      const first = seen.targets.get(target.id)
      if (first === undefined) seen.targets.set(target.id, linha)
      else if (first !== linha) problems.push({ linha, coluna: header(byEan ? 'ean' : 'codigo'), valor: (byEan ? row.ean : row.codigo) ?? '', motivo: m.sameProductTwice(first) })
    }
  }
  return problems.sort((a, b) => a.linha - b.linha)
}

async function store(tx: Tx, organizationId: number, batch: ParsedRow<ProductRow>[]) {
  let criadas = 0
  let atualizadas = 0
  for (const part of chunks(batch)) {
    const rows = part.map((p) => p.row)
    const found = await existingFor(tx, organizationId, rows)
    const inserts: (typeof products.$inferInsert)[] = []
    const updates: { id: number; row: ProductRow }[] = []
    for (const row of rows) {
      const target = match(row, found)
      if (target) updates.push({ id: target.id, row })
      else
        inserts.push({
          organizationId,
          ean: row.ean,
          codigo: row.codigo,
          nome: row.nome,
          marca: row.marca,
          categoria: row.categoria,
          ncm: row.ncm,
          precoCentavos: row.preco_centavos,
          unidade: row.unidade,
          embalagem: row.embalagem,
          ativo: row.ativo ?? true,
          imposto: row.imposto ?? false,
        })
    }
    if (inserts.length) await tx.insert(products).values(inserts)
    if (updates.length) {
      const values = sql.join(
        updates.map(
          ({ id, row: r }) =>
            sql`(${id}::integer, ${r.ean ?? null}::char(13), ${r.codigo ?? null}::text, ${r.nome}::text, ${r.marca ?? null}::text, ${r.categoria ?? null}::text, ${r.ncm ?? null}::char(8), ${r.preco_centavos}::integer, ${r.unidade ?? null}::text, ${r.embalagem ?? null}::integer, ${r.ativo ?? null}::boolean, ${r.imposto ?? null}::boolean)`,
        ),
        sql`, `,
      )
      // A column the file does not have (undefined in every row of it) keeps the product's value; an
      // empty cell of a column it has clears it, except the identifiers and flags, which keep theirs.
      const has = (key: keyof ProductRow) => updates[0].row[key] !== undefined
      const set = [
        sql`ean = coalesce(v.ean, p.ean)`,
        sql`codigo = coalesce(v.codigo, p.codigo)`,
        sql`nome = v.nome`,
        sql`preco_centavos = v.preco`,
        ...(has('marca') ? [sql`marca = v.marca`] : []),
        ...(has('categoria') ? [sql`categoria = v.categoria`] : []),
        ...(has('ncm') ? [sql`ncm = v.ncm`] : []),
        ...(has('unidade') ? [sql`unidade = coalesce(v.unidade, p.unidade)`] : []),
        ...(has('embalagem') ? [sql`embalagem = coalesce(v.embalagem, p.embalagem)`] : []),
        sql`ativo = coalesce(v.ativo, p.ativo)`,
        sql`imposto = coalesce(v.imposto, p.imposto)`,
        sql`updated_at = now()`,
      ]
      await tx.execute(sql`
        update products p set ${sql.join(set, sql`, `)}
        from (values ${values}) as v(id, ean, codigo, nome, marca, categoria, ncm, preco, unidade, embalagem, ativo, imposto)
        where p.id = v.id and p.organization_id = ${organizationId}`)
    }
    criadas += inserts.length
    atualizadas += updates.length
  }
  return { criadas, atualizadas }
}

/** The products spreadsheet import (the engine, server/spreadsheets, reads the file and calls these). */
export const productImport: ImportKind<ProductRow> = {
  spec: productSheet,
  permission: 'produtos',
  check,
  store,
}
