import { expect } from '@playwright/test'
import { enterCompany, SOL } from './chat-helpers.ts'
import { DEMO, test } from './helpers.ts'
import { createAndVerifyOrganization, newLoggedInUser } from './organization-helpers.ts'

// The virtual store: Pro ∞'s public catalogue. Its modal opens from Produtos; a plan without it opens the
// restricted-feature modal; its link is a page anyone reads without logging in, with no prices.

test("a Pro company's 'Loja virtual' opens 'Acesso restrito', which leads to the plans", async ({ page }) => {
  await enterCompany(page, DEMO, SOL)
  await page.goto('/products')
  await page.getByRole('link', { name: 'Loja virtual' }).click()
  const restricted = page.getByRole('dialog', { name: 'Acesso restrito' })
  await expect(restricted).toBeVisible()
  await restricted.getByRole('link', { name: 'Ir para Planos' }).click()
  await expect(page.getByRole('dialog', { name: 'Pedidos Pro' })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a seller on the Pro ∞ trial names its store; anyone opens it, finds its active products and sees no price', async ({ page, browser }) => {
    const user = await newLoggedInUser(page, 'loja')
    const org = await createAndVerifyOrganization(page, user.email, 'f', { javaScript: false })
    await page.goto('/products?modal=planos')
    await page.getByRole('button', { name: 'Teste grátis 14 dias: Pro ∞' }).click()
    await expect(page.getByText('Teste grátis do plano Pro ∞ iniciado: ele acaba em 14 dias.')).toBeVisible()

    await page.goto('/products?modal=novo')
    const product = page.getByRole('dialog', { name: 'Novo produto' })
    await product.getByLabel('Nome').fill('Sabonete da Loja')
    await product.getByLabel('Código').fill('LOJA-1')
    await product.getByLabel('Preço (R$)').fill('12,34')
    await product.getByRole('button', { name: 'Cadastrar produto' }).click()
    await expect(page.getByRole('row', { name: /Sabonete da Loja/ })).toBeVisible()

    await page.getByRole('link', { name: 'Loja virtual' }).click()
    const modal = page.getByRole('dialog', { name: 'Loja virtual' })
    await expect(modal.getByText('A loja ainda não tem endereço: escolha um e salve.')).toBeVisible()
    await modal.getByLabel('Endereço da loja').fill('-errado')
    await modal.getByRole('button', { name: 'Salvar' }).click()
    await expect(page.getByText('Use de 3 a 60 letras minúsculas, números ou hífens, sem hífen no começo ou no fim.')).toBeVisible()
    const slug = `loja-${org.cnpj.replace(/\D/g, '').slice(0, 10)}`
    await page.getByRole('dialog', { name: 'Loja virtual' }).getByLabel('Endereço da loja').fill(slug)
    await page.getByRole('dialog', { name: 'Loja virtual' }).getByLabel('Texto de boas-vindas').fill('Bem-vindo ao nosso catálogo.')
    await page.getByRole('dialog', { name: 'Loja virtual' }).getByRole('button', { name: 'Salvar' }).click()
    await expect(page.getByText('Loja virtual salva.')).toBeVisible()
    const link = page.getByRole('dialog', { name: 'Loja virtual' }).getByLabel('Link da loja')
    await expect(link).toHaveValue(new RegExp(`/loja/${slug}$`))
    await expect(page.getByRole('dialog', { name: 'Loja virtual' }).getByRole('link', { name: 'Ir (abre em outra aba)' })).toHaveAttribute('href', await link.inputValue())

    const visitor = await browser.newPage({ javaScriptEnabled: false })
    await visitor.goto(new URL(await link.inputValue()).pathname)
    await expect(visitor.getByRole('heading', { level: 1, name: org.nome })).toBeVisible()
    await expect(visitor.getByText('Bem-vindo ao nosso catálogo.')).toBeVisible()
    await expect(visitor.getByRole('heading', { name: 'Sabonete da Loja' })).toBeVisible()
    await expect(visitor.locator('main')).not.toContainText('12,34')
    await visitor.getByRole('searchbox', { name: 'Buscar produtos' }).fill('nada disso')
    await visitor.getByRole('button', { name: 'Buscar' }).click()
    await expect(visitor.getByText('Nenhum produto encontrado.')).toBeVisible()
    await visitor.close()
  })
})
