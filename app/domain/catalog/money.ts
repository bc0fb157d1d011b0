/**
 * Money as integer centavos. Typed in pt-BR ('1.234,56'); read from the string, digit by
 * digit, never through a float, so 0,29 is 29 centavos and not 28.999….
 */

/** The largest price a product may have: R$ 9.999.999,99 (well inside PostgreSQL's integer). */
export const MAX_CENTAVOS = 999_999_999

export type MoneyResult = { ok: true; centavos: number } | { ok: false; reason: 'format' | 'too-high' }

const BRL = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/

/**
 * '1.234,56', '1234,56', '1234', '0,5', 'R$ 12,90' → centavos. Refused when it is not a pt-BR amount
 * (thousands separated by dots in groups of three, at most two decimals after a comma) or is above MAX_CENTAVOS.
 */
export function readBrl(input: string): MoneyResult {
  const match = BRL.exec(input.replace(/^\s*R\$\s*/, '').trim())
  return match ? toCentavos(match[1].replaceAll('.', ''), match[2] ?? '') : { ok: false, reason: 'format' }
}

export function parseBrl(input: string): number | null {
  const result = readBrl(input)
  return result.ok ? result.centavos : null
}

function toCentavos(whole: string, decimals: string): MoneyResult {
  const digits = whole.replace(/^0+(?=\d)/, '')
  // Longer than the maximum's digits: refused before Number() could lose precision.
  if (digits.length > 7) return { ok: false, reason: 'too-high' }
  const centavos = Number(digits) * 100 + Number(decimals.padEnd(2, '0'))
  return centavos <= MAX_CENTAVOS ? { ok: true, centavos } : { ok: false, reason: 'too-high' }
}

/**
 * A number as JSON or a spreadsheet holds it (reais) → centavos. A spreadsheet's computed price carries the
 * binary float's noise (10 + 1/100 is 10.009999999999998, 0.1 + 0.2 is 0.30000000000000004): a value within a
 * millionth of a centavo of a whole centavo is that centavo; a third decimal (12.345) is refused.
 */
export function centavosFromNumber(value: number): MoneyResult {
  if (!Number.isFinite(value) || value < 0) return { ok: false, reason: 'format' }
  if (value > MAX_CENTAVOS / 100) return { ok: false, reason: 'too-high' }
  const centavos = Math.round(value * 100)
  if (Math.abs(value * 100 - centavos) > 1e-6) return { ok: false, reason: 'format' }
  return centavos <= MAX_CENTAVOS ? { ok: true, centavos } : { ok: false, reason: 'too-high' }
}

let brl: Intl.NumberFormat | undefined

/** R$ 1.234,56 */
export const formatBrl = (centavos: number) => (brl ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })).format(centavos / 100)

let unitBrl: Intl.NumberFormat | undefined

/**
 * A unit price in hundredths of a centavo (R$ 0,0001): 'R$ 10,92', or 'R$ 10,9224' when it falls
 * between two centavos, as an NF-e's unit value has four decimals (decision 033).
 */
export function formatUnitPrice(hundredths: number) {
  if (hundredths % 100 === 0) return formatBrl(hundredths / 100)
  unitBrl ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 4 })
  return unitBrl.format(hundredths / 10_000)
}

/** Groups of three digits with dots: '1234567' → '1.234.567'. */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')

/** '1.234,56': what the price field shows to be edited (and parseBrl reads back). */
export function centavosToInput(centavos: number) {
  return `${groupThousands(Math.floor(centavos / 100).toString())},${String(centavos % 100).padStart(2, '0')}`
}

/**
 * A JSON number of reais as the pt-BR text a money field reads: 12.34 → '12,34'. One the field must refuse stays
 * refused: above the maximum it reads as too high, and a third decimal keeps its comma ('12,345'), where the bare
 * `String(12.345)` would read as twelve thousand reais.
 */
export function numberAsBrlInput(value: number) {
  const read = centavosFromNumber(value)
  if (read.ok) return centavosToInput(read.centavos)
  return read.reason === 'too-high' ? centavosToInput(MAX_CENTAVOS + 1) : String(value).replace('.', ',')
}

/** Reais as a number for a spreadsheet cell (the cell's format shows it as money). */
export const centavosToReais = (centavos: number) => centavos / 100

/**
 * What a money field keeps while typing: digits, dots and one comma, as a pt-BR amount is written ('1.234,56',
 * '10', '7,9'); anything else (letters, 'R$ ') is dropped. Nothing typed is reinterpreted: '10' stays ten reais and
 * the comma is the decimal separator, so a field read back after a refused form shows what was typed.
 */
export function typedBrl(value: string) {
  // A minus sign before the amount stays, for the form to refuse: dropped, '-5' became five reais without a word.
  const sign = /^[^\d]*-/.test(value) ? '-' : ''
  const [whole, ...decimals] = value.replace(/[^\d.,]/g, '').split(',')
  return sign + (decimals.length ? `${whole},${decimals.join('')}` : whole).slice(0, 12 - sign.length)
}

/** Once the field is left: the amount written as the field shows it ('10' → '10,00'), or as typed when it is not one (the form says why). */
export function normalizedBrl(value: string) {
  const read = readBrl(value)
  return read.ok ? centavosToInput(read.centavos) : value
}
