import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { test, DEMO, login, mailsTo, MSG, NEW_PASSWORD, TERMS, uniqueEmail } from './helpers.ts'
import { DEMO_ORGS, maskCnpj, otherBrowser, sideMenu, uniqueCnpj } from './organization-helpers.ts'

/**
 * Invites to partners: Distribuidora Sol (f) invites a customer from 'Convidar cliente';
 * the link of the share modal (also mailed) opens /login-new/{token}, where a new person creates
 * the account and the company in one step and lands inside it, linked to Sol as its customer.
 * Each invite is for a new CNPJ, so the demo invites and companies stay as seeded.
 */

const SOL = DEMO_ORGS.sol

async function openInviteModal(page: Page) {
  await login(page, DEMO.email, DEMO.password)
  await page.getByRole('button', { name: `Entrar em ${SOL.nome}` }).click()
  await expect(page).toHaveURL(/\/orders$/)
  await sideMenu(page).getByRole('link', { name: 'Convidar cliente' }).click()
  const modal = page.getByRole('dialog', { name: 'Convidar cliente' })
  await expect(modal).toBeVisible()
  return modal
}

async function invite(page: Page, company: { nome: string; cnpj: string; email: string }) {
  const modal = page.getByRole('dialog', { name: 'Convidar cliente' })
  await modal.getByLabel('Nome da empresa').fill(company.nome)
  const cnpj = modal.getByLabel('CNPJ')
  await cnpj.fill(company.cnpj)
  await expect(cnpj).toHaveValue(maskCnpj(company.cnpj))
  await modal.getByLabel('E-mail').fill(company.email)
  await modal.getByRole('button', { name: /^Convidar/ }).click()
}

/** Whether the API says `cnpj` is a customer of Distribuidora Sol (asked as Ana, with her own token). */
async function customerOfSol(request: APIRequestContext, cnpj: string) {
  const login = await request.post('/api/login', { data: { email: DEMO.email, password: DEMO.password } })
  expect(login.ok()).toBe(true)
  const headers = { Authorization: `Bearer ${(await login.json()).token}` }
  const list = await request.get(`/api/OrgProfile/10/${encodeURIComponent(SOL.nome)}/f`, { headers })
  const sol = (await list.json()).organizacoes.data.find((m: { organizacao: { nome: string } }) => m.organizacao.nome === SOL.nome)
  const res = await request.get(`/api/empresas/restoreInviteOrg/${sol.organizacao_id}/${cnpj}/cliente`, { headers })
  expect(res.ok()).toBe(true)
  return (await res.json()) as { organizacao: { nome: string; tipo: string; vinculada: boolean } | null; convite: unknown }
}

test('Distribuidora Sol invites a customer, who signs up through the link and lands inside the new company', async ({ page, browser, browserErrors, request }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const modal = await openInviteModal(page)
  const cnpj = uniqueCnpj()
  const customer = { nome: `Farmácia Convidada ${cnpj.slice(6, 12)}`, cnpj, email: uniqueEmail('cliente') }

  await invite(page, customer)
  await expect(page.getByRole('status').filter({ hasText: `Convite enviado para ${customer.email}.` })).toBeVisible()
  const linkBox = modal.getByLabel('Link do convite')
  await expect(linkBox).toHaveValue(/^http:\/\/localhost:\d+\/login-new\/[A-Za-z0-9_-]{16,}$/)
  const link = await linkBox.inputValue()
  await expect(modal.getByText('O link também foi enviado por e-mail. Ele vale por 30 dias.')).toBeVisible()
  await expect(modal.getByRole('button', { name: 'Convidar outra empresa' })).toBeVisible()

  // 'Copiar' puts the link on the clipboard.
  await modal.getByRole('button', { name: 'Copiar' }).click()
  await expect(modal.getByText('Link copiado!')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

  // The same link was mailed to the invited company.
  await expect.poll(async () => (await mailsTo(customer.email)).some((m) => m.includes(link)), { message: 'the invite mail with the link' }).toBe(true)
  const mail = (await mailsTo(customer.email)).find((m) => m.includes(link))!
  expect(mail).toContain('convidou sua empresa para comprar e vender com ela na plataforma de pedidos.')

  // Before it is used, Sol's invite is pending and the company does not exist.
  expect(await customerOfSol(request, cnpj)).toMatchObject({ organizacao: null, convite: { nome: customer.nome, email: customer.email } })

  // A new person opens the link in another browser.
  const other = await otherBrowser(browser, browserErrors)
  const guest = other.page
  await guest.goto(link)
  await expect(guest.getByRole('heading', { name: 'Cadastre sua empresa' })).toBeVisible()
  await expect(guest.getByText(`CNPJ da empresa: ${maskCnpj(cnpj)}`)).toBeVisible()
  await expect(guest.getByLabel('Nome da empresa')).toHaveValue(customer.nome)
  await guest.getByLabel('Usuário').fill('Clara Cliente')
  await guest.getByLabel('E-mail').fill(customer.email)
  await guest.getByLabel('Senha', { exact: true }).fill(NEW_PASSWORD)
  await guest.getByLabel('Repita a senha').fill(NEW_PASSWORD)
  await guest.getByRole('checkbox', { name: TERMS }).check()
  await guest.getByRole('button', { name: 'Criar conta e empresa' }).click()

  // Logged in, inside the new company: a customer of a supplier is a Varejo, landing on Market.
  await expect(guest).toHaveURL(/\/market$/)
  await expect(guest.getByText(MSG.signupSuccess)).toBeVisible()
  const header = guest.getByRole('banner')
  await expect(header.getByText('Clara Cliente', { exact: true })).toBeVisible()
  await expect(header.getByRole('link', { name: `Cartão de visita de ${customer.nome}` })).toBeVisible()
  await expect(sideMenu(guest).getByRole('link', { name: 'Minha bandeira' })).toBeVisible()
  await expect(sideMenu(guest).getByRole('link', { name: 'Convidar fornecedor' })).toBeVisible()

  // The company is the person's, with the invited CNPJ.
  await guest.goto('/personal-environment')
  const card = guest.getByRole('listitem').filter({ has: guest.getByRole('heading', { name: customer.nome }) })
  await expect(card).toContainText(`Varejo · CNPJ ${maskCnpj(cnpj)} · Administrador`)

  // The link works once.
  await guest.goto(link)
  await expect(guest.getByRole('heading', { name: 'Convite indisponível' })).toBeVisible()
  await expect(guest.getByRole('alert')).toHaveText('Este convite já foi usado. Entre com a sua conta.')
  await other.context.close()

  // Sol now has it as a customer, and nothing pending.
  expect(await customerOfSol(request, cnpj)).toMatchObject({ organizacao: { nome: customer.nome, tipo: 'v', vinculada: true }, convite: null })
})

test('the invite refuses an invalid CNPJ, the company itself and a company already registered', async ({ page }) => {
  const modal = await openInviteModal(page)
  const alert = (text: string) => page.getByRole('alert').filter({ hasText: text })
  const email = uniqueEmail('recusado')

  const valid = uniqueCnpj()
  const wrong = `${valid.slice(0, 13)}${(Number(valid[13]) + 1) % 10}`
  await invite(page, { nome: 'Empresa Errada', cnpj: wrong, email })
  await expect(alert('CNPJ inválido.')).toBeVisible()

  await invite(page, { nome: 'Eu Mesma', cnpj: SOL.cnpj, email })
  await expect(alert('Não é possível convidar a própria empresa.')).toBeVisible()

  await invite(page, { nome: DEMO_ORGS.central.nome, cnpj: DEMO_ORGS.central.cnpj, email })
  await expect(alert('Esta empresa já está cadastrada na plataforma.')).toBeVisible()

  // No link was made, and no mail went out.
  await expect(modal.getByLabel('Link do convite')).toHaveCount(0)
  expect(await mailsTo(email)).toEqual([])
})
