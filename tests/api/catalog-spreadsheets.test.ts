import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { customers, memberships, products } from '../../server/db/schema/index.ts'
import { importsSettled } from '../../server/spreadsheets/jobs.ts'
import { createOrganization, createTestApi, fileOf, formOf, maskCnpj, memberWith, newUser, uniqueCnpj, type TestApi } from './harness.ts'
import { readXlsx, xlsxOf } from './spreadsheet-files.ts'

/** The products and customers spreadsheet calls: createProductList / importClientes upload, exportProdutos / exportClientes download. */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(async () => {
  await importsSettled()
  await t.close()
})

async function seller() {
  const user = await newUser(t, 'Vendedora')
  const org = await createOrganization(t, { nome: 'Distribuidora Planilha' }, [{ userId: user.id, isAdmin: true }])
  return { user, org }
}

/** The first sheet's name and its rows as plain values. */
async function sheetOf(bytes: Buffer) {
  const ws = await readXlsx(bytes)
  const rows: unknown[][] = []
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return { name: ws.name, rows }
}

async function download(url: string, token: string) {
  const res = await t.api.fetch(new Request(`http://api.test${url}`, { headers: { authorization: `Bearer ${token}` } }), { clientIp: '203.0.113.9' })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

async function imported(path: string, token: string, orgId: number, bytes: Buffer) {
  const res = await t.postForm(path, formOf({ organizacao_id: String(orgId), arquivo: fileOf(bytes, 'planilha.xlsx') }), { token })
  expect(res.status, JSON.stringify(res.body)).toBe(202)
  await importsSettled()
  return (await t.get(`/api/importacoes/${orgId}/${res.body.importacao.id}`, { token })).body
}

describe('products', () => {
  test('a sheet imported, imported again (updating), and exported with the same columns', async () => {
    const { user, org } = await seller()
    const header = ['EAN', 'Código', 'Nome', 'Marca', 'Preço', 'Embalagem']
    const rows = [
      ['7891234567895', 'A-1', 'Sabão em Pó', 'Ypê', '12,90', 1],
      [null, 'A-2', 'Detergente', 'Ypê', 3.5, 24],
    ]
    const first = await imported('/api/condicoes/createProductList', user.token, org.id, await xlsxOf([header, ...rows]))
    expect(first).toMatchObject({ status: 'concluida', criadas: 2, atualizadas: 0 })
    const again = await imported('/api/condicoes/createProductList', user.token, org.id, await xlsxOf([header, [null, 'A-2', 'Detergente Neutro', 'Ypê', '3,75', 24]]))
    expect(again).toMatchObject({ status: 'concluida', criadas: 0, atualizadas: 1 })
    const [detergente] = await t.db.select().from(products).where(and(eq(products.organizationId, org.id), eq(products.codigo, 'A-2')))
    expect(detergente).toMatchObject({ nome: 'Detergente Neutro', precoCentavos: 375 })

    const res = await download(`/api/condicoes/exportProdutos/${org.id}`, user.token)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toContain('produtos')
    const sheet = await sheetOf(res.bytes)
    expect(sheet.name).toBe('Produtos')
    expect(sheet.rows[0].slice(0, 3)).toEqual(['EAN', 'Código', 'Nome'])
    expect(sheet.rows.slice(1).map((r) => r[2])).toEqual(['Detergente Neutro', 'Sabão em Pó'])
  })

  test('a role with "Ver produtos" may export but not import; a member without a role and another organization may do neither', async () => {
    const { org } = await seller()
    const stranger = await newUser(t, 'Estranha')
    await createOrganization(t, { nome: 'Outra' }, [{ userId: stranger.id, isAdmin: true }])
    const reader = await memberWith(t, org.id, ['produtos_ver'])
    const noRole = await newUser(t, 'Sem cargo')
    await t.db.insert(memberships).values({ organizationId: org.id, userId: noRole.id, isAdmin: false })
    const bytes = await xlsxOf([['Código', 'Nome', 'Preço'], ['X', 'Y', 1]])
    const upload = (token: string) => t.postForm('/api/condicoes/createProductList', formOf({ organizacao_id: String(org.id), arquivo: fileOf(bytes, 'p.xlsx') }), { token })
    for (const user of [reader, noRole, stranger]) expect((await upload(user.token)).status).toBe(403)
    expect((await download(`/api/condicoes/exportProdutos/${org.id}`, reader.token)).status).toBe(200)
    expect((await download(`/api/condicoes/exportProdutos/${org.id}`, noRole.token)).status).toBe(403)
    expect((await download(`/api/condicoes/exportProdutos/${org.id}`, stranger.token)).status).toBe(403)
  })
})

describe('customers', () => {
  test('a sheet of customers imported by CNPJ (masked or not) and exported', async () => {
    const { user, org } = await seller()
    const [a, b] = [uniqueCnpj(), uniqueCnpj()]
    const job = await imported('/api/empresas/importClientes', user.token, org.id, await xlsxOf([['CNPJ', 'Nome', 'Bloqueado'], [maskCnpj(a), 'Farmácia A', 'Não'], [b, 'Farmácia B', 'Sim']]))
    expect(job).toMatchObject({ status: 'concluida', criadas: 2 })
    const rows = await t.db.select().from(customers).where(eq(customers.sellerId, org.id))
    expect(rows.map((r) => [r.cnpj, r.bloqueado]).sort()).toEqual([[a, false], [b, true]].sort())

    const res = await download(`/api/empresas/exportClientes/${org.id}`, user.token)
    expect(res.status).toBe(200)
    const sheet = await sheetOf(res.bytes)
    expect(sheet.rows[0][0]).toBe('CNPJ')
    expect(sheet.rows.slice(1).map((r) => r[1]).sort()).toEqual(['Farmácia A', 'Farmácia B'])
  })
})
