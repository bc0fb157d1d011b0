import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { withEanCheckDigit } from '../../app/domain/catalog/ean.ts'
import { catalogMessages as m } from '../../app/domain/catalog/messages.ts'
import { productSheet, type ProductRow } from '../../app/domain/catalog/product-sheet.ts'
import { productExportRows } from '../../server/api/products/product-export.ts'
import { productImport } from '../../server/api/products/product-import.ts'
import { products } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, newUser, type TestApi } from './harness.ts'

/** The import kind and the export rows on the test database, as the spreadsheet engine calls them. */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

async function newSeller() {
  const admin = await newUser(t, 'Admin')
  return createOrganization(t, { nome: 'Distribuidora Importadora' }, [{ userId: admin.id, isAdmin: true }])
}

const ean = (n: number) => withEanCheckDigit(`789${String(n).padStart(9, '0')}`)

const row = (values: Partial<ProductRow>): ProductRow => ({
  ean: null,
  codigo: null,
  nome: 'Produto',
  marca: null,
  categoria: null,
  ncm: null,
  preco_centavos: 100,
  unidade: 'UN',
  embalagem: 1,
  ativo: null,
  imposto: null,
  ...values,
})

const lines = (rows: ProductRow[], first = 2) => rows.map((r, i) => ({ linha: first + i, row: r }))

/** check then store, batch by batch, in one transaction: what the engine does with a file. */
async function runImport(orgId: number, batches: ProductRow[][]) {
  return t.db.transaction(async (tx) => {
    let linha = 2
    const problems = []
    const counts = { criadas: 0, atualizadas: 0 }
    for (const batch of batches) {
      const parsed = lines(batch, linha)
      linha += batch.length
      problems.push(...((await productImport.check?.(tx, orgId, parsed)) ?? []))
      if (problems.length) continue
      const stored = await productImport.store(tx, orgId, parsed)
      counts.criadas += stored.criadas
      counts.atualizadas += stored.atualizadas
    }
    return { problems, counts }
  })
}

const all = (orgId: number) => t.db.select().from(products).where(eq(products.organizationId, orgId)).orderBy(asc(products.id))

describe('productImport', () => {
  test('is the products kind, run by members with "produtos"', () => {
    expect(productImport.spec).toBe(productSheet)
    expect(productImport.permission).toBe('produtos')
    expect(productSheet.columns.map((c) => c.header)).toEqual(['EAN', 'Código', 'Nome', 'Marca', 'Categoria', 'NCM', 'Preço', 'Unidade', 'Embalagem', 'Ativo', 'Imposto'])
  })

  test('creates, then on re-import updates by EAN, else by code, without duplicating', async () => {
    const org = await newSeller()
    const first = await runImport(org.id, [[row({ ean: ean(1), nome: 'A', preco_centavos: 100 }), row({ codigo: 'C-2', nome: 'B', ativo: false, imposto: true })]])
    expect(first).toEqual({ problems: [], counts: { criadas: 2, atualizadas: 0 } })
    const second = await runImport(org.id, [
      [
        row({ ean: ean(1), codigo: 'C-1', nome: 'A novo', preco_centavos: 250, marca: 'M' }),
        row({ codigo: 'C-2', ean: ean(2), nome: 'B novo' }),
        row({ ean: ean(3), nome: 'C' }),
      ],
    ])
    expect(second).toEqual({ problems: [], counts: { criadas: 1, atualizadas: 2 } })
    const rows = await all(org.id)
    expect(rows.map((p) => [p.ean, p.codigo, p.nome, p.precoCentavos, p.marca, p.ativo, p.imposto])).toEqual([
      [ean(1), 'C-1', 'A novo', 250, 'M', true, false],
      // An empty Ativo/Imposto keeps the product's own.
      [ean(2), 'C-2', 'B novo', 100, null, false, true],
      [ean(3), null, 'C', 100, null, true, false],
    ])
  })

  test('a re-import rewrites only the rows it changes; the others keep their last change', async () => {
    const org = await newSeller()
    await runImport(org.id, [[row({ ean: ean(20), nome: 'Igual', preco_centavos: 100 }), row({ ean: ean(21), nome: 'Muda', preco_centavos: 100 })]])
    await t.db.update(products).set({ updatedAt: new Date('2026-01-01T00:00:00Z') }).where(eq(products.organizationId, org.id))
    const again = await runImport(org.id, [[row({ ean: ean(20), nome: 'Igual', preco_centavos: 100 }), row({ ean: ean(21), nome: 'Muda', preco_centavos: 101 })]])
    // Only the row that changed counts as updated (an unchanged export read back says nothing changed).
    expect(again.counts).toEqual({ criadas: 0, atualizadas: 1 })
    const [same, changed] = await all(org.id)
    expect([same.precoCentavos, same.updatedAt.toISOString()]).toEqual([100, '2026-01-01T00:00:00.000Z'])
    expect(changed.precoCentavos).toBe(101)
    expect(changed.updatedAt.getTime()).toBeGreaterThan(new Date('2026-01-02T00:00:00Z').getTime())
  })

  test('each column a re-import changes alone is written; a column the file does not have keeps the product’s value', async () => {
    const org = await newSeller()
    const base: ProductRow = { ean: ean(30), codigo: 'K-30', nome: 'Base', marca: 'M', categoria: 'Cat', ncm: '12345678', preco_centavos: 100, unidade: 'UN', embalagem: 1, ativo: true, imposto: false }
    await runImport(org.id, [[row(base)]])
    const stored = async () => {
      const [p] = await all(org.id)
      return { ean: p.ean, codigo: p.codigo, nome: p.nome, marca: p.marca, categoria: p.categoria, ncm: p.ncm, preco_centavos: p.precoCentavos, unidade: p.unidade, embalagem: p.embalagem, ativo: p.ativo, imposto: p.imposto }
    }
    let expected = { ...base }
    const changes: Partial<ProductRow>[] = [
      { nome: 'Outro nome' },
      { preco_centavos: 101 },
      { marca: 'N' },
      { marca: null },
      { categoria: 'Outra' },
      { ncm: '87654321' },
      { ncm: null },
      { unidade: 'CX' },
      { embalagem: 12 },
      { ativo: false },
      { imposto: true },
      { codigo: 'K-31' },
    ]
    for (const change of changes) {
      expected = { ...expected, ...change }
      const again = await runImport(org.id, [[row({ ...expected })]])
      expect(again.counts, JSON.stringify(change)).toEqual({ criadas: 0, atualizadas: 1 })
      expect(await stored(), JSON.stringify(change)).toEqual(expected)
    }
    // Found by its code, the row gives the product an EAN of its own.
    await runImport(org.id, [[row({ ...expected, ean: ean(32) })]])
    expect((await stored()).ean).toBe(ean(32))
    expected = { ...expected, ean: ean(32) }
    // Without the Marca, Categoria and NCM columns, a new price changes the price only.
    const without = { ...row({ ...expected, preco_centavos: 500 }), marca: undefined, categoria: undefined, ncm: undefined } as unknown as ProductRow
    await runImport(org.id, [[without]])
    expect(await stored()).toEqual({ ...expected, preco_centavos: 500 })
  })

  test('an identifier the row leaves empty keeps the product’s own', async () => {
    const org = await newSeller()
    await runImport(org.id, [[row({ ean: ean(10), codigo: 'K-10', nome: 'X' })]])
    await runImport(org.id, [[row({ ean: ean(10), nome: 'X2' })]])
    const [p] = await all(org.id)
    expect([p.ean, p.codigo, p.nome]).toEqual([ean(10), 'K-10', 'X2'])
  })

  test('check reports both lines of an EAN or code repeated in the file, also across batches, and a row without identifier', async () => {
    const org = await newSeller()
    const { problems, counts } = await runImport(org.id, [
      [row({ ean: ean(20) }), row({ codigo: 'Z' }), row({})],
      [row({ ean: ean(21) }), row({ ean: ean(20) }), row({ codigo: 'Z' })],
    ])
    expect(problems).toEqual(
      expect.arrayContaining([
        { linha: 2, coluna: 'EAN', valor: ean(20), motivo: m.repeatedInFile('EAN', 6) },
        { linha: 6, coluna: 'EAN', valor: ean(20), motivo: m.repeatedInFile('EAN', 2) },
        { linha: 3, coluna: 'Código', valor: 'Z', motivo: m.repeatedInFile('Código', 7) },
        { linha: 7, coluna: 'Código', valor: 'Z', motivo: m.repeatedInFile('Código', 3) },
        { linha: 4, coluna: 'EAN', valor: '', motivo: m.identifierRequired },
      ]),
    )
    expect(problems).toHaveLength(5)
    expect(counts).toEqual({ criadas: 0, atualizadas: 0 })
  })

  test('check refuses a row whose EAN and code are of two different products', async () => {
    const org = await newSeller()
    await runImport(org.id, [[row({ ean: ean(30), nome: 'Primeiro' }), row({ codigo: 'SEG', nome: 'Segundo' })]])
    const { problems } = await runImport(org.id, [[row({ ean: ean(30), codigo: 'SEG' })]])
    expect(problems).toEqual([{ linha: 2, coluna: 'Código', valor: 'SEG', motivo: m.belongsToOther('Código', 'Segundo') }])
  })

  test('only touches the importing seller’s products', async () => {
    const a = await newSeller()
    const b = await newSeller()
    await runImport(a.id, [[row({ ean: ean(40), nome: 'De A' })]])
    const result = await runImport(b.id, [[row({ ean: ean(40), nome: 'De B' })]])
    expect(result.counts).toEqual({ criadas: 1, atualizadas: 0 })
    expect((await all(a.id)).map((p) => p.nome)).toEqual(['De A'])
  })

  test('stores 5,000 rows in batches of 1,000 and counts them', async () => {
    const org = await newSeller()
    const rows = Array.from({ length: 5000 }, (_, i) => row({ ean: ean(100_000 + i), nome: `Produto ${i}`, preco_centavos: i }))
    const batches = Array.from({ length: 5 }, (_, i) => rows.slice(i * 1000, (i + 1) * 1000))
    expect((await runImport(org.id, batches)).counts).toEqual({ criadas: 5000, atualizadas: 0 })
    expect((await runImport(org.id, batches)).counts).toEqual({ criadas: 0, atualizadas: 0 })
    expect(await all(org.id)).toHaveLength(5000)
  })
})

describe('productSheet', () => {
  const col = (header: string) => productSheet.columns.find((c) => c.header === header)!

  test('reads cells with the form’s rules: EAN as a number, price in reais or pt-BR text, NCM masked or as digits', () => {
    expect(col('EAN').parse(7891000100103)).toEqual({ ok: true, value: '7891000100103' })
    expect(col('EAN').parse('7891000100104')).toEqual({ ok: false, reason: m.eanCheckDigit })
    expect(col('Preço').parse(12.9)).toEqual({ ok: true, value: 1290 })
    expect(col('Preço').parse('1.234,56')).toEqual({ ok: true, value: 123456 })
    expect(col('Preço').parse(1.234)).toEqual({ ok: false, reason: m.precoInvalid })
    expect(col('NCM').parse('3004.90.99')).toEqual({ ok: true, value: '30049099' })
    expect(col('NCM').parse(1012100)).toEqual({ ok: true, value: '01012100' })
    expect(col('Ativo').parse('Não')).toEqual({ ok: true, value: false })
    expect(col('Ativo').parse(null)).toEqual({ ok: true, value: null })
    expect(col('Nome').parse(new Date())).toMatchObject({ ok: false })
  })

  test('accepts the usual other headers', () => {
    expect(col('Código').aliases).toContain('Código interno')
    expect(col('Preço').aliases).toContain('Preço unitário')
    expect(col('Nome').aliases).toContain('Descrição')
  })
})

describe('productExportRows', () => {
  test('yields every product of the seller by name, page after page, as the sheet writes them', async () => {
    const org = await newSeller()
    const other = await newSeller()
    const rows = Array.from({ length: 2100 }, (_, i) => row({ ean: ean(500_000 + i), nome: `Item ${String(i).padStart(4, '0')}`, preco_centavos: 1234, ncm: '30049099' }))
    await runImport(org.id, [rows.slice(0, 1000), rows.slice(1000, 2000), rows.slice(2000)])
    await runImport(other.id, [[row({ ean: ean(1), nome: 'Outro' })]])
    const out: ProductRow[] = []
    for await (const r of productExportRows(t.db, org.id)) out.push(r)
    expect(out).toHaveLength(2100)
    expect(out.map((r) => r.nome)).toEqual(rows.map((r) => r.nome))
    const written = Object.fromEntries(productSheet.columns.map((c) => [c.header, c.write(out[0])]))
    expect(written).toMatchObject({ EAN: ean(500_000), Nome: 'Item 0000', NCM: '3004.90.99', Preço: 12.34, Ativo: 'Sim', Imposto: 'Não' })
  })
})
