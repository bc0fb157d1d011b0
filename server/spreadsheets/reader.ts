import { Readable } from 'node:stream'
import { parse as parseCsv } from 'fast-csv'
import { spreadsheetMessages as m } from '../../app/domain/spreadsheets/messages.ts'
import type { CellValue } from '../../app/domain/spreadsheets/sheet.ts'
import type { CsvFormat, SheetFormat } from './content.ts'
import { scanXlsx, SheetRefused, type XlsxScan } from './xlsx-scan.ts'
import { readXlsxRows } from './xlsx-reader.ts'

/** A cell as read, or an Excel error value (#N/A, #DIV/0!...) that the report names. */
export type ReadCell = CellValue | { error: string }

/** One row of the file: its line as the person sees it (Excel's row number, the CSV's line). */
export type ReadRow = { linha: number; cells: ReadCell[] }

export type SheetSource = {
  /** Rows in the file, the header's among them: the progress total (a CSV's is an estimate until read). */
  rows: number
  /** Every row in order, streamed: never the whole sheet in memory. */
  read: () => AsyncIterable<ReadRow>
  /** An xlsx with sheets after the first, which is the only one read. */
  moreSheets: boolean
}

/**
 * Opens the file for reading: an xlsx is scanned first (rows counted; formulas, merged cells,
 * a row too wide, too many rows refused at once, see xlsx-scan.ts), then read row by row as its
 * sheet inflates (xlsx-reader.ts, first sheet only); a CSV is parsed by fast-csv as it is decoded.
 */
export async function openSheet(bytes: Buffer, format: SheetFormat): Promise<SheetSource> {
  if (format.type === 'csv') return { rows: countLines(bytes), read: () => readCsv(bytes, format), moreSheets: false }
  const scan = await scanXlsx(bytes)
  return { rows: scan.rows, read: () => readXlsx(bytes, scan), moreSheets: scan.sheets > 1 }
}

/** The xlsx's rows; a file that cannot be parsed is refused as unreadable, its cause logged. */
async function* readXlsx(bytes: Buffer, scan: XlsxScan): AsyncGenerator<ReadRow> {
  try {
    yield* readXlsxRows(bytes, scan)
  } catch (error) {
    throw unreadable(error)
  }
}

function unreadable(error: unknown) {
  if (error instanceof SheetRefused) return error
  // The person is told the file is broken; the log keeps why, in case it was this code and not the file.
  console.warn('Planilha ilegível:', error)
  return new SheetRefused(m.unreadable, { cause: error })
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
