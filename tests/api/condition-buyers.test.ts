import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buyersMessages as m } from '../../app/domain/conditions/buyers-messages.ts'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import { cargoPermissions, cargos, conditionBuyers, conditionPartners, conditions, customers, memberships } from '../../server/db/schema/index.ts'
import { importsSettled } from '../../server/spreadsheets/jobs.ts'
import { createOrganization, createTestApi, expectPortuguese, expectValidation, fileOf, formOf, maskCnpj, newUser, uniqueCnpj, type TestApi } from './harness.ts'
import { readXlsx, xlsxOf } from './spreadsheet-files.ts'

/** A condition's buyers: the seller's direct list and each OL's, flags, import and export. */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(async () => {
  await importsSettled()
  await t.close()
})

/** A seller (admin + a member whose role reads the conditions, without 'condicoes'), a condition, two customers, a flag with 2 units, an OL (accepted) with a customer of its own. */
async function world() {
  const admin = await newUser(t, 'Vendedora')
  const reader = await newUser(t, 'Leitor')
  const olAdmin = await newUser(t, 'Gente do OL')
  const stranger = await newUser(t, 'Estranha')
  const seller = await createOrganization(t, { nome: 'Distribuidora Compradores', tipo: 'f' }, [{ userId: admin.id, isAdmin: true }, { userId: reader.id }])
  const [consulta] = await t.db.insert(cargos).values({ organizationId: seller.id, nome: 'Consulta' }).returning()
  await t.db.insert(cargoPermissions).values({ cargoId: consulta.id, permissao: 'condicoes_ver' })
  await t.db.update(memberships).set({ cargoId: consulta.id }).where(and(eq(memberships.organizationId, seller.id), eq(memberships.userId, reader.id)))
  const ol = await createOrganization(t, { nome: 'OL Logística', tipo: 'f' }, [{ userId: olAdmin.id, isAdmin: true }])
  await createOrganization(t, { nome: 'Outra Empresa', tipo: 'f' }, [{ userId: stranger.id, isAdmin: true }])
  const flag = await createOrganization(t, { nome: 'Rede Saúde Bandeira', tipo: 'b' })
  await createOrganization(t, { nome: 'Unidade 1', tipo: 'v', bandeiraId: flag.id })
  await createOrganization(t, { nome: 'Unidade 2', tipo: 'v', bandeiraId: flag.id })
  const [condition] = await t.db.insert(conditions).values({ organizationId: seller.id, nome: 'Tabela Compradores' }).returning()
  const [partner] = await t.db.insert(conditionPartners).values({ conditionId: condition.id, partnerId: ol.id, status: 'aceito' }).returning()
  const [ana] = await t.db.insert(customers).values({ sellerId: seller.id, cnpj: uniqueCnpj(), nome: 'Farmácia Ânima' }).returning()
  const [bia] = await t.db.insert(customers).values({ sellerId: seller.id, cnpj: uniqueCnpj(), nome: 'Drogaria Bia', bloqueado: true }).returning()
  const [olCustomer] = await t.db.insert(customers).values({ sellerId: ol.id, cnpj: uniqueCnpj(), nome: 'Cliente do OL' }).returning()
  const other = await createOrganization(t, { nome: 'Outro Vendedor', tipo: 'f' })
  const [foreign] = await t.db.insert(customers).values({ sellerId: other.id, cnpj: uniqueCnpj(), nome: 'Cliente Alheio' }).returning()
  return { admin, reader, olAdmin, stranger, seller, ol, flag, condition, partner, ana, bia, olCustomer, foreign }
}

const list = (token: string, conditionId: number, tail = '20/null/T') => t.get(`/api/condicoes/restoreCompradores/${conditionId}/${tail}`, { token })
const olList = (token: string, conditionId: number, olId: number, tail = '20/null/T') => t.get(`/api/condicoes/restoreCompradoresOls/${conditionId}/${olId}/${tail}`, { token })
const rows = (conditionId: number) => t.db.select().from(conditionBuyers).where(eq(conditionBuyers.conditionId, conditionId))

describe('direct list', () => {
  test('add customers and a flag, already present unchanged, listed with status/units, searched without accents, filtered, paginated', async () => {
    const w = await world()
    const add = await t.post('/api/condicoes/addCompradores', { condicao_id: w.condition.id, compradores: [{ cliente_id: w.ana.id }, { cliente_id: w.bia.id }, { bandeira_id: w.flag.id }] }, { token: w.admin.token })
    expect(add.status, JSON.stringify(add.body)).toBe(200)
    expect(add.body).toMatchObject({ adicionados: 3, ja_estavam: 0 })
    const again = await t.post('/api/condicoes/addCompradores', { condicao_id: w.condition.id, compradores: [{ cliente_id: w.ana.id }] }, { token: w.admin.token })
    expect(again.body).toMatchObject({ adicionados: 0, ja_estavam: 1, message: m.added(0, 1) })
    expect(await rows(w.condition.id)).toHaveLength(3)

    const all = await list(w.reader.token, w.condition.id)
    expect(all.status).toBe(200)
    expect(all.body.parceiro).toBeNull()
    expect(all.body.somente_leitura).toBe(true)
    expect(all.body.compradores.data.map((b: { nome: string }) => b.nome)).toEqual(['Drogaria Bia', 'Farmácia Ânima', 'Rede Saúde Bandeira'])
    const byName = Object.fromEntries(all.body.compradores.data.map((b: { nome: string }) => [b.nome, b]))
    expect(byName['Drogaria Bia']).toMatchObject({ tipo: 'C', situacao: 'bloqueado', unidades: null })
    expect(byName['Farmácia Ânima']).toMatchObject({ tipo: 'C', situacao: 'pendente', cnpj: w.ana.cnpj })
    expect(byName['Rede Saúde Bandeira']).toMatchObject({ tipo: 'B', situacao: null, unidades: 2, bandeira_id: w.flag.id })
    expect((await list(w.admin.token, w.condition.id)).body.somente_leitura).toBe(false)

    expect((await list(w.admin.token, w.condition.id, '20/farmacia anima/T')).body.compradores.data).toHaveLength(1)
    expect((await list(w.admin.token, w.condition.id, `20/${encodeURIComponent(maskCnpj(w.ana.cnpj).slice(0, 10))}/T`)).body.compradores.data[0].nome).toBe('Farmácia Ânima')
    expect((await list(w.admin.token, w.condition.id, '20/null/B')).body.compradores.total).toBe(1)
    expect((await list(w.admin.token, w.condition.id, '20/null/C')).body.compradores.total).toBe(2)
    const page2 = await t.get(`/api/condicoes/restoreCompradores/${w.condition.id}/2/null/T?page=2`, { token: w.admin.token })
    expect(page2.body.compradores).toMatchObject({ current_page: 2, last_page: 2, total: 3, per_page: 2 })
    expect(page2.body.compradores.data).toHaveLength(1)
  })

  test('empty path segments read as null; regPerPage bounded; a bad type refused', async () => {
    const w = await world()
    expect((await t.get(`/api/condicoes/restoreCompradores/${w.condition.id}/20/null/null`, { token: w.admin.token })).status).toBe(200)
    expectValidation(await list(w.admin.token, w.condition.id, '101/null/T'), { regPerPage: [m.perPageInvalid] })
    expectValidation(await list(w.admin.token, w.condition.id, '0/null/T'), { regPerPage: [m.perPageInvalid] })
    expectValidation(await list(w.admin.token, w.condition.id, '20/null/X'), { type: [m.typeInvalid] })
  })

  test('a customer of another seller, an unknown flag, a unit that is not a flag: 422, nothing stored', async () => {
    const w = await world()
    const unit = await createOrganization(t, { nome: 'Unidade Solta', tipo: 'v' })
    const body = { condicao_id: w.condition.id, compradores: [{ cliente_id: w.ana.id }, { cliente_id: w.foreign.id }] }
    expectValidation(await t.post('/api/condicoes/addCompradores', body, { token: w.admin.token }), { 'compradores.1.cliente_id': [m.customerNotYours] })
    expectValidation(await t.post('/api/condicoes/addCompradores', { condicao_id: w.condition.id, compradores: [{ bandeira_id: unit.id }] }, { token: w.admin.token }), {
      'compradores.0.bandeira_id': [m.flagNotFound],
    })
    // The OL's own customer is not one of the seller's direct buyers.
    expectValidation(await t.post('/api/condicoes/addCompradores', { condicao_id: w.condition.id, compradores: [{ cliente_id: w.olCustomer.id }] }, { token: w.admin.token }), {
      'compradores.0.cliente_id': [m.customerNotYours],
    })
    const bad = await t.post('/api/condicoes/addCompradores', { condicao_id: w.condition.id, compradores: [] }, { token: w.admin.token })
    expectValidation(bad, { compradores: [m.buyersRequired] })
    const both = await t.post('/api/condicoes/addCompradores', { condicao_id: w.condition.id, compradores: [{ cliente_id: w.ana.id, bandeira_id: w.flag.id }] }, { token: w.admin.token })
    expect(both.status).toBe(422)
    expectPortuguese(both)
    expect(await rows(w.condition.id)).toHaveLength(0)
  })

  test('permissions: a member without condicoes reads but cannot change (403); a stranger gets 404; an OL cannot read the direct list (403)', async () => {
    const w = await world()
    const body = { condicao_id: w.condition.id, compradores: [{ cliente_id: w.ana.id }] }
    expect((await t.post('/api/condicoes/addCompradores', body, { token: w.reader.token })).status).toBe(403)
    expect((await t.post('/api/condicoes/addCompradores', body, { token: w.stranger.token })).status).toBe(404)
    expect((await list(w.stranger.token, w.condition.id)).status).toBe(404)
    expect((await list(w.olAdmin.token, w.condition.id)).status).toBe(403)
    expect(await rows(w.condition.id)).toHaveLength(0)
    // A role holding 'condicoes' may change.
    const [cargo] = await t.db.insert(cargos).values({ organizationId: w.seller.id, nome: 'Comercial' }).returning()
    await t.db.insert(cargoPermissions).values({ cargoId: cargo.id, permissao: 'condicoes' })
    await t.db.update(memberships).set({ cargoId: cargo.id }).where(eq(memberships.userId, w.reader.id))
    expect((await t.post('/api/condicoes/addCompradores', body, { token: w.reader.token })).status).toBe(200)
  })

  test('addCompradoresList: every customer, or CNPJs (masked, a flag too) all or nothing', async () => {
    const w = await world()
    const all = await t.post('/api/condicoes/addCompradoresList', { condicao_id: w.condition.id, todos_clientes: true }, { token: w.admin.token })
    expect(all.body).toMatchObject({ adicionados: 2, ja_estavam: 0 })
    const byCnpj = await t.post('/api/condicoes/addCompradoresList', { condicao_id: w.condition.id, cnpjs: [maskCnpj(w.ana.cnpj), w.flag.cnpj] }, { token: w.admin.token })
    expect(byCnpj.body).toMatchObject({ adicionados: 1, ja_estavam: 1 })
    expect(await rows(w.condition.id)).toHaveLength(3)
    const refused = await t.post('/api/condicoes/addCompradoresList', { condicao_id: w.condition.id, parceiro_id: w.ol.id, cnpjs: [w.olCustomer.cnpj, w.foreign.cnpj] }, { token: w.admin.token })
    expectValidation(refused, { 'cnpjs.1': [m.sheetCnpjUnknown] })
    expect(await rows(w.condition.id)).toHaveLength(3)
    expectValidation(await t.post('/api/condicoes/addCompradoresList', { condicao_id: w.condition.id }, { token: w.admin.token }), { cnpjs: [m.listChoice] })
    expectValidation(await t.post('/api/condicoes/addCompradoresList', { condicao_id: w.condition.id, cnpjs: ['12.345.678/0001-00'] }, { token: w.admin.token }), { 'cnpjs.0': [m.cnpjInvalid] })
  })

  test('delete one and a list; a row of another condition refuses the whole list', async () => {
    const w = await world()
    await t.post('/api/condicoes/addCompradoresList', { condicao_id: w.condition.id, todos_clientes: true }, { token: w.admin.token })
    await t.post('/api/condicoes/addCompradores', { condicao_id: w.condition.id, compradores: [{ bandeira_id: w.flag.id }] }, { token: w.admin.token })
    const other = await world()
    await t.post('/api/condicoes/addCompradores', { condicao_id: other.condition.id, compradores: [{ cliente_id: other.ana.id }] }, { token: other.admin.token })
    const [foreignRow] = await rows(other.condition.id)
    const [a, b, c] = await rows(w.condition.id)
    expect((await t.post('/api/condicoes/deleteCompradores', { condicao_id: w.condition.id, comprador_id: foreignRow.id }, { token: w.admin.token })).status).toBe(404)
    expect((await t.post('/api/condicoes/deleteCompradores', { condicao_id: w.condition.id, comprador_id: a.id }, { token: w.reader.token })).status).toBe(403)
    const one = await t.post('/api/condicoes/deleteCompradores', { condicao_id: w.condition.id, comprador_id: a.id }, { token: w.admin.token })
    expect(one.body).toEqual({ message: m.removed(1) })
    expectValidation(await t.post('/api/condicoes/deleteCompradoresList', { condicao_id: w.condition.id, compradores: [b.id, foreignRow.id] }, { token: w.admin.token }), {
      compradores: [m.buyerNotFound],
    })
    expect(await rows(w.condition.id)).toHaveLength(2)
    expect((await t.post('/api/condicoes/deleteCompradoresList', { condicao_id: w.condition.id, compradores: [b.id, c.id] }, { token: w.admin.token })).body).toEqual({ message: m.removed(2) })
    expect(await rows(w.condition.id)).toHaveLength(0)
    expect(await rows(other.condition.id)).toHaveLength(1)
  })
})

describe('OL lists', () => {
  test("the seller and the OL manage the OL's list with the OL's own customers; the OL cannot touch another list; a stranger sees nothing", async () => {
    const w = await world()
    const bySeller = await t.post('/api/condicoes/addCompradores', { condicao_id: w.condition.id, parceiro_id: w.ol.id, compradores: [{ bandeira_id: w.flag.id }] }, { token: w.admin.token })
    expect(bySeller.status).toBe(200)
    const byOl = await t.post('/api/condicoes/addCompradores', { condicao_id: w.condition.id, parceiro_id: w.ol.id, compradores: [{ cliente_id: w.olCustomer.id }] }, { token: w.olAdmin.token })
    expect(byOl.status, JSON.stringify(byOl.body)).toBe(200)
    // The seller's customer is not the OL's record.
    expectValidation(await t.post('/api/condicoes/addCompradores', { condicao_id: w.condition.id, parceiro_id: w.ol.id, compradores: [{ cliente_id: w.ana.id }] }, { token: w.olAdmin.token }), {
      'compradores.0.cliente_id': [m.customerNotYours],
    })
    expect((await t.post('/api/condicoes/addCompradores', { condicao_id: w.condition.id, compradores: [{ bandeira_id: w.flag.id }] }, { token: w.olAdmin.token })).status).toBe(403)
    for (const token of [w.admin.token, w.olAdmin.token]) {
      const res = await olList(token, w.condition.id, w.ol.id)
      expect(res.status).toBe(200)
      expect(res.body.parceiro).toMatchObject({ organizacao_id: w.ol.id, nome: 'OL Logística', espelho_de: null })
      expect(res.body.compradores.data.map((b: { nome: string }) => b.nome)).toEqual(['Cliente do OL', 'Rede Saúde Bandeira'])
    }
    expect((await list(w.admin.token, w.condition.id)).body.compradores.total).toBe(0)
    expect((await olList(w.stranger.token, w.condition.id, w.ol.id)).status).toBe(404)
    const notOl = await createOrganization(t, { nome: 'Não é OL', tipo: 'f' })
    expect((await olList(w.admin.token, w.condition.id, notOl.id)).status).toBe(404)
    const olRow = (await rows(w.condition.id)).find((r) => r.customerId === w.olCustomer.id)!
    expect((await t.post('/api/condicoes/deleteCompradores', { condicao_id: w.condition.id, comprador_id: olRow.id }, { token: w.olAdmin.token })).status).toBe(200)
  })

  test('a mirrored OL list reads the source OL list and is read-only', async () => {
    const w = await world()
    const mirrorUser = await newUser(t, 'Espelho')
    const mirrorOl = await createOrganization(t, { nome: 'OL Espelho', tipo: 'f' }, [{ userId: mirrorUser.id, isAdmin: true }])
    await t.db.insert(conditionPartners).values({ conditionId: w.condition.id, partnerId: mirrorOl.id, status: 'aceito', espelhoDe: w.partner.id })
    await t.post('/api/condicoes/addCompradores', { condicao_id: w.condition.id, parceiro_id: w.ol.id, compradores: [{ bandeira_id: w.flag.id }] }, { token: w.admin.token })
    for (const token of [w.admin.token, mirrorUser.token]) {
      const res = await olList(token, w.condition.id, mirrorOl.id)
      expect(res.body).toMatchObject({ somente_leitura: true, parceiro: { espelho_de: { organizacao_id: w.ol.id, nome: 'OL Logística' } } })
      expect(res.body.compradores.data.map((b: { nome: string }) => b.nome)).toEqual(['Rede Saúde Bandeira'])
    }
    const write = await t.post('/api/condicoes/addCompradores', { condicao_id: w.condition.id, parceiro_id: mirrorOl.id, compradores: [{ bandeira_id: w.flag.id }] }, { token: w.admin.token })
    expect(write.status).toBe(409)
    expect(write.body.message).toBe(m.mirrored('OL Logística'))
    expect(await rows(w.condition.id)).toHaveLength(1)
  })
})

describe('restoreVarejos', () => {
  test("finds the caller's customer record and the flag by CNPJ (masked or bare, alphanumeric), 404 otherwise", async () => {
    const w = await world()
    const res = await t.get(`/api/condicoes/restoreVarejos/${encodeURIComponent(maskCnpj(w.ana.cnpj))}/${w.condition.id}`, { token: w.admin.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ cnpj: w.ana.cnpj, cliente: { id: w.ana.id, situacao: 'pendente', ja_comprador: false }, bandeira: null })
    const flag = await t.get(`/api/condicoes/restoreVarejos/${w.flag.cnpj}/${w.condition.id}`, { token: w.admin.token })
    expect(flag.body).toMatchObject({ cliente: null, bandeira: { id: w.flag.id, unidades: 2, ja_comprador: false } })
    const alnumCnpj = withCheckDigits('12ABC34501DE')
    await t.db.insert(customers).values({ sellerId: w.seller.id, cnpj: alnumCnpj, nome: 'Alfanumérica' })
    expect((await t.get(`/api/condicoes/restoreVarejos/${alnumCnpj.toLowerCase()}/${w.condition.id}`, { token: w.admin.token })).body.cliente.nome).toBe('Alfanumérica')
    const none = await t.get(`/api/condicoes/restoreVarejos/${uniqueCnpj()}/${w.condition.id}`, { token: w.admin.token })
    expect(none.status).toBe(404)
    expect(none.body.message).toBe(m.cnpjNotFound)
    // Another seller's customer is not found for this seller.
    expect((await t.get(`/api/condicoes/restoreVarejos/${w.foreign.cnpj}/${w.condition.id}`, { token: w.admin.token })).status).toBe(404)
    // The OL finds its own customer; with ?ol= the seller looks in the OL's records.
    expect((await t.get(`/api/condicoes/restoreVarejos/${w.olCustomer.cnpj}/${w.condition.id}`, { token: w.olAdmin.token })).body.cliente.nome).toBe('Cliente do OL')
    expect((await t.get(`/api/condicoes/restoreVarejos/${w.olCustomer.cnpj}/${w.condition.id}?ol=${w.ol.id}`, { token: w.admin.token })).body.cliente.nome).toBe('Cliente do OL')
    expect((await t.get(`/api/condicoes/restoreVarejos/${w.ana.cnpj}/${w.condition.id}`, { token: w.stranger.token })).status).toBe(404)
    expectValidation(await t.get(`/api/condicoes/restoreVarejos/12345678000100/${w.condition.id}`, { token: w.admin.token }), { cnpj: [m.cnpjInvalid] })
  })
})

describe('spreadsheet', () => {
  async function imported(token: string, conditionId: number, sellerId: number, bytes: Buffer) {
    const res = await t.postForm('/api/condicoes/importCompradores', formOf({ condicao_id: String(conditionId), arquivo: fileOf(bytes, 'compradores.xlsx') }), { token })
    expect(res.status, JSON.stringify(res.body)).toBe(202)
    await importsSettled()
    return (await t.get(`/api/importacoes/${sellerId}/${res.body.importacao.id}`, { token })).body
  }

  test('import: direct and OL rows, all or nothing with the per-row report, re-import adds nothing twice; export read back', async () => {
    const w = await world()
    const bad = await imported(w.admin.token, w.condition.id, w.seller.id, await xlsxOf([['CNPJ', 'CNPJ do OL'], [maskCnpj(w.ana.cnpj), null], [w.foreign.cnpj, null], [w.flag.cnpj, maskCnpj(uniqueCnpj())]]))
    expect(bad).toMatchObject({ status: 'recusada', total_erros: 2 })
    expect(bad.erros.data).toEqual([
      { linha: 3, coluna: 'CNPJ', valor: w.foreign.cnpj, motivo: m.sheetCnpjUnknown },
      expect.objectContaining({ linha: 4, coluna: 'CNPJ do OL', motivo: m.sheetOlUnknown }),
    ])
    expect(await rows(w.condition.id)).toHaveLength(0)
    // The same buyer twice in one list, masked and bare: said, as Clientes says it; in two lists it is two buyers.
    const twice = await imported(w.admin.token, w.condition.id, w.seller.id, await xlsxOf([['CNPJ', 'CNPJ do OL'], [maskCnpj(w.ana.cnpj), null], [w.ana.cnpj, null]]))
    expect(twice).toMatchObject({ status: 'recusada', total_erros: 1 })
    expect(twice.erros.data).toEqual([{ linha: 3, coluna: 'CNPJ', valor: w.ana.cnpj, motivo: 'Comprador repetido na mesma lista: já aparece na linha 2.' }])

    const sheet = await xlsxOf([['CNPJ', 'Nome', 'CNPJ do OL'], [maskCnpj(w.ana.cnpj), 'x', null], [w.flag.cnpj, null, null], [w.olCustomer.cnpj, null, maskCnpj(w.ol.cnpj)]])
    expect(await imported(w.admin.token, w.condition.id, w.seller.id, sheet)).toMatchObject({ status: 'concluida', criadas: 3, atualizadas: 0 })
    expect(await imported(w.admin.token, w.condition.id, w.seller.id, sheet)).toMatchObject({ status: 'concluida', criadas: 0, atualizadas: 0, linhas_lidas: 3 })
    expect(await rows(w.condition.id)).toHaveLength(3)
    expect((await olList(w.admin.token, w.condition.id, w.ol.id)).body.compradores.data[0].nome).toBe('Cliente do OL')

    const res = await t.api.fetch(new Request(`http://api.test/api/condicoes/exportCompradores/${w.condition.id}`, { headers: { authorization: `Bearer ${w.admin.token}` } }), {
      clientIp: '203.0.113.9',
    })
    expect(res.status).toBe(200)
    const ws = await readXlsx(Buffer.from(await res.arrayBuffer()))
    const read: unknown[][] = []
    ws.eachRow((row) => read.push((row.values as unknown[]).slice(1)))
    expect(read[0]).toEqual(['CNPJ', 'Nome', 'CNPJ do OL'])
    expect(read.slice(1).map((r) => r[1]).sort()).toEqual(['Cliente do OL', 'Farmácia Ânima', 'Rede Saúde Bandeira'])
    expect(read.find((r) => r[1] === 'Cliente do OL')?.[2]).toBe(maskCnpj(w.ol.cnpj))
  })

  test('import and export need the seller: a member without condicoes 403, a stranger and an OL 404', async () => {
    const w = await world()
    const bytes = await xlsxOf([['CNPJ'], [w.ana.cnpj]])
    const upload = (token: string) => t.postForm('/api/condicoes/importCompradores', formOf({ condicao_id: String(w.condition.id), arquivo: fileOf(bytes, 'c.xlsx') }), { token })
    expect((await upload(w.reader.token)).status).toBe(403)
    expect((await upload(w.stranger.token)).status).toBe(404)
    expect((await upload(w.olAdmin.token)).status).toBe(404)
    expect((await t.get(`/api/condicoes/exportCompradores/${w.condition.id}`, { token: w.stranger.token })).status).toBe(404)
    await importsSettled()
    expect(await rows(w.condition.id)).toHaveLength(0)
  })
})
