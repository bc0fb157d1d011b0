import ExcelJS from 'exceljs'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { test, login } from './helpers.ts'
import { conditionSection, newConditionSeller, type ConditionSeller } from './condition-helpers.ts'

// The products of a condition (/conditionDetails/…?aba=produtos): a seller adds products from the catalogue,
// sets discounts and sees the prices computed by the server; 1,000 lines come in from an xlsx.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

async function sheet(rows: (string | number)[][]) {
  const workbook = new ExcelJS.Workbook()
  const ws = workbook.addWorksheet('Planilha')
  for (const row of rows) ws.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

async function openSection(page: Page, seller: ConditionSeller) {
  await login(page, seller.email, seller.password)
  await page.getByRole('button', { name: `Entrar em ${seller.nome}` }).click()
  await expect(page.getByRole('banner').getByText(seller.nome)).toBeVisible()
  await page.goto(conditionSection(seller, 'produtos'))
  await expect(page.getByRole('heading', { name: 'Produtos da condição', exact: true })).toBeVisible()
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) })

test('a seller adds 3 products to a condition, sets discounts and sees the computed prices', async ({ page, request }) => {
  const seller = await newConditionSeller(request, {
    products: [
      { nome: 'Sabão em pó 1 kg', codigo: 'SAB-1', preco: '12,90' },
      { nome: 'Dipirona 500 mg', codigo: 'DIP-1', preco: '10,01' },
      { nome: 'Paracetamol 750 mg', codigo: 'PAR-1', preco: '8,50' },
    ],
  })
  await openSection(page, seller)
  await expect(page.getByText('Nenhum produto nesta condição.')).toBeVisible()

  await page.getByRole('link', { name: 'Adicionar produtos' }).click()
  const add = page.getByRole('dialog', { name: 'Adicionar produtos à condição' })
  // Sent with nothing ticked: the picker stays open on its search, and says why.
  await add.getByRole('searchbox', { name: 'Buscar no catálogo' }).fill('dipirona')
  await add.getByRole('button', { name: 'Buscar' }).click()
  await expect(add.getByLabel(/^Sabão em pó 1 kg/)).toHaveCount(0)
  await add.getByRole('button', { name: 'Adicionar selecionados' }).click()
  await expect(page.getByText('Selecione ao menos um produto.')).toBeVisible()
  await expect(add.getByRole('searchbox', { name: 'Buscar no catálogo' })).toHaveValue('dipirona')
  await add.getByRole('searchbox', { name: 'Buscar no catálogo' }).fill('')
  await add.getByRole('button', { name: 'Buscar' }).click()
  for (const name of ['Sabão em pó 1 kg', 'Dipirona 500 mg', 'Paracetamol 750 mg']) await add.getByLabel(new RegExp(`^${name}`)).check()
  await add.getByRole('button', { name: 'Adicionar selecionados' }).click()
  await expect(page.getByText('3 produtos adicionados à condição.')).toBeVisible()
  await expect(page).not.toHaveURL(/[?&]pq=/)
  await expect(row(page, 'Sabão em pó 1 kg')).toContainText('R$ 12,90')

  // Bulk edit of the ticked lines: 12,5 % off every one.
  await page.getByLabel('Selecionar todos desta página').check()
  await page.getByRole('form', { name: 'Ações nos produtos selecionados' }).getByRole('button', { name: 'Editar' }).click()
  const bulk = page.getByRole('dialog', { name: 'Editar produtos selecionados' })
  await bulk.getByLabel('Desconto (%)').fill('12,5')
  await bulk.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByText('3 produtos da condição atualizados.')).toBeVisible()
  // 12,90 × 0,875 = 11,2875 → 11,29; 10,01 × 0,875 = 8,75875 → 8,76; 8,50 × 0,875 = 7,4375 → 7,44.
  await expect(row(page, 'Sabão em pó 1 kg')).toContainText('R$ 11,29')
  await expect(row(page, 'Dipirona 500 mg')).toContainText('R$ 8,76')
  await expect(row(page, 'Paracetamol 750 mg')).toContainText('R$ 7,44')

  // One line: its own discount and quantities; a minimum that is not a multiple is said at the field.
  await row(page, 'Sabão em pó 1 kg').getByRole('link', { name: /^Editar/ }).click()
  const one = page.getByRole('dialog', { name: 'Editar Sabão em pó 1 kg' })
  await expect(one.getByLabel('Desconto (%)')).toHaveValue('12,5')
  await one.getByLabel('Desconto (%)').fill('10')
  await one.getByLabel('Múltiplo de venda').fill('6')
  await one.getByLabel('Quantidade mínima').fill('4')
  await one.getByRole('button', { name: 'Salvar' }).click()
  await expect(one.getByText('A quantidade mínima deve ser múltiplo da embalagem de venda (múltiplo).')).toBeVisible()
  await one.getByLabel('Quantidade mínima').fill('12')
  await one.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByText('1 produto da condição atualizado.')).toBeVisible()
  await expect(row(page, 'Sabão em pó 1 kg')).toContainText('R$ 11,61')
  await expect(row(page, 'Sabão em pó 1 kg')).toContainText('12 ou mais')

  // On a laptop the whole row fits, its buttons included; on a phone each value says what it is.
  await page.setViewportSize({ width: 1280, height: 900 })
  const region = page.getByRole('region', { name: /^Produtos da condição, página/ })
  await expect(row(page, 'Sabão em pó 1 kg').getByRole('link', { name: /^Remover/ })).toBeVisible()
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1)
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(row(page, 'Sabão em pó 1 kg').locator('td[data-label="Preço final"]')).toContainText('R$ 11,61')
  expect(await row(page, 'Sabão em pó 1 kg').locator('td[data-label="Múltiplo"]').evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Múltiplo: "')
  await page.setViewportSize({ width: 1280, height: 900 })

  // Searching without accents.
  await page.getByLabel('Buscar').fill('SABAO')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page.getByText('1 produto', { exact: true })).toBeVisible()
})

/** 1,000 products in the seller's catalogue through the products import of the API, waited for. */
async function thousandProducts(request: APIRequestContext, seller: ConditionSeller, run: string) {
  const rows = Array.from({ length: 1000 }, (_, i) => [`CND-${run}-${String(i + 1).padStart(4, '0')}`, `Item Condição ${run} ${String(i + 1).padStart(4, '0')}`, '10,00'])
  const { headers } = seller
  const res = await request.post('/api/condicoes/createProductList', {
    headers,
    multipart: { organizacao_id: String(seller.orgId), arquivo: { name: 'produtos.xlsx', mimeType: XLSX, buffer: await sheet([['Código', 'Nome', 'Preço'], ...rows]) } },
  })
  expect(res.status(), await res.text()).toBe(202)
  const jobId = (await res.json()).importacao.id as number
  await expect
    .poll(async () => (await (await request.get(`/api/importacoes/${seller.orgId}/${jobId}`, { headers })).json()).status, { timeout: 60_000 })
    .toBe('concluida')
}

test('1,000 condition lines imported from an xlsx are listed with their prices', async ({ page, request }) => {
  test.setTimeout(180_000)
  const run = String(Date.now()).slice(-6)
  const seller = await newConditionSeller(request)
  await thousandProducts(request, seller, run)
  const lines = Array.from({ length: 1000 }, (_, i) => [`CND-${run}-${String(i + 1).padStart(4, '0')}`, (i % 4) * 5, 1, 1])
  await openSection(page, seller)
  const panel = page.getByRole('region', { name: 'Importar produtos da condição' })
  await panel.getByLabel('Arquivo da planilha (.xlsx ou .csv)').setInputFiles({ name: 'condicao.xlsx', mimeType: XLSX, buffer: await sheet([['Código', 'Desconto (%)', 'Qtd mínima', 'Múltiplo'], ...lines]) })
  await panel.getByRole('button', { name: 'Importar' }).click()
  await expect(page).toHaveURL(/importacao=\d+/)
  await expect(panel.getByRole('status')).toHaveText('Importação concluída: 1.000 criados, 0 atualizados.', { timeout: 90_000 })
  await page.goto(conditionSection(seller, 'produtos'))
  await expect(page.getByText('Página 1 de 50 (1000 produtos)')).toBeVisible()
  // Line 0002 of the file: 5 % off R$ 10,00.
  await expect(row(page, `Item Condição ${run} 0002`)).toContainText('R$ 9,50')
  await expect(row(page, `Item Condição ${run} 0001`)).toContainText('R$ 10,00')
})

/** Twelve products: the picker shows ten a page. */
const twelve = Array.from({ length: 12 }, (_, i) => ({ nome: `Produto ${String(i + 1).padStart(2, '0')}`, codigo: `P-${i + 1}`, preco: '5,00' }))

/** Ticks one product on the first page, one on the second, searches, and adds them all at once. */
async function tickAcrossPages(page: Page) {
  const add = page.getByRole('dialog', { name: 'Adicionar produtos à condição' })
  await add.getByLabel(/^Produto 01/).check()
  await add.getByRole('button', { name: 'Próxima' }).click()
  await expect(add.getByText('1 produto marcado em outra página ou busca.')).toBeVisible()
  await add.getByLabel(/^Produto 12/).check()
  await add.getByRole('searchbox', { name: 'Buscar no catálogo' }).fill('produto 05')
  await add.getByRole('button', { name: 'Buscar' }).click()
  await expect(add.getByText('2 produtos marcados em outras páginas ou buscas.')).toBeVisible()
  await add.getByLabel(/^Produto 05/).check()
  await add.getByRole('button', { name: 'Adicionar selecionados' }).click()
  await expect(page.getByText('3 produtos adicionados à condição.')).toBeVisible()
  for (const name of ['Produto 01', 'Produto 05', 'Produto 12']) await expect(row(page, name)).toBeVisible()
  await expect(row(page, 'Produto 02')).toHaveCount(0)
}

test("the picker keeps what is ticked across its pages and searches", async ({ page, request }) => {
  const seller = await newConditionSeller(request, { products: twelve })
  await openSection(page, seller)
  await page.getByRole('link', { name: 'Adicionar produtos' }).click()
  await tickAcrossPages(page)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the picker keeps what is ticked across its pages and searches, with plain GET forms', async ({ page, request }) => {
    const seller = await newConditionSeller(request, { products: twelve })
    await login(page, seller.email, seller.password)
    await page.getByRole('button', { name: `Entrar em ${seller.nome}` }).click()
    await page.waitForURL((url) => url.pathname !== '/personal-environment')
    await page.goto(conditionSection(seller, 'produtos'))
    await page.getByRole('link', { name: 'Adicionar produtos' }).click()
    await tickAcrossPages(page)
  })

  test('adding a product and editing its line are plain forms and redirects', async ({ page, request }) => {
    const seller = await newConditionSeller(request, { products: [{ nome: 'Álcool 70% 1 L', codigo: 'ALC-1', preco: '9,90' }] })
    await login(page, seller.email, seller.password)
    await page.getByRole('button', { name: `Entrar em ${seller.nome}` }).click()
    await page.waitForURL((url) => url.pathname !== '/personal-environment')
    await page.goto(conditionSection(seller, 'produtos'))
    await page.getByRole('link', { name: 'Adicionar produtos' }).click()
    const add = page.getByRole('dialog', { name: 'Adicionar produtos à condição' })
    await add.getByLabel(/^Álcool 70% 1 L/).check()
    await add.getByRole('button', { name: 'Adicionar selecionados' }).click()
    await expect(row(page, 'Álcool 70% 1 L')).toContainText('R$ 9,90')
    await row(page, 'Álcool 70% 1 L').getByRole('link', { name: /^Editar/ }).click()
    const one = page.getByRole('dialog', { name: 'Editar Álcool 70% 1 L' })
    await one.getByLabel('Desconto (%)').fill('200')
    await one.getByRole('button', { name: 'Salvar' }).click()
    // The server's answer to a bad value, at its field, without a script.
    await expect(page.getByText('O desconto deve ser um percentual de 0 a 100, com até 4 casas decimais (ex.: 12,5).')).toBeVisible()
    await page.getByRole('dialog', { name: 'Editar Álcool 70% 1 L' }).getByLabel('Desconto (%)').fill('5')
    await page.getByRole('dialog', { name: 'Editar Álcool 70% 1 L' }).getByRole('button', { name: 'Salvar' }).click()
    // 9,90 × 0,95 = 9,405 → R$ 9,41 (half up).
    await expect(row(page, 'Álcool 70% 1 L')).toContainText('R$ 9,41')
  })
})
