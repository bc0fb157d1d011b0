import { expect, type Page } from '@playwright/test'
import { chat, CHAT, enterCompany, CENTRAL, REDE, SOL } from './chat-helpers.ts'
import { BRUNO, CARLA, DEMO, login, loginWithForm, MSG, PNG_1X1, test } from './helpers.ts'

/**
 * The product as a new user tries it: messages on leaving an empty
 * field and on a submit attempt, one guard for every company screen, a chat box that says its
 * limit, and the layout at 390 px and 1,366 px, the Portuguese file button.
 */

const toast = (page: Page, text: string) => page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text })

test.describe('with JavaScript, an empty form speaks', () => {
  test('Login: each field says it is required when it loses focus; a submit attempt says it for all and sends nothing', async ({ page }) => {
    await page.goto('/')
    const email = page.getByLabel('E-mail')
    const password = page.getByLabel('Senha')
    const submit = page.getByRole('button', { name: 'Entrar' })
    await expect(submit).toHaveAttribute('aria-disabled', 'true')
    // Tabbing through the empty fields, as a keyboard user does.
    await email.focus()
    await page.keyboard.press('Tab')
    await expect(email).toHaveAccessibleDescription(MSG.emailRequired)
    await expect(password).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(password).toHaveAccessibleDescription(MSG.passwordRequired)

    // A fresh page: nothing touched, the attempt alone shows both messages and focuses the first. Once the form's
    // schema has arrived (the button marked disabled): before it, the attempt is posted to the server (decision 032).
    await page.goto('/')
    await expect(page.getByText(MSG.emailRequired)).toHaveCount(0)
    await expect(submit).toHaveAttribute('aria-disabled', 'true')
    await submit.focus()
    await page.keyboard.press('Enter')
    await expect(email).toHaveAccessibleDescription(MSG.emailRequired)
    await expect(password).toHaveAccessibleDescription(MSG.passwordRequired)
    await expect(email).toBeFocused()
    await expect(page).toHaveURL(/\/$/)

    // The button looks and is announced disabled, yet a click is an attempt too.
    await email.fill('ana@')
    await submit.click({ force: true })
    await expect(email).toHaveAccessibleDescription(MSG.emailInvalid)
    await expect(page).toHaveURL(/\/$/)
    await email.fill(DEMO.email)
    await password.fill(DEMO.password)
    await expect(submit).not.toHaveAttribute('aria-disabled', 'true')
    await submit.click()
    await expect(page).toHaveURL(/\/personal-environment$/)
  })

  test("sign-up: leaving each empty field shows its message; an attempt adds the form's 'Preencha todos os campos corretamente.'", async ({ page }) => {
    await page.goto('/signup')
    const name = page.getByLabel('Usuário')
    const email = page.getByLabel('E-mail')
    const password = page.getByLabel('Senha', { exact: true })
    const repeat = page.getByLabel('Repita a senha')
    await name.focus()
    for (const [field, message] of [
      [name, MSG.userRequired],
      [email, MSG.emailRequired],
      [password, 'A Senha é obrigatória.'],
      [repeat, MSG.repeatRequired],
    ] as const) {
      await expect(field).toBeFocused()
      await page.keyboard.press('Tab')
      await expect(field).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')))
    }
    await expect(page.getByText(MSG.fixFields)).toHaveCount(0)
    await page.getByRole('button', { name: 'Cadastrar' }).click({ force: true })
    await expect(page.getByRole('alert').filter({ hasText: MSG.fixFields })).toBeVisible()
    await expect(page.getByRole('checkbox', { name: /Li e concordo/ })).toHaveAccessibleDescription(MSG.termsRequired)
    await expect(page).toHaveURL(/\/signup$/)
  })
})

test.describe('one guard for every company screen', () => {
  test("an organization that asks for 'Sua opinião', left unanswered: /market goes back to the personal environment, never a page without a menu", async ({ page }) => {
    // A session of its own: the worker's shared demo session may have a company entered already.
    await loginWithForm(page, BRUNO.email, BRUNO.password)
    await page.getByRole('button', { name: 'Entrar em Drogaria da Praça' }).click()
    await expect(page.getByRole('dialog', { name: 'Sua opinião' })).toBeVisible()
    for (const path of ['/market', '/my-team', '/Chat', '/Wallet']) {
      const answer = await page.goto(path)
      await expect(page, path).toHaveURL(/\/personal-environment$/)
      expect(answer?.status()).toBe(200)
      await expect(page.getByRole('heading', { name: 'Minhas organizações' })).toBeVisible()
      await expect(page.getByRole('navigation', { name: /menu/i })).toHaveCount(0)
    }
    await expect(toast(page, 'Entre em uma organização para abrir esta tela.')).toBeVisible()
  })

  test('inside a flag (type b), /market (COMPRAS is for type v) answers with its landing screen and says why', async ({ page }) => {
    await enterCompany(page, DEMO, REDE)
    await page.goto('/market')
    await expect(page).toHaveURL(/\/units$/)
    await expect(toast(page, 'Esta tela não faz parte do menu de Rede Farma Mais.')).toBeVisible()
    // A screen its menu shows opens as it is.
    await page.goto('/products')
    await expect(page).toHaveURL(/\/products$/)
    await expect(page.getByRole('heading', { name: 'Produtos', level: 1 })).toBeVisible()
  })

  test('a varejo (type v) opening a seller screen by its address lands on Mercado', async ({ page }) => {
    await enterCompany(page, BRUNO, CENTRAL)
    await page.goto('/products')
    await expect(page).toHaveURL(/\/market$/)
    await expect(toast(page, 'Esta tela não faz parte do menu de Farmácia Central.')).toBeVisible()
  })
})

test('the chat box keeps a paste past 4,000 characters and says the limit at once', async ({ page }) => {
  await enterCompany(page, BRUNO, CENTRAL)
  await page.goto('/Chat?tipo=F')
  await chat(page).channel(SOL.nome).click()
  const input = chat(page).input
  await expect(input).not.toHaveAttribute('maxlength')
  const long = 'a'.repeat(4001)
  await input.focus()
  // Inserted as a paste is: a maxlength would cut it here without a word.
  await page.keyboard.insertText(long)
  await expect(input).toHaveValue(long)
  await expect(input).toHaveAccessibleDescription(CHAT.tooLong)
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled()
  await page.keyboard.press('Backspace')
  await expect(page.getByText(CHAT.tooLong)).toHaveCount(0)
})

test.describe('layout', () => {
  test('at 390 px the user avatar stays on the header first row, beside the company', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await enterCompany(page, BRUNO, CENTRAL)
    const header = page.getByRole('banner')
    const company = await header.getByRole('link', { name: /Cartão de visita de Farmácia Central/ }).boundingBox()
    const avatar = await header.getByLabel(/^Menu do usuário/).boundingBox()
    const chatLink = await header.getByRole('link', { name: /^Chat/ }).boundingBox()
    expect(company && avatar && chatLink).toBeTruthy()
    const middle = (b: { y: number; height: number }) => b.y + b.height / 2
    expect(Math.abs(middle(avatar!) - middle(company!))).toBeLessThan(8)
    expect(Math.abs(middle(chatLink!) - middle(company!))).toBeLessThan(8)
    expect(avatar!.x + avatar!.width).toBeLessThanOrEqual(390)
    // The company's whole name, on two short lines if need be, not 'Farm…'.
    const name = header.locator('.header-company-name')
    await expect(name).toHaveText('Farmácia Central')
    expect(await name.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true)
  })

  test("at 1,366 px the chat's 'Fornecedores' tab stays inside its card", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 })
    await enterCompany(page, BRUNO, CENTRAL)
    await page.goto('/Chat?tipo=F')
    const card = await chat(page).channels.boundingBox()
    for (const label of ['Empresa', 'Bandeira', 'Fornecedores']) {
      const tab = await chat(page).tab(label).boundingBox()
      expect(tab!.x, label).toBeGreaterThanOrEqual(card!.x)
      expect(tab!.x + tab!.width, label).toBeLessThanOrEqual(card!.x + card!.width)
    }
  })
})

test.describe("file fields say 'Escolher arquivo' in Portuguese", () => {
  test('the profile photo: the button opens the picker, the chosen name shows, the input keeps its label', async ({ page }) => {
    await login(page, DEMO.email, DEMO.password)
    await page.goto('/profile')
    const input = page.getByLabel('Arquivo da foto')
    await expect(input).toHaveAttribute('type', 'file')
    const button = page.getByText('Escolher arquivo', { exact: true })
    await expect(button).toBeVisible()
    await expect(page.getByText('Nenhum arquivo selecionado')).toBeVisible()
    const chooser = page.waitForEvent('filechooser')
    await button.click()
    await (await chooser).setFiles({ name: 'minha-foto.png', mimeType: 'image/png', buffer: PNG_1X1 })
    await expect(page.getByText('minha-foto.png')).toBeVisible()
    await expect(input).toHaveAccessibleDescription(/minha-foto\.png/)
    // The keyboard reaches the real input.
    await input.focus()
    await expect(input).toBeFocused()
  })

  test('a file picked while the page loads, before its script has run, shows its name once it has', async ({ page }) => {
    await login(page, DEMO.email, DEMO.password)
    let run!: () => void
    const held = new Promise<void>((resolve) => (run = resolve))
    await page.route(/\/assets\/enhance-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    // The page's module script holds DOMContentLoaded back: the page is used as soon as its HTML is there.
    await page.goto('/profile', { waitUntil: 'commit' })
    await page.getByLabel('Arquivo da foto').setInputFiles({ name: 'antes-de-carregar.png', mimeType: 'image/png', buffer: PNG_1X1 })
    run()
    await expect(page.getByText('antes-de-carregar.png')).toBeVisible()
    await expect(page.getByLabel('Arquivo da foto')).toHaveAccessibleDescription(/antes-de-carregar\.png/)
  })

  test('without JavaScript the button is Portuguese too, opens the picker and the photo is sent', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await login(page, DEMO.email, DEMO.password)
    await page.goto('/profile')
    const button = page.getByText('Escolher arquivo', { exact: true })
    await expect(button).toBeVisible()
    const chooser = page.waitForEvent('filechooser')
    await button.click()
    await (await chooser).setFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG_1X1 })
    await page.getByRole('button', { name: 'Enviar foto' }).click()
    await expect(page.getByText('Foto atualizada!')).toBeVisible()
    // The demo user as seeded, for the other tests.
    await page.getByRole('button', { name: 'Remover foto' }).click()
    await expect(page.getByText('Foto removida!')).toBeVisible()
    await context.close()
  })
})

test('Tab and Shift+Tab stay inside an open modal', async ({ page }) => {
  await login(page, BRUNO.email, BRUNO.password)
  await page.goto('/personal-environment?modal=nova')
  const dialog = page.getByRole('dialog', { name: 'Nova organização' })
  await expect(dialog).toBeVisible()
  const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))
  for (const key of [...Array<string>(25).fill('Tab'), ...Array<string>(25).fill('Shift+Tab')]) {
    await page.keyboard.press(key)
    expect(await focusInDialog(), `focus after ${key}`).toBe(true)
  }
})

test('the first Tab of a company screen offers to skip the header and the menu; Enter goes to the screen', async ({ page }) => {
  await enterCompany(page, BRUNO, CENTRAL)
  await page.goto('/market/carrinho')
  await expect(page.getByRole('heading', { name: 'Carrinhos', level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#conteudo$/)
  // The next Tab lands in the screen, not in the header.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)
})

test('a visiting card’s link must fit its kind: a site is an address, a WhatsApp a number', async ({ page }) => {
  await enterCompany(page, DEMO, SOL)
  await page.goto('/visiting-card')
  await page.getByLabel('Tipo do link 1').selectOption({ label: 'Site' })
  await page.getByLabel('Link 1', { exact: true }).fill('javascript:alert(1)')
  await page.getByLabel('Link 1', { exact: true }).blur()
  await expect(page.getByLabel('Link 1', { exact: true })).toHaveAccessibleDescription('Informe o endereço do site, ex.: https://www.suaempresa.com.br.')
  await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toBeDisabled()
})

test('without JavaScript, the server refuses a WhatsApp link that is not a number, at its field', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await login(page, DEMO.email, DEMO.password)
  await page.getByRole('button', { name: `Entrar em ${SOL.nome}` }).click()
  await page.waitForURL((url) => url.pathname !== '/personal-environment')
  await page.goto('/visiting-card')
  await page.getByLabel('Tipo do link 1').selectOption({ label: 'WhatsApp' })
  await page.getByLabel('Link 1', { exact: true }).fill('abc')
  await page.getByRole('button', { name: 'Salvar', exact: true }).click()
  await expect(page.getByLabel('Link 1', { exact: true })).toHaveAccessibleDescription('Informe o WhatsApp com DDD, só o número: (11) 99999-9999.')
  await expect(page.getByLabel('Link 1', { exact: true })).toHaveValue('abc')
  await context.close()
})

test('a member whose role does not allow it is told which permission to ask for, instead of forms refused on sending', async ({ page }) => {
  // Carla's role in Distribuidora Sol only reads (server/db/seed-roles.ts): no 'Editar dados da empresa', no 'Convidar parceiros'.
  await enterCompany(page, CARLA, SOL)
  await page.goto('/visiting-card')
  await expect(page.getByText('Para editar os dados da empresa, o logo e o tokenbase, peça a permissão "Editar dados da empresa" a um administrador.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /Cadastrar|Ver ou alterar/ })).toHaveCount(0)
  await page.goto('/visiting-card?modal=tokenbase')
  await expect(page.getByRole('dialog', { name: 'Código Tokenbase' })).toContainText('peça a permissão "Editar dados da empresa"')
  await expect(page.getByRole('button', { name: 'Excluir' })).toHaveCount(0)
  await page.goto('/visiting-card')
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Convidar cliente' }).click()
  const dialog = page.getByRole('dialog', { name: 'Convidar cliente' })
  await expect(dialog).toContainText('Para convidar, peça a permissão "Convidar parceiros" a um administrador.')
  await expect(dialog.getByRole('textbox')).toHaveCount(0)
})

test('a supplier lists the e-mails that get each new order on its visiting card, within its plan', async ({ page }) => {
  await enterCompany(page, DEMO, SOL)
  await page.goto('/visiting-card')
  const section = page.getByRole('region', { name: 'E-mails de pedidos' })
  await expect(section).toContainText('Nenhum e-mail recebe os pedidos ainda.')
  await section.getByLabel('Novo e-mail de pedidos').fill('pedidos@')
  await section.getByLabel('Novo e-mail de pedidos').blur()
  await expect(section.getByLabel('Novo e-mail de pedidos')).toHaveAccessibleDescription('Email inválido')
  await expect(section.getByRole('button', { name: 'Adicionar e-mail' })).toBeDisabled()
  await section.getByLabel('Novo e-mail de pedidos').fill('pedidos@distribuidorasol.com.br')
  await section.getByRole('button', { name: 'Adicionar e-mail' }).click()
  await expect(page.getByText('Email adicionado com sucesso')).toBeVisible()
  await expect(section.getByRole('listitem')).toHaveCount(1)
  await expect(section.getByRole('listitem')).toContainText('pedidos@distribuidorasol.com.br')
  // Sol's Pro plan allows one address: the form gives way to what the plan allows.
  await expect(section).toContainText('O seu plano permite 1 e-mail de pedidos: faça upgrade para o Pro + para ter mais.')
  await expect(section.getByLabel('Novo e-mail de pedidos')).toHaveCount(0)
  // The add button looks disabled with a 'Pro' notice and opens the restricted-feature modal.
  await section.getByRole('link', { name: 'Adicionar e-mail Pro' }).click()
  const restricted = page.getByRole('dialog', { name: 'Acesso restrito' })
  await expect(restricted).toContainText('Este recurso não faz parte do seu plano atual.')
  await expect(restricted.getByRole('link', { name: 'Ir para Planos' })).toBeVisible()
  await restricted.getByRole('link', { name: 'Ok,entendi' }).click()
  await expect(restricted).toHaveCount(0)
  // Removing asks first; 'Não' leaves the address where it was.
  await section.locator('summary', { hasText: 'Remover pedidos@distribuidorasol.com.br' }).click()
  await expect(section.getByText('Por favor, confirme: Deseja mesmo excluir o email pedidos@distribuidorasol.com.br?')).toBeVisible()
  await section.getByRole('button', { name: 'Não', exact: true }).click()
  await expect(section.getByText('Deseja mesmo excluir o email', { exact: false })).toBeHidden()
  await expect(section.getByRole('listitem')).toHaveCount(1)
  await section.locator('summary', { hasText: 'Remover pedidos@distribuidorasol.com.br' }).click()
  await section.getByRole('button', { name: 'Sim, excluir pedidos@distribuidorasol.com.br' }).click()
  await expect(page.getByText('Email removido com sucesso')).toBeVisible()
  await expect(section).toContainText('Nenhum e-mail recebe os pedidos ainda.')
})

test('without JavaScript, removing an order e-mail asks first too, with Sim and Não', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await login(page, DEMO.email, DEMO.password)
  await page.getByRole('button', { name: `Entrar em ${SOL.nome}` }).click()
  await page.goto('/visiting-card')
  const section = page.getByRole('region', { name: 'E-mails de pedidos' })
  await section.getByLabel('Novo e-mail de pedidos').fill('compras@distribuidorasol.com.br')
  await section.getByRole('button', { name: 'Adicionar e-mail' }).click()
  await expect(section.getByRole('listitem')).toContainText('compras@distribuidorasol.com.br')
  const remove = section.locator('summary', { hasText: 'Remover compras@distribuidorasol.com.br' })
  await remove.click()
  await section.getByRole('link', { name: 'Não', exact: true }).click()
  await expect(section.getByText('Deseja mesmo excluir o email', { exact: false })).toBeHidden()
  await expect(section.getByRole('listitem')).toHaveCount(1)
  await section.locator('summary', { hasText: 'Remover compras@distribuidorasol.com.br' }).click()
  await section.getByRole('button', { name: 'Sim, excluir compras@distribuidorasol.com.br' }).click()
  await expect(section).toContainText('Nenhum e-mail recebe os pedidos ainda.')
  await context.close()
})
