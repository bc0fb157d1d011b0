import { expect, type Page } from '@playwright/test'
import { test, lastResetLink, login, mailsTo, MSG, NEW_PASSWORD, signUp, uniqueEmail } from './helpers.ts'

const SENT = 'Se o email estiver cadastrado, enviamos um link para redefinir a senha. Ele vale por 60 minutos.'
const LOGIN_ERROR = 'Email ou senha incorretos.'

async function askForLink(page: Page, email: string) {
  await page.goto('/')
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click()
  await expect(page.getByRole('heading', { name: 'Esqueceu a senha?' })).toBeVisible()
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByText(SENT)).toBeVisible()
}

async function tryLogin(page: Page, email: string, password: string) {
  await page.goto('/')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

test('forgot password: the mailed link sets a new password, the old one stops working, the link works once', async ({ page }) => {
  const email = uniqueEmail('esqueci')
  const oldPassword = NEW_PASSWORD
  const newPassword = 'outraSenha456'
  await signUp(page, { name: 'olga', email, password: oldPassword })

  await askForLink(page, email)
  await expect.poll(() => lastResetLink(email), { message: 'the reset mail arrives' }).toBeTruthy()
  const link = (await lastResetLink(email))!
  expect(link).toContain(`/reset-password/${encodeURIComponent(email)}/`)
  const mail = (await mailsTo(email)).at(-1)!
  expect(mail).toMatch(/^Subject: .*Redefini/m)

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Crie uma nova senha' })).toBeVisible()
  await expect(page.getByText(email, { exact: true })).toBeVisible()
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword)
  await page.getByLabel('Repita a nova senha').fill(newPassword)
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page.getByText('Sua senha foi redefinida. Entre com a nova senha.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()

  await tryLogin(page, email, oldPassword)
  await expect(page.getByRole('alert')).toHaveText(LOGIN_ERROR)
  await login(page, email, newPassword)
  await expect(page).toHaveURL(/\/personal-environment$/)

  // The same link a second time.
  await page.context().clearCookies()
  await page.goto(link)
  await page.getByLabel('Nova senha', { exact: true }).fill('terceiraSenha789')
  await page.getByLabel('Repita a nova senha').fill('terceiraSenha789')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page.getByRole('alert')).toContainText('já foi usado')
  await expect(page).toHaveURL(/\/reset-password\//)
  await tryLogin(page, email, 'terceiraSenha789')
  await expect(page.getByRole('alert')).toHaveText(LOGIN_ERROR)
})

test('a new password signs out a browser that was logged in before', async ({ page, browser }) => {
  const email = uniqueEmail('outro-aparelho')
  await signUp(page, { name: 'paulo', email, password: NEW_PASSWORD })
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const otherPage = await other.newPage()
  await login(otherPage, email, NEW_PASSWORD, true)

  await askForLink(page, email)
  await expect.poll(() => lastResetLink(email), { message: 'the reset mail arrives' }).toBeTruthy()
  await page.goto((await lastResetLink(email))!)
  await page.getByLabel('Nova senha', { exact: true }).fill('senhaTrocada1')
  await page.getByLabel('Repita a nova senha').fill('senhaTrocada1')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page.getByText('Sua senha foi redefinida. Entre com a nova senha.')).toBeVisible()

  await otherPage.goto('/personal-environment')
  await expect(otherPage.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
  await other.close()
})

test('forgot password answers the same for an unknown e-mail and sends no mail', async ({ page }) => {
  const email = uniqueEmail('ninguem')
  await askForLink(page, email)
  expect(await mailsTo(email)).toHaveLength(0)
})

test('forgot password validates the e-mail and goes back to Login', async ({ page }) => {
  await page.goto('/forgot-password')
  const email = page.getByLabel('E-mail')
  const send = page.getByRole('button', { name: 'Enviar' })
  await expect(send).toBeDisabled()
  await email.fill('alguem@')
  await email.press('Tab')
  await expect(email).toHaveAccessibleDescription(MSG.emailInvalid)
  await email.fill('')
  await email.press('Tab')
  await expect(email).toHaveAccessibleDescription(MSG.emailRequired)
  await expect(send).toBeDisabled()
  await email.fill(uniqueEmail('valido'))
  await expect(send).toBeEnabled()
  await page.getByRole('link', { name: 'Voltar ao Login' }).click()
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
})

test('the reset screen checks that both passwords are typed and match', async ({ page }) => {
  await page.goto(`/reset-password/${encodeURIComponent('qualquer@teste.com.br')}/token-qualquer`)
  await expect(page.getByText('qualquer@teste.com.br', { exact: true })).toBeVisible()
  const password = page.getByLabel('Nova senha', { exact: true })
  const repeat = page.getByLabel('Repita a nova senha')
  const save = page.getByRole('button', { name: 'Salvar nova senha' })
  await expect(save).toBeDisabled()
  await password.fill('x')
  await password.fill('')
  await password.press('Tab')
  await expect(password).toHaveAccessibleDescription(new RegExp(MSG.passwordRequired.replace('.', '\\.')))
  await password.fill(NEW_PASSWORD)
  await repeat.fill('x')
  await repeat.fill('')
  await repeat.press('Tab')
  await expect(repeat).toHaveAccessibleDescription(MSG.repeatRequired)
  await repeat.fill('outra-coisa')
  await repeat.press('Tab')
  await expect(repeat).toHaveAccessibleDescription(MSG.passwordsDiffer)
  await expect(save).toBeDisabled()
  await repeat.fill(NEW_PASSWORD)
  await expect(save).toBeEnabled()
})

test('a reset link with an unknown token shows that it is invalid', async ({ page }) => {
  const email = uniqueEmail('token')
  await signUp(page, { name: 'tito', email, password: NEW_PASSWORD })
  await page.goto(`/reset-password/${encodeURIComponent(email)}/token-que-nao-existe`)
  await page.getByLabel('Nova senha', { exact: true }).fill('novaSenha123')
  await page.getByLabel('Repita a nova senha').fill('novaSenha123')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page.getByRole('alert')).toHaveText('Este link de redefinição de senha é inválido.')
  await login(page, email, NEW_PASSWORD)
})
