import { expect, type Page } from '@playwright/test'
import { enterCompany, SOL, watchRealtime } from './chat-helpers.ts'
import { CARLA, DEMO, PNG_1X1, test } from './helpers.ts'
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
  // Nor the invoices: no tab, no 'Ver Cobranças'.
  await expect(modal.getByRole('link', { name: 'Cobranças', exact: true })).toHaveCount(0)
  await expect(modal.getByRole('link', { name: 'Ver Cobranças' })).toHaveCount(0)
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

test('an admin sees the month’s invoice with its receipt, sends its nota fiscal, and keeps one billing e-mail', async ({ page }) => {
  await enterCompany(page, DEMO, SOL)
  await page.goto('/orders?modal=planos')
  await plansModal(page).getByRole('link', { name: 'Ver Cobranças' }).click()
  await expect(plansModal(page).getByRole('link', { name: 'Cobranças', exact: true })).toHaveAttribute('aria-current', 'page')
  // The server bills the month a minute after it starts (server/billing/schedule.ts): Sol is on Pro.
  const row = plansModal(page).getByRole('row').filter({ hasText: 'Pro' }).first()
  await expect
    .poll(
      async () => {
        await page.reload()
        return row.count()
      },
      { timeout: 100_000, intervals: [5_000] },
    )
    .toBe(1)
  // Two active members, billed at Pro's minimum of 6 users at R$ 49,00.
  await expect(row).toContainText('R$ 294,00')
  const file = row.getByRole('link', { name: /^(Recibo|Nota fiscal) / })
  const download = await page.request.get((await file.getAttribute('href'))!)
  expect(download.status()).toBe(200)
  expect((await download.body()).subarray(0, 4).toString()).toMatch(/%PDF|\x89PNG/)

  await row.getByLabel(/^Nota fiscal do título/).setInputFiles({ name: 'nf.png', mimeType: 'image/png', buffer: PNG_1X1 })
  await row.getByRole('button', { name: 'Enviar nota fiscal' }).click()
  await expect(page.getByText('Nota fiscal enviada: o título não está mais pendente.')).toBeVisible()
  const sent = plansModal(page).getByRole('row').filter({ hasText: 'Pro' }).first()
  await expect(sent.getByText('Pendente')).toHaveCount(0)
  await expect(sent.getByRole('link', { name: /^Nota fiscal / })).toBeVisible()

  await plansModal(page).getByRole('link', { name: 'E-mail de cobrança' }).click()
  const emails = page.getByRole('dialog', { name: 'E-mail de cobrança' })
  await emails.getByLabel('Email').fill('financeiro-sem-arroba')
  await emails.getByRole('button', { name: 'Adicionar' }).click()
  await expect(page.getByText('Email inválido', { exact: true })).toBeVisible()
  await page.getByRole('dialog', { name: 'E-mail de cobrança' }).getByLabel('Email').fill('financeiro@distribuidorasol.com.br')
  await page.getByRole('dialog', { name: 'E-mail de cobrança' }).getByRole('button', { name: 'Adicionar' }).click()
  await expect(page.getByText('Email adicionado com sucesso')).toBeVisible()
  const manager = page.getByRole('dialog', { name: 'E-mail de cobrança' })
  await expect(manager.getByRole('button', { name: 'Adicionar' })).toBeDisabled()
  await manager.getByRole('link', { name: 'Excluir financeiro@distribuidorasol.com.br' }).click()
  await expect(manager.getByRole('alertdialog', { name: 'Por favor, confirme:' })).toContainText('Deseja mesmo excluir o email financeiro@distribuidorasol.com.br?')
  await manager.getByRole('button', { name: 'Sim' }).click()
  await expect(page.getByText('Email removido com sucesso')).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'E-mail de cobrança' }).getByText('Nenhum e-mail cadastrado.')).toBeVisible()
})
