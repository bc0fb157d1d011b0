import { spreadsheetMessages as m } from '../../app/domain/spreadsheets/messages.ts'
import type { ReadCell, ReadRow } from './reader.ts'
import { SheetRefused, type XlsxScan } from './xlsx-scan.ts'
import { characterData, XmlByteReader, XmlError, type XmlEvents } from './xml-bytes.ts'
import { entryBytes, type ZipEntry } from './zip.ts'

/**
 * The first sheet's rows, read from the zip's parts by our own streaming XML reader (xml-bytes.ts) and
 * nothing of a workbook model: decision 034. Each cell becomes a string, number, boolean,
 * Date or Excel error as exceljs would give it, without exceljs's Row and Cell objects, which made most of the
 * import's garbage, and without its single pass over the zip, which loses parts now and then (exceljs#3064).
 */
export async function* readXlsxRows(zip: Buffer, scan: XlsxScan): AsyncGenerator<ReadRow> {
  const strings = scan.entries.get('xl/sharedStrings.xml')
  const styles = scan.entries.get('xl/styles.xml')
  const shared = strings ? await sharedStrings(zip, strings) : []
  const dateStyles = styles ? await dateStyleIndexes(zip, styles) : new Set<number>()
  yield* sheetRows(zip, scan.sheet, { shared, dateStyles, date1904: scan.date1904 })
}

/**
 * The most a tag or a text may take: a cell holds at most 32,767 characters (4 bytes each at worst, more
 * with entities). A longer one is no sheet's, and carrying it from piece to piece would copy it again each time.
 */
const LONGEST_CONSTRUCT = 1 << 20

/**
 * Reads a part through `events` as it inflates, and hands over what `drain` collected after each piece. A
 * construct cut between two pieces waits for the next one.
 */
async function* parse<T>(zip: Buffer, entry: ZipEntry, events: XmlEvents, drain: () => T[]): AsyncGenerator<T> {
  const reader = new XmlByteReader(events)
  let rest: Buffer | null = null
  for await (const chunk of entryBytes(zip, entry)) {
    const bytes: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk
    const used = reader.feed(bytes)
    rest = used < bytes.length ? bytes.subarray(used) : null
    if (rest && rest.length > LONGEST_CONSTRUCT) throw new XmlError('xml: a tag or text longer than any cell holds')
    yield* drain()
  }
  reader.finish(rest)
  yield* drain()
}

/** A part read only for what its events keep. */
async function readPart(zip: Buffer, entry: ZipEntry, events: XmlEvents) {
  for await (const _ of parse(zip, entry, events, () => [])) void _
}

/**
 * The text of every `<si>`: its `<t>`, or its runs' `<t>` joined (rich text), without the phonetic
 * guides (`<rPh>`) East Asian Excel adds.
 */
async function sharedStrings(zip: Buffer, entry: ZipEntry) {
  const all: string[] = []
  let text: string | null = null
  let inT = false
  let phonetic = 0
  const events: XmlEvents = {
    open(name) {
      if (name === 'si') text = ''
      else if (name === 'rPh') phonetic++
      else if (name === 't' && text !== null && phonetic === 0) inT = true
    },
    text(bytes, start, end, cdata) {
      if (inT) text += characterData(bytes, start, end, cdata)
    },
    close(name) {
      if (name === 't') inT = false
      else if (name === 'rPh') phonetic--
      else if (name === 'si' && text !== null) {
        all.push(text)
        text = null
      }
    },
  }
  await readPart(zip, entry, events)
  return all
}

/** ECMA-376's built-in number formats that show a date or a time (14–22, 45–47; 27–36 and 50–58 in East Asian locales). */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58])

/** A format code shows a date when, outside its quoted text and its [brackets] (colour, locale), it has a date or time letter: exceljs's own test. */
export const isDateFormat = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''))

/** The cell styles (`s`, the index into `<cellXfs>`) whose number format is a date's. */
async function dateStyleIndexes(zip: Buffer, entry: ZipEntry) {
  const customDates = new Set<number>()
  const dates = new Set<number>()
  let inCellXfs = false
  let xf = 0
  const events: XmlEvents = {
    open(name, tag) {
      if (name === 'numFmt') {
        const id = tag.integer('numFmtId')
        if (id !== undefined && isDateFormat(tag.attribute('formatCode') ?? '')) customDates.add(id)
      } else if (name === 'cellXfs') inCellXfs = true
      else if (name === 'xf' && inCellXfs) {
        const id = tag.integer('numFmtId') ?? 0
        if (customDates.has(id) || BUILT_IN_DATES.has(id)) dates.add(xf)
        xf++
      }
    },
    text() {},
    close(name) {
      if (name === 'cellXfs') inCellXfs = false
    },
  }
  await readPart(zip, entry, events)
  return dates
}

/** A cell's name as Excel shows it: row 12, column 28 is AB12. */
function cellName(row: number, column: number) {
  let letters = ''
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters
  return `${letters}${row}`
}

/** Days since 1899-12-30 (or 1904-01-01) to a Date at UTC, to the millisecond, as exceljs does. */
const excelDate = (serial: number, date1904: boolean) => new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000))

type SheetContext = { shared: string[]; dateStyles: Set<number>; date1904: boolean }

/**
 * The rows of `<sheetData>`, each as soon as its `</row>` is read. A row or cell without its `r` follows the one
 * before it, as Excel reads it. A formula refuses the file (the scan finds them first; this is the same rule).
 */
async function* sheetRows(zip: Buffer, sheet: ZipEntry, { shared, dateStyles, date1904 }: SheetContext): AsyncGenerator<ReadRow> {
  let ready: ReadRow[] = []
  let row: ReadCell[] | null = null
  let rowNumber = 0
  let column = 0
  let type = 'n'
  let style = 0
  let value: string | null = null
  /** Where text goes: the `<v>`, or an inline string's `<t>`, or nowhere. */
  let capturing = false
  let inInline = false
  let phonetic = 0

  const events: XmlEvents = {
    open(name, tag) {
      if (name === 'row') {
        const r = tag.integer('r')
        rowNumber = r !== undefined && r > 0 ? r : rowNumber + 1
        row = []
        column = 0
      } else if (row === null) return
      else if (name === 'c') {
        const fromRef = tag.column('r')
        column = fromRef > 0 ? fromRef : column + 1
        type = tag.token('t') ?? 'n'
        style = tag.integer('s') ?? 0
        value = null
      } else if (name === 'v') {
        value = ''
        capturing = true
      } else if (name === 'is') {
        inInline = true
        value = ''
      } else if (name === 'rPh') phonetic++
      else if (name === 't' && inInline && phonetic === 0) capturing = true
      else if (name === 'f') throw new SheetRefused(m.formulas(cellName(rowNumber, column)))
    },
    text(bytes, start, end, cdata) {
      if (capturing) value += characterData(bytes, start, end, cdata)
    },
    close(name) {
      if (name === 'v' || name === 't') capturing = false
      else if (name === 'rPh') phonetic--
      else if (name === 'is') inInline = false
      else if (name === 'c' && row) {
        while (row.length < column - 1) row.push(null)
        row[column - 1] = cellValue(value, type, style)
      } else if (name === 'row' && row) {
        ready.push({ linha: rowNumber, cells: row })
        row = null
      }
    },
  }

  function cellValue(text: string | null, t: string, s: number): ReadCell {
    if (text === null) return null
    switch (t) {
      case 's': {
        const string = shared[Number(text)]
        return string === undefined || string.trim() === '' ? null : string
      }
      case 'inlineStr':
      case 'str':
        return text.trim() === '' ? null : text
      case 'b':
        return Number(text) !== 0
      case 'e':
        return { error: text }
      case 'd': {
        const date = new Date(text)
        return Number.isNaN(date.getTime()) ? text : date
      }
      default: {
        if (text.trim() === '') return null
        const number = Number(text)
        if (Number.isNaN(number)) return text
        return dateStyles.has(s) ? excelDate(number, date1904) : number
      }
    }
  }

  yield* parse(zip, sheet, events, () => {
    const rows = ready
    ready = []
    return rows
  })
}
