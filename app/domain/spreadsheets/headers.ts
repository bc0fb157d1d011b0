import type { SheetColumn } from './sheet.ts'
import { spreadsheetMessages as m } from './messages.ts'

/**
 * A header as people type it, reduced to what tells one column from another: accents, case,
 * spaces and punctuation dropped ('Preço unitário (R$)' and 'preco unitario r$' are the same).
 */
export function normalizeHeader(header: string) {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

export type HeaderMatch<Row> =
  | { ok: true; /** Per position of the file's header row: the column it holds, or null (a blank title). */ columns: (SheetColumn<Row> | null)[] }
  | { ok: false; message: string }

/**
 * Matches a file's header row to a sheet's columns by title or alias. A blank title is left
 * out (a trailing empty cell is common); an unknown or repeated title, or a required column
 * missing, refuses the file with every problem named at once.
 */
export function matchHeaders<Row>(columns: readonly SheetColumn<Row>[], headers: readonly string[]): HeaderMatch<Row> {
  const byName = new Map<string, SheetColumn<Row>>()
  for (const column of columns) {
    for (const name of [column.header, ...(column.aliases ?? [])]) byName.set(normalizeHeader(name), column)
  }
  const matched: (SheetColumn<Row> | null)[] = []
  const seen = new Set<SheetColumn<Row>>()
  const unknown: string[] = []
  const repeated: string[] = []
  for (const raw of headers) {
    const title = raw.trim()
    const key = normalizeHeader(title)
    if (!key) {
      matched.push(null)
      continue
    }
    const column = byName.get(key)
    if (!column) unknown.push(title)
    else if (seen.has(column)) repeated.includes(column.header) || repeated.push(column.header)
    else seen.add(column)
    matched.push(column ?? null)
  }
  const missing = columns.filter((c) => c.required && !seen.has(c)).map((c) => c.header)
  const problems = [
    missing.length ? m.missingColumns(missing) : null,
    unknown.length ? m.unknownColumns(unknown) : null,
    repeated.length ? m.duplicatedColumns(repeated) : null,
  ].filter((p): p is string => p !== null)
  return problems.length ? { ok: false, message: problems.join(' ') } : { ok: true, columns: matched }
}
