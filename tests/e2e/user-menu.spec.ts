import { expect } from '@playwright/test'
import { DEMO, login, test } from './helpers.ts'

test('the header user menu offers Perfil, Ajuda and Logout and closes like a menu', async ({ page }) => {
  await login(page, DEMO.email, DEMO.password)
  const trigger = page.getByLabel(`Menu do usuário ${DEMO.name}`)
  const perfil = page.getByRole('banner').getByRole('link', { name: 'Perfil' })
  const ajuda = page.getByRole('banner').getByRole('button', { name: 'Ajuda' })
  const sair = page.getByRole('banner').getByRole('button', { name: 'Logout' })
  await expect(perfil).toBeHidden()

  await trigger.click()
  await expect(perfil).toBeVisible()
  await expect(ajuda).toBeVisible()
  await expect(sair).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(perfil).toBeHidden()

  await trigger.click()
  await expect(perfil).toBeVisible()
  await page.getByRole('heading', { name: 'Minhas organizações' }).click()
  await expect(perfil).toBeHidden()

  // Following an item closes the menu on the new page.
  await trigger.click()
  await perfil.click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(perfil).toBeHidden()
})
