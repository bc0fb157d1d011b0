import { isUtf8 } from 'node:buffer'
import { fileTypeFromBuffer } from 'file-type'
import { spreadsheetMessages as m } from '../../app/domain/spreadsheets/messages.ts'
import { zipEntries } from './zip.ts'

export type CsvFormat = { type: 'csv'; encoding: 'utf-8' | 'latin1'; delimiter: ';' | ',' | '\t'; bom: boolean }
export type SheetFormat = { type: 'xlsx' } | CsvFormat

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04])
/** OLE2 / Compound File Binary: an old .xls, or an xlsx Excel encrypted with a password. */
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
/** The stream an encrypted OOXML file keeps inside its CFB container, as its UTF-16 directory name. */
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le')
const BOM = Buffer.from([0xef, 0xbb, 0xbf])

/**
 * What the file is, by its bytes (never its name or the browser's type): an xlsx (a zip with a
 * workbook inside), a CSV (text, UTF-8 with or without BOM, else Latin-1 as older Excel saves it,
 * split by the delimiter the header line uses most), or the Portuguese reason it is refused.
 */
export async function detectFormat(bytes: Buffer): Promise<SheetFormat | { error: string }> {
  if (bytes.length === 0) return { error: m.noHeader }
  if (bytes.subarray(0, 4).equals(ZIP)) {
    try {
      const entries = zipEntries(bytes)
      return entries.has('xl/workbook.xml') ? { type: 'xlsx' } : { error: m.notASpreadsheet }
    } catch {
      return { error: m.unreadable }
    }
  }
  if (bytes.subarray(0, 8).equals(CFB)) return { error: bytes.includes(ENCRYPTION_INFO) ? m.passwordProtected : m.oldXls }
  // A known binary type (image, PDF, executable...) is never a spreadsheet.
  if (await fileTypeFromBuffer(bytes.subarray(0, 4100))) return { error: m.notASpreadsheet }
  const bom = bytes.subarray(0, 3).equals(BOM)
  const body = bom ? bytes.subarray(3) : bytes
  const sample = body.subarray(0, 64 * 1024)
  // Text has no NUL and few control characters besides tab, CR and LF.
  let control = 0
  for (const byte of sample) {
    if (byte === 0) return { error: m.notASpreadsheet }
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) control++
  }
  if (control > sample.length / 100) return { error: m.notASpreadsheet }
  const encoding = isUtf8(body) ? 'utf-8' : 'latin1'
  const header = firstLine(sample.toString(encoding))
  // Markup (an SVG, an HTML page, an XML export) or JSON is text but not a table: no header of ours starts so.
  if (/^\s*[<{[]/.test(header)) return { error: m.notASpreadsheet }
  return { type: 'csv', encoding, bom, delimiter: delimiterOf(header) }
}

function firstLine(text: string) {
  const end = text.search(/\r?\n/)
  return end < 0 ? text : text.slice(0, end)
}

/** The delimiter the header line uses most outside quotes; Brazilian Excel writes ';'. */
export function delimiterOf(line: string): ';' | ',' | '\t' {
  const counts = { ';': 0, ',': 0, '\t': 0 }
  let quoted = false
  for (const ch of line) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++
  }
  if (counts['\t'] > counts[';'] && counts['\t'] > counts[',']) return '\t'
  return counts[','] > counts[';'] ? ',' : ';'
}
