import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { parse as parseCsv } from 'fast-csv'
import { spreadsheetMessages as m } from '../../app/domain/spreadsheets/messages.ts'
import type { CellValue } from '../../app/domain/spreadsheets/sheet.ts'
import type { CsvFormat, SheetFormat } from './content.ts'
import { scanXlsx, SheetRefused, type XlsxScan } from './xlsx-scan.ts'
import { entryBytes } from './zip.ts'

/** A cell as read, or an Excel error value (#N/A, #DIV/0!...) that the report names. */
export type ReadCell = CellValue | { error: string }

/** One row of the file: its line as the person sees it (Excel's row number, the CSV's line). */
export type ReadRow = { linha: number; cells: ReadCell[] }

export type SheetSource = {
  /** Rows in the file, the header's among them: the progress total (a CSV's is an estimate until read). */
  rows: number
  /** Every row in order, streamed: never the whole sheet in memory. */
  read: () => AsyncIterable<ReadRow>
}

/**
 * Opens the file for reading: an xlsx is scanned first (rows counted; formulas, merged cells,
 * a row too wide, too many rows refused at once, see xlsx-scan.ts), then read by exceljs's
 * streaming reader (first sheet only); a CSV is parsed by fast-csv as it is decoded.
 */
export async function openSheet(bytes: Buffer, format: SheetFormat): Promise<SheetSource> {
  if (format.type === 'csv') return { rows: countLines(bytes), read: () => readCsv(bytes, format) }
  const scan = await scanXlsx(bytes)
  return { rows: scan.rows, read: () => readXlsx(bytes, scan) }
}

/**
 * exceljs's part parsers, which its streaming reader runs in the order the parts sit in the zip.
 * That single pass over the file loses a part now and then (exceljs#3064: its stream iterator
 * pauses unzipper, which then drops what it had not delivered), most often the workbook that
 * exceljs writes last, and a good file read as broken. So the parts are taken from the central
 * directory in the order a sheet needs them, and the sheet is still inflated and read row by row.
 */
type WorkbookParts = {
  _parseRels(part: Readable): Promise<void>
  _parseWorkbook(part: Readable): Promise<void>
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>
  _parseStyles(part: Readable): Promise<void>
  _parseWorksheet(chunks: AsyncIterable<Buffer>, sheetNo: string): Generator<{ value: AsyncIterable<{ number: number; values: unknown }> }>
}

async function* readXlsx(bytes: Buffer, { entries, sheet }: XlsxScan): AsyncGenerator<ReadRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    // Dates are numbers with a date format: without the styles they would read as numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as WorkbookParts
  const part = (name: string) => {
    const entry = entries.get(name)
    return entry && Readable.from(entryBytes(bytes, entry))
  }
  let rows: AsyncIterable<{ number: number; values: unknown }>
  try {
    await workbook._parseRels(part('xl/_rels/workbook.xml.rels')!)
    await workbook._parseWorkbook(part('xl/workbook.xml')!)
    const strings = part('xl/sharedStrings.xml')
    if (strings) for await (const _ of workbook._parseSharedStrings(strings));
    const styles = part('xl/styles.xml')
    if (styles) await workbook._parseStyles(styles)
    const sheetNo = /(\d+)\.xml$/.exec(sheet.name)![1]
    rows = [...workbook._parseWorksheet(entryBytes(bytes, sheet), sheetNo)][0].value
  } catch (error) {
    throw unreadable(error)
  }
  const iterator = rows[Symbol.asyncIterator]()
  for (;;) {
    let next: IteratorResult<{ number: number; values: unknown }>
    try {
      next = await iterator.next()
    } catch (error) {
      throw unreadable(error)
    }
    if (next.done) return
    const values = next.value.values as unknown[]
    const cells: ReadCell[] = []
    for (let i = 1; i < values.length; i++) cells.push(toCell(values[i], next.value.number, i))
    yield { linha: next.value.number, cells }
  }
}

function unreadable(error: unknown) {
  if (error instanceof SheetRefused) return error
  // The person is told the file is broken; the log keeps why, in case it was this code and not the file.
  console.warn('Planilha ilegível:', error)
  return new SheetRefused(m.unreadable, { cause: error })
}

/** exceljs's value of a cell as one of ours. */
function toCell(value: unknown, row: number, column: number): ReadCell {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value.trim() === '' ? null : value
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; formula?: string; sharedFormula?: string; error?: string }
    if (v.formula !== undefined || v.sharedFormula !== undefined) throw new SheetRefused(m.formulas(cellRef(row, column)))
    if (v.error !== undefined) return { error: String(v.error) }
    if (v.richText) return toCell(v.richText.map((r) => r.text).join(''), row, column)
    if (v.text !== undefined) return toCell(v.text, row, column)
  }
  return String(value)
}

export function cellRef(row: number, column: number) {
  let letters = ''
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters
  return `${letters}${row}`
}

function countLines(bytes: Buffer) {
  let lines = 0
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++
  return bytes.length > 0 && bytes[bytes.length - 1] !== 10 ? lines + 1 : lines
}

/** The file decoded piece by piece (a character cut between two pieces is kept for the next). */
function* decodedText(bytes: Buffer, format: CsvFormat) {
  // windows-1252 is what a Brazilian Excel's "CSV" really is when it is not UTF-8 (Latin-1 plus € “ ”).
  const decoder = new TextDecoder(format.encoding === 'latin1' ? 'windows-1252' : 'utf-8')
  const body = format.bom ? bytes.subarray(3) : bytes
  for (let i = 0; i < body.length; i += 1 << 16) yield decoder.decode(body.subarray(i, i + (1 << 16)), { stream: true })
  yield decoder.decode()
}

async function* readCsv(bytes: Buffer, format: CsvFormat): AsyncGenerator<ReadRow> {
  // Blank lines are kept (and skipped by the engine) so that each record's number is its line in the file.
  const parser = Readable.from(decodedText(bytes, format)).pipe(parseCsv({ delimiter: format.delimiter, ignoreEmpty: false }))
  let linha = 0
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      linha++
      yield { linha, cells: record.map((cell) => (cell.trim() === '' ? null : cell)) }
    }
  } catch (error) {
    throw new SheetRefused(m.unreadable, { cause: error })
  } finally {
    parser.destroy()
  }
}
