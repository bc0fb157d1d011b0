import { expect } from '@playwright/test'
import { test, DEMO, fillSignup, login, MSG, NEW_PASSWORD, signUp, TERMS, uniqueEmail } from './helpers.ts'

test('the sign-up screen has the user, e-mail, password, repeat and terms fields and a link to Login', async ({ page }) => {
  await page.goto('/signup')
  await expect(page.getByRole('heading', { name: 'Crie sua conta' })).toBeVisible()
  await expect(page.getByLabel('Usuário')).toBeVisible()
  await expect(page.getByLabel('E-mail')).toBeVisible()
  await expect(page.getByLabel('Senha', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Repita a senha')).toBeVisible()
  await expect(page.getByRole('checkbox', { name: TERMS })).not.toBeChecked()
  await page.getByRole('link', { name: 'Entrar' }).click()
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
})

test('a person signs up, lands on Login, logs in with the capitalised name and sees the empty state', async ({ page }) => {
  const email = uniqueEmail('maria')
  await page.goto('/signup')
  await fillSignup(page, { name: 'maria souza', email, password: NEW_PASSWORD })
  await page.getByRole('button', { name: 'Cadastrar' }).click()

  await expect(page.getByText(MSG.signupSuccess)).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
  // The new account's e-mail is already in the form, the password next; once only.
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
  await expect(page.getByLabel('Senha')).toBeFocused()
  await page.reload()
  await expect(page.getByLabel('E-mail')).toHaveValue('')

  await login(page, email, NEW_PASSWORD)
  await expect(page).toHaveURL(/\/personal-environment$/)
  const header = page.getByRole('banner')
  await expect(header.getByText('Maria souza', { exact: true })).toBeVisible()
  await expect(header.getByText('maria souza', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Minhas organizações' })).toBeVisible()
  await expect(page.getByText('Você ainda não participa de nenhuma organização.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Organizações' })).toHaveCount(0)
})

test('an e-mail that already has an account is refused under the E-mail field', async ({ page }) => {
  await page.goto('/signup')
  await fillSignup(page, { name: 'outra ana', email: DEMO.email, password: NEW_PASSWORD })
  await page.getByRole('button', { name: 'Cadastrar' }).click()
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Este email já está cadastrado.')
  await expect(page).toHaveURL(/\/signup$/)
  await expect(page.getByText(MSG.signupSuccess)).toHaveCount(0)
  // The answer's focus is on the field it refused, not on the page's first field.
  await expect(page.getByLabel('E-mail')).toBeFocused()
  // The page is the server's answer (decision 039): the browser's checks, once loaded, cannot tell an e-mail in use,
  // so the server's message stays while the person moves through the form, and goes once the e-mail is changed.
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Usuário').focus()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Este email já está cadastrado.')
  await page.getByLabel('E-mail').fill(uniqueEmail('outra'))
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('')
  await expect(page.getByLabel('E-mail')).not.toHaveAttribute('aria-invalid', 'true')
})

test('sign-up, Login and the password screens load one small script, not React', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  for (const path of ['/', '/signup', '/forgot-password']) {
    scripts.length = 0
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    expect(scripts.filter((url) => /\/assets\/enhance-public-[\w-]+\.js$/.test(url)), path).toHaveLength(1)
    expect(scripts.filter((url) => /entry\.client|jsx-runtime|manifest-/.test(url)), path).toEqual([])
  }
  // The checks still come with it: the schema arrives after the page loads.
  await page.getByLabel('E-mail').fill('ana@')
  await page.getByLabel('E-mail').press('Tab')
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(MSG.emailInvalid)
})

test('sign-up fields validate when left, then as the person types; Cadastrar is enabled only when all are valid', async ({ page }) => {
  await page.goto('/signup')
  const name = page.getByLabel('Usuário')
  const email = page.getByLabel('E-mail')
  const password = page.getByLabel('Senha', { exact: true })
  const repeat = page.getByLabel('Repita a senha')
  const terms = page.getByRole('checkbox', { name: TERMS })
  const submit = page.getByRole('button', { name: 'Cadastrar' })
  // All fields start invalid, so submit is disabled from the start.
  await expect(submit).toBeDisabled()

  // Each field's message list is a polite live region on the page from the start, empty: filled when the field is
  // left, it is read out (a list inserted with its text in it was not).
  const nameMessages = page.locator('#signup-name-error')
  await expect(nameMessages).toHaveAttribute('aria-live', 'polite')
  await expect(nameMessages).toBeEmpty()
  await name.fill('j')
  await name.fill('')
  await name.press('Tab')
  await expect(name).toHaveAccessibleDescription(MSG.userRequired)
  await expect(nameMessages).toHaveText(MSG.userRequired)
  await name.fill('joão pereira')
  await expect(name).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(MSG.userRequired)).toHaveCount(0)

  await email.fill('joao@')
  await email.press('Tab')
  await expect(email).toHaveAccessibleDescription(MSG.emailInvalid)
  await email.fill('')
  await email.press('Tab')
  await expect(email).toHaveAccessibleDescription(MSG.emailRequired)
  await email.fill(uniqueEmail('joao'))
  await expect(page.getByText(MSG.emailRequired)).toHaveCount(0)
  await expect(page.getByText(MSG.emailInvalid)).toHaveCount(0)

  await password.fill(NEW_PASSWORD)
  await repeat.fill('x')
  await repeat.fill('')
  await repeat.press('Tab')
  await expect(repeat).toHaveAccessibleDescription(MSG.repeatRequired)
  await repeat.fill(`${NEW_PASSWORD}-diferente`)
  await repeat.press('Tab')
  await expect(repeat).toHaveAccessibleDescription(MSG.passwordsDiffer)
  await expect(submit).toBeDisabled()
  await repeat.fill(NEW_PASSWORD)
  await expect(page.getByText(MSG.passwordsDiffer)).toHaveCount(0)

  // Everything but the terms: still disabled.
  await expect(submit).toBeDisabled()
  await terms.check()
  await expect(submit).toBeEnabled()
  // One field made invalid again disables it again.
  await terms.uncheck()
  await expect(submit).toBeDisabled()
  // The message shows once the box is left (spec'd for every field: on blur).
  await terms.press('Tab')
  await expect(terms).toHaveAccessibleDescription(MSG.termsRequired)
  await terms.check()
  await expect(submit).toBeEnabled()
  await email.fill('joao@invalido')
  await expect(submit).toBeDisabled()
})

test("'Preencha todos os campos corretamente.' shows on a refused attempt and goes once every field is right", async ({ page }) => {
  await page.goto('/signup')
  await page.waitForLoadState('networkidle')
  // Enter in a field: the button is marked disabled, so Playwright would wait for it.
  await page.getByLabel('Usuário').press('Enter')
  await expect(page.getByRole('alert')).toHaveText('Preencha todos os campos corretamente.')
  await expect(page.getByLabel('Usuário')).toBeFocused()
  await fillSignup(page, { name: 'lia leal', email: uniqueEmail('lia'), password: NEW_PASSWORD })
  await expect(page.getByRole('button', { name: 'Cadastrar' })).toBeEnabled()
  await expect(page.getByText('Preencha todos os campos corretamente.')).toHaveCount(0)
})

test('a password shorter than 8 characters is refused while typing', async ({ page }) => {
  await page.goto('/signup')
  const password = page.getByLabel('Senha', { exact: true })
  await expect(page.getByRole('button', { name: 'Cadastrar' })).toBeDisabled()
  await password.fill('curta')
  await password.press('Tab')
  await expect(password).toHaveAccessibleDescription(/A Senha deve ter pelo menos 8 caracteres\./)
})

test('the toast after sign-up can be closed', async ({ page }) => {
  await signUp(page, { name: 'rita', email: uniqueEmail('rita'), password: NEW_PASSWORD })
  await page.getByRole('button', { name: 'Fechar aviso' }).click()
  await expect(page.getByText(MSG.signupSuccess)).toHaveCount(0)
})
