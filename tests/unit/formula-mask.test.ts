import { describe, expect, test } from 'vitest'
import { parseFormula } from '~/domain/pricing/formula.ts'
import { maskFormula } from '~/domain/shared/formula-mask.ts'

describe('price-condition formula mask', () => {
  test('digits, dot, the variable, operators and spaces pass; a comma after a digit becomes the dot', () => {
    expect(maskFormula('desconto × 0,5 + 1')).toBe('desconto × 0.5 + 1')
    expect(maskFormula('12,345')).toBe('12.345')
    expect(maskFormula('desconto − 2')).toBe('desconto − 2')
  })
  test('one parenthesised group: a second "(" and an unopened ")" are dropped', () => {
    expect(maskFormula('(desconto + 2) × 3')).toBe('(desconto + 2) × 3')
    expect(maskFormula('((desconto))')).toBe('(desconto)')
    expect(maskFormula(')desconto')).toBe('desconto')
    expect(maskFormula('(desconto + 1) / (2)')).toBe('(desconto + 1) / 2')
  })
  test('other characters are dropped, spaces collapsed, at most 200 characters', () => {
    expect(maskFormula('desconto; alert`1`')).toBe('desconto alert1')
    expect(maskFormula('  desconto \t\n * 2')).toBe('desconto * 2')
    expect(maskFormula(',5')).toBe('5')
    expect(maskFormula('1'.repeat(500))).toHaveLength(200)
  })
  test.each([
    ['desconto|2', 'Caractere "|" não aceito na fórmula (posição 9). Use números, desconto, + − × ÷ e parênteses.'],
    ['desconto..2', 'Caractere "." não aceito na fórmula (posição 9). Use números, desconto, + − × ÷ e parênteses.'],
    ['(desconto', 'Falta fechar um parêntese na fórmula.'],
    ['preco', 'A fórmula só aceita a variável desconto, não "preco".'],
    ['1e999', 'A fórmula só aceita a variável desconto, não "e".'],
  ])('what the mask lets through and the parser refuses gets its message: %j', (typed, message) => {
    expect(maskFormula(typed)).toBe(typed)
    expect(parseFormula(maskFormula(typed))).toEqual({ ok: false, message })
  })
  test('a typed formula with pt-BR decimals parses after the mask', () => {
    const parsed = parseFormula(maskFormula('(desconto + 0,5) x 2'))
    expect(parsed.ok).toBe(true)
  })
})
