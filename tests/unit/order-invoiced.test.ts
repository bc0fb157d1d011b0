import { describe, expect, test } from 'vitest'
import { invoicedTokenbaseCentavos } from '../../app/domain/orders/invoiced.ts'

describe("a 'faturado com quebra' order's tokenbase line", () => {
  const lines = [{ total_faturado_centavos: 25_000 }, { total_faturado_centavos: 12_867 }, { total_faturado_centavos: null }]
  test('the invoiced lines less the invoiced total, as checked by hand (R$ 378,67 − R$ 349,87)', () => {
    expect(invoicedTokenbaseCentavos({ tokenbase: { percent: '7.605' }, total_faturado_centavos: 34_987, itens_lista: lines })).toBe(2_880)
  })
  test('none without a tokenbase or before an invoice with a break', () => {
    expect(invoicedTokenbaseCentavos({ tokenbase: null, total_faturado_centavos: 37_867, itens_lista: lines })).toBeNull()
    expect(invoicedTokenbaseCentavos({ tokenbase: { percent: '7.605' }, total_faturado_centavos: null, itens_lista: lines })).toBeNull()
  })
})
