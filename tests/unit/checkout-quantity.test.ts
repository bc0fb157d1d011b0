import { describe, expect, it } from 'vitest'
import { nearestQuantity, quantityProblem } from '../../app/domain/checkout/quantity.ts'
import { quantityRule } from '../../app/domain/checkout/quantity-rule.ts'

const box6 = { qtdMin: 6, qtdMax: 60, multiplo: 6 }

describe('quantityProblem', () => {
  it('accepts a multiple of the pack within min and max', () => {
    expect(quantityProblem(12, box6)).toBeNull()
    expect(quantityProblem(60, box6)).toBeNull()
    expect(quantityProblem(1, { qtdMin: 1, qtdMax: null, multiplo: 1 })).toBeNull()
  })
  it('names the broken limit in Portuguese', () => {
    expect(quantityProblem(0, box6)).toBe('Informe uma quantidade inteira maior que zero.')
    expect(quantityProblem(2.5, box6)).toBe('Informe uma quantidade inteira maior que zero.')
    expect(quantityProblem(3, box6)).toBe('A quantidade mínima deste produto é 6 unidades.')
    expect(quantityProblem(66, box6)).toBe('A quantidade máxima deste produto é 60 unidades.')
    expect(quantityProblem(8, box6)).toBe('Este produto é vendido em múltiplos de 6 unidades.')
    expect(quantityProblem(2, { qtdMin: 1, qtdMax: 1, multiplo: 1 })).toBe('A quantidade máxima deste produto é 1 unidade.')
  })
})

describe('nearestQuantity', () => {
  it('rounds up to the pack within the limits', () => {
    expect(nearestQuantity(1, box6)).toBe(6)
    expect(nearestQuantity(7, box6)).toBe(12)
    expect(nearestQuantity(61, box6)).toBe(60)
    expect(nearestQuantity(5, { qtdMin: 1, qtdMax: 4, multiplo: 5 })).toBeNull()
  })
})

describe('quantityRule', () => {
  it('says the limits in words, and nothing when any quantity goes', () => {
    expect(quantityRule(box6)).toBe('De 6 a 60 unidades, em múltiplos de 6.')
    expect(quantityRule({ qtdMin: 12, qtdMax: null, multiplo: 1 })).toBe('A partir de 12 unidades.')
    expect(quantityRule({ qtdMin: 1, qtdMax: null, multiplo: 6 })).toBe('A partir de 1 unidade, em múltiplos de 6.')
    expect(quantityRule({ qtdMin: 24, qtdMax: 24, multiplo: 12 })).toBe('Só 24 unidades, em múltiplos de 12.')
    expect(quantityRule({ qtdMin: 1, qtdMax: 1200, multiplo: 1 })).toBe('De 1 a 1.200 unidades.')
    expect(quantityRule({ qtdMin: 1, qtdMax: null, multiplo: 1 })).toBeNull()
  })
})
