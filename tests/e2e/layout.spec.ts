import { expect, type Page } from '@playwright/test'
import { CENTRAL, enterCompany, REDE, SOL } from './chat-helpers.ts'
import { BRUNO, DEMO, test } from './helpers.ts'

// Found trying the product (2026-11-26): a page wider than the window scrolls sideways and hides what is past
// its edge. The screen-reader labels of a table's buttons widened the page past the table's own scroll box, and
// a form modal's fields were wider than the modal on a phone.

/** The page's width beyond the window's, and the open modal's beyond its box (0 when both fit). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const modal = document.querySelector('.route-modal')
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      modal: modal ? modal.scrollWidth - modal.clientWidth : 0,
    }
  })

/** How much a table is wider than its scroll box: what only a sideways scroll reaches ('Total', a row's buttons). */
const tableOverflow = (page: Page, table: string) => page.locator(table).evaluate((el) => el.scrollWidth - el.closest('.table-scroll')!.clientWidth)

test('a condition’s products fit a 1,366 px window, their buttons with no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  await enterCompany(page, DEMO, SOL)
  await page.goto('/conditions')
  await page.getByRole('link', { name: 'Tabela Genéricos Novembro' }).first().click()
  await expect(page.getByRole('heading', { name: 'Produtos da condição', exact: true })).toBeVisible()
  expect(await overflow(page)).toEqual({ page: 0, modal: 0 })
  // A product's name wraps in its row: on one line it made the table 1,427 px wide, 'Editar' past the edge.
  expect(await tableOverflow(page, 'table.condition-lines')).toBeLessThanOrEqual(0)
})

test('on a tablet, the shopping list shows its totals and buttons with no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 })
  await enterCompany(page, BRUNO, CENTRAL)
  await page.goto('/market?q=dipirona')
  await page.getByRole('button', { name: /^Adicionar à lista/ }).first().click()
  await expect(page.getByText('Produto adicionado à lista de compras.')).toBeVisible()
  await page.goto('/market?aba=lista')
  const list = page.locator('table.market-list')
  await expect(list).toBeVisible()
  expect(await tableOverflow(page, 'table.market-list')).toBeLessThanOrEqual(0)
  // Bruno's list as it was, for the other tests.
  for (let left = await list.getByRole('button', { name: /^Remover/ }).count(); left > 0; left--) {
    await list.getByRole('button', { name: /^Remover/ }).first().click()
    await expect(list.getByRole('button', { name: /^Remover/ })).toHaveCount(left - 1)
  }
})

test('on a phone, the product form, the products and the profile fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await enterCompany(page, DEMO, SOL)
  await page.goto('/products?modal=novo')
  await expect(page.getByRole('dialog', { name: 'Novo produto' })).toBeVisible()
  expect(await overflow(page)).toEqual({ page: 0, modal: 0 })
  // The modal's backdrop covers the whole screen, from its top.
  expect(await page.locator('.route-modal-backdrop').evaluate((el) => el.getBoundingClientRect().top)).toBe(0)
  await page.goto('/products')
  // A row's values say what they are, as the customers' do.
  await expect(page.locator('tbody tr').first().locator('td[data-label="Preço"]')).toBeVisible()
  expect((await overflow(page)).page).toBe(0)
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Perfil' })).toBeVisible()
  expect((await overflow(page)).page).toBe(0)
})

test('a retailer’s orders show the one side it has: the orders it placed', async ({ page }) => {
  await enterCompany(page, BRUNO, CENTRAL)
  await page.goto('/orders')
  await expect(page.getByRole('heading', { name: 'Pedidos', exact: true })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Lados dos pedidos' })).toHaveCount(0)
})

test('leaving and entering a company, and following a link of the phone’s menu drawer, put the focus on the new screen’s heading', async ({ page }) => {
  await enterCompany(page, DEMO, SOL)
  await expect(page.locator('.side-menu[data-enhanced]')).toBeAttached()
  // Leaving and entering remount the frame (its providers come with the company): the focus went to <body>.
  await page.getByRole('button', { name: 'Sair da organização' }).press('Enter')
  await expect(page).toHaveURL(/\/personal-environment$/)
  await expect(page.locator('#conteudo h1')).toBeFocused()
  await page.getByRole('button', { name: `Entrar em ${SOL.nome}` }).press('Enter')
  await expect(page).toHaveURL(SOL.landing)
  await expect(page.locator('#conteudo h1')).toBeFocused()

  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Menu principal' }).click()
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Cartão de visita' }).press('Enter')
  await expect(page).toHaveURL(/\/visiting-card$/)
  await expect(page.locator('#conteudo h1')).toBeFocused()
})

// Found trying the product: on a 1,366 × 768 laptop a flag's menu (the longest: its BANDEIRA group too) ran past the
// window's foot, and 'Sair da organização' with it.
for (const javaScriptEnabled of [true, false]) {
  test(`at 1,366 × 768 a flag's 'Sair da organização' is in sight at once, the menu's items scrolling inside it (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'pt-BR', javaScriptEnabled, viewport: { width: 1366, height: 768 } })
    const page = await context.newPage()
    await enterCompany(page, DEMO, REDE)
    const aside = page.getByRole('complementary')
    const leave = aside.getByRole('button', { name: 'Sair da organização' })
    const nav = page.getByRole('navigation', { name: 'Menu principal' })
    const last = nav.getByRole('link', { name: 'Painel' })
    // The menu is taller than the window here: its items scroll, the footer stays.
    expect(await nav.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
    await expect(leave).toBeInViewport({ ratio: 1 })
    await last.scrollIntoViewIfNeeded()
    await expect(last).toBeInViewport({ ratio: 1 })
    await expect(leave).toBeInViewport({ ratio: 1 })
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await leave.click()
    await expect(page).toHaveURL(/\/personal-environment$/)
    await context.close()
  })
}
