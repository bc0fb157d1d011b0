import { expect } from '@playwright/test'
import { clearDemoCarts, demoCart } from './cart-helpers.ts'
import { CENTRAL, enterCompany } from './chat-helpers.ts'
import { BRUNO, test } from './helpers.ts'

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
  await expect(token.getByRole('button', { name: 'Confirmar' })).toBeDisabled()
  // Percentages as a Brazilian reads them: '7,755%', never '7.755%' (seven thousand…).
  await expect(token.getByText(/^Tokenbase à vista: -?\d+(,\d+)?% — desconto de R\$/)).toBeVisible()
  await token.getByRole('radio', { name: /Tokenbase à vista/ }).check()
  await token.getByRole('button', { name: 'Confirmar' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(card.getByText('Tokenbase à vista (à vista)')).toBeVisible()
  await expect(card.getByText(/^-?\d+(,\d+)?% \(− R\$\s[\d.]+,\d{2}\)$/)).toBeVisible()

  await card.getByRole('button', { name: 'Enviar pedido' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Esta condição pede no mínimo 12 unidades; o carrinho tem 5.' })).toBeVisible()

  // A quantity refused is said on its row, the field keeps what was typed and is marked invalid.
  const quantity = card.getByLabel(`Quantidade de ${fresh.product.nome}`)
  await quantity.fill('')
  await card.getByRole('button', { name: 'Atualizar' }).click()
  await expect(quantity).toHaveAttribute('aria-invalid', 'true')
  await expect(quantity).toHaveAccessibleDescription('Informe uma quantidade inteira de 1 a 1.000.000.')
  await expect(quantity).toHaveValue('')
  await expect(page.locator('.notice-error')).toHaveCount(0)
  await card.getByLabel(`Quantidade de ${fresh.product.nome}`).fill('12')
  await card.getByRole('button', { name: 'Atualizar' }).click()
  await expect(page.getByText('Quantidade atualizada.')).toBeVisible()
  const chave = await card.locator('input[name="chave"]').inputValue()
  await card.getByRole('button', { name: 'Enviar pedido' }).dblclick()
  const done = page.getByRole('status').filter({ has: page.getByRole('link', { name: 'Ver pedidos' }) })
  await expect(done).toContainText(/^Pedido nº \d+ enviado com sucesso\./)
  await expect(done.getByRole('link', { name: 'Ver pedidos' })).toHaveAttribute('href', '/orders')
  const id = Number(/nº (\d+)/.exec((await done.textContent()) ?? '')![1])
  // The page's key is that one order: sent again, it answers the same order.
  const again = await request.post('/api/pedidos/enviaPedido', { headers: fresh.headers, data: { organizacao_id: fresh.central, checkout_id: fresh.cartId, chave } })
  expect(again.status()).toBe(200)
  expect(((await again.json()) as { pedido: { id: number } }).pedido.id).toBe(id)
  await expect(page.getByRole('link', { name: 'Carrinho, vazio' })).toBeVisible()
})
