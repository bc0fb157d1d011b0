import { describe, expect, it } from 'vitest'
import { conditionPageReturn } from '../../app/lib/conditions/return-address.ts'

describe("the edit modal's way back to a condition's page", () => {
  it("takes a condition's page of this site, with its tab", () => {
    expect(conditionPageReturn('/conditionDetails/7/Tabela%20X/C?aba=pagamentos')).toBe('/conditionDetails/7/Tabela%20X/C?aba=pagamentos')
  })
  it('refuses any other page, another site and what is not an address', () => {
    for (const value of ['/orders', '//evil.example/conditionDetails/1', '/\t/evil.example', 'https://evil.example/conditionDetails/1', '', null, undefined]) {
      expect(conditionPageReturn(value)).toBeNull()
    }
  })
})
