import { expect, type Page } from '@playwright/test'
import { login, MSG, NEW_PASSWORD, signUp, test, uniqueEmail } from './helpers.ts'

/**
 * A toast closes by itself after 4 s, but not while the pointer is over it or the focus in it (WCAG 2.2.1),
 * and closing the last one gives the focus back where it came from: on a page that is not hydrated (Login after
 * sign-up, decision 039) as on a hydrated one (app/lib/ui/toaster-hold.ts).
 */

const toast = (page: Page, text: string) => page.locator('.toaster .toast').filter({ hasText: text })

async function heldThenGone(page: Page, text: string) {
  await toast(page, text).hover()
  await page.waitForTimeout(5_000)
  await expect(toast(page, text), 'kept while the pointer is over it').toBeVisible()
  await page.mouse.move(1, 1)
  await expect(toast(page, text), 'gone once the pointer has left').toHaveCount(0, { timeout: 6_000 })
}

test('Login after sign-up (not hydrated): the toast waits under the pointer, and its close gives the focus back', async ({ page }) => {
  const user = { name: 'Toni Aviso', email: uniqueEmail('toni'), password: NEW_PASSWORD }
  await signUp(page, user)
  await page.waitForLoadState('networkidle')
  const password = page.getByLabel('Senha')
  await expect(password).toBeFocused()
  await toast(page, MSG.signupSuccess).getByRole('button', { name: 'Fechar aviso' }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page, MSG.signupSuccess)).toHaveCount(0)
  await expect(password).toBeFocused()

  await page.goto('/signup')
  await signUp(page, { ...user, email: uniqueEmail('toni') })
  await page.waitForLoadState('networkidle')
  await heldThenGone(page, MSG.signupSuccess)
})

test('a hydrated page: the toast waits under the pointer and while focused, and its close gives the focus back', async ({ page }) => {
  const user = { name: 'Tina Aviso', email: uniqueEmail('tina'), password: NEW_PASSWORD }
  await signUp(page, user)
  await login(page, user.email, user.password)
  const entering = 'Entre em uma organização para abrir esta tela.'
  await page.goto('/Wallet')
  await expect(page).toHaveURL(/\/personal-environment$/)
  await page.waitForLoadState('networkidle')
  await heldThenGone(page, entering)

  await page.goto('/Wallet')
  await page.waitForLoadState('networkidle')
  const menu = page.getByLabel(/^Menu do usuário/)
  await menu.focus()
  await toast(page, entering).getByRole('button', { name: 'Fechar aviso' }).focus()
  await page.waitForTimeout(5_000)
  await expect(toast(page, entering), 'kept while focused').toBeVisible()
  await page.keyboard.press('Enter')
  await expect(toast(page, entering)).toHaveCount(0)
  await expect(menu).toBeFocused()
})

test('on a phone the toasts are at the top, away from the keyboard and the form buttons at the bottom', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const user = { name: 'Telma Aviso', email: uniqueEmail('telma'), password: NEW_PASSWORD }
  await signUp(page, user)
  const box = await toast(page, MSG.signupSuccess).boundingBox()
  expect(box).not.toBeNull()
  expect(box!.y).toBeLessThan(60)
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(390)
})
