import { expect } from '@playwright/test'
import { enterAsSeller, newConditionSeller } from './condition-helpers.ts'
import { test } from './helpers.ts'

const TOKENBASE = 'TKB-PRAZOS-1'

/** A condition's payment terms with tokenbase formulas, and its discount rules (decision 020). */

test('the seller adds a payment term with a tokenbase formula and sees the computed percent, fator, valor and valor_total', async ({ page }) => {
  const seller = await newConditionSeller(page.request, { prefix: 'prazos', tokenbase: TOKENBASE })
  await enterAsSeller(page, seller)
  await page.goto(`${seller.path}?aba=pagamentos`)
  await expect(page.getByRole('heading', { name: 'Prazos de pagamento' })).toBeVisible()
  await page.getByRole('link', { name: 'Novo prazo' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo prazo de pagamento' })
  await dialog.getByLabel('Nome').fill('Boleto 30 dias')
  await dialog.getByLabel('Prazo em dias').fill('30')
  await dialog.getByLabel('Pedido mínimo (R$)').fill('100,00')
  // The mask drops what a formula cannot hold and turns the decimal comma into the dot.
  await dialog.getByLabel('Fórmula tokenbase (opcional)').pressSequentially('desconto ; / 3,0')
  await expect(dialog.getByLabel('Fórmula tokenbase (opcional)')).toHaveValue('desconto / 3.0')
  await dialog.getByRole('button', { name: 'Adicionar prazo' }).click()
  await expect(page.getByText('Prazo de pagamento Boleto 30 dias adicionado.')).toBeVisible()
  const row = page.getByRole('row', { name: /Boleto 30 dias/ })
  await expect(row).toContainText('30 dias')
  await expect(row).toContainText('R$ 100,00')
  await expect(row).toContainText('desconto / 3.0')

  await page.getByLabel('Desconto (%)').fill('10')
  await page.getByLabel('Total do pedido (R$)').fill('1.000,00')
  await page.getByRole('button', { name: 'Simular' }).click()
  const result = page.getByRole('region', { name: 'Resultado da simulação' }).getByRole('row', { name: /Boleto 30 dias/ })
  await expect(result).toContainText('3,333%')
  await expect(result).toContainText('0,03333')
  await expect(result).toContainText('R$ 33,33')
  await expect(result).toContainText('R$ 966,67')

  // A formula the parser refuses is answered with its message, and nothing is stored.
  await page.getByRole('link', { name: 'Editar Boleto 30 dias' }).click()
  const edit = page.getByRole('dialog', { name: 'Editar prazo Boleto 30 dias' })
  await edit.getByLabel('Fórmula tokenbase (opcional)').fill('desconto|2')
  await edit.getByLabel('Fórmula tokenbase (opcional)').blur()
  await expect(edit.getByLabel('Fórmula tokenbase (opcional)')).toHaveAccessibleDescription(/Caractere "\|" não aceito na fórmula \(posição 9\)/)
})

test('the seller adds a progressive rule: two steps of the same scope, described in plain language', async ({ page }) => {
  const seller = await newConditionSeller(page.request, { prefix: 'regras', tokenbase: TOKENBASE })
  await enterAsSeller(page, seller)
  await page.goto(`${seller.path}?aba=regras`)
  for (const [nome, minimo, desconto] of [
    ['Volume 50', '50', '2'],
    ['Volume 100', '100', '3,5'],
  ]) {
    await page.getByRole('link', { name: 'Nova regra' }).click()
    const dialog = page.getByRole('dialog', { name: 'Nova regra de desconto' })
    await dialog.getByLabel('Nome').fill(nome)
    await dialog.getByLabel('Tipo').selectOption('Q')
    await dialog.getByLabel('A partir de').fill(minimo)
    await dialog.getByLabel('Desconto (%)').fill(desconto)
    await dialog.getByRole('button', { name: 'Adicionar regra' }).click()
    await expect(page.getByText(`Regra ${nome} adicionada.`)).toBeVisible()
  }
  const rules = page.getByRole('list', { name: 'Regras' })
  await expect(rules.getByRole('listitem')).toHaveText([/A partir de 50 unidades da condição: 2% de desconto/, /A partir de 100 unidades da condição: 3,5% de desconto/])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a rule is refused with the server’s messages, then added, then deleted', async ({ page }) => {
    const seller = await newConditionSeller(page.request, { prefix: 'regrasnojs', tokenbase: TOKENBASE })
    await enterAsSeller(page, seller)
    await page.goto(`${seller.path}?aba=regras&modal=nova-regra`)
    const dialog = page.getByRole('dialog', { name: 'Nova regra de desconto' })
    await dialog.getByLabel('Nome').fill('Pedido grande')
    await dialog.getByLabel('Tipo').selectOption('V')
    await dialog.getByLabel('A partir de').fill('0,00')
    await dialog.getByLabel('Desconto (%)').fill('120')
    await dialog.getByRole('button', { name: 'Adicionar regra' }).click()
    await expect(dialog.getByLabel('A partir de')).toHaveAccessibleDescription(/Informe o valor mínimo em reais/)
    await expect(dialog.getByLabel('Desconto (%)')).toHaveAccessibleDescription(/maior que 0 e até 100/)
    await dialog.getByLabel('A partir de').fill('1.500,00')
    await dialog.getByLabel('Desconto (%)').fill('1,5')
    await dialog.getByRole('button', { name: 'Adicionar regra' }).click()
    await expect(page.getByText('Regra Pedido grande adicionada.')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Regras' })).toContainText('A partir de R$ 1.500,00 em produtos da condição: 1,5% de desconto')
    await page.getByRole('link', { name: 'Excluir regra Pedido grande' }).click()
    await page.getByRole('dialog', { name: 'Excluir regra' }).getByRole('button', { name: 'Sim, excluir' }).click()
    await expect(page.getByText('Regra Pedido grande excluída.')).toBeVisible()
    await expect(page.getByText('Nenhuma regra de desconto nesta condição.')).toBeVisible()
  })
})
