import { describe, expect, test } from 'vitest'
import { isValidCnpj, normalizeCnpj, withCheckDigits } from '~/domain/organization/cnpj.ts'
import { maskCellphone, maskCep, maskCnpj, maskNcm } from '~/domain/shared/masks.ts'

describe('masks', () => {
  test('CNPJ 00.000.000/0000-00, at most 18 characters', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81')
    expect(maskCnpj('112223')).toBe('11.222.3')
    expect(maskCnpj('11222333000181999')).toHaveLength(18)
  })
  test('alphanumeric CNPJ keeps letters in the first twelve places, digits in the last two', () => {
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35')
    expect(maskCnpj('12ABC34501DEXY')).toBe('12.ABC.345/01DE')
  })
  test('CEP 00.000-000', () => {
    expect(maskCep('01310-100')).toBe('01.310-100')
    expect(maskCep('013101001234')).toHaveLength(10)
  })
  test('cellphone (00) 00000-0000', () => {
    expect(maskCellphone('11987654321')).toBe('(11) 98765-4321')
    expect(maskCellphone('119')).toBe('(11) 9')
  })
  test('NCM 0000.00.00', () => {
    expect(maskNcm('30049099')).toBe('3004.90.99')
    expect(maskNcm('3004909912')).toHaveLength(10)
  })
})

describe('CNPJ check digits', () => {
  test('numeric CNPJ', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true)
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false)
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false)
    expect(isValidCnpj('11.222.333/0001')).toBe(false)
  })
  test('alphanumeric CNPJ (Receita Federal example 12.ABC.345/01DE-35)', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true)
    expect(isValidCnpj('12abc34501de35')).toBe(true)
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false)
    expect(isValidCnpj('12.ABC.345/01DE-3X')).toBe(false)
  })
  test('withCheckDigits builds valid CNPJs', () => {
    expect(withCheckDigits('112223330001')).toBe('11222333000181')
    expect(isValidCnpj(withCheckDigits('AB1CD2EF3GH4'))).toBe(true)
  })
  test('normalise keeps only letters and digits, upper-cased', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35')
  })
})
