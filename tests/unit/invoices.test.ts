import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { billingMessages as m } from '~/domain/plans/billing-messages.ts'
import {
  centavosAsReais,
  invoiceAmount,
  invoiceNumber,
  invoicePlanLabel,
  isBillableMonth,
  monthAt,
  monthName,
  monthOfDate,
  monthShort,
  monthStart,
} from '~/domain/plans/invoices.ts'
import { receiptRows, winAnsi, writeReceipt, type ReceiptData } from '../../server/billing/receipt.ts'

/** The invoices' rules (decision 051): the plan label, a month's amount, months in São Paulo, the receipt's lines. */

const nbsp = (text: string) => text.replaceAll('\u00a0', ' ')

describe('the invoice plan label: P Pro, U Plus, anything else Max', () => {
  test.each([
    ['P', 'Pro'],
    ['U', 'Plus'],
    ['M', 'Max'],
    ['B', 'Max'],
    ['', 'Max'],
    ['p', 'Max'],
    ['X', 'Max'],
  ])('%j → %s', (code, label) => {
    expect(invoicePlanLabel(code)).toBe(label)
  })
})

describe('what a month of a plan costs', () => {
  test.each<[string, string, number, number | null, ReturnType<typeof invoiceAmount>]>([
    ['Básico pays nothing', 'B', 3, null, null],
    ['Básico pays nothing, even with a negotiated amount', 'B', 3, 100_000, null],
    ['Pro with 1 user pays its minimum of 6', 'P', 1, null, { plano: 'P', usuarios: 1, usuariosCobrados: 6, precoUsuarioCentavos: 4900, centavos: 29_400 }],
    ['Pro with 0 users pays its minimum of 6', 'P', 0, null, { plano: 'P', usuarios: 0, usuariosCobrados: 6, precoUsuarioCentavos: 4900, centavos: 29_400 }],
    ['Pro with exactly 6', 'P', 6, null, { plano: 'P', usuarios: 6, usuariosCobrados: 6, precoUsuarioCentavos: 4900, centavos: 29_400 }],
    ['Pro with 7', 'P', 7, null, { plano: 'P', usuarios: 7, usuariosCobrados: 7, precoUsuarioCentavos: 4900, centavos: 34_300 }],
    ['Pro + with 5 pays its minimum of 12', 'U', 5, null, { plano: 'U', usuarios: 5, usuariosCobrados: 12, precoUsuarioCentavos: 7900, centavos: 94_800 }],
    ['Pro + with 12', 'U', 12, null, { plano: 'U', usuarios: 12, usuariosCobrados: 12, precoUsuarioCentavos: 7900, centavos: 94_800 }],
    ['Pro + with 31', 'U', 31, null, { plano: 'U', usuarios: 31, usuariosCobrados: 31, precoUsuarioCentavos: 7900, centavos: 244_900 }],
    ['Pro ∞ without a negotiated amount is not billed', 'M', 40, null, null],
    ['Pro ∞ with 0 negotiated is not billed', 'M', 40, 0, null],
    ['Pro ∞ bills its negotiated amount, whatever the users', 'M', 40, 123_456, { plano: 'M', usuarios: 40, usuariosCobrados: 40, precoUsuarioCentavos: null, centavos: 123_456 }],
    ['an unknown plan is not billed', 'X', 10, null, null],
  ])('%s', (_, plano, usuarios, negotiated, amount) => {
    expect(invoiceAmount(plano, usuarios, negotiated)).toEqual(amount)
  })

  test('amounts are whole centavos; the API says reais with at most two decimals', () => {
    expect(centavosAsReais(29_400)).toBe(294)
    expect(centavosAsReais(123_456)).toBe(1234.56)
    expect(centavosAsReais(7_900)).toBe(79)
    expect(centavosAsReais(1)).toBe(0.01)
    for (const users of [1, 6, 7, 13, 99, 1000]) expect(Number.isInteger(invoiceAmount('U', users, null)!.centavos)).toBe(true)
  })
})

describe('months, in São Paulo', () => {
  test.each([
    ['2026-11-01T02:59:59Z', '2026-10'],
    ['2026-11-01T03:00:00Z', '2026-11'],
    ['2026-12-31T23:00:00Z', '2026-12'],
    ['2027-01-01T03:00:00Z', '2027-01'],
  ])('%s is in %s', (instant, month) => {
    expect(monthAt(new Date(instant))).toBe(month)
  })

  test('names, starts and the months that can be billed', () => {
    expect(monthName('2026-11')).toBe('novembro de 2026')
    expect(monthName('2027-03')).toBe('março de 2027')
    expect(monthShort('2026-11')).toBe('11/2026')
    expect(monthStart('2026-11')).toBe('2026-11-01')
    expect(monthOfDate('2026-11-01')).toBe('2026-11')
    const now = new Date('2026-11-15T12:00:00Z')
    expect(isBillableMonth('2026-11', now)).toBe(true)
    expect(isBillableMonth('2025-01', now)).toBe(true)
    expect(isBillableMonth('2026-12', now)).toBe(false)
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-11', '2026/11', '']) expect(isBillableMonth(bad, now)).toBe(false)
  })

  test("an invoice's number is its month and id", () => {
    expect(invoiceNumber(123, '2026-11')).toBe('202611-000123')
    expect(invoiceNumber(1_234_567, '2027-01')).toBe('202701-1234567')
  })
})

describe('the receipt', () => {
  const pro: ReceiptData = {
    numero: '202611-000042',
    empresa: 'Distribuidora Sol Ltda',
    cnpj: '11222333000181',
    mes: '2026-11',
    plano: 'P',
    usuarios: 4,
    usuariosCobrados: 6,
    usuariosMinimos: 6,
    precoUsuarioCentavos: 4900,
    centavos: 29_400,
    emitidoEm: new Date('2026-11-01T10:00:00Z'),
  }

  test('says the company, CNPJ, month, plan, users billed, unit price and total in BRL', () => {
    expect(receiptRows(pro).map(([label, value]) => [label, nbsp(value)])).toEqual([
      [m.receiptNumber, '202611-000042'],
      [m.receiptIssued, '01/11/2026'],
      [m.receiptCompany, 'Distribuidora Sol Ltda'],
      [m.receiptCnpj, '11.222.333/0001-81'],
      [m.receiptMonth, 'novembro de 2026'],
      [m.receiptPlan, 'Pro'],
      [m.receiptUsers, '6 (4 usuários ativos; o plano cobra no mínimo 6)'],
      [m.receiptUnitPrice, 'R$ 49,00'],
      [m.receiptTotal, 'R$ 294,00'],
    ])
  })

  test('thousands with a dot, centavos with a comma; above the minimum no note; Pro ∞ its negotiated amount', () => {
    const plus = receiptRows({ ...pro, plano: 'U', usuarios: 20, usuariosCobrados: 20, usuariosMinimos: 12, precoUsuarioCentavos: 7900, centavos: 158_000 })
    expect(plus.slice(5).map(([, v]) => nbsp(v))).toEqual(['Plus', '20', 'R$ 79,00', 'R$ 1.580,00'])
    const max = receiptRows({ ...pro, plano: 'M', usuarios: 40, usuariosCobrados: 40, usuariosMinimos: null, precoUsuarioCentavos: null, centavos: 123_456 })
    expect(max.slice(5).map(([l, v]) => [l, nbsp(v)])).toEqual([
      [m.receiptPlan, 'Max'],
      [m.receiptNegotiated, 'R$ 1.234,56'],
      [m.receiptTotal, 'R$ 1.234,56'],
    ])
  })

  test('text the standard fonts cannot draw prints as ?; Portuguese letters stay', () => {
    expect(winAnsi('Ação São João — Çã “ok” R$\u00a01,00')).toBe('Ação São João — Çã “ok” R$\u00a01,00')
    expect(winAnsi('Empresa 😀 ∞ 中')).toBe('Empresa ? ? ?')
  })

  test('is a PDF written to the file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recibo-'))
    try {
      const file = path.join(dir, 'recibo.pdf')
      await writeReceipt({ ...pro, empresa: 'Empresa 😀 Ação' }, file)
      const bytes = await readFile(file)
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF/)
      expect(bytes.length).toBeLessThan(20_000)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
