/**
 * What a spreadsheet of the product holds, column by column: the one description that the import
 * (header matching, cell parsing, the per-row report), the export, and the template file all read.
 * Each area writes its own (products, customers; conditions and buyers later) next to its schemas.
 */

/** A cell as the reader gives it: exceljs's text, number, boolean or date; null when empty. */
export type CellValue = string | number | boolean | Date | null

export type CellResult<T> = { ok: true; value: T } | { ok: false; reason: string }

/** How the export writes the column, and what the import expects in it. */
export type ColumnFormat = 'text' | 'integer' | 'decimal' | 'money' | 'date' | 'boolean'

export type SheetColumn<Row> = {
  key: keyof Row & string
  /** As written in the template and the export's header row. */
  header: string
  /** Other headers accepted on import; all are matched ignoring accents, case and spaces. */
  aliases?: readonly string[]
  /** A file without this column is refused as a whole. */
  required?: boolean
  format: ColumnFormat
  /** Column width in the export, in characters. */
  width?: number
  /** The cell, already checked for emptiness when required: the value, or why not (in Portuguese). */
  parse: (cell: CellValue) => CellResult<Row[keyof Row & string]>
  /** The value the export writes (money in reais, dates as Date). */
  write: (row: Row) => CellValue
  /** The value of the template's example row. */
  example: CellValue
}

export type SheetSpec<Row> = {
  /** Stable name: the import kind ('produtos', 'clientes'...). */
  kind: string
  /** The first sheet's name (cut to 31 characters by the writer). */
  sheetName: string
  /** File name without extension, for exports, templates and reports. */
  fileName: string
  columns: readonly SheetColumn<Row>[]
}
