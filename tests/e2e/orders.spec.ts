import { expect, type Page } from '@playwright/test'
import { orderMessages } from '../../app/domain/orders/messages.ts'
import { watchRealtime } from './chat-helpers.ts'
import { CARLA, login, test } from './helpers.ts'
import { ORDER_CHANNEL } from './order-helpers.ts'
import { apiSession } from './condition-helpers.ts'
import { BUYER, invoiceWithBreak, SELLER, sendDemoOrder } from './order-helpers.ts'

/**
 * /orders: the seller's received orders and the buyer's placed ones, the
 * detail, a 'Q' with a quantity per line, and the e-mail's deep link after Login without JavaScript.
 * Orders are sent through the API by the demo buyer (order-helpers.ts): this spec changes demo data.
 */

test('the seller finds the order, opens it and invoices it with a break; the buyer sees it in its placed orders', async ({ page, request, browser }) => {
  const order = await sendDemoOrder(request)
  await login(page, SELLER.email, SELLER.password)
  await page.goto('/personal-environment')
  await page.getByRole('button', { name: `Entrar em ${SELLER.org}` }).click()
  await expect(page).toHaveURL(/\/orders$/)
  await expect(page.getByRole('link', { name: 'Pedidos recebidos' })).toHaveAttribute('aria-current', 'page')

  await page.getByRole('searchbox', { name: 'Buscar pedidos' }).fill(String(order.id))
  await page.getByLabel('Situação').selectOption('A')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  const rows = page.getByTestId('orders-table').locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(BUYER.org)
  await expect(rows.first()).toContainText('Aguardando')
  await rows.first().getByRole('link', { name: `Ver pedido nº ${order.id}` }).click()

  const detail = page.locator('.order-detail')
  await expect(detail.getByRole('heading', { name: new RegExp(`^Pedido nº ${order.id}\\b`) })).toBeVisible()
  // Opened above the list: the focus goes to it, so the keyboard is at the order, not back in the list.
  await expect(detail).toBeFocused()
  for (const name of order.products) await expect(detail.getByRole('cell', { name: new RegExp(name) })).toBeVisible()
  await expect(detail.getByText(/Pedido enviado por Bruno Costa/)).toBeVisible()

  // Q with every quantity as ordered is refused; one line below the order goes.
  await invoiceWithBreak(detail)
  await expect(detail.getByRole('alert')).toContainText('Todas as quantidades são as pedidas')
  // A refused change keeps the keyboard at what refused it, not at the order's top, far above on a phone.
  await expect(detail.getByRole('alert')).toBeFocused()
  const first = detail.getByLabel(new RegExp(`^Faturada de ${order.products[0]}`))
  const ordered = Number(await first.inputValue())
  // A decimal is refused and said beside its line: a number field read '2,5' as 25 and invoiced that.
  await first.fill('2,5')
  await invoiceWithBreak(detail)
  await expect(first).toHaveAccessibleDescription(orderMessages.quantityInvalid)
  await expect(first).toHaveValue('2,5')
  await first.fill(String(ordered - 1))
  await invoiceWithBreak(detail)
  await expect(page.getByText('Pedido marcado como “Faturado com quebra”.')).toBeVisible()
  await expect(detail.getByRole('heading', { name: new RegExp(`^Pedido nº ${order.id}\\b`) })).toContainText('Faturado com quebra')
  await expect(detail).toBeFocused()
  await expect(detail.getByText(/Aguardando → Faturado com quebra, por Ana Paula Lima \(Distribuidora Sol\)/)).toBeVisible()
  // Each line says what of it was invoiced, so the buyer can add up the invoiced total.
  await expect(detail.getByRole('columnheader', { name: 'Total faturado' })).toBeVisible()
  await expect(detail.getByText('Marcar como faturado', { exact: true })).toHaveCount(0)

  const buyer = await browser.newContext()
  const buyerPage = await buyer.newPage()
  await login(buyerPage, BUYER.email, BUYER.password)
  await buyerPage.goto('/personal-environment')
  await buyerPage.getByRole('button', { name: `Entrar em ${BUYER.org}` }).click()
  await buyerPage.goto(`/orders?aba=feitos&pedido=${order.id}`)
  // A retailer only places orders: no tabs for the side it does not have.
  await expect(buyerPage.getByRole('navigation', { name: 'Lados dos pedidos' })).toHaveCount(0)
  await expect(buyerPage.locator('.order-detail').getByRole('heading', { name: new RegExp(`^Pedido nº ${order.id}\\b`) })).toContainText('Faturado com quebra')
  await expect(buyerPage.getByRole('button', { name: 'Repetir pedido' })).toBeVisible()
  await expect(buyerPage.getByText('Marcar como faturado', { exact: true })).toHaveCount(0)
  await buyer.close()
})

/** The order opened by the demo seller, in Distribuidora Sol. */
async function openAsSeller(page: Page, orderId: number) {
  await login(page, SELLER.email, SELLER.password)
  await page.goto('/personal-environment')
  await page.getByRole('button', { name: `Entrar em ${SELLER.org}` }).click()
  await page.waitForURL((url) => url.pathname !== '/personal-environment')
  await page.goto(`/orders?pedido=${orderId}`)
  return page.locator('.order-detail')
}

test('invoicing asks once more; Cancelar closes the question, the confirmation invoices', async ({ page, request }) => {
  const order = await sendDemoOrder(request, 1)
  const detail = await openAsSeller(page, order.id)
  const step = detail.locator('summary', { hasText: 'Marcar como faturado' })
  await step.click()
  await expect(detail.getByText(orderMessages.confirmF(order.id))).toBeVisible()
  await detail.getByRole('button', { name: 'Cancelar' }).click()
  await expect(detail.getByText(orderMessages.confirmF(order.id))).toBeHidden()
  await expect(step).toBeFocused()
  await expect(detail.getByRole('heading', { name: new RegExp(`^Pedido nº ${order.id}\\b`) })).toContainText('Aguardando')
  // Escape closes the question too, from the keyboard, and gives the focus back to the step.
  await step.press('Enter')
  await expect(detail.getByText(orderMessages.confirmF(order.id))).toBeVisible()
  await detail.getByRole('button', { name: 'Sim, marcar como faturado' }).focus()
  await page.keyboard.press('Escape')
  await expect(detail.getByText(orderMessages.confirmF(order.id))).toBeHidden()
  await expect(step).toBeFocused()
  await step.click()
  await detail.getByRole('button', { name: 'Sim, marcar como faturado' }).click()
  await expect(detail.getByRole('heading', { name: new RegExp(`^Pedido nº ${order.id}\\b`) })).toContainText('Faturado')
  // Closed, the order gives the focus back to its line of the list.
  await detail.getByRole('link', { name: 'Fechar pedido' }).click()
  await expect(page.getByRole('link', { name: `Ver pedido nº ${order.id}` })).toBeFocused()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('refusing an order asks once more, and only the confirmation refuses it', async ({ page, request }) => {
    const order = await sendDemoOrder(request, 1)
    const detail = await openAsSeller(page, order.id)
    await detail.getByText('Marcar como negado').click()
    await expect(detail.getByText(orderMessages.confirmN(order.id))).toBeVisible()
    await expect(detail.getByRole('heading', { name: new RegExp(`^Pedido nº ${order.id}\\b`) })).toContainText('Aguardando')
    await detail.getByRole('button', { name: 'Sim, negar o pedido' }).click()
    await expect(detail.getByRole('heading', { name: new RegExp(`^Pedido nº ${order.id}\\b`) })).toContainText('Negado')
  })

  test("the e-mail's deep link: Login, then the order and a confirmation form; the GET changes nothing, the post does", async ({ page, request }) => {
    const order = await sendDemoOrder(request, 1)
    // The personal environment's form of the link, without a session, goes to the same Login (it went to a bare one).
    await page.goto(`/personal-environment/update-order-status/${order.id}/F`)
    await expect(page).toHaveURL(new RegExp(`/login/update-order-status/${order.id}/F$`))
    await page.goto(`/update-order-status/${order.id}/F`)
    await expect(page).toHaveURL(new RegExp(`/login/update-order-status/${order.id}/F$`))
    await expect(page.getByRole('status').filter({ hasText: `Entre para confirmar a mudança do pedido nº ${order.id} para “Faturado”.` })).toBeVisible()
    await page.getByLabel('E-mail').fill(SELLER.email)
    await page.getByLabel('Senha').fill(SELLER.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page).toHaveURL(new RegExp(`/personal-environment/update-order-status/${order.id}/F$`))
    await expect(page.getByText('Confirme a mudança deste pedido para “Faturado”.')).toBeVisible()
    await expect(page.getByRole('heading', { name: new RegExp(`^Pedido nº ${order.id}\\b`) })).toContainText('Aguardando')
    // Opening it again changes nothing either.
    await page.reload()
    await expect(page.getByRole('heading', { name: new RegExp(`^Pedido nº ${order.id}\\b`) })).toContainText('Aguardando')
    await page.getByRole('button', { name: 'Confirmar: Faturado' }).click()
    await expect(page).toHaveURL(new RegExp(`/orders\\?pedido=${order.id}$`))
    await expect(page.locator('.order-detail').getByRole('heading', { name: new RegExp(`^Pedido nº ${order.id}\\b`) })).toContainText('Faturado')
    await page.goto(`/personal-environment/update-order-status/${order.id}/N`)
    await expect(page.getByText('Este pedido já está “Faturado”.')).toBeVisible()
    await expect(page.getByRole('button', { name: /^Confirmar/ })).toHaveCount(0)
    // A link whose order number was cut says so, with no 'pedido nº 0' and no word about the status.
    await page.goto('/personal-environment/update-order-status/abc/F')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Atualizar um pedido')
    await expect(page.getByText(orderMessages.deepBadOrder)).toBeVisible()
  })
})

test.describe('without JavaScript, a refused change', () => {
  test.use({ javaScriptEnabled: false })

  test('keeps the invoiced quantities the seller typed', async ({ page, request }) => {
    const order = await sendDemoOrder(request)
    await login(page, SELLER.email, SELLER.password)
    await page.goto('/personal-environment')
    await page.getByRole('button', { name: `Entrar em ${SELLER.org}` }).click()
    await page.waitForURL((url) => url.pathname !== '/personal-environment')
    await page.goto(`/orders?pedido=${order.id}`)
    const detail = page.locator('.order-detail')
    const fields = order.products.map((name) => detail.getByLabel(new RegExp(`^Faturada de ${name}`)))
    for (const field of fields) await field.fill('0')
    await invoiceWithBreak(detail)
    await expect(detail.getByRole('alert')).toContainText(orderMessages.nothingInvoiced)
    for (const field of fields) await expect(field).toHaveValue('0')
  })
})

test("live: the buyer's list shows the seller's change without a reload, and the menu's Pedidos counts it until seen", async ({ page, request }) => {
  const order = await sendDemoOrder(request, 1)
  await login(page, BUYER.email, BUYER.password)
  await page.goto('/personal-environment')
  await page.getByRole('button', { name: `Entrar em ${BUYER.org}` }).click()
  // The whole list seen first: the menu then counts only what the seller changes below.
  await page.goto('/orders')
  await expect(page.getByRole('link', { name: 'Pedidos', exact: true })).toBeVisible()
  // The counters start once the page has read them and listens to the order channel: wait for both before the seller acts.
  const countersRead = page.waitForResponse((res) => res.url().endsWith('/pedidos/contadores'))
  const orderEvents = watchRealtime(page, ORDER_CHANNEL)
  await page.goto('/visiting-card')
  await expect(page.locator('.side-menu[data-enhanced]')).toBeAttached()
  await countersRead
  await orderEvents.ready()
  const seller = await apiSession(request, SELLER)
  const moved = await request.post('/api/pedidos/updateStatus', { headers: seller.headers, data: { organizacao_id: seller.orgId(SELLER.org), pedido_id: order.id, status: 'N' } })
  expect(moved.status(), await moved.text()).toBe(200)
  await expect(page.getByRole('link', { name: 'Pedidos, 1 novidade em pedidos' })).toBeVisible()

  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: /^Pedidos/ }).click()
  await expect(page.getByRole('link', { name: 'Pedidos', exact: true })).toBeVisible()
  const row = page.locator(`tr[data-order-id="${order.id}"]`)
  await expect(row).toContainText('Negado')
  // With the list on screen, a change shows in place.
  const again = await sendDemoOrder(request, 1)
  const moveAgain = await request.post('/api/pedidos/updateStatus', { headers: seller.headers, data: { organizacao_id: seller.orgId(SELLER.org), pedido_id: again.id, status: 'F' } })
  expect(moveAgain.status()).toBe(200)
  await expect(page.locator(`tr[data-order-id="${again.id}"]`)).toContainText('Faturado')

  // A list filtered to Negado does not show an order invoiced meanwhile: the menu keeps counting it until a list shows it.
  await page.getByLabel('Situação').selectOption('N')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/status=N/)
  const third = await sendDemoOrder(request, 1)
  const moveThird = await request.post('/api/pedidos/updateStatus', { headers: seller.headers, data: { organizacao_id: seller.orgId(SELLER.org), pedido_id: third.id, status: 'F' } })
  expect(moveThird.status()).toBe(200)
  await expect(page.getByRole('link', { name: 'Pedidos, 1 novidade em pedidos' })).toBeVisible()
  await expect(page.locator(`tr[data-order-id="${third.id}"]`)).toHaveCount(0)
  // Nor does a list of F alone (F and Q share one counter) or the other side's list; the whole list does.
  await page.getByLabel('Situação').selectOption('F')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page.locator(`tr[data-order-id="${third.id}"]`)).toContainText('Faturado')
  await expect(page.getByRole('link', { name: 'Pedidos, 1 novidade em pedidos' })).toBeVisible()
  await page.goto('/orders?aba=recebidos')
  await expect(page.getByRole('link', { name: 'Pedidos, 1 novidade em pedidos' })).toBeVisible()
  await page.goto('/orders')
  await expect(page.getByRole('link', { name: 'Pedidos', exact: true })).toBeVisible()
})

test("live: a new order arrives in the seller's list without a reload, is said to a screen reader, and counts as seen there", async ({ page, request }) => {
  await login(page, SELLER.email, SELLER.password)
  const orderEvents = watchRealtime(page, ORDER_CHANNEL)
  await page.getByRole('button', { name: `Entrar em ${SELLER.org}` }).click()
  await expect(page).toHaveURL(/\/orders$/)
  await orderEvents.ready()
  const order = await sendDemoOrder(request, 1)
  const row = page.locator(`tr[data-order-id="${order.id}"]`)
  await expect(row).toContainText('Aguardando')
  await expect(row).toContainText(BUYER.org)
  // First in the list: the newest order.
  await expect(page.locator('tbody tr').first()).toHaveAttribute('data-order-id', String(order.id))
  await expect(page.getByRole('status').filter({ hasText: `Novo pedido nº ${order.id}.` })).toHaveCount(1)
  // Its 'Ver' opens it, as a row the page rendered.
  await row.getByRole('link', { name: `Ver pedido nº ${order.id}` }).click()
  await expect(page).toHaveURL(new RegExp(`pedido=${order.id}`))
  await expect(page.locator('.order-detail')).toContainText(`Pedido nº ${order.id}`)
  // The list showed it: the menu counts nothing, after a reload too (the server keeps what was seen).
  await expect(page.getByRole('link', { name: 'Pedidos', exact: true })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('link', { name: 'Pedidos', exact: true })).toBeVisible()
})

test.describe('without JavaScript, the menu’s Pedidos', () => {
  test.use({ javaScriptEnabled: false })

  test('counts what changed while the buyer was away, at the next page; their list sees it', async ({ page, request }) => {
    const order = await sendDemoOrder(request, 1)
    await login(page, BUYER.email, BUYER.password)
    await page.getByRole('button', { name: `Entrar em ${BUYER.org}` }).click()
    await page.waitForURL((url) => url.pathname !== '/personal-environment')
    await page.goto('/orders')
    await expect(page.locator(`tr[data-order-id="${order.id}"]`)).toContainText('Aguardando')
    await expect(page.getByRole('link', { name: 'Pedidos', exact: true })).toBeVisible()
    // Away: no page of the product open while the seller answers.
    await page.goto('about:blank')

    const seller = await apiSession(request, SELLER)
    const moved = await request.post('/api/pedidos/updateStatus', { headers: seller.headers, data: { organizacao_id: seller.orgId(SELLER.org), pedido_id: order.id, status: 'N' } })
    expect(moved.status(), await moved.text()).toBe(200)

    await page.goto('/market')
    await expect(page.getByRole('link', { name: 'Pedidos, 1 novidade em pedidos' })).toBeVisible()
    await page.getByRole('link', { name: 'Pedidos, 1 novidade em pedidos' }).click()
    await expect(page.locator(`tr[data-order-id="${order.id}"]`)).toContainText('Negado')
    await expect(page.getByRole('link', { name: 'Pedidos', exact: true })).toBeVisible()
  })
})

test("a customer's row on Clientes leads to that customer's orders (/orders-customer)", async ({ page, request }) => {
  const order = await sendDemoOrder(request, 1)
  await login(page, SELLER.email, SELLER.password)
  await page.getByRole('button', { name: `Entrar em ${SELLER.org}` }).click()
  await expect(page).toHaveURL(/\/orders$/)
  await page.goto('/customers')
  await page.getByRole('link', { name: `Pedidos de ${BUYER.org}` }).click()
  await expect(page).toHaveURL(/\/orders-customer\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(orderMessages.customerHeading(BUYER.org))
  await expect(page.locator(`tr[data-order-id="${order.id}"]`)).toBeVisible()
})

test("a member whose role may not read the orders sees why on Pedidos, inside the company (decision 031)", async ({ page }) => {
  // Carla's role in Distribuidora Sol only reads products, customers and conditions (server/db/seed-roles.ts): no 'Ver pedidos'.
  await login(page, CARLA.email, CARLA.password)
  await page.getByRole('button', { name: `Entrar em ${SELLER.org}` }).click()
  await expect(page).toHaveURL(/\/orders$/)
  await expect(page.getByRole('heading', { name: 'Pedidos', exact: true })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: orderMessages.noPermission })).toBeVisible()
  await expect(page.getByTestId('orders-table')).toHaveCount(0)
  // The rest of the company is there: the menu leads on.
  // Named 'Chat, N não lidas' when other tests left her messages.
  await page.getByRole('link', { name: /^Chat(,|$)/ }).first().click()
  await expect(page).toHaveURL(/\/Chat$/)
})

test("the e-mail's deep link in two tabs: the second confirmation is refused and the page then shows the order as it is", async ({ page, request }) => {
  const order = await sendDemoOrder(request, 1)
  await login(page, SELLER.email, SELLER.password)
  await page.getByRole('button', { name: `Entrar em ${SELLER.org}` }).click()
  await expect(page).toHaveURL(/\/orders$/)
  const other = await page.context().newPage()
  await page.goto(`/update-order-status/${order.id}/F`)
  await other.goto(`/update-order-status/${order.id}/N`)
  await expect(other.getByRole('button', { name: 'Confirmar: Negado' })).toBeVisible()
  await page.getByRole('button', { name: 'Confirmar: Faturado' }).click()
  await expect(page).toHaveURL(new RegExp(`/orders\\?pedido=${order.id}$`))
  // The other tab may have heard the change already (live); either way it ends on the order as it is, without the button.
  const confirm = other.getByRole('button', { name: 'Confirmar: Negado' })
  if (await confirm.isVisible()) await confirm.click()
  await expect(other.getByText('Este pedido já está “Faturado”.')).toBeVisible()
  await expect(other.getByRole('button', { name: /^Confirmar/ })).toHaveCount(0)
})

test("the e-mail's deep link, opened in another of the user's companies, asks to enter the order's: a GET switches no company", async ({ page, request }) => {
  const order = await sendDemoOrder(request, 1)
  await login(page, SELLER.email, SELLER.password)
  await page.goto('/personal-environment')
  await page.getByRole('button', { name: 'Entrar em Rede Farma Mais' }).click()
  await page.waitForURL((url) => url.pathname !== '/personal-environment')
  await page.goto(`/update-order-status/${order.id}/F`)
  const notice = orderMessages.deepOtherCompany(SELLER.org, 'Rede Farma Mais')
  await expect(page.getByText(notice)).toBeVisible()
  await expect(page.getByRole('button', { name: /^Confirmar/ })).toHaveCount(0)
  // Had the GET entered the seller, the page would now offer the change.
  await page.reload()
  await expect(page.getByText(notice)).toBeVisible()
  await page.getByRole('button', { name: orderMessages.deepEnter(SELLER.org) }).click()
  await expect(page.getByText(orderMessages.deepConfirm('Faturado'))).toBeVisible()
  await expect(page.getByText(notice)).toHaveCount(0)
})

test("the e-mail's deep link with no company entered names the order's company and enters it only by its post", async ({ page, request }) => {
  const order = await sendDemoOrder(request, 1)
  await login(page, SELLER.email, SELLER.password)
  // 'Sair da organização', as the side menu's form posts it with the company its page shows: the session acts for no company.
  const shown = (await page.locator('[data-empresa]').getAttribute('data-empresa'))!
  const left = await page.request.post('/personal-environment', { form: { intent: 'leave', _empresa: shown }, headers: { origin: new URL(page.url()).origin }, maxRedirects: 0 })
  expect(left.status()).toBe(302)
  await page.goto(`/update-order-status/${order.id}/F`)
  const notice = orderMessages.deepEnterFirst(SELLER.org)
  await expect(page.getByText(notice)).toBeVisible()
  await expect(page.getByRole('button', { name: /^Confirmar/ })).toHaveCount(0)
  // Had the GET entered the seller, Pedidos would open now; with no company entered it sends to the personal environment.
  await page.goto('/orders')
  await expect(page).toHaveURL(/\/personal-environment/)
  await page.goto(`/update-order-status/${order.id}/F`)
  await page.getByRole('button', { name: orderMessages.deepEnter(SELLER.org) }).click()
  await expect(page.getByText(orderMessages.deepConfirm('Faturado'))).toBeVisible()
  await expect(page.getByText(notice)).toHaveCount(0)
})

test("the e-mail's deep link tells a member of the seller whose role may not change orders so, not to find another account", async ({ page, request }) => {
  const order = await sendDemoOrder(request, 1)
  await login(page, CARLA.email, CARLA.password)
  await page.goto(`/update-order-status/${order.id}/N`)
  await expect(page.getByText(orderMessages.deepForbidden)).toBeVisible()
  await expect(page.getByText(orderMessages.deepNotYours)).toHaveCount(0)
})

test('a period the API refuses is said beside its fields, on Pedidos; a page past the end opens the last one', async ({ page, request }) => {
  await sendDemoOrder(request)
  await login(page, SELLER.email, SELLER.password)
  await page.goto('/personal-environment')
  await page.getByRole('button', { name: `Entrar em ${SELLER.org}` }).click()
  await expect(page).toHaveURL(/\/orders$/)
  await page.getByLabel('De', { exact: true }).fill('2026-11-30')
  await page.getByLabel('Até', { exact: true }).fill('2026-11-01')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/\/orders\?/)
  await expect(page.getByRole('alert').filter({ hasText: 'A data final' })).toHaveText(`A data final deve ser igual ou posterior à inicial. ${orderMessages.periodIgnored}`)
  await expect(page.getByLabel('Até', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('orders-table').locator('tbody tr').first()).toBeVisible()

  await page.goto('/orders?page=100000')
  await expect(page).toHaveURL(/\/orders\?page=\d+$/)
  expect(Number(new URL(page.url()).searchParams.get('page'))).toBeLessThan(100000)
  await expect(page.getByTestId('orders-table').locator('tbody tr').first()).toBeVisible()
})
