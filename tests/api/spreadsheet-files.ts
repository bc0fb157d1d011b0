import { crc32, deflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'

/**
 * Files for the import tests: real xlsx written by exceljs, and the bad ones built byte by byte
 * (a zip assembled here, a CFB header) so that each case costs little to make.
 */

/** A zip of these entries (deflated), as Excel would write one. */
export function zipOf(entries: Record<string, string | Buffer>) {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content
    const compressed = deflateRawSync(data)
    const nameBytes = Buffer.from(name, 'utf8')
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(compressed.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(compressed.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, compressed)
    centrals.push(central, nameBytes)
    offset += 30 + nameBytes.length + compressed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(entries).length, 8)
  end.writeUInt16LE(Object.keys(entries).length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function columnLetters(column: number) {
  let letters = ''
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters
  return letters
}

/** The smallest xlsx Excel opens, whose one sheet's `<sheetData>` holds this XML. */
export function rawXlsx(sheetData: string, after = '') {
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Planilha1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData>${after}</worksheet>`,
  })
}

/** One `<row>` of inline-string cells. */
export function rawRow(row: number, values: string[]) {
  const cells = values.map((v, i) => `<c r="${columnLetters(i + 1)}${row}" t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>`).join('')
  return `<row r="${row}">${cells}</row>`
}

/** A sheet whose header row has `columns` cells: the 100,000-column file, a few hundred KB zipped. */
export function wideXlsx(columns: number) {
  const cells: string[] = []
  for (let i = 1; i <= columns; i++) cells.push(`<c r="${columnLetters(((i - 1) % 16384) + 1)}1" t="inlineStr"><is><t>C${i}</t></is></c>`)
  return rawXlsx(`<row r="1">${cells.join('')}</row>${rawRow(2, ['a'])}`)
}

/** An OLE2 compound file header, with the EncryptionInfo stream name when `encrypted`: what a password-protected xlsx is. */
export function cfbFile(encrypted: boolean) {
  const header = Buffer.alloc(1536)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header)
  const name = Buffer.from(encrypted ? 'EncryptionInfo' : 'Workbook', 'utf16le')
  name.copy(header, 1024)
  return header
}

export type SheetCell = ExcelJS.CellValue

/** A real xlsx written by exceljs: a header and rows; `prepare` may add formulas, merges, formats. */
export async function xlsxOf(rows: SheetCell[][], prepare?: (sheet: ExcelJS.Worksheet) => void, sheetName = 'Itens') {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(sheetName)
  for (const row of rows) sheet.addRow(row)
  prepare?.(sheet)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** A workbook of several sheets, in this order, each with its rows (an empty list: an empty sheet). */
export async function xlsxSheets(sheets: { name: string; rows: SheetCell[][] }[]) {
  const workbook = new ExcelJS.Workbook()
  for (const { name, rows } of sheets) {
    const sheet = workbook.addWorksheet(name)
    for (const row of rows) sheet.addRow(row)
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** Reads an xlsx answer back: the first sheet, whole (small files only). */
export async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  return workbook.worksheets[0]
}
