import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { IMPORT_MAX_BYTES, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, REPORT_MAX_ENTRIES, spreadsheetMessages as m } from '../../app/domain/spreadsheets/messages.ts'
import { importJobs, memberships } from '../../server/db/schema/index.ts'
import { importsSettled } from '../../server/spreadsheets/jobs.ts'
import { createOrganization, createTestApi, expectValidation, fileOf, formOf, newUser, tinyPng, type TestApi } from './harness.ts'
import { cfbFile, rawRow, rawXlsx, wideXlsx, xlsxOf, xlsxSheets, zipOf, type SheetCell } from './spreadsheet-files.ts'
import { gates, installItemKind, storedItems } from './spreadsheet-kind.ts'

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
const day = (y: number, mo: number, d: number) => new Date(Date.UTC(y, mo - 1, d))

async function seller() {
  const user = await newUser(t, 'Vendedora')
  const org = await createOrganization(t, { nome: 'Distribuidora Planilha' }, [{ userId: user.id, isAdmin: true }])
  return { user, org }
}

async function upload(token: string, orgId: number, bytes: Buffer | string, name = 'itens.xlsx') {
  return t.postForm('/api/teste/importarItens', formOf({ organizacao_id: String(orgId), arquivo: fileOf(bytes, name) }), { token })
}

/** Polls the job as the screen does until it ends. */
async function finished(token: string, orgId: number, importId: number, page = 1) {
  for (let i = 0; i < 600; i++) {
    const res = await t.get(`/api/importacoes/${orgId}/${importId}?page=${page}`, { token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    if (['concluida', 'recusada', 'falhou'].includes(res.body.status)) return res.body
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('a importação não terminou')
}

/** Uploads, expects 202, waits for the end. */
async function importFile(token: string, orgId: number, bytes: Buffer | string, name?: string) {
  const res = await upload(token, orgId, bytes, name)
  expect(res.status, JSON.stringify(res.body)).toBe(202)
  return finished(token, orgId, res.body.importacao.id)
}

function items(count: number, from = 1, price = 10): SheetCell[][] {
  return Array.from({ length: count }, (_, i) => [`C${String(from + i).padStart(6, '0')}`, `Item ${from + i}`, price + (i % 100) / 100, i % 50, day(2026, 1 + (i % 12), 1 + (i % 28)), i % 2 === 0])
}

describe('import of a good file', () => {
  test('xlsx: every row stored, the job ends concluida with its counts; headers matched without accents, case or spaces', async () => {
    const { user, org } = await seller()
    const bytes = await xlsxOf([
      ['codigo', ' NOME ', 'preco unitario', 'QUANTIDADE', 'validade', 'ativo'],
      ['A1', 'Sabão em pó', 12.34, 3, day(2026, 12, 31), true],
      ['A2', 'Detergente', '1.234,56', '7', null, 'Não'],
      [],
      [7891234567895, 'Água sanitária', 5, null, day(2027, 2, 28), null],
    ])
    const res = await upload(user.token, org.id, bytes)
    expect(res.status).toBe(202)
    expect(res.body.message).toBeTruthy()
    expect(res.body.importacao).toMatchObject({ tipo: 'itens_teste', status: 'na_fila', arquivo_nome: 'itens.xlsx', linhas_lidas: 0 })
    const job = await finished(user.token, org.id, res.body.importacao.id)
    expect(job).toMatchObject({ status: 'concluida', criadas: 3, atualizadas: 0, linhas_lidas: 3, linhas_total: 3, total_erros: 0, mensagem: null })
    expect(job.finished_at).toBeTruthy()
    expect(await storedItems(t, org.id)).toEqual([
      { codigo: '7891234567895', nome: 'Água sanitária', preco: 500, quantidade: null, validade: '28/02/2027', ativo: true },
      { codigo: 'A1', nome: 'Sabão em pó', preco: 1234, quantidade: 3, validade: '31/12/2026', ativo: true },
      { codigo: 'A2', nome: 'Detergente', preco: 123456, quantidade: 7, validade: null, ativo: false },
    ])
  })

  test('the uploaded file is kept privately only while its job runs', async () => {
    const { user, org } = await seller()
    await importFile(user.token, org.id, await xlsxOf([HEADER, ['K1', 'Um', 1]]))
    const [job] = await t.db.select().from(importJobs).where(eq(importJobs.organizationId, org.id))
    expect(job.arquivo).toBeNull()
    expect(await t.uploads()).toEqual([])
  })

  test('csv with ; and a BOM, dates dd/mm/aaaa and pt-BR numbers', async () => {
    const { user, org } = await seller()
    const csv = '\uFEFFCódigo;Nome;Preço;Quantidade;Validade;Ativo\r\nB1;"Café; torrado";"1.234,50";10;05/03/2026;sim\r\n\r\nB2;Açúcar;2,5;;;\r\n'
    const job = await importFile(user.token, org.id, csv, 'itens.csv')
    expect(job).toMatchObject({ status: 'concluida', criadas: 2 })
    expect(await storedItems(t, org.id)).toEqual([
      { codigo: 'B1', nome: 'Café; torrado', preco: 123450, quantidade: 10, validade: '05/03/2026', ativo: true },
      { codigo: 'B2', nome: 'Açúcar', preco: 250, quantidade: null, validade: null, ativo: true },
    ])
  })

  test('csv with , in Latin-1 (older Excel) reads its accents right', async () => {
    const { user, org } = await seller()
    const csv = Buffer.from('Codigo,Nome,Preco\nL1,Sabão Limão,"3,99"\n', 'latin1')
    const job = await importFile(user.token, org.id, csv, 'latin.csv')
    expect(job.status).toBe('concluida')
    expect((await storedItems(t, org.id))[0]).toMatchObject({ codigo: 'L1', nome: 'Sabão Limão', preco: 399 })
  })

  test('re-importing the same codes updates instead of duplicating', async () => {
    const { user, org } = await seller()
    const first = await importFile(user.token, org.id, await xlsxOf([HEADER, ...items(1500)]))
    expect(first).toMatchObject({ status: 'concluida', criadas: 1500, atualizadas: 0 })
    const second = await importFile(user.token, org.id, await xlsxOf([HEADER, ...items(1500, 1, 20), ...items(10, 1501)]))
    expect(second).toMatchObject({ status: 'concluida', criadas: 10, atualizadas: 1500 })
    const stored = await storedItems(t, org.id)
    expect(stored).toHaveLength(1510)
    expect(stored[0]).toMatchObject({ codigo: 'C000001', preco: 2000 })
  })

  test('a column the file lacks is absent from the rows, so a re-import leaves it as it was', async () => {
    const { user, org } = await seller()
    await importFile(user.token, org.id, await xlsxOf([HEADER, ['Q1', 'Item', 1, 5, day(2026, 1, 2), false]]))
    const job = await importFile(user.token, org.id, await xlsxOf([['Código', 'Nome', 'Preço'], ['Q1', 'Item novo', 2]]))
    expect(job).toMatchObject({ status: 'concluida', atualizadas: 1 })
    expect(await storedItems(t, org.id)).toEqual([{ codigo: 'Q1', nome: 'Item novo', preco: 200, quantidade: 5, validade: '02/01/2026', ativo: false }])
  })
})

describe('progress', () => {
  test('rows read of the total are readable while the job runs, then the end', async () => {
    const { user, org } = await seller()
    // On PostgreSQL the kind's check runs while the file is read: holding it shows the job mid-read.
    // PGlite checks after the read, inside its only connection, so there a larger file is watched going by.
    const onPostgres = Boolean(process.env.DATABASE_URL)
    let open = () => {}
    if (onPostgres) gates.set(org.id, new Promise<void>((resolve) => (open = resolve)))
    const count = onPostgres ? 2500 : 20_000
    const res = await upload(user.token, org.id, await xlsxOf([HEADER, ...items(count)]))
    expect(res.status).toBe(202)
    const id = res.body.importacao.id
    let seen: any
    for (let i = 0; i < 2000; i++) {
      seen = (await t.get(`/api/importacoes/${org.id}/${id}`, { token: user.token })).body
      if (seen.linhas_lidas > 0) break
      await new Promise((r) => setTimeout(r, 10))
    }
    expect(seen).toMatchObject({ status: 'lendo', linhas_total: count, criadas: 0 })
    expect(seen.linhas_lidas).toBeGreaterThan(0)
    expect(seen.linhas_lidas).toBeLessThan(count)
    if (onPostgres) expect(seen.linhas_lidas).toBe(1000)
    gates.delete(org.id)
    open()
    expect(await finished(user.token, org.id, id)).toMatchObject({ status: 'concluida', linhas_lidas: count, linhas_total: count, criadas: count })
  }, 60_000)
})

describe('all or nothing', () => {
  test('one bad row among thousands: nothing stored, the per-row report in Portuguese', async () => {
    const { user, org } = await seller()
    const rows = items(3000)
    rows[2499] = ['C002500', 'Item', '12,3,4', 'muitos', '31/02/2026', 'talvez']
    rows[10] = ['C000011', '', 1]
    const job = await importFile(user.token, org.id, await xlsxOf([HEADER, ...rows]))
    expect(job.status).toBe('recusada')
    expect(job.mensagem).toBe(m.refusedRows(5))
    expect(job.total_erros).toBe(5)
    expect(job.erros.total).toBe(5)
    expect(job.erros.data).toEqual([
      { linha: 12, coluna: 'Nome', valor: '', motivo: m.required },
      { linha: 2501, coluna: 'Preço', valor: '12,3,4', motivo: m.notMoney },
      { linha: 2501, coluna: 'Quantidade', valor: 'muitos', motivo: m.notInteger },
      { linha: 2501, coluna: 'Validade', valor: '31/02/2026', motivo: m.dateAsText },
      { linha: 2501, coluna: 'Ativo', valor: 'talvez', motivo: m.notBoolean },
    ])
    expect(job.criadas).toBe(0)
    expect(await storedItems(t, org.id)).toEqual([])
  })

  test("a problem the kind's check finds across rows refuses the file too", async () => {
    const { user, org } = await seller()
    const job = await importFile(user.token, org.id, await xlsxOf([HEADER, ['D1', 'Um', 1], ['D1', 'Outro', 2]]))
    expect(job).toMatchObject({ status: 'recusada', total_erros: 1 })
    expect(job.erros.data).toEqual([{ linha: 3, coluna: 'Código', valor: 'D1', motivo: 'Código repetido na planilha.' }])
    expect(await storedItems(t, org.id)).toEqual([])
  })

  test("a row that does not parse and a problem of the kind's check: one report says both", async () => {
    const { user, org } = await seller()
    const rows = items(2500)
    rows[3] = ['C000004', 'Item', 'caro']
    rows[2400][0] = 'C002400'
    const job = await importFile(user.token, org.id, await xlsxOf([HEADER, ...rows]))
    expect(job).toMatchObject({ status: 'recusada', total_erros: 2 })
    expect(job.erros.data).toEqual([
      { linha: 5, coluna: 'Preço', valor: 'caro', motivo: m.notMoney },
      { linha: 2402, coluna: 'Código', valor: 'C002400', motivo: 'Código repetido na planilha.' },
    ])
    expect(await storedItems(t, org.id)).toEqual([])
  })

  test("the report is in line order: a batch's check problems among the cells' of later rows", async () => {
    const { user, org } = await seller()
    const job = await importFile(user.token, org.id, await xlsxOf([HEADER, ['D1', 'Um', 1], ['D1', 'Outro', 2], ['D3', 'Três', 'caro']]))
    expect(job.erros.data).toEqual([
      { linha: 3, coluna: 'Código', valor: 'D1', motivo: 'Código repetido na planilha.' },
      { linha: 4, coluna: 'Preço', valor: 'caro', motivo: m.notMoney },
    ])
  })

  test('a failure while writing the last batch undoes the batches written before it', async () => {
    const { user, org } = await seller()
    const rows = items(2500)
    rows[2400][1] = 'FALHA NA GRAVAÇÃO'
    const job = await importFile(user.token, org.id, await xlsxOf([HEADER, ...rows]))
    expect(job).toMatchObject({ status: 'falhou', mensagem: m.failed, criadas: 0 })
    expect(await storedItems(t, org.id)).toEqual([])
  })

  test('the report keeps the first 1,000 problems, counts them all, and pages them', async () => {
    const { user, org } = await seller()
    const rows = items(1200).map((r) => [r[0], r[1], 'caro'])
    const res = await upload(user.token, org.id, await xlsxOf([HEADER, ...rows]))
    const job = await finished(user.token, org.id, res.body.importacao.id, 3)
    expect(job.total_erros).toBe(1200)
    expect(job.erros).toMatchObject({ total: REPORT_MAX_ENTRIES, current_page: 3, per_page: 50, last_page: 20 })
    expect(job.erros.data[0]).toEqual({ linha: 102, coluna: 'Preço', valor: 'caro', motivo: m.notMoney })
  })
})

describe('bad files: a clear message, nothing stored, the server answers the next call', () => {
  async function refusedNow(bytes: Buffer | string, message: string, name?: string) {
    const { user, org } = await seller()
    const res = await upload(user.token, org.id, bytes, name)
    expectValidation(res, { arquivo: [message] })
    expect(await t.db.select().from(importJobs).where(eq(importJobs.organizationId, org.id))).toEqual([])
    expect(await t.uploads()).toEqual([])
    expect((await t.get('/api/profile', { token: user.token })).status).toBe(200)
  }

  async function refusedLater(bytes: Buffer | string, message: string, name?: string) {
    const { user, org } = await seller()
    const job = await importFile(user.token, org.id, bytes, name)
    expect(job).toMatchObject({ status: 'recusada', mensagem: message, criadas: 0, total_erros: 0 })
    expect(await storedItems(t, org.id)).toEqual([])
    expect((await t.get('/api/profile', { token: user.token })).status).toBe(200)
    return job
  }

  test('not a spreadsheet: an image, a PDF, a zip that is no workbook', async () => {
    await refusedNow(tinyPng(), m.notASpreadsheet, 'itens.xlsx')
    await refusedNow(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 0)]), m.notASpreadsheet, 'itens.xlsx')
    await refusedNow(zipOf({ 'word/document.xml': '<w:document/>' }), m.notASpreadsheet, 'itens.xlsx')
    // Text that is markup or JSON, renamed: said to be no spreadsheet, not read as a CSV whose titles are the markup.
    await refusedNow(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'), m.notASpreadsheet, 'itens.xlsx')
    await refusedNow(Buffer.from('\ufeff<?xml version="1.0"?>\n<produtos/>'), m.notASpreadsheet, 'itens.csv')
    await refusedNow(Buffer.from('[{"nome":"Sabão"}]'), m.notASpreadsheet, 'itens.xlsx')
  })

  test('an empty first sheet before the data is said as such: only the first sheet is read', async () => {
    await refusedLater(await xlsxSheets([{ name: 'Capa', rows: [] }, { name: 'Itens', rows: [HEADER, ...items(3)] }]), m.firstSheetEmpty)
    // One empty sheet alone is an empty file.
    await refusedLater(await xlsxSheets([{ name: 'Itens', rows: [] }]), m.noHeader)
  })

  test('a broken xlsx (cut in the middle)', async () => {
    const bytes = await xlsxOf([HEADER, ...items(50)])
    await refusedNow(bytes.subarray(0, Math.floor(bytes.length / 2)), m.unreadable)
  })

  test('password-protected, and the old .xls', async () => {
    await refusedNow(cfbFile(true), m.passwordProtected)
    await refusedNow(cfbFile(false), m.oldXls, 'itens.xls')
  })

  test('too big: refused before it is stored, the limit named', async () => {
    await refusedNow(Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41), m.fileTooBig, 'grande.csv')
    expect(m.fileTooBig).toContain('20 MB')
  })

  test('no file at all', async () => {
    const { user, org } = await seller()
    const res = await t.postForm('/api/teste/importarItens', formOf({ organizacao_id: String(org.id) }), { token: user.token })
    expectValidation(res, { arquivo: [m.fileRequired] })
  })

  test('empty: no bytes, no header, a header without rows', async () => {
    await refusedNow('', m.noHeader, 'vazio.csv')
    await refusedLater(await xlsxOf([]), m.noHeader)
    await refusedLater(await xlsxOf([HEADER]), m.noRows)
    await refusedLater('Código;Nome;Preço\r\n\r\n', m.noRows, 'titulos.csv')
  })

  test('100,000 columns: refused at the first row, without reading the rest', async () => {
    const job = await refusedLater(wideXlsx(100_000), m.tooManyColumns(100_000))
    expect(job.linhas_lidas).toBe(0)
    expect(m.tooManyColumns(100_000)).toContain(String(IMPORT_MAX_COLUMNS))
  })

  test('a CSV row wider than the limit', async () => {
    const wide = Array.from({ length: IMPORT_MAX_COLUMNS + 5 }, (_, i) => `c${i}`).join(';')
    await refusedLater(`Código;Nome;Preço\r\n${wide}\r\n`, m.tooManyColumns(IMPORT_MAX_COLUMNS + 5), 'largo.csv')
  })

  test('formulas: asked for values', async () => {
    await refusedLater(
      await xlsxOf([HEADER, ['F1', 'Um', 2], ['F2', 'Dois', 3]], (s) => {
        s.getCell('C3').value = { formula: 'C2*2', result: 4 }
      }),
      m.formulas('C3'),
    )
  })

  test('merged cells', async () => {
    await refusedLater(
      await xlsxOf([HEADER, ['M1', 'Um', 2], ['M2', 'Dois', 3]], (s) => s.mergeCells('A2:B2')),
      m.mergedCells('A2:B2'),
    )
  })

  test('dates typed as text in a date column: the row report says so', async () => {
    const { user, org } = await seller()
    const job = await importFile(user.token, org.id, await xlsxOf([HEADER, ['T1', 'Um', 1, 1, '15/08/2026'], ['T2', 'Dois', 1, 1, day(2026, 8, 15)]]))
    expect(job.status).toBe('recusada')
    expect(job.erros.data).toEqual([{ linha: 2, coluna: 'Validade', valor: '15/08/2026', motivo: m.dateAsText }])
    expect(await storedItems(t, org.id)).toEqual([])
  })

  test('too many rows: an xlsx is refused by its row count before it is parsed; a CSV while read', async () => {
    const rows = [rawRow(1, ['Código', 'Nome', 'Preço'])]
    for (let r = 2; r <= IMPORT_MAX_ROWS + 2; r++) rows.push(`<row r="${r}"><c r="A${r}"><v>${r}</v></c></row>`)
    await refusedLater(rawXlsx(rows.join('')), m.tooManyRows)
    const csv = ['Código;Nome;Preço', ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `X${i};N;1`)].join('\n')
    await refusedLater(csv, m.tooManyRows, 'muitas.csv')
  })

  test('headers: a required column missing, an unknown one, a repeated one, named in one message', async () => {
    await refusedLater(await xlsxOf([['Código', 'Cor', 'Preço', 'preço'], ['A', 'azul', 1, 2]]), `${m.missingColumns(['Nome'])} ${m.unknownColumns(['Cor'])} ${m.duplicatedColumns(['Preço'])}`)
    // An instructions sheet first: its 'titles' are refused, and the message says that only the first sheet is read.
    const instructionsFirst = await xlsxSheets([{ name: 'Leia-me', rows: [['Preencha a aba Itens']] }, { name: 'Itens', rows: [HEADER, ...items(2)] }])
    await refusedLater(instructionsFirst, `${m.missingColumns(['Código', 'Nome', 'Preço'])} ${m.unknownColumns(['Preencha a aba Itens'])} ${m.onlyFirstSheet}`)
  })

  test('an Excel error value in a cell is reported on its row', async () => {
    const { user, org } = await seller()
    const job = await importFile(
      user.token,
      org.id,
      await xlsxOf([HEADER, ['E1', 'Um', 1]], (s) => {
        s.getCell('C2').value = { error: '#N/A' } as never
      }),
    )
    expect(job.erros.data).toEqual([{ linha: 2, coluna: 'Preço', valor: '#N/A', motivo: m.excelError('#N/A') }])
  })

  test('only the first sheet is imported', async () => {
    const { user, org } = await seller()
    const bytes = await xlsxOf([HEADER, ['P1', 'Primeira', 1]], (sheet) => {
      sheet.workbook.addWorksheet('Outra').addRow(['lixo'])
    })
    expect(await importFile(user.token, org.id, bytes)).toMatchObject({ status: 'concluida', criadas: 1 })
  })
})

describe('who may import, and see a job', () => {
  test('a member without the permission may not upload; an outsider neither', async () => {
    const { org } = await seller()
    const member = await newUser(t)
    await t.db.insert(memberships).values({ organizationId: org.id, userId: member.id, isAdmin: false })
    const bytes = await xlsxOf([HEADER, ['Z1', 'Um', 1]])
    expect((await upload(member.token, org.id, bytes)).status).toBe(403)
    const outsider = await newUser(t)
    expect((await upload(outsider.token, org.id, bytes)).status).toBe(403)
    expect(await t.db.select().from(importJobs).where(eq(importJobs.organizationId, org.id))).toEqual([])
  })
})
