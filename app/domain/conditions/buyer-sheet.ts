import { isValidCnpj, normalizeCnpj } from '../organization/cnpj.ts'
import { maskCnpj } from '../shared/masks.ts'
import { cnpjCellText, textCell } from '../spreadsheets/cells.ts'
import type { CellResult, CellValue, SheetSpec } from '../spreadsheets/sheet.ts'
import { buyersMessages as m } from './buyers-messages.ts'

/** One row of a condition's buyers spreadsheet: a buyer by CNPJ, in the seller's direct list or an OL's. */
export type BuyerRow = {
  /** Bare and upper-cased: a customer record of the list's owner, or a flag of the platform. */
  cnpj: string
  /** Written by the export for the reader; the import finds the buyer by its CNPJ only. */
  nome: string | null
  /** The OL whose list the buyer goes into; null = the seller's direct list. */
  ol_cnpj: string | null
}

function parseCnpj(cell: CellValue): CellResult<string | null> {
  if (cell === null) return { ok: true, value: null }
  const value = cnpjCellText(cell)
  if (value === null || !isValidCnpj(value)) return { ok: false, reason: m.cnpjInvalid }
  return { ok: true, value: normalizeCnpj(value) }
}

const nome = textCell({ max: 255 })

/** The buyers spreadsheet (importCompradores, exportCompradores and its template): re-importing adds nothing twice. */
export const buyerSheet: SheetSpec<BuyerRow> = {
  kind: 'compradores',
  sheetName: 'Compradores',
  fileName: 'compradores',
  columns: [
    {
      key: 'cnpj',
      header: 'CNPJ',
      aliases: ['CNPJ do comprador', 'CNPJ do cliente'],
      required: true,
      format: 'text',
      width: 22,
      parse: (cell) => parseCnpj(cell) as CellResult<string>,
      write: (row) => maskCnpj(row.cnpj),
      example: '33.444.555/0001-81',
    },
    {
      key: 'nome',
      header: 'Nome',
      aliases: ['Comprador', 'Cliente'],
      format: 'text',
      width: 40,
      parse: nome,
      write: (row) => row.nome,
      example: 'Farmácia Central',
    },
    {
      key: 'ol_cnpj',
      header: 'CNPJ do OL',
      aliases: ['OL'],
      format: 'text',
      width: 22,
      parse: parseCnpj,
      write: (row) => (row.ol_cnpj ? maskCnpj(row.ol_cnpj) : null),
      example: null,
    },
  ],
}
