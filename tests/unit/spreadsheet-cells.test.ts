import { describe, expect, test } from 'vitest'
import { booleanCell, cellText, dateCell, decimalCell, integerCell, moneyCell, parseDateText, parseNumberText, requiredCell, textCell } from '../../app/domain/spreadsheets/cells.ts'
import { spreadsheetMessages as m } from '../../app/domain/spreadsheets/messages.ts'

const day = (y: number, mo: number, d: number) => new Date(Date.UTC(y, mo - 1, d))

describe('parseNumberText', () => {
  test.each([
    ['1.234,56', 1234.56],
    ['1234,56', 1234.56],
    ['R$ 1.234,56', 1234.56],
    ['1234.56', 1234.56],
    ['1.234', 1234],
    ['1.234.567', 1234567],
    ['-3,5', -3.5],
    ['0', 0],
  ])('%s → %s', (text, value) => expect(parseNumberText(text)).toBe(value))

  test.each(['', 'abc', '12,3,4', '1.23.4', '1,234.56', '--1', ',', 'R$'])('%s is not a number', (text) => expect(parseNumberText(text)).toBeNull())
})

describe('parseDateText', () => {
  test('dd/mm/aaaa as a calendar day at UTC midnight', () => {
    expect(parseDateText('05/03/2026')).toEqual(day(2026, 3, 5))
    expect(parseDateText('5/3/2026')).toEqual(day(2026, 3, 5))
  })
  test.each(['31/02/2026', '2026-03-05', '05/13/2026', '5/3/26', 'ontem'])('%s is not a date', (text) => expect(parseDateText(text)).toBeNull())
})

describe('cell parsers', () => {
  test('text: trimmed, a whole number keeps every digit (an EAN typed as a number), the limit', () => {
    const parse = textCell({ max: 5 })
    expect(parse('  abc ')).toEqual({ ok: true, value: 'abc' })
    expect(parse(null)).toEqual({ ok: true, value: null })
    expect(textCell({ max: 20 })(7891234567895)).toEqual({ ok: true, value: '7891234567895' })
    expect(parse('abcdef')).toEqual({ ok: false, reason: m.tooLong(5) })
  })

  test('integer', () => {
    const parse = integerCell({ min: 0, max: 1000 })
    expect(parse(12)).toEqual({ ok: true, value: 12 })
    expect(parse('12')).toEqual({ ok: true, value: 12 })
    expect(parse(1.5)).toEqual({ ok: false, reason: m.notInteger })
    expect(parse('doze')).toEqual({ ok: false, reason: m.notInteger })
    expect(parse(true)).toEqual({ ok: false, reason: m.notInteger })
    expect(parse(1001)).toEqual({ ok: false, reason: m.outOfRange(0, 1000) })
  })

  test('decimal', () => {
    const parse = decimalCell({ min: 0, max: 100 })
    expect(parse('2,5')).toEqual({ ok: true, value: 2.5 })
    expect(parse(99.99)).toEqual({ ok: true, value: 99.99 })
    expect(parse('x')).toEqual({ ok: false, reason: m.notNumber })
  })

  test('money: reais in, integer centavos out; two decimals at most; not negative', () => {
    const parse = moneyCell({ maxCentavos: 100_000_00 })
    expect(parse(12.34)).toEqual({ ok: true, value: 1234 })
    expect(parse(0.1 + 0.2)).toEqual({ ok: true, value: 30 })
    expect(parse('1.234,56')).toEqual({ ok: true, value: 123456 })
    expect(parse('R$ 5')).toEqual({ ok: true, value: 500 })
    expect(parse(1.234)).toEqual({ ok: false, reason: m.notMoney })
    expect(parse(-1)).toEqual({ ok: false, reason: m.negative })
    expect(parse('caro')).toEqual({ ok: false, reason: m.notMoney })
    expect(parse(100_001)).toEqual({ ok: false, reason: m.outOfRange(0, 100_000) })
  })

  test('date: a real date; text that looks like one is refused as text', () => {
    const parse = dateCell()
    expect(parse(day(2026, 1, 2))).toEqual({ ok: true, value: day(2026, 1, 2) })
    expect(parse('02/01/2026')).toEqual({ ok: false, reason: m.dateAsText })
    expect(parse('amanhã')).toEqual({ ok: false, reason: m.notDate })
    expect(parse(45000)).toEqual({ ok: false, reason: m.notDate })
  })

  test('boolean: Sim/Não and the usual spellings', () => {
    const parse = booleanCell()
    for (const yes of [true, 1, 'Sim', 'S', 'x', 'VERDADEIRO', 'true']) expect(parse(yes)).toEqual({ ok: true, value: true })
    for (const no of [false, 0, 'Não', 'nao', 'N', 'FALSO', 'false']) expect(parse(no)).toEqual({ ok: true, value: false })
    expect(parse('talvez')).toEqual({ ok: false, reason: m.notBoolean })
  })

  test('required: an empty value is refused', () => {
    const parse = requiredCell(textCell({ max: 10 }))
    expect(parse('a')).toEqual({ ok: true, value: 'a' })
    expect(parse(null)).toEqual({ ok: false, reason: m.required })
    expect(parse('x'.repeat(11))).toEqual({ ok: false, reason: m.tooLong(10) })
  })

  test('cellText: the value as the report shows it', () => {
    expect(cellText(day(2026, 12, 31))).toBe('31/12/2026')
    expect(cellText(1234.5)).toBe('1234,5')
    expect(cellText(true)).toBe('Sim')
    expect(cellText(null)).toBe('')
  })
})
