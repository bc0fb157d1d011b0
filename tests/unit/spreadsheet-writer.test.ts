import ExcelJS from 'exceljs'
import { describe, expect, test } from 'vitest'
import { integerCell, textCell } from '../../app/domain/spreadsheets/cells.ts'
import type { SheetSpec } from '../../app/domain/spreadsheets/sheet.ts'
import { delimiterOf, detectFormat } from '../../server/spreadsheets/content.ts'
import { sheetNameOf, sheetResponse, XLSX_TYPE } from '../../server/spreadsheets/writer.ts'

type Product = { ean: string; nome: string; precoCentavos: number; caixa: number; desde: Date; ativo: boolean }

const never = () => ({ ok: false as const, reason: '' })
const spec: SheetSpec<Product> = {
  kind: 'produtos_teste',
  sheetName: 'Produtos da Distribuidora Sol: lista completa',
  fileName: 'produtos',
  columns: [
    { key: 'ean', header: 'EAN', format: 'text', parse: textCell({ max: 13 }) as never, write: (r) => r.ean, example: '7891234567895' },
    { key: 'nome', header: 'Nome', format: 'text', width: 40, parse: never, write: (r) => r.nome, example: 'Sabão' },
    { key: 'precoCentavos', header: 'Preço', format: 'money', parse: never, write: (r) => r.precoCentavos / 100, example: 1.5 },
    { key: 'caixa', header: 'Caixa', format: 'integer', parse: integerCell({ min: 1, max: 1000 }) as never, write: (r) => r.caixa, example: 12 },
    { key: 'desde', header: 'Desde', format: 'date', parse: never, write: (r) => r.desde, example: null },
    { key: 'ativo', header: 'Ativo', format: 'boolean', parse: never, write: (r) => r.ativo, example: true },
  ],
}

async function* products(count: number): AsyncGenerator<Product> {
  for (let i = 0; i < count; i++) {
    yield { ean: `789${String(i).padStart(10, '0')}`, nome: `Produto ${i}`, precoCentavos: 123456 + i, caixa: 12, desde: new Date(Date.UTC(2026, 0, 1 + (i % 28))), ativo: i % 2 === 0 }
  }
}

async function readBack(res: Response) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer)
  return workbook.worksheets[0]
}

describe('sheetResponse (the export writer)', () => {
  test('a streamed xlsx read back with exceljs: name cut to 31, header, autofilter, frozen header, real numbers and dates with pt-BR formats', async () => {
    const res = sheetResponse(spec, products(2500))
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE)
    expect(res.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''produtos.xlsx")
    const sheet = await readBack(res)
    expect(sheet.name).toBe('Produtos da Distribuidora Sol  ')
    expect(sheet.name).toHaveLength(31)
    expect(sheet.rowCount).toBe(2501)
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['EAN', 'Nome', 'Preço', 'Caixa', 'Desde', 'Ativo'])
    expect(sheet.getRow(1).font?.bold).toBe(true)
    expect(sheet.autoFilter).toBe('A1:F1')
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })

    const row = sheet.getRow(2)
    expect(row.getCell(1).value).toBe('7890000000000')
    expect(row.getCell(3).value).toBe(1234.56)
    expect(row.getCell(3).numFmt).toBe('"R$" #,##0.00')
    expect(row.getCell(4).value).toBe(12)
    expect(row.getCell(4).numFmt).toBe('0')
    expect(row.getCell(5).value).toEqual(new Date(Date.UTC(2026, 0, 1)))
    expect(row.getCell(5).numFmt).toBe('dd/mm/yyyy')
    expect(row.getCell(6).value).toBe(true)
    expect(sheet.getRow(2501).getCell(2).value).toBe('Produto 2499')
    expect(sheet.getColumn(2).width).toBe(40)
  })

  test('an empty export still has its header row', async () => {
    const sheet = await readBack(sheetResponse(spec, []))
    expect(sheet.rowCount).toBe(1)
  })

  test('sheet names lose the characters Excel refuses', () => {
    expect(sheetNameOf('Vendas [2026]: jan/fev?')).toBe('Vendas  2026   jan fev')
    expect(sheetNameOf('***')).toBe('Planilha')
  })
})

describe('detectFormat (content, never the name)', () => {
  test('csv: delimiter from the header line, outside quotes', () => {
    expect(delimiterOf('a;b;c')).toBe(';')
    expect(delimiterOf('a,b,c')).toBe(',')
    expect(delimiterOf('"a;b",c,d')).toBe(',')
    expect(delimiterOf('a\tb\tc')).toBe('\t')
    expect(delimiterOf('so uma coluna')).toBe(';')
  })

  test('encodings: UTF-8 with and without BOM, else Latin-1', async () => {
    expect(await detectFormat(Buffer.from('\uFEFFCódigo;Nome\n'))).toEqual({ type: 'csv', encoding: 'utf-8', bom: true, delimiter: ';' })
    expect(await detectFormat(Buffer.from('Código,Nome\n'))).toEqual({ type: 'csv', encoding: 'utf-8', bom: false, delimiter: ',' })
    expect(await detectFormat(Buffer.from('Código;Nome\n', 'latin1'))).toEqual({ type: 'csv', encoding: 'latin1', bom: false, delimiter: ';' })
  })

  test('binary that is no spreadsheet', async () => {
    expect(await detectFormat(Buffer.from([0, 1, 2, 3, 0, 0, 9]))).toHaveProperty('error')
  })
})
