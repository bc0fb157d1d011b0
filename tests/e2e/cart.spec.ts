import { expect, type APIRequestContext } from '@playwright/test'
import { chooseTokenbaseTerm, clearDemoCarts, demoCart } from './cart-helpers.ts'
import { formatBrl } from '../../app/domain/catalog/money.ts'
import { CENTRAL, enterCompany } from './chat-helpers.ts'
import { apiSession } from './condition-helpers.ts'
import { BRUNO, DEMO, test } from './helpers.ts'

/** The buyer's cart (decision 027): payment method, tokenbase option, minimum refused, a double submit makes one order. */
test('a buyer picks the payment method and the tokenbase option, is refused under the minimum, then sends once', async ({ page, request }) => {
  const cart = await demoCart(request, 5)
  await clearDemoCarts(request, cart)
  const fresh = await demoCart(request, 5)
  await enterCompany(page, BRUNO, CENTRAL)
  await expect(page.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible()
  await page.getByRole('link', { name: 'Carrinho, 1 item' }).click()
  await expect(page).toHaveURL(/\/market\/carrinho$/)
  const card = page.locator(`[data-cart="${fresh.cartId}"]`)
  await expect(card.getByRole('heading', { name: /Tabela Líquida Rede/ })).toBeVisible()

  await card.getByRole('link', { name: /^Escolher forma de pagamento/ }).click()
  const picker = page.getByRole('dialog', { name: 'Selecione a forma de pagamento' })
  await expect(picker).toBeVisible()
  // The first option is selected at first.
  await expect(picker.getByRole('radio').first()).toBeChecked()
  await picker.getByRole('radio', { name: /Tokenbase à vista/ }).check()
  await picker.getByRole('button', { name: 'Confirmar' }).click()
  const token = page.getByRole('dialog', { name: 'Selecione a opção Tokenbase' })
  await expect(token).toBeVisible()
  // The term picked is proposed; 'Cancelar' leaves the cart's term as it was.
  await expect(token.getByRole('radio', { name: /Tokenbase à vista/ })).toBeChecked()
  await token.getByRole('link', { name: 'Cancelar' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const term = card.locator('.cart-totals div').filter({ has: page.locator('dt', { hasText: 'Forma de pagamento' }) }).locator('dd')
  await expect(term).toContainText('Não escolhida')
  await expect(card.getByText('Tokenbase', { exact: true })).toHaveCount(0)

  await card.getByRole('link', { name: /^Escolher forma de pagamento/ }).click()
  await picker.getByRole('radio', { name: /Tokenbase à vista/ }).check()
  await picker.getByRole('button', { name: 'Confirmar' }).click()
  // Percentages as a Brazilian reads them: '7,755%', never '7.755%' (seven thousand…).
  await expect(token.getByText(/^Tokenbase à vista: -?\d+(,\d+)?% — desconto de R\$/)).toBeVisible()
  await token.getByRole('button', { name: 'Confirmar' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // The term's name says its days already: not 'Tokenbase à vista (à vista)'; and the link now offers a change.
  await expect(term).toHaveText(/^Tokenbase à vista Trocar forma de pagamento$/)
  await expect(card.getByRole('link', { name: /^Trocar forma de pagamento/ })).toBeVisible()
  await expect(card.getByText(/^-?\d+(,\d+)?% \(− R\$\s[\d.]+,\d{2}\)$/)).toBeVisible()

  await expect(card.getByRole('button', { name: 'Enviar pedido' })).toHaveAccessibleDescription(/Esta condição pede no mínimo 12 unidades/)
  await card.getByRole('button', { name: 'Enviar pedido' }).click()
  // Said beside the button pressed, and read (at the top of the page it was off screen on a phone).
  await expect(card.getByRole('alert').filter({ hasText: 'Esta condição pede no mínimo 12 unidades; o carrinho tem 5.' })).toBeFocused()
  // Said once: the list of what keeps the cart from being sent is the refusal, not a second red box beside it.
  await expect(card.getByText('Esta condição pede no mínimo 12 unidades; o carrinho tem 5.')).toHaveCount(1)

  // A quantity refused is said on its row, the field keeps what was typed and is marked invalid.
  const quantity = card.getByLabel(`Quantidade de ${fresh.product.nome}`)
  // Below the line's minimum: the product's words, never the browser's English bubble.
  await quantity.fill('0')
  await card.getByRole('button', { name: 'Atualizar' }).click()
  await expect(quantity).toHaveAccessibleDescription('Informe uma quantidade inteira de 1 a 1.000.000.')
  await expect(quantity).toBeFocused()
  await quantity.fill('')
  await card.getByRole('button', { name: 'Atualizar' }).click()
  await expect(quantity).toHaveAttribute('aria-invalid', 'true')
  await expect(quantity).toHaveAccessibleDescription('Informe uma quantidade inteira de 1 a 1.000.000.')
  await expect(quantity).toHaveValue('')
  await expect(page.locator('.notice-error')).toHaveCount(0)
  await card.getByLabel(`Quantidade de ${fresh.product.nome}`).fill('12')
  await card.getByRole('button', { name: 'Atualizar' }).click()
  // The toast, which a screen reader hears, says the cart's new total as the totals show it.
  const toast = page.getByText(/^Quantidade atualizada\. Total do carrinho: R\$\s[\d.]+,\d{2}\.$/)
  await expect(toast).toBeVisible()
  const said = (await toast.textContent())!.match(/R\$\s[\d.]+,\d{2}/)![0]
  await expect(card.locator('.cart-totals div').filter({ has: page.locator('dt', { hasText: /^Total$/ }) }).locator('dd')).toHaveText(said)
  const chave = await card.locator('input[name="chave"]').inputValue()
  await card.getByRole('button', { name: 'Enviar pedido' }).dblclick()
  const done = page.locator('.notice-success').filter({ has: page.getByRole('link', { name: 'Ver pedidos' }) })
  await expect(done).toContainText(/^Pedido nº \d+ enviado com sucesso\./)
  await expect(done.getByRole('link', { name: 'Ver pedidos' })).toHaveAttribute('href', '/orders')
  // Said once, by the toast: the notice that stays on the page is not a live region as well.
  await expect(page.locator('[role="status"], [role="alert"]').filter({ hasText: /enviado com sucesso/ })).toHaveCount(1)
  const id = Number(/nº (\d+)/.exec((await done.textContent()) ?? '')![1])
  // The page's key is that one order: sent again, it answers the same order.
  const again = await request.post('/api/pedidos/enviaPedido', { headers: fresh.headers, data: { organizacao_id: fresh.central, checkout_id: fresh.cartId, chave } })
  expect(again.status()).toBe(200)
  expect(((await again.json()) as { pedido: { id: number } }).pedido.id).toBe(id)
  await expect(page.getByRole('link', { name: 'Carrinho, vazio' })).toBeVisible()
  // The order's totals say what took the subtotal to the total, as the cart did.
  await page.goto(`/orders?aba=feitos&pedido=${id}`)
  await expect(page.locator('.order-totals')).toContainText(/Tokenbase-?\d+(,\d+)?% \(− R\$\s?[\d.]+,\d{2}\)/)
})

/** Sets the demo condition line's net price as Ana (the seller); answers the price it had. */
async function setLinePrice(request: APIRequestContext, cart: Awaited<ReturnType<typeof demoCart>>, preco: string) {
  const ana = await apiSession(request, DEMO)
  const res = await request.post('/api/condicoes/updateCondicaoProdutos', { headers: ana.headers, data: { condicao_id: cart.conditionId, ids: [cart.product.id], preco_liquido: preco } })
  expect(res.status(), await res.text()).toBeLessThan(300)
}

const reais = (centavos: number) => (centavos / 100).toFixed(2).replace('.', ',')

/** The cart's line total as the API prices it now. */
async function lineTotal(request: APIRequestContext, cart: Awaited<ReturnType<typeof demoCart>>) {
  const list = (await (await request.get(`/api/checkout/showCheckoutItens/${cart.central}`, { headers: cart.headers })).json()) as { carrinhos: { id: number; itens: { total_centavos: number }[] }[] }
  return list.carrinhos.find((c) => c.id === cart.cartId)!.itens[0].total_centavos
}

test('a send refused because a price changed shows today’s prices and total before the buyer confirms', async ({ page, request }) => {
  const first = await demoCart(request, 12)
  await clearDemoCarts(request, first)
  const cart = await demoCart(request, 12)
  await chooseTokenbaseTerm(request, cart)
  const before = cart.product.preco_liquido_centavos!
  await enterCompany(page, BRUNO, CENTRAL)
  await page.goto('/market/carrinho')
  const card = page.locator(`[data-cart="${cart.cartId}"]`)
  await expect(card.getByRole('cell', { name: formatBrl(await lineTotal(request, cart)), exact: true })).toBeVisible()
  try {
    await setLinePrice(request, cart, reais(before + 41))
    await card.getByRole('button', { name: 'Enviar pedido' }).click()
    await expect(card.getByRole('heading', { name: 'Preços alterados' })).toBeVisible()
    // The list of changes takes the focus where the button was (not the page's top), and Tab reaches the confirmation next.
    await expect(card.getByRole('alert').filter({ hasText: 'Preços alterados' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(card.getByRole('button', { name: 'Confirmar preços e enviar' })).toBeFocused()
    // What the buyer confirms is on screen: the line at today's price, and the total with it.
    await expect(card.getByRole('cell', { name: formatBrl(await lineTotal(request, cart)), exact: true })).toBeVisible()
    await expect(card.getByText(/Preço mudou: era R\$/).first()).toBeVisible()
    await expect(card.getByText(/^Total do carrinho: era R\$\s[\d.]+,\d{2}, hoje R\$\s[\d.]+,\d{2}\.$/)).toBeVisible()
    await card.getByRole('button', { name: 'Confirmar preços e enviar' }).click()
    const done = page.locator('.notice-success').filter({ has: page.getByRole('link', { name: 'Ver pedidos' }) })
    await expect(done).toContainText(/^Pedido nº \d+ enviado com sucesso\./)
  } finally {
    await setLinePrice(request, cart, reais(before))
  }
})

test('a cart sent from another tab: the other tab says where the order is and no longer shows the cart', async ({ page, request }) => {
  const first = await demoCart(request, 12)
  await clearDemoCarts(request, first)
  const cart = await demoCart(request, 12)
  await chooseTokenbaseTerm(request, cart)
  await enterCompany(page, BRUNO, CENTRAL)
  await page.goto('/market/carrinho')
  const other = await page.context().newPage()
  await other.goto('/market/carrinho')
  await page.locator(`[data-cart="${cart.cartId}"]`).getByRole('button', { name: 'Enviar pedido' }).click()
  await expect(page.locator('.notice-success').filter({ has: page.getByRole('link', { name: 'Ver pedidos' }) })).toContainText('enviado com sucesso')
  await other.locator(`[data-cart="${cart.cartId}"]`).getByRole('button', { name: 'Enviar pedido' }).click()
  await expect(other.getByRole('alert').filter({ hasText: 'Este carrinho' })).toHaveText('Este carrinho não existe mais: se ele foi enviado em outra aba ou por outra pessoa da empresa, o pedido está em Pedidos.')
  await expect(other.locator(`[data-cart="${cart.cartId}"]`)).toHaveCount(0)
})

test('deleting a cart asks once more, and only the confirmation deletes it', async ({ page, request }) => {
  const cart = await demoCart(request, 5)
  await clearDemoCarts(request, cart)
  const fresh = await demoCart(request, 5)
  await enterCompany(page, BRUNO, CENTRAL)
  await page.goto('/market/carrinho')
  const card = page.locator(`[data-cart="${fresh.cartId}"]`)
  const question = card.getByText('Excluir este carrinho e o seu item? Não dá para desfazer: os produtos continuam no mercado.')
  // Escape closes the question and gives the focus back to where it opened.
  await card.getByText('Excluir carrinho').click()
  await expect(question).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(question).toBeHidden()
  await expect(card.locator('summary', { hasText: 'Excluir carrinho' })).toBeFocused()
  await card.getByText('Excluir carrinho').click()
  await expect(question).toBeVisible()
  await expect(card.getByRole('table')).toBeVisible()
  await card.getByRole('button', { name: 'Sim, excluir o carrinho' }).click()
  await expect(card).toHaveCount(0)
  await expect(page.getByText('Seus carrinhos estão vazios', { exact: false })).toBeVisible()
})

test('a send refused for the payment method’s minimum says it once, beside the button, and reads it', async ({ page, request }) => {
  const first = await demoCart(request, 12)
  await clearDemoCarts(request, first)
  const cart = await demoCart(request, 12)
  const terms = (await (await request.get(`/api/checkout/RestoreCondicoesPagamentos/${cart.cartId}`, { headers: cart.headers })).json()) as { pagamentos: { id: number; nome: string }[] }
  const boleto = terms.pagamentos.find((p) => p.nome.startsWith('Boleto'))!
  const chosen = await request.post('/api/checkout/definePagamentoCheckout', { headers: cart.headers, data: { organizacao_id: cart.central, checkout_id: cart.cartId, pagamento_id: boleto.id } })
  expect(chosen.status(), await chosen.text()).toBeLessThan(300)
  await enterCompany(page, BRUNO, CENTRAL)
  await page.goto('/market/carrinho')
  const card = page.locator(`[data-cart="${cart.cartId}"]`)
  const minimum = /^A forma de pagamento Boleto.* pede um pedido mínimo de R\$\s[\d.]+,\d{2}; o carrinho soma R\$\s[\d.]+,\d{2}\.$/
  await expect(card.getByText(minimum)).toHaveCount(1)
  await card.getByRole('button', { name: 'Enviar pedido' }).click()
  await expect(card.getByRole('alert').filter({ hasText: minimum })).toBeFocused()
  await expect(card.getByText(minimum)).toHaveCount(1)
  await clearDemoCarts(request, cart)
})

test('the token selection’s Confirm waits for an option; Cancelar leaves the modal', async ({ page, request }) => {
  const first = await demoCart(request, 12)
  await clearDemoCarts(request, first)
  const cart = await demoCart(request, 12)
  await enterCompany(page, BRUNO, CENTRAL)
  await page.goto(`/market/carrinho?modal=token&carrinho=${cart.cartId}`)
  const token = page.getByRole('dialog', { name: 'Selecione a opção Tokenbase' })
  await expect(token.getByRole('button', { name: 'Confirmar' })).toBeDisabled()
  await token.getByRole('radio', { name: /Tokenbase à vista/ }).check()
  await expect(token.getByRole('button', { name: 'Confirmar' })).toBeEnabled()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await clearDemoCarts(request, cart)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the tokenbase modal confirmed with no option chosen stays open and says why inside it; the keyboard starts in it', async ({ page, request }) => {
    const first = await demoCart(request, 12)
    await clearDemoCarts(request, first)
    const cart = await demoCart(request, 12)
    await enterCompany(page, BRUNO, CENTRAL)
    await page.goto(`/market/carrinho?modal=token&carrinho=${cart.cartId}`)
    const token = page.getByRole('dialog', { name: 'Selecione a opção Tokenbase' })
    await expect(token.getByRole('heading', { name: 'Selecione a opção Tokenbase' })).toBeFocused()
    await token.getByRole('button', { name: 'Confirmar' }).click()
    await expect(token.getByRole('alert')).toHaveText('Escolha uma opção Tokenbase.')
  })
})
