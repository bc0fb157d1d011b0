import { expect, type APIRequestContext, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import { test, DEMO, login } from './helpers.ts'
import { apiSession, conditionAddress, createCondition } from './condition-helpers.ts'

// A condition's buyers and sellers (/conditionDetails ?aba=compradores / vendedores): the demo seller
// adds a customer by CNPJ and a flag, sees them, removes one, and adds a seller. The condition is
// made for this spec through the API, so the demo data other specs read stays as it was.

const ORG = 'Distribuidora Sol'
const CENTRAL = withCheckDigits('334445550001')
const REDE = withCheckDigits('223334440001')

/** A condition of Distribuidora Sol made with Ana's API token, which is then logged out. */
async function newCondition(api: APIRequestContext) {
  const ana = await apiSession(api, DEMO)
  const sol = ana.orgId(ORG)
  const condition = await createCondition(api, ana.headers, sol, `Tabela Compradores ${Date.now()}`)
  await api.post('/api/logout', { headers: ana.headers })
  return { ...condition, sol }
}

async function openSection(page: Page, condition: { id: number; nome: string; sol: number }, aba: string) {
  await login(page, DEMO.email, DEMO.password)
  await page.goto('/personal-environment')
  await page.getByRole('button', { name: `Entrar em ${ORG}` }).click()
  await expect(page.getByRole('banner').getByText(ORG)).toBeVisible()
  await page.goto(`${conditionAddress(condition, condition.sol)}?aba=${aba}`)
  await expect(page.getByRole('heading', { name: aba === 'compradores' ? 'Compradores' : 'Vendedores', level: 2, exact: true })).toBeVisible()
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) })

test('the seller adds a customer by CNPJ and a flag, sees them, removes one; then adds a seller', async ({ page, request }) => {
  const condition = await newCondition(request)
  await openSection(page, condition, 'compradores')
  await expect(page.getByText('Nenhum comprador nesta lista.')).toBeVisible()

  await page.getByRole('link', { name: 'Adicionar comprador' }).click()
  let dialog = page.getByRole('dialog', { name: 'Adicionar comprador' })
  // Choosing among the customers, not by CNPJ: the CNPJ left empty says nothing.
  await expect(dialog.getByText('Busque pelo CNPJ ou escolha entre seus clientes.')).toBeFocused()
  await dialog.getByRole('searchbox', { name: 'Buscar cliente' }).fill('farmacia central')
  await dialog.getByRole('searchbox', { name: 'Buscar cliente' }).press('Enter')
  await expect(page).toHaveURL(/busca=farmacia/)
  await expect(dialog.getByText('O CNPJ é obrigatório.')).toHaveCount(0)
  await dialog.getByLabel('CNPJ do cliente ou da bandeira').fill(CENTRAL)
  await expect(dialog.getByLabel('CNPJ do cliente ou da bandeira')).toHaveValue(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/)
  await dialog.getByRole('button', { name: 'Buscar CNPJ' }).click()
  await expect(dialog.getByText(/Cliente: Farmácia Central/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Adicionar cliente' }).click()
  await expect(page.getByText('1 comprador adicionado.')).toBeVisible()
  await expect(row(page, 'Farmácia Central')).toContainText('Vinculado')

  await page.getByRole('link', { name: 'Adicionar comprador' }).click()
  dialog = page.getByRole('dialog', { name: 'Adicionar comprador' })
  await dialog.getByLabel('CNPJ do cliente ou da bandeira').fill(REDE)
  await dialog.getByRole('button', { name: 'Buscar CNPJ' }).click()
  await dialog.getByRole('button', { name: 'Adicionar bandeira' }).click()
  await expect(page.getByText('1 comprador adicionado.')).toBeVisible()
  await expect(row(page, 'Rede Farma Mais')).toContainText('Bandeira')
  await expect(row(page, 'Rede Farma Mais')).toContainText('1 unidade')

  await row(page, 'Farmácia Central').getByRole('button', { name: 'Remover Farmácia Central' }).click()
  await expect(page.getByText('Comprador removido.')).toBeVisible()
  await expect(row(page, 'Farmácia Central')).toHaveCount(0)
  await expect(row(page, 'Rede Farma Mais')).toBeVisible()

  await page.getByRole('navigation', { name: 'Seções da condição' }).getByRole('link', { name: 'Vendedores' }).click()
  await expect(page.getByText('Ninguém vende esta condição ainda.')).toBeVisible()
  await page.getByRole('link', { name: 'Adicionar vendedor' }).click()
  dialog = page.getByRole('dialog', { name: 'Adicionar vendedor' })
  await dialog.getByLabel(/Carla Mendes/).check()
  await dialog.getByRole('button', { name: 'Adicionar membros marcados' }).click()
  await expect(page.getByText('1 vendedor adicionado.')).toBeVisible()
  await expect(row(page, 'Carla Mendes')).toContainText('Membro')
})

test('buyers imported from xlsx through the panel, then exported and read back', async ({ page, request }) => {
  const condition = await newCondition(request)
  await openSection(page, condition, 'compradores')
  const workbook = new ExcelJS.Workbook()
  const ws = workbook.addWorksheet('Compradores')
  ws.addRow(['CNPJ', 'CNPJ do OL'])
  ws.addRow([CENTRAL, null])
  ws.addRow([REDE, null])
  const panel = page.getByRole('region', { name: 'Importar compradores' })
  await panel.getByLabel('Arquivo da planilha (.xlsx ou .csv)').setInputFiles({
    name: 'compradores.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  })
  await panel.getByRole('button', { name: 'Importar' }).click()
  await expect(panel.getByText('Importação concluída: 2 criados, 0 atualizados.')).toBeVisible({ timeout: 20_000 })
  await page.reload()
  await expect(row(page, 'Farmácia Central')).toBeVisible()
  await expect(row(page, 'Rede Farma Mais')).toBeVisible()

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar compradores (xlsx)' }).click()])
  const exported = new ExcelJS.Workbook()
  await exported.xlsx.readFile(await download.path())
  const names: unknown[] = []
  exported.worksheets[0].eachRow((r, n) => n > 1 && names.push(r.getCell(2).value))
  expect(names.sort()).toEqual(['Farmácia Central', 'Rede Farma Mais'])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('every customer added at once, then the ticked ones removed, by plain forms', async ({ page, request }) => {
    const condition = await newCondition(request)
    await openSection(page, condition, 'compradores')
    await page.getByRole('button', { name: 'Adicionar todos os clientes' }).click()
    await expect(page.getByText(/compradores? adicionados?\./)).toBeVisible()
    await expect(row(page, 'Farmácia Central')).toBeVisible()
    const total = await page.getByRole('row').count()
    await row(page, 'Farmácia Central').getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Remover marcados' }).click()
    await expect(page.getByText('Comprador removido.')).toBeVisible()
    await expect(row(page, 'Farmácia Central')).toHaveCount(0)
    await expect(page.getByRole('row')).toHaveCount(total - 1)
  })
})
