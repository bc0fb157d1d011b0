import { describe, expect, test } from 'vitest'
import { formatUnitPrice } from '../../app/domain/catalog/money.ts'
import { add, fromInteger, parseDecimal, ratio, roundHalfUp, scaledText } from '../../app/domain/pricing/decimal.ts'
import { parseFormula } from '../../app/domain/pricing/formula.ts'
import { linePrice } from '../../app/domain/pricing/line-price.ts'
import { tokenbaseOption } from '../../app/domain/pricing/tokenbase.ts'

const dec = (text: string) => parseDecimal(text)!

describe('exact decimals', () => {
  test('0,1 + 0,2 is exactly 0,3', () => {
    expect(add(dec('0,1'), dec('0.2'))).toEqual(dec('0,3'))
  })
  test('round half up, away from zero, at any place', () => {
    expect(roundHalfUp(dec('1,005'), 2)).toBe(101n)
    expect(roundHalfUp(dec('1,0049'), 2)).toBe(100n)
    expect(roundHalfUp(dec('-1,005'), 2)).toBe(-101n)
    expect(roundHalfUp(ratio(1n, 3n), 5)).toBe(33333n)
    expect(roundHalfUp(ratio(2n, 3n), 0)).toBe(1n)
  })
  test('scaled integers print with their places', () => {
    expect(scaledText(12345n, 5)).toBe('0.12345')
    expect(scaledText(-5n, 2)).toBe('-0.05')
    expect(scaledText(7n, 0)).toBe('7')
  })
  test('text that is not a plain decimal is refused', () => {
    for (const bad of ['', '1.234,56', '1,2,3', 'abc', '1e3', ' - 1']) expect(parseDecimal(bad)).toBeNull()
  })
})

describe('tokenbase formulas', () => {
  const value = (formula: string, desconto: string) => {
    const parsed = parseFormula(formula)
    if (!parsed.ok) throw new Error(parsed.message)
    const result = parsed.formula.evaluate(dec(desconto))
    if (!result.ok) throw new Error(result.message)
    return scaledText(roundHalfUp(result.value, 5), 5)
  }

  test('precedence, parentheses, unary minus, comma decimals and the signs people type', () => {
    expect(value('desconto * 0,5 + 1', '10')).toBe('6.00000')
    expect(value('(desconto + 2) × 3', '1')).toBe('9.00000')
    expect(value('desconto ÷ 4 − 1', '10')).toBe('1.50000')
    expect(value('desconto x 2', '2,5')).toBe('5.00000')
    expect(value('-desconto + 10', '3')).toBe('7.00000')
    expect(value('Desconto / 3', '1')).toBe('0.33333')
    expect(value('((((desconto))))', '12,345')).toBe('12.34500')
    expect(value('2 - -3', '0')).toBe('5.00000')
  })

  test.each([
    ['', 'Informe a fórmula.'],
    ['desconto +', 'A fórmula termina antes da hora: falta um número ou desconto.'],
    ['(desconto * 2', 'Falta fechar um parêntese na fórmula.'],
    ['desconto * 2)', 'A fórmula fecha um parêntese que não foi aberto.'],
    ['preco * 2', 'A fórmula só aceita a variável desconto, não "preco".'],
    ['desconto ^ 2', 'Caractere "^" não aceito na fórmula (posição 10). Use números, desconto, + − × ÷ e parênteses.'],
    ['alert(1)', 'A fórmula só aceita a variável desconto, não "alert".'],
    ['desconto 2', '"valor" fora de lugar na fórmula (posição 10).'],
    ['* 2', '"*" fora de lugar na fórmula (posição 1).'],
    ['('.repeat(30) + 'desconto' + ')'.repeat(30), 'A fórmula tem parênteses demais.'],
    ['1'.repeat(16), `O número ${'1'.repeat(16)} da fórmula tem dígitos demais.`],
    ['desconto + 1'.repeat(20), 'A fórmula deve ter no máximo 200 caracteres.'],
    ['('.repeat(10_000) + 'desconto' + ')'.repeat(10_000), 'A fórmula deve ter no máximo 200 caracteres.'],
    ['constructor', 'A fórmula só aceita a variável desconto, não "constructor".'],
    ['__proto__', 'A fórmula só aceita a variável desconto, não "__proto__".'],
    ['desconto; process.exit()', 'Caractere ";" não aceito na fórmula (posição 9). Use números, desconto, + − × ÷ e parênteses.'],
    ['`desconto`', 'Caractere "`" não aceito na fórmula (posição 1). Use números, desconto, + − × ÷ e parênteses.'],
    ['1e999', 'A fórmula só aceita a variável desconto, não "e".'],
    ['9'.repeat(180), `O número ${'9'.repeat(180)} da fórmula tem dígitos demais.`],
    ['desconto desconto', '"valor" fora de lugar na fórmula (posição 10).'],
    ['('.repeat(90) + 'desconto' + ')'.repeat(90), 'A fórmula tem parênteses demais.'],
    ['desconto ‒ 2', 'Caractere "‒" não aceito na fórmula (posição 10). Use números, desconto, + − × ÷ e parênteses.'],
    ['constructor.prototype', 'A fórmula só aceita a variável desconto, não "constructor".'],
  ])('%j is refused with a message', (formula, message) => {
    expect(parseFormula(formula)).toEqual({ ok: false, message })
  })

  test('the unicode minus is a minus', () => {
    const parsed = parseFormula('desconto − 2,5')
    expect(parsed.ok && parsed.formula.evaluate(dec('10'))).toEqual({ ok: true, value: dec('7,5') })
  })

  test('a division by zero is a message, not Infinity', () => {
    const parsed = parseFormula('10 / (desconto - 5)')
    expect(parsed.ok && parsed.formula.evaluate(dec('5'))).toEqual({ ok: false, message: 'A fórmula divide por zero com este desconto.' })
    const constant = parseFormula('1/0')
    expect(constant.ok && constant.formula.evaluate(dec('1'))).toEqual({ ok: false, message: 'A fórmula divide por zero com este desconto.' })
  })

  test('total − total × fator, fator with 5 decimals, rounded once to the centavo', () => {
    const parsed = parseFormula('desconto / 3')
    if (!parsed.ok) throw new Error(parsed.message)
    // 10 / 3 = 3.33333…%: fator 0.03333; R$ 1.000,00 × 0.03333 = R$ 33,33. The percent shown is the one applied,
    // 3,333 %, so that it times the total is the amount shown.
    expect(tokenbaseOption(parsed.formula, dec('10'), 100_000)).toEqual({
      ok: true,
      option: { percent: '3.333', fator: '0.03333', valor: 3333, valor_total: 96_667 },
    })
    // R$ 0,15 × 0.03333 = 0,4999… centavos → 0; R$ 0,16 → 0,533 → 1 centavo.
    expect(tokenbaseOption(parsed.formula, dec('10'), 15)).toMatchObject({ option: { valor: 0, valor_total: 15 } })
    expect(tokenbaseOption(parsed.formula, dec('10'), 16)).toMatchObject({ option: { valor: 1, valor_total: 15 } })
  })

  test('fator rounds half up at the fifth decimal', () => {
    const parsed = parseFormula('desconto')
    if (!parsed.ok) throw new Error(parsed.message)
    expect(tokenbaseOption(parsed.formula, dec('1,2345'), 1)).toMatchObject({ option: { fator: '0.01235', percent: '1.235' } })
  })

  test('a result past ±100% is refused', () => {
    const parsed = parseFormula('desconto * 20')
    if (!parsed.ok) throw new Error(parsed.message)
    expect(tokenbaseOption(parsed.formula, dec('5,5'), 100)).toEqual({ ok: false, message: 'O resultado da fórmula (110%) deve ficar entre -100% e 100%.' })
  })
})

describe('line prices', () => {
  test('a discount over the list price, rounded once per line', () => {
    // R$ 0,07 less 12,345 % = 6,13585 centavos: unit shown R$ 0,06; 1.000 units = R$ 61,36 (not R$ 60,00).
    expect(linePrice({ table: 'desconto', listCentavos: 7, discountPercent: dec('12,345'), quantity: 1000 })).toEqual({ unitCentavos: 6, unitHundredths: 614, totalCentavos: 6136 })
    expect(linePrice({ table: 'desconto', listCentavos: 1999, discountPercent: dec('0'), quantity: 3 })).toEqual({ unitCentavos: 1999, unitHundredths: 199_900, totalCentavos: 5997 })
    expect(linePrice({ table: 'desconto', listCentavos: 1999, discountPercent: dec('100'), quantity: 3 })).toEqual({ unitCentavos: 0, unitHundredths: 0, totalCentavos: 0 })
  })
  test('a net-price table multiplies exactly', () => {
    expect(linePrice({ table: 'liquido', netCentavos: 1234, quantity: 12 })).toEqual({ unitCentavos: 1234, unitHundredths: 123_400, totalCentavos: 14_808 })
    // Successive discounts on the exact value: 1000 × 0.9 × 0.95 = 855; 3 × 333,3… × 0.98 rounds once.
    expect(linePrice({ table: 'desconto', listCentavos: 1000, discountPercent: dec('10'), quantity: 1, extraDiscounts: [dec('5')] })).toEqual({ unitCentavos: 855, unitHundredths: 85_500, totalCentavos: 855 })
    expect(linePrice({ table: 'liquido', netCentavos: 1000, quantity: 3, extraDiscounts: [dec('66,666'), dec('2')] })).toEqual({ unitCentavos: 327, unitHundredths: 32_667, totalCentavos: 980 })
    expect(() => linePrice({ table: 'liquido', netCentavos: 1000, quantity: 1, extraDiscounts: [dec('101')] })).toThrow(RangeError)
  })
  test('the unit price beside a line to R$ 0,0001, so that quantity × unit reads as the total', () => {
    // The helper's case: R$ 11,40 less 4,19 % = 10,92234 → 'R$ 10,9223'; 30 units = 327,6702 → R$ 327,67.
    const price = linePrice({ table: 'desconto', listCentavos: 1140, discountPercent: dec('4,19'), quantity: 30 })
    expect(price).toEqual({ unitCentavos: 1092, unitHundredths: 109_223, totalCentavos: 32_767 })
    expect(formatUnitPrice(price.unitHundredths)).toBe('R$\u00a010,9223')
    expect(formatUnitPrice(85_500)).toBe('R$\u00a08,55')
    expect(formatUnitPrice(85_510)).toBe('R$\u00a08,551')
    expect(formatUnitPrice(99_999_999_900)).toBe('R$\u00a09.999.999,99')
    expect(formatUnitPrice(99_999_999_999)).toBe('R$\u00a09.999.999,9999')
  })
  test('large orders stay exact past 2^53 intermediate values', () => {
    expect(linePrice({ table: 'desconto', listCentavos: 99_999_999, discountPercent: dec('33,333'), quantity: 1_000_000 }).totalCentavos).toBe(66_666_999_333_330)
  })
  test('a quantity that is not a positive integer, or a discount out of range, is a programming error', () => {
    expect(() => linePrice({ table: 'liquido', netCentavos: 1, quantity: 0 })).toThrow(RangeError)
    expect(() => linePrice({ table: 'liquido', netCentavos: 1, quantity: 1.5 })).toThrow(RangeError)
    expect(() => linePrice({ table: 'desconto', listCentavos: 1, discountPercent: dec('100,01'), quantity: 1 })).toThrow(RangeError)
    expect(() => linePrice({ table: 'desconto', listCentavos: 1, discountPercent: fromInteger(-1), quantity: 1 })).toThrow(RangeError)
  })
})
