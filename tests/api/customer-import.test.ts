import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { customerSheet, type CustomerRow } from '../../app/domain/customers/customer-sheet.ts'
import { customerSheetMessages as sm } from '../../app/domain/customers/messages.ts'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import { customerExportRows } from '../../server/api/customers/customer-export.ts'
import { customerImport } from '../../server/api/customers/customer-import.ts'
import { customers, organizationLinks } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, maskCnpj, newUser, uniqueCnpj, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const column = (key: keyof CustomerRow) => customerSheet.columns.find((c) => c.key === key)!

const row = (values: Partial<CustomerRow> & { cnpj: string }): CustomerRow => ({
  nome: 'Cliente da Planilha',
  contato_nome: null,
  contato_email: null,
  contato_telefone: null,
  vendedor_email: null,
  bloqueado: false,
  ...values,
})

async function sellerWithMember() {
  const admin = await newUser(t, 'Vendedora')
  const org = await createOrganization(t, { nome: 'Fornecedor da Planilha', tipo: 'f' }, [{ userId: admin.id, isAdmin: true }])
  return { admin, org }
}

describe('the customers sheet columns', () => {
  test('CNPJ: masked or bare, numeric or alphanumeric, a number cell keeps its leading zeros; bad check digits refused', () => {
    const numeric = withCheckDigits('012345670001')
    const alnum = withCheckDigits('12ABC34501DE')
    const parse = column('cnpj').parse
    expect(parse(maskCnpj(numeric))).toEqual({ ok: true, value: numeric })
    expect(parse(Number(numeric))).toEqual({ ok: true, value: numeric })
    // Excel's CSV of that number cell: the digits without the leading zero.
    expect(parse(numeric.replace(/^0/, ''))).toEqual({ ok: true, value: numeric })
    expect(parse(maskCnpj(alnum).toLowerCase())).toEqual({ ok: true, value: alnum })
    expect(parse('12.345.678/0001-00')).toEqual({ ok: false, reason: sm.cnpjInvalid })
    expect(parse(new Date())).toEqual({ ok: false, reason: sm.textExpected })
  })

  test('Bloqueado: Sim/Não in any case and accent, empty is Não; anything else refused', () => {
    const parse = column('bloqueado').parse
    expect(parse('Sim')).toEqual({ ok: true, value: true })
    expect(parse('NAO')).toEqual({ ok: true, value: false })
    expect(parse('não')).toEqual({ ok: true, value: false })
    expect(parse(null)).toEqual({ ok: true, value: false })
    expect(parse(true)).toEqual({ ok: true, value: true })
    expect(parse('talvez')).toEqual({ ok: false, reason: sm.bloqueadoInvalid })
  })

  test('Telefone as a number cell, E-mail lower-cased, Vendedor must look like an e-mail; the export writes what the import reads', () => {
    expect(column('contato_telefone').parse(11987654321)).toEqual({ ok: true, value: '11987654321' })
    expect(column('contato_email').parse('Compras@Cliente.com.br')).toEqual({ ok: true, value: 'compras@cliente.com.br' })
    expect(column('vendedor_email').parse('ninguém')).toEqual({ ok: false, reason: sm.emailInvalid })
    const sample = row({ cnpj: withCheckDigits('12ABC34501DE'), contato_telefone: '1133334444', bloqueado: true, vendedor_email: 'a@b.com.br' })
    for (const c of customerSheet.columns) expect(c.parse(c.write(sample))).toEqual({ ok: true, value: sample[c.key] })
    for (const c of customerSheet.columns) expect(c.parse(c.example).ok, c.header).toBe(true)
  })
})

describe('customerImport check and store', () => {
  test('check: the same CNPJ twice (also across batches), an e-mail that is not a member, the own CNPJ', async () => {
    const { admin, org } = await sellerWithMember()
    const a = uniqueCnpj()
    const b = uniqueCnpj()
    await t.db.transaction(async (tx) => {
      const first = await customerImport.check!(tx, org.id, [
        { linha: 2, row: row({ cnpj: a, vendedor_email: admin.email }) },
        { linha: 3, row: row({ cnpj: b, vendedor_email: 'fora@equipe.com.br' }) },
        { linha: 4, row: row({ cnpj: a }) },
      ])
      expect(first).toEqual([
        { linha: 3, coluna: 'Vendedor', valor: 'fora@equipe.com.br', motivo: sm.unknownSeller },
        { linha: 4, coluna: 'CNPJ', valor: a, motivo: sm.duplicateCnpj(2) },
      ])
      const second = await customerImport.check!(tx, org.id, [
        { linha: 5, row: row({ cnpj: b }) },
        { linha: 6, row: row({ cnpj: org.cnpj }) },
      ])
      expect(second).toEqual([
        { linha: 5, coluna: 'CNPJ', valor: b, motivo: sm.duplicateCnpj(3) },
        { linha: 6, coluna: 'CNPJ', valor: org.cnpj, motivo: sm.ownCnpj },
      ])
    })
    // Another import (another transaction) starts with nothing seen.
    await t.db.transaction(async (tx) => {
      expect(await customerImport.check!(tx, org.id, [{ linha: 2, row: row({ cnpj: a }) }])).toEqual([])
    })
  })

  test('store: inserts, then a re-import updates by CNPJ; a company on the platform is linked; the export yields every row in pages', async () => {
    const { admin, org } = await sellerWithMember()
    const company = await createOrganization(t, { nome: 'Já na Plataforma', tipo: 'v' })
    const rows = Array.from({ length: 1005 }, (_, i) => row({ cnpj: withCheckDigits(`7${String(org.id % 1000).padStart(3, '0')}${String(i).padStart(8, '0')}`), nome: `Cliente ${i}` }))
    rows[0] = row({ cnpj: company.cnpj, nome: 'Plataforma (planilha)', vendedor_email: admin.email, contato_telefone: '11987654321' })
    const batches = [rows.slice(0, 500), rows.slice(500)]
    await t.db.transaction(async (tx) => {
      const results = []
      for (const [n, batch] of batches.entries()) {
        results.push(await customerImport.store(tx, org.id, batch.map((r, i) => ({ linha: n * 500 + i + 2, row: r }))))
      }
      expect(results).toEqual([
        { criadas: 500, atualizadas: 0 },
        { criadas: 505, atualizadas: 0 },
      ])
    })
    const [linked] = await t.db.select().from(customers).where(and(eq(customers.sellerId, org.id), eq(customers.cnpj, company.cnpj)))
    expect(linked).toMatchObject({ customerOrgId: company.id, vendedorId: admin.id, nome: 'Plataforma (planilha)' })
    const links = await t.db.select().from(organizationLinks).where(and(eq(organizationLinks.organizationId, org.id), eq(organizationLinks.partnerId, company.id)))
    expect(links).toHaveLength(1)

    const again = await t.db.transaction((tx) =>
      customerImport.store(tx, org.id, [
        { linha: 2, row: { ...rows[1], nome: 'Cliente 1 renomeado', bloqueado: true } },
        { linha: 3, row: row({ cnpj: uniqueCnpj(), nome: 'Novo' }) },
        { linha: 4, row: rows[2] },
      ]),
    )
    // The row as it already was is neither written nor counted.
    expect(again).toEqual({ criadas: 1, atualizadas: 1 })
    const [renamed] = await t.db.select().from(customers).where(and(eq(customers.sellerId, org.id), eq(customers.cnpj, rows[1].cnpj)))
    expect(renamed).toMatchObject({ nome: 'Cliente 1 renomeado', bloqueado: true })

    const exported: CustomerRow[] = []
    for await (const r of customerExportRows(t.db, org.id)) exported.push(r)
    expect(exported).toHaveLength(1006)
    expect(exported[0]).toEqual({ ...rows[0], contato_email: null, contato_nome: null })
    expect(new Set(exported.map((r) => r.cnpj)).size).toBe(1006)
    // Another seller's export holds none of these.
    const other = await sellerWithMember()
    const theirs: CustomerRow[] = []
    for await (const r of customerExportRows(t.db, other.org.id)) theirs.push(r)
    expect(theirs).toEqual([])
  })
})
