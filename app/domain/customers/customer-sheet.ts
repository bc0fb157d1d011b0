import { z } from 'zod'
import { cnpjCellText } from '../spreadsheets/cells.ts'
import type { CellResult, CellValue, SheetSpec } from '../spreadsheets/sheet.ts'
import { maskCnpj } from '../shared/masks.ts'
import { customerSheetMessages as sm } from './messages.ts'
import { contatoEmailField, contatoNomeField, contatoTelefoneField, customerCnpjField, customerNomeField } from './schemas.ts'
import { formatTelefone } from './phone.ts'

/** One row of the customers spreadsheet, as the import stores it and the export writes it. */
export type CustomerRow = {
  /** Bare and upper-cased, check digits verified. */
  cnpj: string
  nome: string
  contato_nome: string | null
  contato_email: string | null
  /** Digits only, with the area code. */
  contato_telefone: string | null
  /** The e-mail of the member who serves the customer; the import checks that it is one. */
  vendedor_email: string | null
  bloqueado: boolean
}

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value })
const no = <T>(reason: string): CellResult<T> => ({ ok: false, reason })

/** Text of a text column: numbers are read as their digits (a spreadsheet turns '11987654321' into a number); a date is refused. */
function cellText(cell: CellValue): string | null | undefined {
  if (cell === null) return null
  if (typeof cell === 'string') return cell
  if (typeof cell === 'number' && Number.isFinite(cell)) return Number.isInteger(cell) ? cell.toFixed(0) : String(cell)
  return undefined
}

/** A cell through one of the form's zod fields, so the sheet and the form say the same. */
function viaField<T>(field: z.ZodType<T>, cell: CellValue, fallback?: string): CellResult<T> {
  const value = cellText(cell)
  if (value === undefined) return no(sm.textExpected)
  const parsed = field.safeParse(value)
  return parsed.success ? ok(parsed.data) : no(fallback ?? parsed.error.issues[0]?.message ?? sm.textExpected)
}

function parseCnpj(cell: CellValue): CellResult<string> {
  return viaField(customerCnpjField, cnpjCellText(cell) ?? cell, sm.cnpjInvalid)
}

const YES = new Set(['sim', 's', 'yes', 'true', '1', 'bloqueado'])
const NO = new Set(['nao', 'n', 'no', 'false', '0', ''])

function parseBloqueado(cell: CellValue): CellResult<boolean> {
  if (cell === null) return ok(false)
  if (typeof cell === 'boolean') return ok(cell)
  if (typeof cell === 'number') return cell === 1 ? ok(true) : cell === 0 ? ok(false) : no(sm.bloqueadoInvalid)
  if (typeof cell !== 'string') return no(sm.bloqueadoInvalid)
  const word = cell.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase()
  return YES.has(word) ? ok(true) : NO.has(word) ? ok(false) : no(sm.bloqueadoInvalid)
}

/**
 * The customers spreadsheet (import, export and template): re-importing a file updates each customer
 * by CNPJ. Headers are matched ignoring accents, case and spaces; the aliases take older headings.
 */
export const customerSheet: SheetSpec<CustomerRow> = {
  kind: 'clientes',
  sheetName: 'Clientes',
  fileName: 'clientes',
  columns: [
    {
      key: 'cnpj',
      header: 'CNPJ',
      required: true,
      format: 'text',
      width: 22,
      parse: parseCnpj,
      write: (row) => maskCnpj(row.cnpj),
      example: '33.444.555/0001-81',
    },
    {
      key: 'nome',
      header: 'Nome',
      aliases: ['Cliente', 'Razão social', 'Nome do cliente'],
      required: true,
      format: 'text',
      width: 40,
      parse: (cell) => viaField(customerNomeField, cell),
      write: (row) => row.nome,
      example: 'Farmácia Central',
    },
    {
      key: 'contato_nome',
      header: 'Contato',
      aliases: ['Nome do contato'],
      format: 'text',
      width: 28,
      parse: (cell) => viaField(contatoNomeField, cell),
      write: (row) => row.contato_nome,
      example: 'Bruno Costa',
    },
    {
      key: 'contato_email',
      header: 'E-mail',
      aliases: ['Email', 'E-mail do contato'],
      format: 'text',
      width: 32,
      parse: (cell) => viaField(contatoEmailField, cell),
      write: (row) => row.contato_email,
      example: 'compras@farmaciacentral.com.br',
    },
    {
      key: 'contato_telefone',
      header: 'Telefone',
      aliases: ['Fone', 'Celular'],
      format: 'text',
      width: 18,
      parse: (cell) => viaField(contatoTelefoneField, cell),
      write: (row) => (row.contato_telefone ? formatTelefone(row.contato_telefone) : null),
      example: '(11) 98765-4321',
    },
    {
      key: 'vendedor_email',
      header: 'Vendedor',
      aliases: ['E-mail do vendedor'],
      format: 'text',
      width: 32,
      parse: (cell) => viaField(contatoEmailField, cell, sm.emailInvalid),
      write: (row) => row.vendedor_email,
      example: 'ana@distribuidorasol.com.br',
    },
    {
      key: 'bloqueado',
      header: 'Bloqueado',
      format: 'text',
      width: 12,
      parse: parseBloqueado,
      write: (row) => (row.bloqueado ? 'Sim' : 'Não'),
      example: 'Não',
    },
  ],
}
