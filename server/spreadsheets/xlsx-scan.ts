import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, spreadsheetMessages as m } from '../../app/domain/spreadsheets/messages.ts'
import { entryString, entryText, zipEntries } from './zip.ts'

export type XlsxScan = { sheetName: string | null; /** Rows of the sheet's XML, the header's among them. */ rows: number }

/** A refusal of the whole file, with the message the person reads. */
export class SheetRefused extends Error {}

const TAG = /<(\/row|row|c|f|mergeCell)(?=[\s/>])([^>]*)/g
const attribute = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1]

/**
 * A pass over the first sheet's XML as it inflates, before exceljs parses it: counts its rows
 * (the progress total) and refuses what must not be imported at all, as soon as it shows: a
 * row wider than any sheet of ours (a 100,000-column file stops at its first row), too many
 * rows, a formula, merged cells. Plain text search on the markup: several times faster than
 * exceljs's parse, so the import pays little for it.
 */
export async function scanXlsx(zip: Buffer): Promise<XlsxScan> {
  const entries = zipEntries(zip)
  const workbook = entries.get('xl/workbook.xml')
  const rels = entries.get('xl/_rels/workbook.xml.rels')
  if (!workbook || !rels) throw new SheetRefused(m.unreadable)
  const sheetTag = /<(?:\w+:)?sheet\s([^>]*)>/.exec(await entryString(zip, workbook))?.[1]
  if (!sheetTag) throw new SheetRefused(m.noSheet)
  const relId = /\br:id="([^"]*)"/.exec(sheetTag)?.[1]
  const relation = [...(await entryString(zip, rels)).matchAll(/<Relationship\s([^>]*)>/g)].map((r) => r[1]).find((r) => attribute(r, 'Id') === relId)
  const target = relation && attribute(relation, 'Target')
  const path = target && (target.startsWith('/') ? target.slice(1) : `xl/${target}`)
  const sheet = path && /^xl\/worksheets\/sheet\d+\.xml$/.test(path) ? entries.get(path) : undefined
  if (!sheet) throw new SheetRefused(m.unreadable)

  let rows = 0
  let cellsInRow = 0
  let lastCell = ''
  let carry = ''
  for await (const chunk of entryText(zip, sheet)) {
    let text = carry + chunk
    // A tag cut between two chunks waits for the rest.
    const open = text.lastIndexOf('<')
    if (open >= 0 && text.indexOf('>', open) < 0) {
      carry = text.slice(open)
      text = text.slice(0, open)
    } else carry = ''
    TAG.lastIndex = 0
    for (let match = TAG.exec(text); match; match = TAG.exec(text)) {
      switch (match[1]) {
        case 'row':
          if (++rows > IMPORT_MAX_ROWS + 1) throw new SheetRefused(m.tooManyRows)
          cellsInRow = 0
          break
        case 'c':
          lastCell = attribute(match[2], 'r') ?? lastCell
          cellsInRow++
          break
        case '/row':
          // Counted to its end only so that the message says how wide it is.
          if (cellsInRow > IMPORT_MAX_COLUMNS) throw new SheetRefused(m.tooManyColumns(cellsInRow))
          break
        case 'f':
          throw new SheetRefused(m.formulas(lastCell))
        case 'mergeCell':
          throw new SheetRefused(m.mergedCells(attribute(match[2], 'ref') ?? ''))
      }
    }
  }
  return { sheetName: attribute(sheetTag, 'name') ?? null, rows }
}
