import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { gtinCheckDigit, parseEan, withEanCheckDigit } from '~/domain/catalog/ean.ts'
import { catalogMessages as m } from '~/domain/catalog/messages.ts'
import { centavosFromNumber, centavosToInput, formatBrl, MAX_CENTAVOS, normalizedBrl, numberAsBrlInput, parseBrl, readBrl, typedBrl } from '~/domain/catalog/money.ts'
import { formatNcm, parseNcm } from '~/domain/catalog/ncm.ts'
import { BulkFormSchema, precoField, ProductFormSchema } from '~/domain/catalog/schemas.ts'
import { conditionMessages } from '~/domain/conditions/messages.ts'
import { minimoValorField } from '~/domain/conditions/schemas.ts'
import { productSheet } from '~/domain/catalog/product-sheet.ts'

describe('EAN-13 check digit', () => {
  test('computes the GS1 check digit', () => {
    expect(gtinCheckDigit('789100010010')).toBe(3)
    expect(withEanCheckDigit('400638133393')).toBe('4006381333931')
    expect(gtinCheckDigit('000000000000')).toBe(0)
  })
  test('accepts an EAN-13, and EAN-8 or UPC-A as the same GTIN on 13 digits', () => {
    expect(parseEan('7891000100103')).toEqual({ ok: true, ean: '7891000100103' })
    expect(parseEan(' 789-1000-100103 ')).toEqual({ ok: true, ean: '7891000100103' })
    expect(parseEan('96385074')).toEqual({ ok: true, ean: '0000096385074' })
    expect(parseEan('036000291452')).toEqual({ ok: true, ean: '0036000291452' })
  })
  test('refuses a wrong check digit, a wrong length and letters', () => {
    expect(parseEan('7891000100104')).toEqual({ ok: false, reason: 'check-digit' })
    expect(parseEan('789100010010')).toEqual({ ok: false, reason: 'check-digit' })
    expect(parseEan('78910001001')).toEqual({ ok: false, reason: 'format' })
    expect(parseEan('78910001001A3')).toEqual({ ok: false, reason: 'format' })
    expect(parseEan('')).toEqual({ ok: false, reason: 'format' })
  })
})

describe('NCM', () => {
  test('eight digits, masked or not', () => {
    expect(parseNcm('3004.90.99')).toBe('30049099')
    expect(parseNcm('30049099')).toBe('30049099')
    expect(formatNcm('33049990')).toBe('3304.99.90')
  })
  test('refuses other shapes', () => {
    for (const bad of ['3004.90.9', '300490999', '3004-90-99', '3004.9099', 'abcd.ef.gh', '']) expect(parseNcm(bad), bad).toBeNull()
  })
})

describe('BRL', () => {
  test('parses pt-BR text to exact centavos', () => {
    expect(parseBrl('1.234,56')).toBe(123456)
    expect(parseBrl('0,01')).toBe(1)
    expect(parseBrl('1234')).toBe(123400)
    expect(parseBrl('1234,5')).toBe(123450)
    expect(parseBrl('R$ 12,90')).toBe(1290)
    expect(parseBrl('0,29')).toBe(29)
    expect(parseBrl('1.000.000,00')).toBe(100_000_000)
    expect(parseBrl('9.999.999,99')).toBe(MAX_CENTAVOS)
  })
  test('refuses what is not a pt-BR amount', () => {
    for (const bad of ['', '12.34', '1,234.56', '1.23,45', '12,345', '-1,00', 'abc', '1 234,56', ',5', '12,', '1.2345,00']) expect(parseBrl(bad), bad).toBeNull()
    expect(readBrl('10.000.000,00')).toEqual({ ok: false, reason: 'too-high' })
    expect(readBrl('99999999999999999999')).toEqual({ ok: false, reason: 'too-high' })
  })
  test('reads a number of reais through its decimal text, never float arithmetic', () => {
    expect(centavosFromNumber(0.29)).toEqual({ ok: true, centavos: 29 })
    expect(centavosFromNumber(12.9)).toEqual({ ok: true, centavos: 1290 })
    expect(centavosFromNumber(1.005)).toEqual({ ok: false, reason: 'format' })
    // A spreadsheet's computed prices: the float's noise is not a third decimal.
    expect(centavosFromNumber(10 + 1001 / 100)).toEqual({ ok: true, centavos: 2001 })
    expect(centavosFromNumber(20.009999999999998)).toEqual({ ok: true, centavos: 2001 })
    expect(centavosFromNumber(0.1 + 0.2)).toEqual({ ok: true, centavos: 30 })
    expect(centavosFromNumber(9_999_999.99)).toEqual({ ok: true, centavos: MAX_CENTAVOS })
    expect(centavosFromNumber(12.345)).toEqual({ ok: false, reason: 'format' })
    expect(centavosFromNumber(-1)).toEqual({ ok: false, reason: 'format' })
    expect(centavosFromNumber(1e8)).toEqual({ ok: false, reason: 'too-high' })
  })
  test('formats as BRL and as the field’s text', () => {
    expect(formatBrl(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56')
    expect(centavosToInput(123456)).toBe('1.234,56')
    expect(centavosToInput(5)).toBe('0,05')
  })
  test('a money field keeps what is typed, and writes a valid amount out when left', () => {
    // Typed as read: ten reais stay ten reais, and the comma is the decimal separator.
    for (const typed of ['10', '7,9', '1.234,56', '1234,5', '0,05', '']) expect(typedBrl(typed)).toBe(typed)
    expect(typedBrl('R$ 12,90')).toBe('12,90')
    expect(typedBrl('1,2,3')).toBe('1,23')
    expect(typedBrl('12a3')).toBe('123')
    expect(typedBrl('9.999.999,999')).toBe('9.999.999,99')
    // A negative amount is not made positive: it stays as typed and is refused.
    expect(typedBrl('-5')).toBe('-5')
    expect(typedBrl('R$ -1.234,5')).toBe('-1.234,5')
    expect(normalizedBrl('-5')).toBe('-5')
    expect(parseBrl('-5')).toBeNull()
    expect(normalizedBrl('10')).toBe('10,00')
    expect(normalizedBrl('7,9')).toBe('7,90')
    expect(normalizedBrl('1234,5')).toBe('1.234,50')
    // Not an amount: left as typed, for the form to say why.
    expect(normalizedBrl('7.90')).toBe('7.90')
    expect(normalizedBrl('')).toBe('')
    // What is written out reads back as the same amount.
    for (const typed of ['10', '7,9', '1234,5', '0,05', '9999999,99']) expect(parseBrl(normalizedBrl(typed))).toBe(parseBrl(typed))
  })
})

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.set(k, v)
  return parseWithZod(data, { schema: ProductFormSchema })
}
const errorsOf = (submission: { status?: string; error?: unknown }) => (submission.status === 'success' ? null : submission.error)

describe('a JSON number of reais', () => {
  test('becomes the text the field reads, and a third decimal stays refused instead of reading as thousands', () => {
    expect(numberAsBrlInput(12.34)).toBe('12,34')
    expect(numberAsBrlInput(1234.5)).toBe('1.234,50')
    expect(numberAsBrlInput(12.345)).toBe('12,345')
    expect(readBrl(numberAsBrlInput(12.345))).toEqual({ ok: false, reason: 'format' })
    expect(readBrl(numberAsBrlInput(1e8))).toEqual({ ok: false, reason: 'too-high' })
    expect(readBrl(numberAsBrlInput(-5))).toEqual({ ok: false, reason: 'format' })
  })
  test('the product price and the condition minimum refuse 12.345', () => {
    expect(precoField.safeParse(12.345).error?.issues).toMatchObject([{ message: m.precoInvalid }])
    expect(precoField.safeParse(12.34).data).toBe(1234)
    expect(minimoValorField.safeParse(12.345).error?.issues).toMatchObject([{ message: conditionMessages.minimoValorInvalid }])
    expect(minimoValorField.safeParse(12.3).data).toBe(1230)
  })
})

describe('ProductFormSchema', () => {
  test('reads the form: price to centavos, NCM to digits, checkbox to booleans', () => {
    const s = form({ ean: '7891000100103', nome: ' Sabão ', ncm: '3401.11.90', preco: '1.234,56', embalagem: '12', ativo: 'on' })
    expect(s.status).toBe('success')
    expect(s.status === 'success' && s.value).toMatchObject({ ean: '7891000100103', codigo: null, nome: 'Sabão', ncm: '34011190', preco: 123456, unidade: 'UN', embalagem: 12, ativo: true })
  })
  test('says what is wrong, in Portuguese, per field', () => {
    const s = form({ ean: '7891000100104', nome: '', ncm: '3401', preco: '12.34', embalagem: '0' })
    expect(errorsOf(s)).toMatchObject({ ean: [m.eanCheckDigit], nome: [m.nomeRequired], ncm: [m.ncmInvalid], preco: [m.precoInvalid], embalagem: [m.embalagemInvalid] })
    expect(errorsOf(form({ nome: 'X', preco: '1,00' }))).toMatchObject({ ean: [m.identifierRequired], codigo: [m.identifierRequired] })
  })
  test('the bulk form takes one or many ids and a known action', () => {
    const data = new FormData()
    data.append('ids', '3')
    data.append('ids', '4')
    data.set('acao', 'desativar')
    expect(parseWithZod(data, { schema: BulkFormSchema })).toMatchObject({ status: 'success', value: { ids: [3, 4], acao: 'desativar' } })
    const none = new FormData()
    none.set('acao', 'ativar')
    expect(errorsOf(parseWithZod(none, { schema: BulkFormSchema }))).toMatchObject({ ids: [m.idsRequired] })
  })
})

describe('the products sheet’s columns', () => {
  const column = (key: string) => productSheet.columns.find((c) => c.key === key)!
  test('Ativo and Imposto read Sim or Não, and say so in the report', () => {
    expect(column('ativo').parse('Sim')).toEqual({ ok: true, value: true })
    expect(column('imposto').parse('não')).toEqual({ ok: true, value: false })
    expect(column('ativo').parse('talvez')).toEqual({ ok: false, reason: 'Ativo deve ser Sim ou Não.' })
    expect(column('imposto').parse('talvez')).toEqual({ ok: false, reason: 'Imposto deve ser Sim ou Não.' })
  })
})
