import type { CellResult, CellValue } from './sheet.ts'
import { spreadsheetMessages as m } from './messages.ts'

/**
 * Parsers of the common cell kinds, for the `parse` of a kind's columns. Each accepts what a
 * person's Excel or CSV really holds (a number typed as text, '1.234,56', 'Sim') and answers the
 * value or the report's reason. An empty cell is null: the engine refuses it first when the
 * column is required.
 */

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value })
const no = <T>(reason: string): CellResult<T> => ({ ok: false, reason })

/**
 * A CNPJ cell as text with its leading zeros: typed without its mask it is a number to the spreadsheet, and
 * loses them; Excel then saves that number to a CSV as 12 or 13 bare digits. Null for a cell no CNPJ can be.
 */
export function cnpjCellText(cell: CellValue): string | null {
  if (typeof cell === 'number') return Number.isInteger(cell) && cell >= 0 ? cell.toFixed(0).padStart(14, '0') : null
  if (typeof cell !== 'string') return null
  return /^\s*\d{12,13}\s*$/.test(cell) ? cell.trim().padStart(14, '0') : cell
}

/** The cell as the report shows it: dates dd/mm/aaaa, decimals with a comma. */
export function cellText(cell: CellValue): string {
  if (cell === null) return ''
  if (cell instanceof Date) return formatDate(cell)
  if (typeof cell === 'boolean') return cell ? 'Sim' : 'Não'
  if (typeof cell === 'number') return String(cell).replace('.', ',')
  return cell
}

/** dd/mm/aaaa of a date the reader gave (Excel dates are calendar days, read as UTC midnight). */
export function formatDate(date: Date) {
  const dd = String(date.getUTCDate()).padStart(2, '0')
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0')
  return `${dd}/${mm}/${date.getUTCFullYear()}`
}

/** 'dd/mm/aaaa' (or d/m/aaaa) as a calendar day at UTC midnight; null when it is not a real date. */
export function parseDateText(value: string): Date | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim())
  if (!match) return null
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null
}

/**
 * A number typed the Brazilian way or the machine way: '1.234,56', '1234,56', '1234.56',
 * '1.234' (thousands), with an optional 'R$'. Null when it is not a number.
 */
export function parseNumberText(value: string): number | null {
  let text = value.replace(/^\s*R\$\s*/i, '').replace(/\s/g, '')
  if (!/^[+-]?[\d.,]+$/.test(text) || !/\d/.test(text)) return null
  if (text.includes(',')) {
    if (!/^[+-]?(\d{1,3}(\.\d{3})*|\d+),\d+$/.test(text)) return null
    text = text.replace(/\./g, '').replace(',', '.')
  } else if (/^[+-]?\d{1,3}(\.\d{3})+$/.test(text)) {
    text = text.replace(/\./g, '')
  } else if (!/^[+-]?\d+(\.\d+)?$/.test(text)) {
    return null
  }
  const number = Number(text)
  return Number.isFinite(number) ? number : null
}

const numberOf = (cell: CellValue) => (typeof cell === 'number' ? cell : typeof cell === 'string' ? parseNumberText(cell) : null)

/** Free text (a number cell becomes its digits: an EAN typed as a number stays whole), trimmed. */
export function textCell(options: { max: number }) {
  return (cell: CellValue): CellResult<string | null> => {
    if (cell === null) return ok(null)
    const value = typeof cell === 'number' ? (Number.isInteger(cell) ? BigInt(cell).toString() : String(cell)) : cellText(cell).trim()
    if (value === '') return ok(null)
    return value.length > options.max ? no(m.tooLong(options.max)) : ok(value)
  }
}

export function integerCell(options: { min: number; max: number }) {
  return (cell: CellValue): CellResult<number | null> => {
    if (cell === null) return ok(null)
    if (typeof cell !== 'number' && typeof cell !== 'string') return no(m.notInteger)
    const number = numberOf(cell)
    if (number === null || !Number.isInteger(number)) return no(m.notInteger)
    return number < options.min || number > options.max ? no(m.outOfRange(options.min, options.max)) : ok(number)
  }
}

export function decimalCell(options: { min: number; max: number }) {
  return (cell: CellValue): CellResult<number | null> => {
    if (cell === null) return ok(null)
    if (typeof cell !== 'number' && typeof cell !== 'string') return no(m.notNumber)
    const number = numberOf(cell)
    if (number === null) return no(m.notNumber)
    return number < options.min || number > options.max ? no(m.outOfRange(options.min, options.max)) : ok(number)
  }
}

/** Reais in, integer centavos out (the database's money); at most two decimals. */
export function moneyCell(options: { maxCentavos: number }) {
  return (cell: CellValue): CellResult<number | null> => {
    if (cell === null) return ok(null)
    if (typeof cell !== 'number' && typeof cell !== 'string') return no(m.notMoney)
    const reais = numberOf(cell)
    if (reais === null) return no(m.notMoney)
    const centavos = Math.round(reais * 100)
    if (Math.abs(reais * 100 - centavos) > 1e-6) return no(m.notMoney)
    if (centavos < 0) return no(m.negative)
    return centavos > options.maxCentavos ? no(m.outOfRange(0, options.maxCentavos / 100)) : ok(centavos)
  }
}

/**
 * A real Excel date. Text that looks like a date is refused with its own reason: Excel keeps
 * it as text, so sorting and filtering go wrong; a CSV's 'dd/mm/aaaa' arrives here already as a
 * date (the reader converts it, a CSV has no other way to hold one).
 */
export function dateCell() {
  return (cell: CellValue): CellResult<Date | null> => {
    if (cell === null) return ok(null)
    if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? no(m.notDate) : ok(cell)
    if (typeof cell === 'string' && /\d/.test(cell)) return no(m.dateAsText)
    return no(m.notDate)
  }
}

const TRUE_WORDS = new Set(['sim', 's', 'true', 'verdadeiro', 'v', '1', 'x', 'yes', 'ativo'])
const FALSE_WORDS = new Set(['nao', 'não', 'n', 'false', 'falso', 'f', '0', 'no', 'inativo'])

export function booleanCell() {
  return (cell: CellValue): CellResult<boolean | null> => {
    if (cell === null) return ok(null)
    if (typeof cell === 'boolean') return ok(cell)
    if (cell === 1 || cell === 0) return ok(cell === 1)
    if (typeof cell === 'string') {
      const word = cell.trim().toLowerCase()
      if (TRUE_WORDS.has(word)) return ok(true)
      if (FALSE_WORDS.has(word)) return ok(false)
    }
    return no(m.notBoolean)
  }
}

/** The parser of a required column: its value is never null (an empty cell is refused as required). */
export function requiredCell<T>(parse: (cell: CellValue) => CellResult<T | null>) {
  return (cell: CellValue): CellResult<T> => {
    const result = parse(cell)
    if (!result.ok) return result
    return result.value === null ? no(m.required) : ok(result.value)
  }
}
