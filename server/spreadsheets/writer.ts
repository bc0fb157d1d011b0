import { once } from 'node:events'
import { PassThrough, Readable, type Writable } from 'node:stream'
import { spreadsheetMessages as m } from '../../app/domain/spreadsheets/messages.ts'
import type { CellValue, ColumnFormat, SheetSpec } from '../../app/domain/spreadsheets/sheet.ts'
import type { RowProblem } from './import-kind.ts'

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Excel's own formats, so that a sheet sorts, sums and filters as numbers and dates (pt-BR Excel shows 1.234,56). */
export const NUMBER_FORMATS: Record<ColumnFormat, string | undefined> = {
  text: '@',
  integer: '0',
  // Up to four places: a discount has four (33,3333 %), and two only hid them.
  decimal: '#,##0.00##',
  money: '"R$" #,##0.00',
  date: 'dd/mm/yyyy',
  boolean: undefined,
}

/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetNameOf(name: string) {
  return name.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Planilha'
}

const DEFAULT_WIDTH = 18
/** Rows written between two looks at the consumer: the writer waits while the download is behind. */
const ROWS_PER_YIELD = 1_000

/** What the writer needs of a column: the export's header, format and width. */
type OutColumn = { header: string; format: ColumnFormat; width?: number }

/**
 * Writes a sheet with exceljs's streaming writer: one sheet (name cut to 31 characters), the
 * header row bold, frozen and with an autofilter, then each row as the iterable gives it, so
 * that neither the rows nor the workbook are ever whole in memory. Money goes out as numbers
 * in reais with the BRL format, dates as real dates dd/mm/aaaa, integers as numbers.
 */
async function writeCells(sheetName: string, columns: readonly OutColumn[], rows: AsyncIterable<CellValue[]> | Iterable<CellValue[]>, stream: Writable) {
  // Loaded by the first sheet written: exceljs takes 25 MB of a server that may never export (decision 035).
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet(sheetNameOf(sheetName), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  })
  // Written when the sheet is committed, after its rows.
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } }
  sheet.columns = columns.map((c) => {
    const numFmt = NUMBER_FORMATS[c.format]
    return { width: c.width ?? DEFAULT_WIDTH, style: numFmt ? { numFmt } : {} }
  })
  const header = sheet.addRow(columns.map((c) => c.header))
  header.font = { bold: true }
  header.commit()
  let written = 0
  for await (const cells of rows) {
    sheet.addRow(cells).commit()
    if (++written % ROWS_PER_YIELD === 0) {
      await new Promise((resolve) => setImmediate(resolve))
      if (stream.writableNeedDrain) await once(stream, 'drain')
    }
  }
  sheet.commit()
  await workbook.commit()
}

async function* cellsOf<Row>(spec: SheetSpec<Row>, rows: AsyncIterable<Row> | Iterable<Row>) {
  for await (const row of rows) yield spec.columns.map((c) => c.write(row))
}

/** The sheet of `spec` with these rows, written to `stream` (see writeCells). */
export function writeSheet<Row>(spec: SheetSpec<Row>, rows: AsyncIterable<Row> | Iterable<Row>, stream: Writable) {
  return writeCells(spec.sheetName, spec.columns, cellsOf(spec, rows), stream)
}

/** `attachment; filename*=…` of `name.xlsx`. */
const disposition = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`

/** A download streamed while it is written; a failure midway breaks the download rather than sending half a file as whole. */
function streamed(fileName: string, write: (out: Writable) => Promise<void>) {
  const out = new PassThrough()
  write(out).catch((error: unknown) => {
    console.error(`Planilha ${fileName}:`, error)
    out.destroy(error as Error)
  })
  return new Response(Readable.toWeb(out) as ReadableStream, {
    headers: {
      'content-type': XLSX_TYPE,
      'content-disposition': disposition(fileName),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}

/** The sheet as a download: `return sheetResponse(spec, rows)` from a handler (rows may be an async generator over the database). */
export function sheetResponse<Row>(spec: SheetSpec<Row>, rows: AsyncIterable<Row> | Iterable<Row>, options: { fileName?: string } = {}) {
  return streamed(options.fileName ?? spec.fileName, (out) => writeSheet(spec, rows, out))
}

/** The kind's template: its header row and one example row, as a download. */
export function templateResponse<Row>(spec: SheetSpec<Row>) {
  return streamed(`modelo-${spec.fileName}`, (out) => writeCells(spec.sheetName, spec.columns, [spec.columns.map((c) => c.example)], out))
}

const REPORT_COLUMNS: OutColumn[] = [
  { header: m.report.line, format: 'integer', width: 8 },
  { header: m.report.column, format: 'text', width: 24 },
  { header: m.report.value, format: 'text', width: 30 },
  { header: m.report.reason, format: 'text', width: 70 },
]

/** An import's per-row report as a download. */
export function reportResponse(problems: RowProblem[], fileName: string) {
  const rows = problems.map((p): CellValue[] => [p.linha, p.coluna, p.valor, p.motivo])
  return streamed(fileName, (out) => writeCells(m.report.sheetName, REPORT_COLUMNS, rows, out))
}
