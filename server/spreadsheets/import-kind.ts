import type { ReadArea } from '../../app/domain/team/area-readers.ts'
import type { SheetSpec } from '../../app/domain/spreadsheets/sheet.ts'
import type { Tx } from '../db/client.ts'

/** A row the reader parsed without a problem, with its line in the file for the report. */
export type ParsedRow<Row> = { linha: number; row: Row }

/** A problem of one row: the report's line, column (its header), the value as read, and why. */
export type RowProblem = { linha: number; coluna: string; valor: string; motivo: string }

/**
 * One kind of import (products, customers...): its columns, and how its rows are stored. The engine
 * (server/spreadsheets) reads the file, matches headers, parses every cell, and calls `check` and
 * `store` only while no row has failed: all or nothing.
 */
export type ImportKind<Row> = {
  spec: SheetSpec<Row>
  /**
   * The area's 'Gerenciar' permission, which may run this import (and read its jobs); its template and
   * export are read by the area's readers (AREA_READERS).
   */
  permission: ReadArea
  /**
   * Checks across rows or against the database that no single cell shows (the same EAN twice in
   * the file, a seller e-mail that is not a member...). Called once per batch of good rows, in file
   * order, inside the import's one transaction: the same `tx` for every batch of an import, so a
   * kind may key per-import state on it. On PostgreSQL it runs while the file is read, between the
   * stores of earlier batches; on PGlite after the read, every batch checked before any is stored.
   * Any problem it returns makes the import store nothing. `scope` is the object a scoped job
   * imports into (jobs.ts `jobScope`), null for the others.
   */
  check?: (tx: Tx, organizationId: number, batch: ParsedRow<Row>[], scope?: number | null) => Promise<RowProblem[]>
  /**
   * Stores one batch inside the import's one transaction (every batch of the file, or none); a
   * row found again (by EAN or code, by CNPJ...) is updated, not duplicated. A column the file
   * does not have is absent from the row (undefined): update only what the row holds. Answers
   * how many rows it created and updated.
   */
  store: (tx: Tx, organizationId: number, batch: ParsedRow<Row>[], scope?: number | null) => Promise<{ criadas: number; atualizadas: number }>
  /**
   * When a refused job's report shows it can be run again as another kind on the same file (a
   * condition import refused only because products are missing, run again creating them:
   * importSemCadastro), the kind says so and the engine keeps the uploaded file for `restartImport`.
   */
  keepFileWhenRefused?: (problems: RowProblem[], total: number) => boolean
}

/**
 * The first line of each key an import has read, for a kind's `check` to say a repeated key with the line it
 * repeats, kept per import by its transaction (the same `tx` for every batch of a file). The function answers the
 * line that held the key before, or undefined the first time, which records it.
 */
export function keyLines() {
  const byImport = new WeakMap<Tx, Map<string, number>>()
  return (tx: Tx, key: string, linha: number): number | undefined => {
    let lines = byImport.get(tx)
    if (!lines) byImport.set(tx, (lines = new Map()))
    const first = lines.get(key)
    if (first === undefined) lines.set(key, linha)
    return first
  }
}

/** The object a scoped job imports into (its `tipo` is `name:scope`, jobs.ts), or null. */
export function jobScope(tipo: string): number | null {
  const scope = tipo.split(':')[1]
  return scope === undefined ? null : Number(scope)
}
