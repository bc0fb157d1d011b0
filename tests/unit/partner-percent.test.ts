import { describe, expect, test } from 'vitest'
import { partnerMessages as m } from '../../app/domain/conditions/partners-messages.ts'
import { descontoExtraField } from '../../app/domain/conditions/partners-schemas.ts'
import { formatPercent } from '../../app/domain/conditions/percent.ts'

describe('an OL extra discount as typed', () => {
  test.each([
    ['2,5', '2.5000'],
    ['2.5', '2.5000'],
    [2.5, '2.5000'],
    ['0', '0.0000'],
    [' 007,25 ', '7.2500'],
    ['100', '100.0000'],
    ['100,0000', '100.0000'],
    ['99,9999', '99.9999'],
  ])('%j is stored as %s', (typed, stored) => {
    expect(descontoExtraField.parse(typed)).toBe(stored)
  })

  test.each([['100,0001'], ['101'], ['-1'], ['1,23456'], ['1.000,5'], ['abc'], [''], [Number.NaN], [true]])('%j is refused', (typed) => {
    const result = descontoExtraField.safeParse(typed)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toMatch(new RegExp(`^(${m.discountInvalid.replace(/[.()]/g, '\\$&')}|${m.discountRequired})$`))
  })

  test('shown as a person reads it', () => {
    expect([formatPercent('2.5000'), formatPercent('10.0000'), formatPercent('0.1250')]).toEqual(['2,5', '10', '0,125'])
  })
})
