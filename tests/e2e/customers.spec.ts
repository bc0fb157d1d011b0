import { expect, type Browser, type Page } from '@playwright/test'
import { test, CARLA, DEMO, login } from './helpers.ts'

// Clientes (/customers): the list, a new customer, blocking, a customer's payment methods, and the
// seller's payment methods without JavaScript. Changes Distribuidora Sol's demo data (listed in DEMO_DATA_SPECS).

const ORG = 'Distribuidora Sol'

/** A valid CNPJ never used before: twelve characters from the clock, then the check digits. */
function freshCnpj() {
  const base = `${Date.now()}`.slice(-10).padStart(10, '0') + String(Math.floor(Math.random() * 100)).padStart(2, '0')
  const digit = (s: string) => {
    let weight = 2
    let sum = 0
    for (let i = s.length - 1; i >= 0; i--) {
      sum += (s.charCodeAt(i) - 48) * weight
      weight = weight === 9 ? 2 : weight + 1
    }
    const rest = sum % 11
    return rest < 2 ? 0 : 11 - rest
  }
  const first = digit(base)
  return `${base}${first}${digit(base + first)}`
}

async function openCustomers(page: Page, user: { email: string; password: string } = DEMO) {
  await login(page, user.email, user.password)
  await page.goto('/personal-environment')
  await page.getByRole('button', { name: `Entrar em ${ORG}` }).click()
  await expect(page.getByRole('banner').getByText(ORG)).toBeVisible()
  await page.goto('/customers')
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible()
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: false }) })

test('a customer is blocked and unblocked, each after a confirmation', async ({ page }) => {
  await openCustomers(page)
  const mercado = row(page, 'Mercado Bom Preço')
  await expect(mercado.getByText('Convite pendente')).toBeVisible()
  await expect(mercado.getByText('Bloqueado')).toHaveCount(0)

  await mercado.getByRole('link', { name: 'Bloquear Mercado Bom Preço' }).click()
  const confirm = page.getByRole('dialog', { name: 'Bloquear cliente' })
  await expect(confirm).toContainText('Enquanto estiver bloqueado, o cliente não poderá comprar de você.')
  await confirm.getByRole('button', { name: 'Sim, bloquear' }).click()
  await expect(page.getByText('Mercado Bom Preço está bloqueado: não pode comprar de você até ser desbloqueado.')).toBeVisible()
  await expect(row(page, 'Mercado Bom Preço').getByText('Bloqueado', { exact: true })).toBeVisible()

  // The filter finds it among the blocked ones.
  await page.getByLabel('Situação').selectOption('bloqueados')
  await page.getByRole('button', { name: 'Buscar' }).click()
  await expect(row(page, 'Mercado Bom Preço')).toBeVisible()
  await expect(row(page, 'Farmácia Central')).toHaveCount(0)

  await row(page, 'Mercado Bom Preço').getByRole('link', { name: 'Desbloquear Mercado Bom Preço' }).click()
  await page.getByRole('dialog', { name: 'Desbloquear cliente' }).getByRole('button', { name: 'Sim, desbloquear' }).click()
  await expect(page.getByText('Mercado Bom Preço foi desbloqueado.')).toBeVisible()
  await expect(row(page, 'Mercado Bom Preço')).toHaveCount(0)
})

test('a new customer without an e-mail: the modal shows its invite link, and the focus goes to its message, not behind the modal', async ({ page }) => {
  await openCustomers(page)
  const cnpj = freshCnpj()
  const nome = `Farmácia Sem Email ${cnpj.slice(-6)}`
  await page.getByRole('link', { name: 'Novo cliente' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo cliente' })
  await dialog.getByLabel('CNPJ').pressSequentially(cnpj)
  await dialog.getByLabel('Nome do cliente').fill(nome)
  await dialog.getByRole('button', { name: 'Cadastrar cliente' }).press('Enter')
  // The pressed button went with the form: the focus goes to the modal's message, and Tab goes on to the link.
  const message = dialog.getByRole('status')
  await expect(message).toContainText(`Cliente ${nome} cadastrado.`)
  await expect(message).toBeFocused()
  await expect(dialog.getByLabel('Link do convite')).toHaveValue(/\/login-new\//)
})

test('a new customer by CNPJ (masked as typed) is pending with its invite; its payment methods are chosen and all removed', async ({ page }) => {
  await openCustomers(page)
  const cnpj = freshCnpj()
  const nome = `Farmácia Teste ${cnpj.slice(-6)}`
  await page.getByRole('link', { name: 'Novo cliente' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo cliente' })
  await dialog.getByLabel('CNPJ').pressSequentially(cnpj)
  await expect(dialog.getByLabel('CNPJ')).toHaveValue(`${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`)
  await dialog.getByLabel('Nome do cliente').fill(nome)
  await dialog.getByLabel('Nome do contato').fill('Joana Teste')
  await dialog.getByLabel('E-mail do contato').fill(`compras.${cnpj}@teste.com.br`)
  // The phone takes the cellphone mask as it is typed, as the CNPJ takes its own.
  await dialog.getByLabel('Telefone do contato').pressSequentially('11987654321')
  await expect(dialog.getByLabel('Telefone do contato')).toHaveValue('(11) 98765-4321')
  await dialog.getByLabel('Vendedor').selectOption({ label: 'Carla Mendes' })
  await dialog.getByRole('button', { name: 'Cadastrar cliente' }).click()
  await expect(page.getByText(`Cliente ${nome} cadastrado. Enviamos o convite para compras.${cnpj}@teste.com.br.`)).toBeVisible()

  await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill(nome.toLowerCase().replace('á', 'a'))
  await page.getByRole('button', { name: 'Buscar' }).click()
  const created = row(page, nome)
  await expect(created.getByText('Convite pendente')).toBeVisible()
  await expect(created.getByRole('cell', { name: 'Carla Mendes' })).toBeVisible()

  await created.getByRole('link', { name: `Pagamentos de ${nome}` }).click()
  const payments = page.getByRole('dialog', { name: `Formas de pagamento de ${nome}` })
  await payments.getByLabel('Pix (À vista)').check()
  await payments.getByLabel('Boleto 28 dias (28 dias)').check()
  await payments.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByText('Formas de pagamento do cliente salvas.')).toBeVisible()

  await row(page, nome).getByRole('link', { name: `Pagamentos de ${nome}` }).click()
  const again = page.getByRole('dialog', { name: `Formas de pagamento de ${nome}` })
  await expect(again.getByLabel('Pix (À vista)')).toBeChecked()
  await expect(again.getByLabel('Boleto 28 dias (28 dias)')).toBeChecked()
  await expect(again.getByLabel('Cartão de crédito (30 dias)')).not.toBeChecked()
  await again.getByRole('button', { name: 'Remover todas' }).click()
  await expect(page.getByText(`${nome} não tem mais formas de pagamento permitidas.`)).toBeVisible()
  await row(page, nome).getByRole('link', { name: `Pagamentos de ${nome}` }).click()
  await expect(page.getByRole('dialog').getByRole('checkbox', { checked: true })).toHaveCount(0)
})

async function pageWithoutJs(browser: Browser, from: Page) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'pt-BR', javaScriptEnabled: false })
  await context.addCookies(await from.context().cookies())
  return context.newPage()
}

test('without JavaScript: a payment method is created (an invalid minimum is refused first) and deleted', async ({ page, browser }) => {
  await openCustomers(page)
  const noJs = await pageWithoutJs(browser, page)
  const nome = `Boleto ${Date.now().toString(36)}`
  await noJs.goto('/customers?aba=pagamentos&modal=nova-forma')
  const dialog = noJs.getByRole('dialog', { name: 'Nova forma de pagamento' })
  await dialog.getByLabel('Nome').fill(nome)
  await dialog.getByLabel('Tipo').selectOption({ label: 'Boleto' })
  await dialog.getByLabel('Prazo em dias').fill('45')
  await dialog.getByLabel('Valor mínimo do pedido (R$)').fill('1.23,4')
  await dialog.getByRole('button', { name: 'Criar forma de pagamento' }).click()
  await expect(noJs.getByRole('dialog', { name: 'Nova forma de pagamento' }).getByText('Valor mínimo inválido: use o formato 1.234,56.')).toBeVisible()
  await noJs.getByLabel('Valor mínimo do pedido (R$)').fill('1.234,5')
  await noJs.getByRole('button', { name: 'Criar forma de pagamento' }).click()
  await expect(noJs.getByText(`Forma de pagamento ${nome} criada.`)).toBeVisible()
  const created = noJs.getByRole('row').filter({ hasText: nome })
  await expect(created).toContainText('45 dias')
  await expect(created).toContainText('R$ 1.234,50')

  await created.getByRole('link', { name: `Excluir ${nome}` }).click()
  await noJs.getByRole('dialog', { name: 'Excluir forma de pagamento' }).getByRole('button', { name: 'Sim, excluir' }).click()
  await expect(noJs.getByText(`Forma de pagamento ${nome} excluída.`)).toBeVisible()
  await expect(noJs.getByRole('row').filter({ hasText: nome })).toHaveCount(0)
  await noJs.context().close()
})

test("a member without the permission 'clientes' reads the customers and their payment methods, and changes nothing", async ({ page }) => {
  // Carla's role in Distribuidora Sol has 'Ver clientes', not 'Gerenciar clientes' (server/db/seed-roles.ts).
  await openCustomers(page, CARLA)
  await expect(page.getByText('Você pode consultar os clientes.', { exact: false })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Novo cliente' })).toHaveCount(0)
  const central = row(page, 'Farmácia Central')
  await expect(central.getByRole('link', { name: /^Bloquear|^Editar/ })).toHaveCount(0)
  await central.getByRole('link', { name: 'Pagamentos de Farmácia Central' }).click()
  const dialog = page.getByRole('dialog', { name: 'Formas de pagamento de Farmácia Central' })
  await expect(dialog).toContainText('Pix (À vista): permitida')
  await expect(dialog.getByRole('checkbox')).toHaveCount(0)
  await page.goto('/customers?aba=pagamentos&modal=nova-forma')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^Excluir / })).toHaveCount(0)
})

test('a page past the end of the customers opens their last page, the search kept', async ({ page }) => {
  await openCustomers(page)
  await page.goto('/customers?q=a&page=100000')
  await expect(page).toHaveURL(/\/customers\?q=a&page=\d+$/)
  expect(Number(new URL(page.url()).searchParams.get('page'))).toBeLessThan(100000)
  await expect(page.getByRole('row').nth(1)).toBeVisible()
})
