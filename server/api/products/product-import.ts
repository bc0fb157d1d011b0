import { sql, type SQL } from 'drizzle-orm'
import { catalogMessages as m } from '../../../app/domain/catalog/messages.ts'
import { productSheet, type ProductRow } from '../../../app/domain/catalog/product-sheet.ts'
import type { Tx } from '../../db/client.ts'
import { products } from '../../db/schema/index.ts'
import type { ImportKind, ParsedRow, RowProblem } from '../../spreadsheets/import-kind.ts'
import { productsIdentified, type Identified } from './identified.ts'
import { arrayParam } from '../../db/array-param.ts'

/** Rows stored in one import after which the table's statistics are taken again (see store). */
const ANALYZE_AFTER_ROWS = 5_000

const header = (key: keyof ProductRow) => productSheet.columns.find((c) => c.key === key)!.header

/**
 * What one import has seen so far, kept per transaction: the engine runs every batch of a file in
 * one transaction, so a repeated EAN on line 5 and line 50,000 is found although they are in
 * different batches; and the rows it stored, for the one ANALYZE (see store). Gone with the transaction object.
 */
type Seen = { eans: Map<string, number>; codes: Map<string, number>; targets: Map<number, number>; stored: number; analyzed: boolean }
const seenByImport = new WeakMap<Tx, Map<number, Seen>>()

function seenFor(tx: Tx, organizationId: number) {
  let byOrg = seenByImport.get(tx)
  if (!byOrg) seenByImport.set(tx, (byOrg = new Map()))
  let seen = byOrg.get(organizationId)
  if (!seen) byOrg.set(organizationId, (seen = { eans: new Map(), codes: new Map(), targets: new Map(), stored: 0, analyzed: false }))
  return seen
}

/** The seller's products that any row of the batch names by EAN or code. */
const existingFor = (tx: Tx, organizationId: number, rows: ProductRow[]) =>
  productsIdentified(
    tx,
    organizationId,
    rows.flatMap((r) => (r.ean ? [r.ean] : [])),
    rows.flatMap((r) => (r.codigo ? [r.codigo] : [])),
  )

/**
 * What `check` found for a batch, for `store` of the same batch: on PostgreSQL the engine checks and stores each
 * batch in one transaction, one after the other, so the lookup need not run twice (nothing in between can add a
 * product the batch names: a repeated EAN or code in the file is refused). PGlite's path stores batches read
 * back from disk, other objects: there store looks them up itself.
 */
const checked = new WeakMap<ParsedRow<ProductRow>[], Awaited<ReturnType<typeof existingFor>>>()

/** A re-import finds the product by EAN, else by code (decision 015). */
const match = (row: ProductRow, found: Awaited<ReturnType<typeof existingFor>>) =>
  (row.ean ? found.byEan.get(row.ean) : undefined) ?? (row.codigo ? found.byCode.get(row.codigo) : undefined)

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
  const found = await existingFor(
    tx,
    organizationId,
    batch.map((p) => p.row),
  )
  checked.set(batch, found)
  for (const { linha, row } of batch) {
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
  return problems.sort((a, b) => a.linha - b.linha)
}

/** The sheet's columns of `rows` as `unnest`'s arguments, in the order of `ROW_COLUMNS`. */
const columnsOf = (rows: ProductRow[]) =>
  sql.join(
    [
      arrayParam(rows.map((r) => r.ean ?? null), 'char(13)'),
      arrayParam(rows.map((r) => r.codigo ?? null), 'text'),
      arrayParam(rows.map((r) => r.nome), 'text'),
      arrayParam(rows.map((r) => r.marca ?? null), 'text'),
      arrayParam(rows.map((r) => r.categoria ?? null), 'text'),
      arrayParam(rows.map((r) => r.ncm ?? null), 'char(8)'),
      arrayParam(rows.map((r) => r.preco_centavos), 'integer'),
      arrayParam(rows.map((r) => r.unidade ?? null), 'text'),
      arrayParam(rows.map((r) => r.embalagem ?? null), 'integer'),
      arrayParam(rows.map((r) => r.ativo ?? null), 'boolean'),
      arrayParam(rows.map((r) => r.imposto ?? null), 'boolean'),
    ],
    sql`, `,
  )
const ROW_COLUMNS = sql.raw('ean, codigo, nome, marca, categoria, ncm, preco, unidade, embalagem, ativo, imposto')

/**
 * Whether the batch's UPDATE would change the product, by the rules of its SET: a column the file does not have,
 * or an empty identifier, unit, pack or flag, keeps the product's value. A row the file leaves as it is is not sent:
 * re-sending a catalogue with a few changes writes those few (each write is a new row version and new entries in
 * every index, the trigram one included), and one that changes nothing sends no UPDATE at all.
 */
function changes(row: ProductRow, product: Identified, has: (key: keyof ProductRow) => boolean) {
  const kept = <T>(value: T | null | undefined, current: T) => value === null || value === undefined || value === current
  return !(
    kept(row.ean, product.ean) &&
    kept(row.codigo, product.codigo) &&
    row.nome === product.nome &&
    row.preco_centavos === product.preco_centavos &&
    (!has('marca') || row.marca === product.marca) &&
    (!has('categoria') || row.categoria === product.categoria) &&
    (!has('ncm') || row.ncm === product.ncm) &&
    (!has('unidade') || kept(row.unidade, product.unidade)) &&
    (!has('embalagem') || kept(row.embalagem, product.embalagem)) &&
    kept(row.ativo, product.ativo) &&
    kept(row.imposto, product.imposto)
  )
}

/**
 * A batch in two statements at most: the new products in one INSERT and the known ones in one UPDATE, each
 * reading the batch as one array per column (`unnest`) instead of drizzle's multi-row VALUES (README,
 * "Spreadsheet import and export").
 */
async function store(tx: Tx, organizationId: number, batch: ParsedRow<ProductRow>[]) {
  const rows = batch.map((p) => p.row)
  const found = checked.get(batch) ?? (await existingFor(tx, organizationId, rows))
  const inserts: ProductRow[] = []
  const updates: { id: number; row: ProductRow }[] = []
  // A column the file does not have is undefined in every row of it.
  const has = (key: keyof ProductRow) => rows[0][key] !== undefined
  for (const row of rows) {
    const target = match(row, found)
    if (!target) {
      inserts.push(row)
      continue
    }
    if (changes(row, target, has)) updates.push({ id: target.id, row })
  }
  if (inserts.length) {
    // A column the file does not have takes the catalogue's default; a new product is active, without tax.
    const created = inserts.map((r) => ({
      ...r,
      unidade: r.unidade ?? products.unidade.default,
      embalagem: r.embalagem ?? products.embalagem.default,
      ativo: r.ativo ?? true,
      imposto: r.imposto ?? false,
    }))
    await tx.execute(sql`
      insert into products (organization_id, ean, codigo, nome, marca, categoria, ncm, preco_centavos, unidade, embalagem, ativo, imposto)
      select ${organizationId}::integer, v.* from unnest(${columnsOf(created)}) as v(${ROW_COLUMNS})`)
  }
  if (updates.length) {
    // A column the file does not have keeps the product's value; an empty cell of a column it has clears it,
    // except the identifiers and flags, which keep theirs (`changes` above follows the same rules).
    const assignments: [string, SQL][] = [
      ['ean', sql`coalesce(v.ean, p.ean)`],
      ['codigo', sql`coalesce(v.codigo, p.codigo)`],
      ['nome', sql`v.nome`],
      ['preco_centavos', sql`v.preco`],
      ...(has('marca') ? [['marca', sql`v.marca`] as [string, SQL]] : []),
      ...(has('categoria') ? [['categoria', sql`v.categoria`] as [string, SQL]] : []),
      ...(has('ncm') ? [['ncm', sql`v.ncm`] as [string, SQL]] : []),
      ...(has('unidade') ? [['unidade', sql`coalesce(v.unidade, p.unidade)`] as [string, SQL]] : []),
      ...(has('embalagem') ? [['embalagem', sql`coalesce(v.embalagem, p.embalagem)`] as [string, SQL]] : []),
      ['ativo', sql`coalesce(v.ativo, p.ativo)`],
      ['imposto', sql`coalesce(v.imposto, p.imposto)`],
    ]
    const current = sql.join(
      assignments.map(([name]) => sql.raw(`p.${name}`)),
      sql`, `,
    )
    const next = sql.join(
      assignments.map(([, value]) => value),
      sql`, `,
    )
    // `changes` sent only the rows it changes; the database checks again, to the column's own equality.
    await tx.execute(sql`
      update products p set ${sql.join(
        assignments.map(([name, value]) => sql`${sql.raw(name)} = ${value}`),
        sql`, `,
      )}, updated_at = now()
      from unnest(${arrayParam(
        updates.map((u) => u.id),
        'integer',
      )}, ${columnsOf(updates.map((u) => u.row))}) as v(id, ${ROW_COLUMNS})
      where p.id = v.id and p.organization_id = ${organizationId} and (${current}) is distinct from (${next})`)
  }
  const seen = seenFor(tx, organizationId)
  seen.stored += rows.length
  // The statistics PostgreSQL plans by know nothing of the rows this transaction wrote: the updates' join by id
  // read the seller's whole catalogue per batch. ANALYZE counts the transaction's own rows; once per big file.
  if (!seen.analyzed && seen.stored >= ANALYZE_AFTER_ROWS) {
    seen.analyzed = true
    await tx.execute(sql`analyze products`)
  }
  return { criadas: inserts.length, atualizadas: updates.length }
}

/** The products spreadsheet import (the engine, server/spreadsheets, reads the file and calls these). */
export const productImport: ImportKind<ProductRow> = {
  spec: productSheet,
  permission: 'produtos',
  check,
  store,
}
