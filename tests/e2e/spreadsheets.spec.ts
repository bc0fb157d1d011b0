import { expect, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { test, DEMO, login } from './helpers.ts'

// A seller imports 1,000 products from xlsx (the panel's progress: tests/unit/ui), exports them and opens the
// export; a sheet with one bad row is refused with its report, and nothing of it is stored.

const ORG = 'Distribuidora Sol'
const HEADERS = ['EAN', 'Código', 'Nome', 'Marca', 'Categoria', 'NCM', 'Preço', 'Unidade', 'Embalagem']

/** A valid EAN-13 from twelve digits: the GS1 check digit computed. */
function ean13(body: string) {
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(body[11 - i]) * (i % 2 === 0 ? 3 : 1)
  return `${body}${(10 - (sum % 10)) % 10}`
}

async function sheet(rows: (string | number | null)[][]) {
  const workbook = new ExcelJS.Workbook()
  const ws = workbook.addWorksheet('Planilha1')
  ws.addRow(HEADERS)
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

async function openProducts(page: Page) {
  await login(page, DEMO.email, DEMO.password)
  await page.getByRole('button', { name: `Entrar em ${ORG}` }).click()
  await expect(page.getByRole('banner').getByText(ORG)).toBeVisible()
  await page.getByRole('navigation').getByRole('link', { name: 'Produtos' }).click()
  await expect(page.getByRole('heading', { name: 'Produtos', level: 1 })).toBeVisible()
}

async function upload(page: Page, name: string, bytes: Buffer) {
  const panel = page.getByRole('region', { name: 'Importar produtos de uma planilha' })
  await panel.getByLabel('Arquivo da planilha (.xlsx ou .csv)').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes })
  await panel.getByRole('button', { name: 'Importar' }).click()
  return panel
}

test('1,000 products imported from xlsx, then exported and read back', async ({ page }) => {
  const run = String(Date.now()).slice(-6)
  const rows = Array.from({ length: 1000 }, (_, i) => {
    const n = String(i + 1).padStart(4, '0')
    return [ean13(`78${run}${n}`), `PLN-${run}-${n}`, `Produto Planilha ${run} ${n}`, 'Marca Planilha', 'Importados', '3004.90.99', '1.234,56', 'CX', 12]
  })
  await openProducts(page)
  const panel = await upload(page, 'mil-produtos.xlsx', await sheet(rows))
  // The job is in the address, so a refresh shows where it is; with JavaScript the panel follows it live.
  await expect(page).toHaveURL(/importacao=\d+/)
  await expect(panel.getByRole('status')).toHaveText('Importação concluída: 1.000 criados, 0 atualizados.', { timeout: 60_000 })

  await page.getByLabel('Buscar').fill(`produto planilha ${run}`)
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page.getByText('(1000 produtos)')).toBeVisible()

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar produtos (.xlsx)' }).click()])
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await download.path())
  const ws = workbook.worksheets[0]
  expect(ws.name).toBe('Produtos')
  const header = (ws.getRow(1).values as unknown[]).slice(1)
  expect(header.slice(0, HEADERS.length)).toEqual(HEADERS)
  expect(ws.autoFilter).toBeTruthy()
  let found: ExcelJS.Row | null = null
  ws.eachRow((r) => {
    if (r.getCell(2).value === `PLN-${run}-0500`) found = r
  })
  expect(found).not.toBeNull()
  const row = found as unknown as ExcelJS.Row
  // Money is a number of reais with a BRL format, not text.
  expect(row.getCell(7).value).toBe(1234.56)
  expect(row.getCell(7).numFmt).toContain('R$')
  expect(row.getCell(1).value).toBe(ean13(`78${run}0500`))
  expect(row.getCell(9).value).toBe(12)
})

test('a sheet with one bad row is refused with its per-row report, and nothing of it is stored', async ({ page }) => {
  const run = String(Date.now()).slice(-6)
  const good = (n: string) => [ean13(`79${run}${n}`), `RUIM-${run}-${n}`, `Produto Recusado ${run} ${n}`, 'Marca', 'Categoria', '3004.90.99', '10,00', 'UN', 1]
  const badEan = `${ean13(`79${run}0002`).slice(0, 12)}${(Number(ean13(`79${run}0002`)[12]) + 1) % 10}`
  const rows = [good('0001'), [badEan, `RUIM-${run}-0002`, `Produto Recusado ${run} 0002`, 'Marca', 'Categoria', '3004.90.99', '10,00', 'UN', 1], good('0003')]
  await openProducts(page)
  const panel = await upload(page, 'uma-linha-ruim.xlsx', await sheet(rows))
  await expect(panel.getByRole('status')).toContainText('Planilha recusada: nada foi gravado.', { timeout: 30_000 })
  const report = panel.getByRole('table', { name: 'Problemas da planilha' })
  await expect(report.getByRole('row').nth(1)).toContainText('3')
  await expect(report.getByRole('row').nth(1)).toContainText('EAN')
  await expect(report.getByRole('row').nth(1)).toContainText(badEan)
  await expect(panel.getByRole('link', { name: 'Baixar relatório (.xlsx)' })).toBeVisible()

  await page.getByLabel('Buscar').fill(`Produto Recusado ${run}`)
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page.getByText('Nenhum produto encontrado com esta busca e estes filtros.')).toBeVisible()
})
