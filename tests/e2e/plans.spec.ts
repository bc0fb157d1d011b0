import { expect, type Page } from '@playwright/test'
import { enterCompany, SOL, watchRealtime } from './chat-helpers.ts'
import { CARLA, DEMO, test } from './helpers.ts'
import { createAndVerifyOrganization, newLoggedInUser } from './organization-helpers.ts'

// The plans modal ('Pedidos Pro', tab Planos): each card's button for the plan held, the trial, an upgrade, a
// downgrade that asks first and is refused while the company is over the smaller plan's limits, and what a member
// who is not an admin sees.

const plansModal = (page: Page) => page.getByRole('dialog', { name: 'Pedidos Pro' })
const card = (page: Page, name: string) => plansModal(page).getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: false }) }).first()

test('a new seller on Básico starts the trial of Pro, upgrades to Pro +, and may not go back to Básico while a condition is visible', async ({ page }) => {
  const user = await newLoggedInUser(page, 'planos')
  await createAndVerifyOrganization(page, user.email, 'f')
  await page.goto('/conditions?modal=novo')
  await page.getByRole('dialog', { name: 'Nova condição' }).getByLabel('Nome').fill('Tabela do Teste')
  await page.getByRole('dialog', { name: 'Nova condição' }).getByRole('button', { name: 'Criar condição' }).click()
  const suspended = page.getByRole('banner').getByRole('link', { name: '1 condição suspensa' })
  await suspended.click()
  await page.getByRole('dialog', { name: 'Condições Suspensas' }).getByRole('link', { name: 'Ir para Planos' }).click()

  const modal = plansModal(page)
  await expect(modal.getByRole('heading', { name: 'Seu plano: Básico' })).toBeVisible()
  await expect(card(page, 'Básico').getByRole('button', { name: 'Plano atual' })).toBeDisabled()
  await expect(card(page, 'Básico')).toContainText('Grátis')
  await expect(card(page, 'Pro Recomendado')).toContainText('R$ 49,00 por usuário/mês')
  await expect(card(page, 'Pro Recomendado')).toContainText('mínimo de 6 usuários')
  await expect(card(page, 'Pro ∞')).toContainText('Sob consulta')

  await card(page, 'Pro Recomendado').getByRole('button', { name: 'Teste grátis 14 dias: Pro' }).click()
  await expect(page.getByText('Teste grátis do plano Pro iniciado: ele acaba em 14 dias.')).toBeVisible()
  await expect(modal.getByRole('heading', { name: 'Seu plano: Pro (Teste grátis acaba em 14 dias)' })).toBeVisible()
  // During the trial the plan held is still Básico: the paid cards offer the upgrade.
  await expect(card(page, 'Básico').getByRole('button', { name: 'Plano atual' })).toBeDisabled()
  await expect(card(page, 'Pro Recomendado').getByRole('button', { name: 'Fazer upgrade: Pro' })).toBeVisible()

  // Another tab of the same company, open on another screen: it follows the change without a reload.
  const other = await page.context().newPage()
  const live = watchRealtime(other)
  await other.goto('/products')
  await expect(other.getByRole('banner').getByRole('link', { name: '1 condição suspensa' })).toBeVisible()
  await live.ready()

  await card(page, 'Pro +').getByRole('button', { name: 'Fazer upgrade: Pro +' }).click()
  await expect(page.getByText('Plano alterado para Pro +.')).toBeVisible()
  await expect(modal.getByRole('heading', { name: 'Seu plano: Pro +' })).toBeVisible()
  await expect(card(page, 'Pro +').getByRole('button', { name: 'Plano atual' })).toBeDisabled()
  // A paid plan shows the conditions: the header's notice of suspended ones is gone, in the other tab too.
  await expect(suspended).toHaveCount(0)
  await expect(other.getByRole('banner').getByRole('link', { name: '1 condição suspensa' })).toHaveCount(0)
  await expect(other.getByRole('status').filter({ hasText: 'Plano alterado para Pro +.' })).toBeAttached()
  await other.close()

  await card(page, 'Básico').getByRole('link', { name: 'Fazer downgrade: Básico' }).click()
  await expect(modal.getByRole('alertdialog', { name: 'Por favor, confirme:' })).toContainText('Deseja mesmo mudar para o plano Básico?')
  await modal.getByRole('button', { name: 'Sim' }).click()
  await expect(page.getByText('No plano Básico, os clientes não veem as condições, e a empresa tem 1 condição ativa e visível')).toBeVisible()
  await expect(modal.getByRole('heading', { name: 'Seu plano: Pro +' })).toBeVisible()
})

test('a member who is not an admin sees the plans without prices and may only ask an admin', async ({ page }) => {
  await enterCompany(page, CARLA, SOL)
  await page.goto('/orders?modal=planos')
  const modal = plansModal(page)
  await expect(modal.getByRole('heading', { name: 'Seu plano: Pro' })).toBeVisible()
  await expect(modal.getByRole('heading', { name: 'Básico' })).toHaveCount(0)
  await expect(modal.getByRole('button', { name: 'Solicite alteração de plano' })).toHaveCount(3)
  for (const button of await modal.getByRole('button', { name: 'Solicite alteração de plano' }).all()) await expect(button).toBeDisabled()
  await expect(modal).not.toContainText('R$')
  await expect(modal).not.toContainText('Sob consulta')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("an admin on Pro: 'Plano Atual' on Pro, and a downgrade to Básico asks, then is refused with what to remove", async ({ page }) => {
    await enterCompany(page, DEMO, SOL)
    await page.goto('/orders?modal=planos')
    const modal = plansModal(page)
    await expect(card(page, 'Pro Recomendado').getByRole('button', { name: 'Plano Atual' })).toBeDisabled()
    await expect(card(page, 'Pro +').getByRole('button', { name: 'Fazer upgrade: Pro +' })).toBeVisible()
    await card(page, 'Básico').getByRole('link', { name: 'Fazer downgrade: Básico' }).click()
    await modal.getByRole('button', { name: 'Sim' }).click()
    await expect(page.getByText(/^No plano Básico, os clientes não veem as condições/)).toBeVisible()
    await expect(plansModal(page).getByRole('heading', { name: 'Seu plano: Pro' })).toBeVisible()
  })
})
