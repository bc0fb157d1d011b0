import { hasOnlyValidCharacters } from '../shared/text.ts'
import { sharedMessages } from '../shared/messages.ts'
import { parseEan } from './ean.ts'
import { catalogMessages as m, MAX_CODE, MAX_EMBALAGEM, MAX_NAME, MAX_SHORT } from './messages.ts'
import { centavosFromNumber, readBrl } from './money.ts'
import { parseNcm } from './ncm.ts'

/**
 * One rule per product field, on the value as text (or a number, as JSON and spreadsheets give
 * them): the form, the API body (schemas.ts) and the spreadsheet import (product-sheet.ts) all
 * read a product through these, so each answers with the same Portuguese reason.
 */
export type Rule<T> = { ok: true; value: T } | { ok: false; reason: string }

const ok = <T>(value: T): Rule<T> => ({ ok: true, value })
const no = (reason: string): Rule<never> => ({ ok: false, reason })

/** Free text: NFC, trimmed, no control character, limited; empty → null. */
function freeText(value: string, max: number, tooLong: string): Rule<string | null> {
  const text = value.normalize('NFC').trim()
  if (!hasOnlyValidCharacters(text)) return no(sharedMessages.invalidCharacters)
  if (text.length > max) return no(tooLong)
  return ok(text || null)
}

export const eanRule = (value: string | number): Rule<string | null> => {
  const text = String(value).trim()
  if (!text) return ok(null)
  const result = parseEan(text)
  return result.ok ? ok(result.ean) : no(result.reason === 'format' ? m.eanInvalid : m.eanCheckDigit)
}

export const codigoRule = (value: string | number) => freeText(String(value), MAX_CODE, m.codigoTooLong)

export const nomeRule = (value: string): Rule<string> => {
  const result = freeText(value, MAX_NAME, m.nomeTooLong)
  if (!result.ok) return result
  return result.value ? ok(result.value) : no(m.nomeRequired)
}

export const marcaRule = (value: string) => freeText(value, MAX_SHORT, m.marcaTooLong)
export const categoriaRule = (value: string) => freeText(value, MAX_SHORT, m.categoriaTooLong)

export const ncmRule = (value: string | number): Rule<string | null> => {
  const text = typeof value === 'number' ? String(value).padStart(8, '0') : value.trim()
  if (!text) return ok(null)
  const ncm = parseNcm(text)
  return ncm ? ok(ncm) : no(m.ncmInvalid)
}

/** pt-BR text ('1.234,56') or a number of reais (12.5). */
export const precoRule = (value: string | number): Rule<number> => {
  if (typeof value === 'string' && !value.trim()) return no(m.precoRequired)
  const result = typeof value === 'number' ? centavosFromNumber(value) : readBrl(value)
  if (result.ok) return ok(result.centavos)
  return no(result.reason === 'too-high' ? m.precoTooHigh : m.precoInvalid)
}

export const unidadeRule = (value: string): Rule<string> => {
  const result = freeText(value, 10, m.unidadeTooLong)
  if (!result.ok) return result
  return ok(result.value?.toUpperCase() ?? 'UN')
}

export const embalagemRule = (value: string | number): Rule<number> => {
  const text = String(value).trim()
  if (!text) return ok(1)
  if (!/^\d{1,6}$/.test(text)) return no(m.embalagemInvalid)
  const n = Number(text)
  return n >= 1 && n <= MAX_EMBALAGEM ? ok(n) : no(m.embalagemInvalid)
}

const TRUE_WORDS = new Set(['1', 'sim', 's', 'true', 'verdadeiro', 'ativo', 'x', 'yes'])
const FALSE_WORDS = new Set(['0', 'nao', 'não', 'n', 'false', 'falso', 'inativo', 'no'])

/** Sim/Não as a spreadsheet or a JSON client writes it. */
export const flagRule = (value: string | number | boolean, invalid: string): Rule<boolean> => {
  if (typeof value === 'boolean') return ok(value)
  const word = String(value).trim().toLowerCase()
  if (TRUE_WORDS.has(word)) return ok(true)
  if (FALSE_WORDS.has(word)) return ok(false)
  return no(invalid)
}
