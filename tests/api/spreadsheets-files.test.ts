import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { READ_REFUSALS } from '../../app/domain/team/area-readers.ts'
import { spreadsheetMessages as m } from '../../app/domain/spreadsheets/messages.ts'
import { importsSettled } from '../../server/spreadsheets/jobs.ts'
import { createOrganization, createTestApi, fileOf, formOf, memberWith, newUser, type TestApi } from './harness.ts'
import { readXlsx, xlsxOf } from './spreadsheet-files.ts'
import { installItemKind, itemSpec } from './spreadsheet-kind.ts'

/** The report and template downloads, and who may read a job: members with the kind's permission, of its own organization. */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
  await installItemKind(t)
})
afterAll(async () => {
  await importsSettled()
  await t.close()
})

const HEADER = ['Código', 'Nome', 'Preço', 'Quantidade', 'Validade', 'Ativo']
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

async function seller() {
  const user = await newUser(t, 'Vendedora')
  const org = await createOrganization(t, { nome: 'Distribuidora Relatório' }, [{ userId: user.id, isAdmin: true }])
  return { user, org }
}

async function download(url: string, token: string) {
  const res = await t.api.fetch(new Request(`http://api.test${url}`, { headers: { authorization: `Bearer ${token}` } }), { clientIp: '203.0.113.9' })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

async function finishedJob(token: string, orgId: number, bytes: Buffer) {
  const res = await t.postForm('/api/teste/importarItens', formOf({ organizacao_id: String(orgId), arquivo: fileOf(bytes, 'itens.xlsx') }), { token })
  expect(res.status, JSON.stringify(res.body)).toBe(202)
  await importsSettled()
  return (await t.get(`/api/importacoes/${orgId}/${res.body.importacao.id}`, { token })).body
}

describe('GET api/importacoes/{orgId}/{importId}/relatorio', () => {
  test('the report as xlsx: line, column, value and reason of each problem', async () => {
    const { user, org } = await seller()
    const job = await finishedJob(user.token, org.id, await xlsxOf([HEADER, ['R1', 'Um', 'barato'], ['R2', '', 2]]))
    expect(job.status).toBe('recusada')
    const res = await download(`/api/importacoes/${org.id}/${job.id}/relatorio`, user.token)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(XLSX)
    expect(res.headers.get('content-disposition')).toContain(`relatorio-importacao-${job.id}.xlsx`)
    const sheet = await readXlsx(res.bytes)
    expect(sheet.name).toBe(m.report.sheetName)
    const rows = sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1))
    expect(rows).toEqual([
      ['Linha', 'Coluna', 'Valor', 'Motivo'],
      [2, 'Preço', 'barato', m.notMoney],
      [3, 'Nome', '', m.required].map((v) => (v === '' ? undefined : v)),
    ])
  })

  test('a job without problems gives a report with only its header', async () => {
    const { user, org } = await seller()
    const job = await finishedJob(user.token, org.id, await xlsxOf([HEADER, ['OK1', 'Um', 1]]))
    expect(job.status).toBe('concluida')
    const sheet = await readXlsx((await download(`/api/importacoes/${org.id}/${job.id}/relatorio`, user.token)).bytes)
    expect(sheet.rowCount).toBe(1)
  })
})

describe('GET api/planilhas/modelo/{orgId}/{tipo}', () => {
  test("the template: the kind's headers and one example row, with the export's formats; importing it back works", async () => {
    const { user, org } = await seller()
    const res = await download(`/api/planilhas/modelo/${org.id}/itens_teste`, user.token)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(XLSX)
    expect(res.headers.get('content-disposition')).toContain('modelo-itens-teste.xlsx')
    const sheet = await readXlsx(res.bytes)
    expect(sheet.name).toBe(itemSpec.sheetName.slice(0, 31))
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(itemSpec.columns.map((c) => c.header))
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(itemSpec.columns.map((c) => c.example))
    expect(sheet.getCell('C2').numFmt).toBe('"R$" #,##0.00')
    expect(sheet.getCell('E2').numFmt).toBe('dd/mm/yyyy')
    const job = await finishedJob(user.token, org.id, res.bytes)
    expect(job).toMatchObject({ status: 'concluida', criadas: 1 })
  })

  test('an unknown kind is 404', async () => {
    const { user, org } = await seller()
    const res = await t.get(`/api/planilhas/modelo/${org.id}/nada_disso`, { token: user.token })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe(m.unknownKind)
  })
})

describe("permissions and isolation of the three calls", () => {
  test("the job and its report need the kind's permission; the template, reading its area (decision 042)", async () => {
    const { user, org } = await seller()
    const job = await finishedJob(user.token, org.id, await xlsxOf([HEADER, ['P1', 'Um', 1]]))
    const without = await memberWith(t, org.id, ['clientes'])
    const viewer = await memberWith(t, org.id, ['produtos_ver'])
    const withIt = await memberWith(t, org.id, ['produtos'])
    for (const url of [`/api/importacoes/${org.id}/${job.id}`, `/api/importacoes/${org.id}/${job.id}/relatorio`]) {
      for (const denied of [await t.get(url, { token: without.token }), await t.get(url, { token: viewer.token })]) {
        expect(denied.status, url).toBe(403)
        expect(denied.body.message).toBe('Você não tem permissão para esta ação.')
      }
      expect((await download(url, withIt.token)).status, url).toBe(200)
    }
    const template = `/api/planilhas/modelo/${org.id}/itens_teste`
    const denied = await t.get(template, { token: without.token })
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe(READ_REFUSALS.produtos)
    for (const reader of [viewer, withIt]) expect((await download(template, reader.token)).status).toBe(200)
  })

  test("another organization's member gets 403 through the other organization, 404 through its own; nothing of the job leaks", async () => {
    const a = await seller()
    const job = await finishedJob(a.user.token, a.org.id, await xlsxOf([HEADER, ['S1', 'Segredo', 1], ['S2', '', 1]]))
    const b = await seller()
    for (const suffix of ['', '/relatorio']) {
      const viaA = await t.get(`/api/importacoes/${a.org.id}/${job.id}${suffix}`, { token: b.user.token })
      expect(viaA.status).toBe(403)
      expect(viaA.body).toEqual({ message: 'Você não tem acesso a esta organização.' })
      const viaB = await t.get(`/api/importacoes/${b.org.id}/${job.id}${suffix}`, { token: b.user.token })
      expect(viaB.status).toBe(404)
      expect(viaB.body).toEqual({ message: m.jobNotFound })
    }
    expect((await t.get(`/api/planilhas/modelo/${a.org.id}/itens_teste`, { token: b.user.token })).status).toBe(403)
  })

  test('without a token: 401', async () => {
    for (const url of ['/api/importacoes/1/1', '/api/importacoes/1/1/relatorio', '/api/planilhas/modelo/1/itens_teste']) {
      expect((await t.get(url)).status).toBe(401)
    }
  })

  test('bad ids and kinds are 422 in Portuguese', async () => {
    const { user } = await seller()
    expect((await t.get('/api/importacoes/abc/1', { token: user.token })).body.errors).toEqual({ orgId: ['Organização inválida.'] })
    expect((await t.get('/api/importacoes/1/0', { token: user.token })).body.errors).toEqual({ importId: ['Importação inválida.'] })
    expect((await t.get('/api/planilhas/modelo/1/Produtos!', { token: user.token })).body.errors).toEqual({ tipo: [m.unknownKind] })
  })
})
