import { expect } from '@playwright/test'
import { BRUNO, login, test } from './helpers.ts'
import { axeChecker, DESKTOP, PHONE, visit } from './axe-helpers.ts'
import { clearDemoCarts, demoCart } from './cart-helpers.ts'
import { LANDING } from './organization-helpers.ts'

/**
 * Accessibility of the cart screen (a11y.spec.ts checks every other screen). Apart from it because it fills and then
 * empties Bruno's demo carts: it runs with the specs that change demo data, one after another (playwright.config.ts),
 * not beside market.spec.ts, whose cart it emptied once in the middle of a test.
 */

/** The cart screen (decision 027) with a cart, and its two modals: the payment method picker and the token selection. */
test('the cart screen and its modals', async ({ page, request }) => {
  const cart = await demoCart(request, 5)
  const axe = await axeChecker(page)
  await login(page, BRUNO.email, BRUNO.password)
  await visit(page, '/personal-environment')
  await page.getByRole('button', { name: 'Entrar em Farmácia Central' }).click()
  await expect(page).toHaveURL(LANDING.v)
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    for (const state of ['', `?modal=pagamento&carrinho=${cart.cartId}`, `?modal=token&carrinho=${cart.cartId}`]) {
      await visit(page, `/market/carrinho${state}`)
      if (state) await expect(page.getByRole('dialog')).toBeVisible()
      await axe.check(`${viewport.width}px /market/carrinho${state}`)
    }
  }
  await clearDemoCarts(request, cart)
  expect(axe.checked).toBe(6)
  expect(axe.problems, axe.problems.join('\n')).toEqual([])
})
