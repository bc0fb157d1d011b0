import { expect, test } from '@playwright/test'
import { DEMO, login } from './helpers.ts'

test('the Login screen of spec §2 opens at / and at unknown paths', async ({ page }) => {
  for (const url of ['/', '/uma/rota/que/nao/existe']) {
    await page.goto(url)
    await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
    await expect(page.getByLabel('E-mail')).toBeVisible()
    await expect(page.getByLabel('Senha')).toBeVisible()
    await expect(page.getByLabel('Lembrar de mim')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Esqueceu a senha?' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Crie sua conta' })).toBeVisible()
  }
})

test('a demo user logs in, sees the organizations and logs out', async ({ page }) => {
  await login(page, DEMO.email, DEMO.password)
  await expect(page.getByRole('heading', { name: 'Minhas organizações' })).toBeVisible()
  await expect(page.getByText('Distribuidora Sol')).toBeVisible()
  await page.getByText(DEMO.name).click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
  await page.goto('/personal-environment')
  await expect(page).toHaveURL(/\/$/)
})
