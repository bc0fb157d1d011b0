import { describe, expect, test } from 'vitest'
import { MASKED_FIELDS } from '~/lib/ui/masked-fields.ts'

describe('masked fields: max lengths', () => {
  test('CNPJ 18, CEP 10, cellphone 15, NCM 10', () => {
    expect(Object.fromEntries(Object.entries(MASKED_FIELDS).map(([name, f]) => [name, f.maxLength]))).toEqual({
      cnpj: 18,
      cep: 10,
      cellphone: 15,
      ncm: 10,
    })
  })
  test.each(Object.entries(MASKED_FIELDS))('%s: a complete value is exactly the max length and looks like the placeholder', (_, field) => {
    const full = field.mask('9'.repeat(30))
    expect(full).toHaveLength(field.maxLength)
    expect(full.replace(/9/g, '0')).toBe(field.placeholder)
  })
})
