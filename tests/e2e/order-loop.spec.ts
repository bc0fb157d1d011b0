import { expect, type Page } from '@playwright/test'
import { clearDemoCarts } from './cart-helpers.ts'
import { CENTRAL, enterCompany, SOL, watchRealtime } from './chat-helpers.ts'
import { apiSession } from './condition-helpers.ts'
import { BRUNO, DEMO, test } from './helpers.ts'
import { invoiceWithBreak, ORDER_CHANNEL } from './order-helpers.ts'

/**
 * The product's main loop in two browsers: Bruno (Farmácia Central) searches the market, fills
 * a cart, picks the payment method and sends; Ana (Distribuidora Sol) sees the order arrive without a
 * reload, with the menu's counter, and invoices it with a break; Bruno's list shows the change live.
 * It changes demo data (DEMO_DATA_SPECS).
 */

/**
 * The page renders the server's count; once it listens to the order channel (watchRealtime) it reads the counters
 * again (an orders list that shows the newest orders marks them seen as it does), and counts every event from then on.
 */
const countersRead = (page: Page) => page.waitForResponse((res) => /\/pedidos\/(contadores|vistos)$/.test(new URL(res.url()).pathname))

test('a buyer sends from the market; the seller sees it live, invoices it with a break; the buyer sees that live', async ({ page: buyerPage, browser, request }) => {
  const bruno = await apiSession(request, BRUNO)
  await clearDemoCarts(request, { headers: bruno.headers, central: bruno.orgId(CENTRAL.nome) })

  const seller = await browser.newContext()
  const sellerPage = await seller.newPage()
  await enterCompany(sellerPage, DEMO, SOL)
  const sellerReady = countersRead(sellerPage)
  const sellerEvents = watchRealtime(sellerPage, ORDER_CHANNEL)
  await sellerPage.goto('/visiting-card')
  await sellerReady
  await sellerEvents.ready()

  await enterCompany(buyerPage, BRUNO, CENTRAL)
  const market = buyerPage.getByRole('search', { name: 'Busca e filtros do mercado' })
  await market.getByLabel('Buscar produtos').fill('dipirona')
  await market.getByRole('button', { name: 'Filtrar' }).click()
  const card = buyerPage.getByRole('list', { name: /^Produtos, página/ }).getByRole('listitem').first()
  const name = (await card.getByRole('heading').textContent())!
  // Enough units for the generics table's R$ 300,00 and its boleto's R$ 500,00 minimums.
  await card.getByLabel('Quantidade').fill('300')
  await card.getByRole('button', { name: `Adicionar ao carrinho ${name}` }).click()
  await expect(buyerPage.getByText('Produto adicionado ao carrinho.')).toBeVisible()

  await buyerPage.getByRole('link', { name: 'Carrinho, 1 item' }).click()
  await expect(buyerPage).toHaveURL(/\/market\/carrinho$/)
  const cart = buyerPage.locator('[data-cart]').first()
  await expect(cart).toContainText(name)
  await cart.getByRole('link', { name: /^Escolher forma de pagamento/ }).click()
  const picker = buyerPage.getByRole('dialog', { name: 'Selecione a forma de pagamento' })
  await expect(picker.getByRole('radio').first()).toBeChecked()
  await picker.getByRole('button', { name: 'Confirmar' }).click()
  await expect(buyerPage.getByRole('dialog')).toHaveCount(0)
  await cart.getByRole('button', { name: 'Enviar pedido' }).click()
  const done = buyerPage.locator('.notice-success').filter({ has: buyerPage.getByRole('link', { name: 'Ver pedidos' }) })
  await expect(done).toContainText(/^Pedido nº \d+ enviado com sucesso\./)
  const id = Number(/nº (\d+)/.exec((await done.textContent()) ?? '')![1])

  // The seller, on another screen, gets the counter without a reload; the list shows the order.
  await expect(sellerPage.getByRole('link', { name: /^Pedidos, \d+ novidades? em pedidos$/ })).toBeVisible()
  // And a screen reader hears it: the badge alone changes without a word.
  await expect(sellerPage.getByRole('status').filter({ hasText: `Novo pedido nº ${id}.` })).toHaveCount(1)
  await sellerPage.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: /^Pedidos/ }).click()
  const row = sellerPage.locator(`tr[data-order-id="${id}"]`)
  await expect(row).toContainText('Aguardando')
  await expect(row).toContainText(CENTRAL.nome)

  const buyerReady = countersRead(buyerPage)
  const buyerEvents = watchRealtime(buyerPage, ORDER_CHANNEL)
  await buyerPage.goto('/orders')
  await buyerReady
  await buyerEvents.ready()
  const placed = buyerPage.locator(`tr[data-order-id="${id}"]`)
  await expect(placed).toContainText('Aguardando')

  await row.getByRole('link', { name: `Ver pedido nº ${id}` }).click()
  const detail = sellerPage.locator('.order-detail')
  const line = detail.getByLabel(new RegExp(`^Faturada de ${name}`))
  await line.fill('250')
  await invoiceWithBreak(detail)
  await expect(sellerPage.getByText('Pedido marcado como “Faturado com quebra”.')).toBeVisible()

  // The buyer's list changes in place.
  await expect(placed).toContainText('Faturado com quebra')
  await expect(buyerPage.getByRole('status').filter({ hasText: `Pedido nº ${id}: Faturado com quebra.` })).toHaveCount(1)
  await seller.close()
})
