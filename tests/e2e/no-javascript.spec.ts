import { expect } from '@playwright/test'
import { test, BRUNO, fillSignup, lastResetLink, MSG, NEW_PASSWORD, TERMS, uniqueEmail } from './helpers.ts'

// Flow 6: every form posts to the server and shows its errors without JavaScript.
test.use({ javaScriptEnabled: false })

const LOGIN_HEADING = 'Bom te ver novamente!'

test('login without JavaScript: empty and malformed fields, then a wrong password, show server-side errors', async ({ page }) => {
  await page.goto('/')
  const submit = page.getByRole('button', { name: 'Entrar' })
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(MSG.emailRequired)
  await expect(page.getByLabel('Senha')).toHaveAccessibleDescription(MSG.passwordRequired)

  await page.getByLabel('E-mail').fill('bruno@')
  await submit.click()
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(MSG.emailInvalid)

  await page.getByLabel('E-mail').fill(BRUNO.email)
  await page.getByLabel('Senha').fill('senha-errada')
  await submit.click()
  await expect(page.getByRole('alert')).toHaveText('Email ou senha incorretos.')
  await expect(page.getByLabel('E-mail')).toHaveValue(BRUNO.email)
  await expect(page.getByLabel('Senha')).toHaveValue('')
  // The page starts where the person must act: the emptied password, not the e-mail typed right.
  await expect(page.getByLabel('Senha')).toBeFocused()

  await page.getByLabel('Senha').fill(BRUNO.password)
  await page.getByLabel('Lembrar de mim').check()
  await submit.click()
  await expect(page).toHaveURL(/\/personal-environment$/)
  await expect(page.getByRole('heading', { name: 'Farmácia Central' })).toBeVisible()
  const cookie = (await page.context().cookies()).find((c) => c.name === '__session')
  expect(cookie?.expires ?? -1, "'Lembrar de mim' posted without JavaScript").toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600)

  // Logout is a plain form post too.
  await page.getByLabel(/^Menu do usuário/).click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible()
  await page.goto('/personal-environment')
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible()
})

test('sign-up without JavaScript: empty fields show every spec message and the form error', async ({ page }) => {
  await page.goto('/signup')
  await page.getByRole('button', { name: 'Cadastrar' }).click()
  await expect(page.getByRole('alert')).toHaveText(MSG.fixFields)
  await expect(page.getByLabel('Usuário')).toHaveAccessibleDescription(MSG.userRequired)
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(MSG.emailRequired)
  await expect(page.getByLabel('Senha', { exact: true })).toHaveAccessibleDescription(new RegExp(MSG.passwordRequired.replace('.', '\\.')))
  await expect(page.getByLabel('Repita a senha')).toHaveAccessibleDescription(MSG.repeatRequired)
  await expect(page.getByRole('checkbox', { name: TERMS })).toHaveAccessibleDescription(MSG.termsRequired)

  // Different passwords and a bad e-mail; what was typed (but the passwords) is kept.
  await fillSignup(page, { name: 'nadia', email: 'nadia@', password: NEW_PASSWORD, repeat: 'outra-senha' })
  await page.getByRole('button', { name: 'Cadastrar' }).click()
  await expect(page.getByRole('alert')).toHaveText(MSG.fixFields)
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(MSG.emailInvalid)
  await expect(page.getByLabel('Repita a senha')).toHaveAccessibleDescription(MSG.passwordsDiffer)
  await expect(page.getByLabel('Usuário')).toHaveValue('nadia')
  // On the first field with a message, not on 'Usuário' that was right.
  await expect(page.getByLabel('E-mail')).toBeFocused()
  await expect(page.getByLabel('Senha', { exact: true })).toHaveValue('')
})

test('sign-up and login work without JavaScript', async ({ page }) => {
  const email = uniqueEmail('semjs')
  await page.goto('/signup')
  await fillSignup(page, { name: 'otávio sem script', email, password: NEW_PASSWORD })
  await page.getByRole('button', { name: 'Cadastrar' }).click()
  await expect(page.getByText(MSG.signupSuccess)).toBeVisible()
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible()

  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).toHaveURL(/\/personal-environment$/)
  await expect(page.getByRole('banner').getByText('Otávio sem script', { exact: true })).toBeVisible()
  await expect(page.getByText('Você ainda não participa de nenhuma organização.')).toBeVisible()
})

test('without JavaScript a toast goes by itself after 4 s, not while the pointer is over it, and offers no × that cannot work', async ({ page }) => {
  await page.goto('/signup')
  await fillSignup(page, { name: 'tales sem script', email: uniqueEmail('semjs-aviso'), password: NEW_PASSWORD })
  await page.getByRole('button', { name: 'Cadastrar' }).click()
  const toast = page.locator('.toaster .toast').filter({ hasText: MSG.signupSuccess })
  await expect(toast).toBeVisible()
  await expect(toast.getByRole('button', { name: 'Fechar aviso' })).toBeHidden()
  await toast.hover()
  await page.waitForTimeout(5_000)
  await expect(toast, 'kept while the pointer is over it').toBeVisible()
  await page.mouse.move(1, 1)
  await expect(toast, 'gone once the pointer has left').toBeHidden({ timeout: 6_000 })
})

test('forgot and reset password work without JavaScript', async ({ page }) => {
  const email = uniqueEmail('semjs-senha')
  await page.goto('/signup')
  await fillSignup(page, { name: 'sara', email, password: NEW_PASSWORD })
  await page.getByRole('button', { name: 'Cadastrar' }).click()
  await expect(page.getByText(MSG.signupSuccess)).toBeVisible()

  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click()
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(MSG.emailRequired)
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByText('Se o email estiver cadastrado, enviamos um link para redefinir a senha. Ele vale por 60 minutos.')).toBeVisible()

  await expect.poll(() => lastResetLink(email), { message: 'the reset mail arrives' }).toBeTruthy()
  await page.goto((await lastResetLink(email))!)
  await expect(page.getByText(email, { exact: true })).toBeVisible()
  await page.getByLabel('Nova senha', { exact: true }).fill('senhaNova999')
  await page.getByLabel('Repita a nova senha').fill('senhaNova998')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page.getByLabel('Repita a nova senha')).toHaveAccessibleDescription(MSG.passwordsDiffer)
  await page.getByLabel('Nova senha', { exact: true }).fill('senhaNova999')
  await page.getByLabel('Repita a nova senha').fill('senhaNova999')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page.getByText('Sua senha foi redefinida. Entre com a nova senha.')).toBeVisible()

  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha').fill('senhaNova999')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).toHaveURL(/\/personal-environment$/)
})

test('the invite form works without JavaScript (convite-demo-unidade)', async ({ page }) => {
  const email = uniqueEmail('unidade')
  await page.goto('/login-new/convite-demo-unidade')
  await expect(page.getByLabel('Nome da empresa')).toHaveValue('Drogaria Esperança')

  // Empty fields first: the server answers with the spec messages.
  await page.getByRole('button', { name: 'Criar conta e empresa' }).click()
  await expect(page.getByRole('alert')).toHaveText(MSG.fixFields)
  await expect(page.getByLabel('Usuário')).toHaveAccessibleDescription(MSG.userRequired)
  await expect(page.getByRole('checkbox', { name: TERMS })).toHaveAccessibleDescription(MSG.termsRequired)
  await expect(page.getByLabel('Nome da empresa')).toHaveValue('Drogaria Esperança')

  await page.getByLabel('Usuário').fill('Ubirajara Unidade')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Repita a senha').fill(NEW_PASSWORD)
  await page.getByRole('checkbox', { name: TERMS }).check()
  await page.getByRole('button', { name: 'Criar conta e empresa' }).click()
  await expect(page).toHaveURL(/\/market$/)
  const header = page.getByRole('banner')
  await expect(header.getByText('Ubirajara Unidade', { exact: true })).toBeVisible()
  await expect(header.getByText('Drogaria Esperança')).toBeVisible()
  await expect(page.getByText(MSG.signupSuccess)).toBeVisible()
})
