import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, spreadsheetMessages as m } from '../../app/domain/spreadsheets/messages.ts'
import { entryBytes, entryString, zipEntries, type ZipEntry } from './zip.ts'

export type XlsxScan = {
  /** The zip's entries by name, and the first sheet's among them. */
  entries: Map<string, ZipEntry>
  sheet: ZipEntry
  /** Dates count from 1904-01-01 (an option of old Mac Excel) instead of 1899-12-30. */
  date1904: boolean
  /** Rows of the sheet's XML, the header's among them. */
  rows: number
  /** Sheets in the workbook; only the first is read. */
  sheets: number
}

/** A refusal of the whole file, with the message the person reads. */
export class SheetRefused extends Error {}

const [LT, GT, SLASH, C, R, O, W, F, M] = [...'<>/crowfm'].map((ch) => ch.charCodeAt(0))
/** The byte after a tag's name: space, '>', '/', tab, CR or LF. */
const ends = (byte: number | undefined) => byte === 0x20 || byte === GT || byte === SLASH || byte === 0x09 || byte === 0x0a || byte === 0x0d
const attribute = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1]

/**
 * A pass over the first sheet's XML as it inflates, before it is parsed: counts its rows
 * (the progress total) and refuses what must not be imported at all, as soon as it shows: a
 * row wider than any sheet of ours (a 100,000-column file stops at its first row), too many
 * rows, a formula, merged cells. A byte search on the markup, no XML parsed: a small part of
 * the parse's own time, so the import pays little for it.
 */
export async function scanXlsx(zip: Buffer): Promise<XlsxScan> {
  const entries = zipEntries(zip)
  const workbook = entries.get('xl/workbook.xml')
  const rels = entries.get('xl/_rels/workbook.xml.rels')
  if (!workbook || !rels) throw new SheetRefused(m.unreadable)
  const workbookXml = await entryString(zip, workbook)
  const sheetTag = /<(?:\w+:)?sheet\s([^>]*)>/.exec(workbookXml)?.[1]
  if (!sheetTag) throw new SheetRefused(m.noSheet)
  const relId = /\br:id="([^"]*)"/.exec(sheetTag)?.[1]
  const relation = [...(await entryString(zip, rels)).matchAll(/<Relationship\s([^>]*)>/g)].map((r) => r[1]).find((r) => attribute(r, 'Id') === relId)
  const target = relation && attribute(relation, 'Target')
  const path = target && (target.startsWith('/') ? target.slice(1) : `xl/${target}`)
  const sheet = path && /^xl\/worksheets\/sheet\d+\.xml$/.test(path) ? entries.get(path) : undefined
  if (!sheet) throw new SheetRefused(m.unreadable)

  let rows = 0
  let cellsInRow = 0
  let lastCell: Buffer | null = null
  let carry: Buffer | null = null
  for await (const chunk of entryBytes(zip, sheet)) {
    let bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk
    // A tag cut between two chunks waits for the rest.
    const open = bytes.lastIndexOf(LT)
    if (open >= 0 && bytes.indexOf(GT, open) < 0) {
      carry = bytes.subarray(open)
      bytes = bytes.subarray(0, open)
    } else carry = null
    // Byte by byte around each '<' (a native search): no text decoded, nothing kept.
    for (let at = bytes.indexOf(LT); at >= 0; at = bytes.indexOf(LT, at + 1)) {
      const next = bytes[at + 1]
      if (next === C && ends(bytes[at + 2])) {
        cellsInRow++
        lastCell = bytes.subarray(at, at + 40)
      } else if (next === R && bytes[at + 2] === O && bytes[at + 3] === W && ends(bytes[at + 4])) {
        if (++rows > IMPORT_MAX_ROWS + 1) throw new SheetRefused(m.tooManyRows)
        cellsInRow = 0
      } else if (next === SLASH && bytes[at + 2] === R && bytes[at + 3] === O && bytes[at + 4] === W && ends(bytes[at + 5])) {
        // Counted to its end only so that the message says how wide it is.
        if (cellsInRow > IMPORT_MAX_COLUMNS) throw new SheetRefused(m.tooManyColumns(cellsInRow))
      } else if (next === F && ends(bytes[at + 2])) {
        throw new SheetRefused(m.formulas((lastCell && attribute(lastCell.toString('latin1'), 'r')) ?? ''))
      } else if (next === M && bytes.toString('latin1', at + 1, at + 10) === 'mergeCell' && ends(bytes[at + 10])) {
        throw new SheetRefused(m.mergedCells(attribute(bytes.toString('latin1', at, bytes.indexOf(GT, at)), 'ref') ?? ''))
      }
    }
  }
  // Only the first sheet is read: an empty one before the data's sheet is said as such, not as an empty file.
  const sheets = [...workbookXml.matchAll(/<(?:\w+:)?sheet\s/g)].length
  if (rows === 0 && sheets > 1) throw new SheetRefused(m.firstSheetEmpty)
  const date1904 = /<(?:\w+:)?workbookPr\s[^>]*\bdate1904="(?:1|true)"/.test(workbookXml)
  return { entries, sheet, date1904, rows, sheets }
}
