import { expect, type Browser, type Page } from '@playwright/test'
import { test, BRUNO, CARLA, DEMO, fillSignup, login, mailsTo, MSG, NEW_PASSWORD, uniqueEmail } from './helpers.ts'

// Meu Time (/my-team): roles, invites by e-mail accepted or declined from the mail, members, audit.

const ORG = 'Distribuidora Sol'
const LOGIN_HEADING = 'Bom te ver novamente!'

/** The texts of the team calls, word for word (kept here, not imported from the app, so a changed text fails). */
const TEAM = {
  cargoCreated: 'Cargo criado com sucesso!',
  memberUpdated: 'Membro atualizado com sucesso!',
  accepted: `Convite aceito! Agora você faz parte da equipe de ${ORG}.`,
  refused: 'Convite recusado.',
  alreadyDeclined: 'Este convite foi recusado.',
  basicLimit: 'O plano Básico permite até 3 usuários. Faça upgrade para convidar mais pessoas.',
  lastAdminRemove: 'A organização precisa de pelo menos um administrador. Torne outra pessoa administradora antes de remover esta.',
  lastAdminDemote: 'A organização precisa de pelo menos um administrador. Torne outra pessoa administradora antes de retirar este acesso.',
  cargoNameRequired: 'O nome do cargo é obrigatório.',
} as const

/** Logs in and enters the organization from the personal environment (a fresh browser has no last company). */
async function enter(page: Page, user: { email: string; password: string }, org: string) {
  await login(page, user.email, user.password)
  await expect(page).toHaveURL(/\/personal-environment$/)
  await page.getByRole('button', { name: `Entrar em ${org}` }).click()
  await expect(page.getByRole('banner').getByText(org)).toBeVisible()
}

async function openTeam(page: Page) {
  await page.getByRole('link', { name: 'Meu Time' }).click()
  await expect(page.getByRole('heading', { name: 'Meu Time', level: 1 })).toBeVisible()
}

/** Sends an invite from the open Meu Time screen. */
async function invite(page: Page, email: string, cargo?: string) {
  await page.getByRole('link', { name: 'Convidar pessoa' }).click()
  const dialog = page.getByRole('dialog', { name: 'Convidar pessoa' })
  await dialog.getByLabel('E-mail').fill(email)
  if (cargo) await dialog.getByLabel('Cargo').selectOption({ label: cargo })
  await dialog.getByRole('button', { name: 'Enviar convite' }).click()
  return dialog
}

/** The accept and decline links of the newest team invite mail sent to `to`. */
async function inviteLinks(to: string) {
  let mail: string | undefined
  await expect.poll(async () => (mail = (await mailsTo(to)).at(-1)), { message: `a mail to ${to}` }).toBeTruthy()
  expect(mail).toContain(`Convite para a equipe de ${ORG}`)
  const accept = mail!.match(/https?:\/\/[^\s"<>]+\/convite-equipe\/\d+\/[A-Za-z0-9_-]+(?=[\s"<])/)?.[0]
  const decline = mail!.match(/https?:\/\/[^\s"<>]+\/convite-equipe\/\d+\/[A-Za-z0-9_-]+\?acao=recusar/)?.[0]
  expect(accept, 'accept link').toBeTruthy()
  expect(decline, 'decline link').toBeTruthy()
  return { accept: new URL(accept!).pathname, decline: `${new URL(decline!).pathname}${new URL(decline!).search}` }
}

/** A second person's browser (its own cookies), optionally without JavaScript. */
async function newPage(browser: Browser, baseURL: string | undefined, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', ...options })
  return context.newPage()
}

test.describe('an admin invites a new person who signs up through the link and lands in the organization', () => {
  test.describe.configure({ mode: 'serial' })

  const cargo = `Vendas ${Date.now().toString(36)}`
  const person = { name: 'Renata Equipe', email: uniqueEmail('equipe') }

  test('the admin creates a role with permissions', async ({ page }) => {
    await enter(page, DEMO, ORG)
    await openTeam(page)
    await page.getByRole('link', { name: 'Cargos' }).click()
    await expect(page.getByRole('link', { name: 'Cargos' })).toHaveAttribute('aria-current', 'page')
    await page.getByRole('link', { name: 'Novo cargo' }).click()
    const dialog = page.getByRole('dialog', { name: 'Novo cargo' })
    const submit = dialog.getByRole('button', { name: 'Criar cargo' })
    await expect(submit).toBeDisabled()
    // Validated once left, then as it is typed.
    const name = dialog.getByLabel('Nome do cargo')
    await name.fill('x')
    await name.fill('')
    await name.press('Tab')
    await expect(name).toHaveAccessibleDescription(TEAM.cargoNameRequired)
    await name.fill(cargo)
    await dialog.getByRole('checkbox', { name: /Ver pedidos/ }).check()
    await dialog.getByRole('checkbox', { name: /Gerenciar clientes/ }).check()
    await expect(submit).toBeEnabled()
    await submit.click()

    await expect(page.getByText(TEAM.cargoCreated)).toBeVisible()
    await expect(dialog).toHaveCount(0)
    const role = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cargo }) })
    const permissions = role.getByRole('list', { name: `Permissões de ${cargo}` })
    await expect(permissions.getByRole('listitem')).toHaveText(['Gerenciar clientes', 'Ver pedidos'])
  })

  test('the admin invites the person by e-mail with that role', async ({ page }) => {
    await enter(page, DEMO, ORG)
    await openTeam(page)
    await invite(page, person.email, cargo)
    await expect(page.getByText(`Convite enviado para ${person.email}.`)).toBeVisible()
    const pending = page.getByRole('region', { name: 'Convites pendentes' })
    await expect(pending.getByText(person.email)).toBeVisible()
    await expect(pending.getByText(cargo)).toBeVisible()
  })

  test('opening the link changes nothing; the person signs up, logs in, accepts and lands in the organization', async ({ page }) => {
    const { accept } = await inviteLinks(person.email)
    await page.goto(accept)
    await expect(page.getByRole('heading', { name: 'Convite para a equipe' })).toBeVisible()
    await page.getByRole('link', { name: 'Criar conta' }).click()

    await expect(page.getByRole('heading', { name: 'Crie sua conta' })).toBeVisible()
    await fillSignup(page, { name: person.name, email: person.email, password: NEW_PASSWORD })
    await page.getByRole('button', { name: 'Cadastrar' }).click()
    await expect(page.getByText(MSG.signupSuccess)).toBeVisible()
    await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible()

    await page.getByLabel('E-mail').fill(person.email)
    await page.getByLabel('Senha').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Entrar' }).click()
    // Back on the invite, logged in: nothing was accepted on the way.
    await expect(page).toHaveURL(new RegExp(`${accept}$`))
    await expect(page.getByText(`Você está conectado como ${person.name} (${person.email}).`)).toBeVisible()
    await page.getByRole('button', { name: 'Aceitar convite' }).click()

    // Distribuidora Sol is a seller (type f): it lands on Pedidos, inside the organization.
    await expect(page).toHaveURL(/\/orders$/)
    await expect(page.getByText(TEAM.accepted)).toBeVisible()
    await expect(page.getByRole('banner').getByText(ORG)).toBeVisible()

    // The used link says so.
    await page.goto(accept)
    await page.getByRole('button', { name: 'Aceitar convite' }).click()
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Este convite já foi aceito.')
  })

  test('the admin sees the new member with the role, and the activity', async ({ page }) => {
    await enter(page, DEMO, ORG)
    await openTeam(page)
    const row = page.getByRole('list', { name: 'Membros da equipe' }).getByRole('listitem').filter({ hasText: person.email })
    await expect(row.getByRole('heading', { name: person.name })).toBeVisible()
    await expect(row.getByText(cargo)).toBeVisible()
    await expect(page.getByRole('region', { name: 'Convites pendentes' })).toHaveCount(0)

    // The search finds the person by e-mail.
    await page.getByLabel('Buscar membro').fill(person.email)
    await page.getByRole('button', { name: 'Buscar' }).click()
    await expect(page.getByRole('list', { name: 'Membros da equipe' }).getByRole('listitem')).toHaveCount(1)

    await page.getByRole('link', { name: 'Atividades' }).click()
    const activity = page.getByRole('list', { name: /Atividades/ })
    const items = activity.getByRole('listitem')
    await expect(items.first()).toContainText(`${person.name} Aceitou o convite enviado para ${person.email}`)
    await expect(items.nth(1)).toContainText(`${DEMO.name} Convidou ${person.email} com o cargo "${cargo}"`)
    await expect(items.nth(2)).toContainText(`Criou o cargo "${cargo}" com Gerenciar clientes, Ver pedidos`)
    await expect(items.first().locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
  })

  test("the admin changes a member's level and role, and the API's refusals show in Portuguese", async ({ page }) => {
    await enter(page, DEMO, ORG)
    await openTeam(page)
    await page.getByRole('link', { name: `Editar ${CARLA.name}` }).click()
    let dialog = page.getByRole('dialog', { name: `Editar ${CARLA.name}` })
    await dialog.getByLabel('Cargo').selectOption({ label: cargo })
    await dialog.getByLabel('Nível').fill('11')
    await dialog.getByLabel('Nível').press('Tab')
    await expect(dialog.getByLabel('Nível')).toHaveAccessibleDescription(/O nível deve ser um número inteiro de 1 a 10\./)
    await dialog.getByLabel('Nível').fill('3')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await expect(page.getByText(TEAM.memberUpdated)).toBeVisible()
    const carla = page.getByRole('listitem').filter({ hasText: CARLA.email })
    await expect(carla.getByText('Nível 3')).toBeVisible()
    await expect(carla.getByText(cargo)).toBeVisible()

    // Ana is the only admin: she can neither drop the flag nor leave.
    await page.getByRole('link', { name: `Editar ${DEMO.name}` }).click()
    dialog = page.getByRole('dialog', { name: `Editar ${DEMO.name}` })
    await dialog.getByLabel('Administrador (todas as permissões)').uncheck()
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await expect(dialog.getByLabel('Administrador (todas as permissões)')).toHaveAccessibleDescription(TEAM.lastAdminDemote)
    await dialog.getByRole('link', { name: 'Fechar' }).click()

    // Her own row offers leaving the team, never 'Remover' as if she were a colleague.
    const own = page.getByRole('listitem').filter({ hasText: DEMO.email })
    await expect(own.getByRole('link', { name: /^Remover/ })).toHaveCount(0)
    await own.getByRole('link', { name: 'Sair da equipe' }).click()
    dialog = page.getByRole('dialog', { name: 'Por favor, confirme:' })
    await expect(dialog).toContainText('Deseja mesmo sair da equipe?')
    await dialog.getByRole('button', { name: 'Sim, sair' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(TEAM.lastAdminRemove)
    await dialog.getByRole('link', { name: 'Não' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('heading', { name: DEMO.name })).toBeVisible()
  })

  test('a member without the team permission sees the team read-only', async ({ page }) => {
    await enter(page, CARLA, ORG)
    await openTeam(page)
    await expect(page.getByText(/só administradores e quem tem a permissão "Gerenciar equipe" fazem alterações/)).toBeVisible()
    await expect(page.getByRole('heading', { name: DEMO.name })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Convidar pessoa' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Editar / })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Atividades' })).toHaveCount(0)
    await page.getByRole('link', { name: 'Cargos' }).click()
    await expect(page.getByRole('heading', { name: cargo })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Novo cargo' })).toHaveCount(0)
  })
})

test('a declined invite, without login and without JavaScript; opening the links acts on nothing', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('recusa')
  await enter(page, DEMO, ORG)
  await openTeam(page)
  await invite(page, email)
  await expect(page.getByText(`Convite enviado para ${email}.`)).toBeVisible()
  const { accept, decline } = await inviteLinks(email)

  const stranger = await newPage(browser, baseURL, { javaScriptEnabled: false })
  await stranger.goto(accept)
  await expect(stranger.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', `/?redirectTo=${encodeURIComponent(accept)}`)
  await stranger.goto(decline)
  await expect(stranger.getByRole('heading', { name: 'Recusar convite' })).toBeVisible()
  // Still pending after both pages were opened.
  await page.reload()
  await expect(page.getByRole('region', { name: 'Convites pendentes' }).getByText(email)).toBeVisible()

  await stranger.getByRole('button', { name: 'Recusar convite' }).click()
  await expect(stranger.getByRole('main').getByRole('status')).toHaveText('Convite recusado. Você pode fechar esta página.')
  await stranger.goto(decline)
  await stranger.getByRole('button', { name: 'Recusar convite' }).click()
  await expect(stranger.getByRole('main').getByRole('alert')).toHaveText(TEAM.alreadyDeclined)
  await stranger.context().close()

  await page.reload()
  await expect(page.getByText(email)).toHaveCount(0)
  await page.getByRole('link', { name: 'Atividades' }).click()
  await expect(page.getByRole('list', { name: /Atividades/ }).getByRole('listitem').first()).toContainText(`Pelo link do e-mail O convite enviado para ${email} foi recusado`)
})

test('the Básico plan refuses the fourth user with its message above the invite form', async ({ page }) => {
  // Farmácia Central is on Básico with Bruno alone: two invites fill it.
  await enter(page, BRUNO, 'Farmácia Central')
  await openTeam(page)
  await expect(page.getByText('No plano Básico, a equipe tem até 3 usuários, contando convites pendentes.')).toBeVisible()
  for (const email of [uniqueEmail('basico'), uniqueEmail('basico')]) {
    await invite(page, email)
    await expect(page.getByText(`Convite enviado para ${email}.`)).toBeVisible()
  }
  const email = uniqueEmail('basico')
  const dialog = await invite(page, email)
  await expect(dialog.getByRole('alert')).toHaveText(TEAM.basicLimit)
  await expect(dialog.getByLabel('E-mail')).toHaveValue(email)
})

test('roles are created without JavaScript, with the server checking the form', async ({ browser, baseURL }) => {
  const page = await newPage(browser, baseURL, { javaScriptEnabled: false })
  await enter(page, DEMO, ORG)
  await page.goto('/my-team?aba=cargos&modal=cargo')
  const dialog = page.getByRole('dialog', { name: 'Novo cargo' })
  await dialog.getByRole('button', { name: 'Criar cargo' }).click()
  await expect(dialog.getByLabel('Nome do cargo')).toHaveAccessibleDescription(TEAM.cargoNameRequired)
  const cargo = `Sem script ${Date.now().toString(36)}`
  await dialog.getByLabel('Nome do cargo').fill(cargo)
  await dialog.getByRole('checkbox', { name: /Mudar situação de pedidos/ }).check()
  await dialog.getByRole('button', { name: 'Criar cargo' }).click()
  await expect(page.getByText(TEAM.cargoCreated)).toBeVisible()
  const role = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cargo }) })
  await expect(role.getByRole('list', { name: `Permissões de ${cargo}` }).getByRole('listitem')).toHaveText(['Mudar situação de pedidos'])

  // Deleted after confirmation.
  await role.getByRole('link', { name: `Excluir o cargo ${cargo}` }).click()
  await page.getByRole('dialog', { name: 'Por favor, confirme:' }).getByRole('button', { name: 'Sim, excluir' }).click()
  await expect(page.getByText('Cargo excluído.')).toBeVisible()
  await expect(page.getByRole('heading', { name: cargo })).toHaveCount(0)
  await page.context().close()
})

test('Meu Time fits a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await enter(page, DEMO, ORG)
  for (const tab of ['membros', 'cargos', 'atividades']) {
    await page.goto(`/my-team?aba=${tab}`)
    await expect(page.getByRole('heading', { name: 'Meu Time', level: 1 })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, `horizontal scroll on ${tab}`).toBeLessThanOrEqual(0)
  }
})

test('a page past the end of the members opens their last page, the search kept', async ({ page }) => {
  await enter(page, DEMO, ORG)
  await page.goto('/my-team?q=a&page=100000')
  await expect(page).toHaveURL(/\/my-team\?q=a&page=\d+$/)
  expect(Number(new URL(page.url()).searchParams.get('page'))).toBeLessThan(100000)
  await expect(page.getByText('Nenhum membro na equipe.')).toHaveCount(0)
})
