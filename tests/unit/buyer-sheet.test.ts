import { describe, expect, test } from 'vitest'
import { buyerSheet, type BuyerRow } from '../../app/domain/conditions/buyer-sheet.ts'
import { buyersMessages as m } from '../../app/domain/conditions/buyers-messages.ts'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import { maskCnpj } from '../../app/domain/shared/masks.ts'

const column = (key: keyof BuyerRow) => buyerSheet.columns.find((c) => c.key === key)!

describe('the buyers sheet', () => {
  test('CNPJ: masked or bare, a number cell keeps its leading zeros, alphanumeric in any case; bad check digits refused', () => {
    const numeric = withCheckDigits('012345670001')
    const alnum = withCheckDigits('12ABC34501DE')
    const parse = column('cnpj').parse
    expect(parse(maskCnpj(numeric))).toEqual({ ok: true, value: numeric })
    expect(parse(Number(numeric))).toEqual({ ok: true, value: numeric })
    // Excel's CSV of that number: the digits without the leading zero.
    expect(parse(numeric.replace(/^0/, ''))).toEqual({ ok: true, value: numeric })
    expect(parse(maskCnpj(alnum).toLowerCase())).toEqual({ ok: true, value: alnum })
    expect(parse('12.345.678/0001-00')).toEqual({ ok: false, reason: m.cnpjInvalid })
    expect(parse(new Date())).toEqual({ ok: false, reason: m.cnpjInvalid })
  })

  test('CNPJ do OL is optional; Nome is free text the import does not need', () => {
    expect(column('ol_cnpj').parse(null)).toEqual({ ok: true, value: null })
    expect(column('ol_cnpj').required).toBeFalsy()
    expect(column('nome').required).toBeFalsy()
    expect(column('cnpj').required).toBe(true)
  })

  test('the export writes what the import reads back', () => {
    const row: BuyerRow = { cnpj: withCheckDigits('334445550001'), nome: 'Farmácia Central', ol_cnpj: withCheckDigits('112223330001') }
    for (const c of buyerSheet.columns) {
      const written = c.write(row)
      expect(c.parse(written)).toEqual({ ok: true, value: row[c.key] })
    }
  })
})
