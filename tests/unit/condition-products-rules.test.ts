import { describe, expect, test } from 'vitest'
import { conditionProductsMessages as m } from '../../app/domain/conditions/products-messages.ts'
import { UpdateLinesBody } from '../../app/domain/conditions/products-contract.ts'
import { EditLinesFormSchema, quantityProblem } from '../../app/domain/conditions/products-schemas.ts'
import { formatPercent, readPercent } from '../../app/domain/conditions/percent.ts'

describe('readPercent', () => {
  test.each([
    ['12,5', '12.5000'],
    ['12.5', '12.5000'],
    ['0', '0.0000'],
    ['100', '100.0000'],
    ['7,2525', '7.2525'],
    [' 5 ', '5.0000'],
    [10, '10.0000'],
  ])('%s → %s', (input, expected) => expect(readPercent(input)).toBe(expected))

  test.each(['100,01', '-1', '1,23456', '1.234,5', 'abc', '', '1e2'])('%s is not a percent', (input) => expect(readPercent(input)).toBeNull())

  test('formatPercent writes it back as typed', () => {
    expect(formatPercent('12.5000')).toBe('12,5')
    expect(formatPercent('10.0000')).toBe('10')
    expect(formatPercent('7.2525')).toBe('7,2525')
    expect(formatPercent('0.0000')).toBe('0')
  })
})

describe('quantityProblem (the quantity rule of a line)', () => {
  test('a minimum and maximum that are multiples of the pack multiple pass', () => {
    expect(quantityProblem({ qtd_min: 12, qtd_max: 120, multiplo: 6 })).toBeNull()
    expect(quantityProblem({ qtd_min: 1, qtd_max: null, multiplo: 1 })).toBeNull()
  })
  test('the maximum below the minimum', () => expect(quantityProblem({ qtd_min: 10, qtd_max: 5, multiplo: 1 })).toEqual({ field: 'qtd_max', message: m.qtdMaxBelowMin }))
  test('a minimum the multiple cannot reach', () => expect(quantityProblem({ qtd_min: 5, qtd_max: null, multiplo: 12 })?.field).toBe('qtd_min'))
  test('a maximum the multiple cannot reach', () => expect(quantityProblem({ qtd_min: 6, qtd_max: 10, multiplo: 6 })?.field).toBe('qtd_max'))
})

describe('the forms and bodies', () => {
  test('one ticked checkbox posts a lone id, read as a list', () => {
    const parsed = EditLinesFormSchema.safeParse({ ids: '7', desconto: '5' })
    expect(parsed.success && parsed.data.ids).toEqual([7])
  })
  test('a bulk edit must change something', () => {
    const parsed = EditLinesFormSchema.safeParse({ ids: ['7', '8'] })
    expect(parsed.success).toBe(false)
  })
  test('the API body: absent keeps, null clears the maximum', () => {
    const keep = UpdateLinesBody.parse({ condicao_id: 1, ids: [1], ativo: false })
    expect(keep.qtd_max).toBeUndefined()
    const clear = UpdateLinesBody.parse({ condicao_id: 1, ids: [1], qtd_max: null })
    expect(clear.qtd_max).toBeNull()
  })
})
