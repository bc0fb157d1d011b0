import { describe, expect, test } from 'vitest'
import { openSheet, type ReadRow } from '../../server/spreadsheets/reader.ts'
import { isDateFormat } from '../../server/spreadsheets/xlsx-reader.ts'
import { SheetRefused } from '../../server/spreadsheets/xlsx-scan.ts'
import { xlsxOf, zipOf } from '../api/spreadsheet-files.ts'

/** The xlsx reader (server/spreadsheets/xlsx-reader.ts) on files from exceljs and from other writers' habits. */

async function rowsOf(bytes: Buffer) {
  const source = await openSheet(bytes, { type: 'xlsx' })
  const rows: ReadRow[] = []
  for await (const row of source.read()) rows.push(row)
  return rows
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'

/** A workbook of parts written by hand: the sheet's `<sheetData>`, and optionally shared strings, styles, date1904, a prefix. */
function handXlsx(sheetData: string, parts: { strings?: string; styles?: string; date1904?: boolean; prefix?: string } = {}) {
  const p = parts.prefix ? `${parts.prefix}:` : ''
  const ns = parts.prefix ? `xmlns:${parts.prefix}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"` : NS
  return zipOf({
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><${p}workbook ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${
      parts.date1904 ? `<${p}workbookPr date1904="1"/>` : ''
    }<${p}sheets><${p}sheet name="Planilha1" sheetId="1" r:id="rId1"/></${p}sheets></${p}workbook>`,
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ...(parts.strings ? { 'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8"?><${p}sst ${ns}>${parts.strings}</${p}sst>` } : {}),
    ...(parts.styles ? { 'xl/styles.xml': `<?xml version="1.0" encoding="UTF-8"?><${p}styleSheet ${ns}>${parts.styles}</${p}styleSheet>` } : {}),
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><${p}worksheet ${ns}><${p}sheetData>${sheetData}</${p}sheetData></${p}worksheet>`,
  })
}

describe('xlsx reader', () => {
  test("exceljs's file: text, numbers, a formatted date, booleans, rich text, an error, blanks and a gap between rows", async () => {
    const date = new Date(Date.UTC(2026, 10, 23))
    const bytes = await xlsxOf(
      [
        ['Nome', 'Preço', 'Validade', 'Ativo', 'Obs', 'Erro'],
        ['Sabão & Cia <"1">', 10.5, date, true, { richText: [{ text: 'meio ' }, { font: { bold: true }, text: 'negrito' }] }, { error: '#N/A' }],
        ['  ', 0, null, false, 'Água 💧', null],
      ],
      (sheet) => {
        sheet.getColumn(3).numFmt = 'dd/mm/yyyy'
        sheet.getCell('B5').value = 7
      },
    )
    const rows = await rowsOf(bytes)
    expect(rows.map((r) => r.linha)).toEqual([1, 2, 3, 5])
    expect(rows[1].cells).toEqual(['Sabão & Cia <"1">', 10.5, date, true, 'meio negrito', { error: '#N/A' }])
    expect(rows[2].cells.slice(0, 5)).toEqual([null, 0, null, false, 'Água 💧'])
    expect(rows[3].cells).toEqual([null, 7])
  })

  test('shared strings: runs joined, phonetic guides left out, entities, character references and CDATA decoded', async () => {
    const strings =
      '<si><t>simples</t></si>' +
      '<si><r><rPr><b/></rPr><t xml:space="preserve">dois </t></r><r><t>trechos</t></r></si>' +
      '<si><t>漢字</t><rPh sb="0" eb="2"><t>かんじ</t></rPh></si>' +
      '<si><t>A &amp; B &#233; &#x00E7;</t></si>' +
      '<si><t><![CDATA[<dado>]]></t></si>'
    const cells = [0, 1, 2, 3, 4].map((i) => `<c r="${'ABCDE'[i]}1" t="s"><v>${i}</v></c>`).join('')
    const rows = await rowsOf(handXlsx(`<row r="1">${cells}</row>`, { strings }))
    expect(rows[0].cells).toEqual(['simples', 'dois trechos', '漢字', 'A & B é ç', '<dado>'])
  })

  test("inline strings, a cell's own date (t=d), a prefixed namespace, rows and cells without their reference", async () => {
    const sheet =
      '<x:row><x:c t="inlineStr"><x:is><x:r><x:t>um </x:t></x:r><x:r><x:t>texto</x:t></x:r></x:is></x:c><x:c><x:v>2</x:v></x:c><x:c r="E1" t="d"><x:v>2026-11-23T00:00:00Z</x:v></x:c></x:row>' +
      '<x:row><x:c t="b"><x:v>1</x:v></x:c></x:row>'
    const rows = await rowsOf(handXlsx(sheet, { prefix: 'x' }))
    expect(rows).toEqual([
      { linha: 1, cells: ['um texto', 2, null, null, new Date(Date.UTC(2026, 10, 23))] },
      { linha: 2, cells: [true] },
    ])
  })

  test('a number is a date by its style: built-in and custom date formats, 1900 and 1904 systems; other formats stay numbers', async () => {
    const styles =
      '<numFmts count="3"><numFmt numFmtId="164" formatCode="[$-416]dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="&quot;dias&quot; 0"/><numFmt numFmtId="166" formatCode="[Red]#,##0.00"/></numFmts>' +
      '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/></cellXfs>'
    const sheet = '<row r="1"><c r="A1"><v>46349</v></c><c r="B1" s="1"><v>46349</v></c><c r="C1" s="2"><v>46349.5</v></c><c r="D1" s="3"><v>30</v></c><c r="E1" s="4"><v>1.5</v></c></row>'
    const [row] = await rowsOf(handXlsx(sheet, { styles }))
    expect(row.cells).toEqual([46349, new Date(Date.UTC(2026, 10, 23)), new Date(Date.UTC(2026, 10, 23, 12)), 30, 1.5])
    const [row1904] = await rowsOf(handXlsx(sheet, { styles, date1904: true }))
    expect(row1904.cells[1]).toEqual(new Date(Date.UTC(2030, 10, 24)))
  })

  test('which format codes are dates', () => {
    for (const code of ['dd/mm/yyyy', 'mm-dd-yy', 'h:mm', '[$-416]d" de "mmmm" de "yyyy', '[h]:mm:ss']) expect(isDateFormat(code), code).toBe(true)
    for (const code of ['0.00', '#,##0', '"dias" 0', '[Red]0.00', '0%', 'General']) expect(isDateFormat(code), code).toBe(false)
  })

  test('a formula is refused with its cell; broken XML is unreadable', async () => {
    await expect(rowsOf(handXlsx('<row r="1"><c r="B1"><f>A1*2</f><v>4</v></c></row>'))).rejects.toThrow(SheetRefused)
    await expect(rowsOf(handXlsx('<row r="1"><c r="B1"><f>A1*2</f><v>4</v></c></row>'))).rejects.toThrow(/B1/)
    await expect(rowsOf(handXlsx('<row r="1"><c r="A1" t="inlineStr"><is><t>sem fim</is></c></row>'))).rejects.toThrow('Não foi possível ler a planilha')
    // 2 MB of text in one cell, more than Excel lets a cell hold: refused, not carried from piece to piece.
    await expect(rowsOf(handXlsx(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'a'.repeat(2 << 20)}</t></is></c></row>`))).rejects.toThrow('Não foi possível ler a planilha')
  })
})

describe('xlsx reader against exceljs', () => {
  /** A small deterministic generator (mulberry32), so a failure can be replayed. */
  function random(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
  }
  const CHARACTERS = ['a', 'Z', 'ç', 'Ã', ' ', '&', '<', '>', '"', "'", '€', '💧', '漢', '\n', ';', '0', '9', ']]>', '&amp;']

  /** exceljs's own value of a cell, as the import reads it (empty text is no value). */
  function expected(value: unknown): unknown {
    if (value === null || value === undefined) return null
    if (typeof value === 'string') return value.trim() === '' ? null : value
    if (typeof value === 'object' && value !== null && 'richText' in value) return expected((value as { richText: { text: string }[] }).richText.map((r) => r.text).join(''))
    return value
  }

  test('600 random cells of every kind read as exceljs reads them', async () => {
    const next = random(20261124)
    const rows: unknown[][] = [['A', 'B', 'C', 'D', 'E', 'F']]
    for (let r = 0; r < 100; r++) {
      const row: unknown[] = []
      for (let c = 0; c < 6; c++) {
        const kind = Math.floor(next() * 7)
        if (kind === 0) row.push(null)
        else if (kind === 1) row.push(Math.round((next() - 0.5) * 1e9) / 100)
        else if (kind === 2) row.push(new Date(Date.UTC(1990 + Math.floor(next() * 60), Math.floor(next() * 12), 1 + Math.floor(next() * 28))))
        else if (kind === 3) row.push(next() < 0.5)
        else if (kind === 4) row.push({ richText: [{ text: 'x' + CHARACTERS[Math.floor(next() * CHARACTERS.length)] }, { font: { italic: true }, text: 'y' }] })
        else row.push(Array.from({ length: 1 + Math.floor(next() * 12) }, () => CHARACTERS[Math.floor(next() * CHARACTERS.length)]).join(''))
      }
      rows.push(row)
    }
    const bytes = await xlsxOf(rows as never, (sheet) => {
      sheet.eachRow((row) => row.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = 'dd/mm/yyyy'
      }))
    })
    const ExcelJS = (await import('exceljs')).default
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
    const theirs: unknown[][] = []
    workbook.worksheets[0].eachRow({ includeEmpty: false }, (row) => {
      const values = (row.values as unknown[]).slice(1)
      theirs.push(Array.from(values, expected))
    })
    const ours = (await rowsOf(bytes)).map((r) => r.cells)
    const trim = (cells: unknown[]) => {
      const copy = [...cells]
      while (copy.length && copy[copy.length - 1] === null) copy.pop()
      return copy
    }
    expect(ours.map(trim)).toEqual(theirs.map(trim))
  })
})
