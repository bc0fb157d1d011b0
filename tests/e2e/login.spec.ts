import { expect } from '@playwright/test'
import { test, CARLA, DEMO, holdFormSchemas, loginWithForm, logout, MSG, NEW_PASSWORD, signUp, uniqueEmail } from './helpers.ts'
import { orderMessages } from '../../app/domain/orders/messages.ts'

test('the Login screen opens at / and at unknown paths', async ({ page }) => {
  for (const url of ['/', '/uma/rota/que/nao/existe']) {
    await page.goto(url)
    await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
    await expect(page.getByLabel('E-mail')).toBeVisible()
    await expect(page.getByLabel('Senha')).toBeVisible()
    await expect(page.getByLabel('Lembrar de mim')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Esqueceu a senha?' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Crie sua conta' })).toBeVisible()
  }
})

test('the links of the Login screen open sign-up and forgot password', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'Crie sua conta' }).click()
  await expect(page).toHaveURL(/\/signup$/)
  await expect(page.getByRole('heading', { name: 'Crie sua conta' })).toBeVisible()
  await page.getByRole('link', { name: 'Entrar' }).click()
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page.getByRole('heading', { name: 'Esqueceu a senha?' })).toBeVisible()
  await page.getByRole('link', { name: 'Voltar ao Login' }).click()
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
})

test('a wrong password shows the error and keeps the person on Login', async ({ page }) => {
  await page.goto('/')
  await page.getByLabel('E-mail').fill(DEMO.email)
  await page.getByLabel('Senha').fill('senha-errada')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('alert')).toHaveText('Email ou senha incorretos.')
  await expect(page).toHaveURL(/\/(\?index)?$/)
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
  // The e-mail stays so the person only retypes the password.
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.email)
  await page.goto('/personal-environment')
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
})

test('the validation messages appear under the Login fields as the person types', async ({ page }) => {
  await page.goto('/')
  const email = page.getByLabel('E-mail')
  const password = page.getByLabel('Senha')
  const submit = page.getByRole('button', { name: 'Entrar' })
  // Hydrated: every field starts invalid, so the button is disabled.
  await expect(submit).toBeDisabled()

  await email.fill('ana@')
  await email.press('Tab')
  await expect(email).toHaveAccessibleDescription(MSG.emailInvalid)
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await email.fill('')
  await email.press('Tab')
  await expect(email).toHaveAccessibleDescription(MSG.emailRequired)

  await password.fill('x')
  await password.fill('')
  await password.press('Tab')
  await expect(password).toHaveAccessibleDescription(MSG.passwordRequired)
  await expect(submit).toBeDisabled()

  await email.fill(DEMO.email)
  await expect(email).not.toHaveAttribute('aria-invalid', 'true')
  await expect(submit).toBeDisabled()
  await password.fill(DEMO.password)
  await expect(password).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(MSG.emailRequired)).toHaveCount(0)
  await expect(page.getByText(MSG.passwordRequired)).toHaveCount(0)
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(page).toHaveURL(/\/personal-environment$/)
})

test('a demo user logs in, sees the organizations and logs out', async ({ page }) => {
  await loginWithForm(page, DEMO.email, DEMO.password)
  await expect(page).toHaveURL(/\/personal-environment$/)
  await expect(page.getByRole('heading', { name: 'Minhas organizações' })).toBeVisible()
  const orgs = page.getByRole('list', { name: 'Organizações' })
  await expect(orgs.getByRole('heading', { name: 'Distribuidora Sol' })).toBeVisible()
  await expect(orgs.getByRole('heading', { name: 'Rede Farma Mais' })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText(DEMO.name)
  // Logged in, the Login screen sends the person back into the product.
  await page.goto('/')
  await expect(page).toHaveURL(/\/personal-environment$/)

  await logout(page)
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/personal-environment')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
})

test('logout revokes the session: an old copy of the cookie opens nothing', async ({ page, context }) => {
  const email = uniqueEmail('logout')
  await signUp(page, { name: 'lia logout', email, password: NEW_PASSWORD })
  await loginWithForm(page, email, NEW_PASSWORD)
  const before = await context.cookies()
  await logout(page)
  await context.addCookies(before)
  await page.goto('/personal-environment')
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
})

test('the order link of an e-mail goes through Login to the order status update', async ({ page }) => {
  await page.goto('/update-order-status/123/F')
  await expect(page).toHaveURL(/\/login\/update-order-status\/123\/F$/)
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
  // A typo first: the order survives the error.
  await page.getByLabel('E-mail').fill(DEMO.email)
  await page.getByLabel('Senha').fill('senha-com-erro')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('alert')).toHaveText('Email ou senha incorretos.')
  await page.getByLabel('Senha').fill(DEMO.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).toHaveURL(/\/personal-environment\/update-order-status\/123\/F$/)
  await expect(page.getByRole('heading', { name: 'Atualizar o pedido nº 123' })).toBeVisible()
  // No order 123 moves through the demo user's organizations: the page says so and changes nothing.
  await expect(page.getByText(orderMessages.deepNotYours)).toBeVisible()
  // Logged in, the same link goes straight to the update.
  await page.goto('/update-order-status/456/A')
  await expect(page).toHaveURL(/\/personal-environment\/update-order-status\/456\/A$/)
})

test('after 5 wrong passwords in a minute the next try is throttled with a clear message', async ({ page }) => {
  const email = uniqueEmail('limite')
  await signUp(page, { name: 'lucas', email, password: NEW_PASSWORD })
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Senha').fill(`errada-${attempt}`)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('alert')).toHaveText('Email ou senha incorretos.')
    await page.goto('/')
  }
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('alert')).toHaveText(/^Muitas tentativas de login\. Tente novamente em \d+ segundos?\.$/)
  await expect(page).not.toHaveURL(/personal-environment/)
})

test('after login the last company of the same user is entered again, not for another user', async ({ page }) => {
  await loginWithForm(page, DEMO.email, DEMO.password)
  await page.getByRole('button', { name: 'Entrar em Distribuidora Sol' }).click()
  // Type f lands on Orders.
  await expect(page).toHaveURL(/\/orders$/)
  await expect(page.getByRole('banner').getByText('Distribuidora Sol')).toBeVisible()
  await logout(page)

  await loginWithForm(page, DEMO.email, DEMO.password)
  await expect(page).toHaveURL(/\/orders$/)
  await expect(page.getByRole('banner').getByText('Distribuidora Sol')).toBeVisible()
  await logout(page)

  // Carla also belongs to Distribuidora Sol, but it was Ana's last company.
  await loginWithForm(page, CARLA.email, CARLA.password)
  await expect(page).toHaveURL(/\/personal-environment$/)
})

test("before the form's schema has arrived the form works as without JavaScript; a field left meanwhile is checked once it has (decision 032)", async ({ page }) => {
  const schemas = await holdFormSchemas(page)
  await page.goto('/')
  await schemas.requested
  const email = page.getByLabel('E-mail')
  const password = page.getByLabel('Senha')
  const submit = page.getByRole('button', { name: 'Entrar' })
  // The constraints the server rendered from the schema stay on the fields.
  await expect(email).toHaveAttribute('required', '')
  await expect(submit).not.toHaveAttribute('aria-disabled', 'true')
  await email.focus()
  await page.keyboard.press('Tab')
  await expect(password).toBeFocused()
  await expect(page.getByText(MSG.emailRequired)).toHaveCount(0)

  schemas.release()
  await expect(email).toHaveAccessibleDescription(MSG.emailRequired)
  await expect(page.getByText(MSG.passwordRequired)).toHaveCount(0)
  await expect(submit).toHaveAttribute('aria-disabled', 'true')
  await expect(email).toHaveAttribute('required', '')
})

test("the server's answer to a form sent before its schema arrived stays when the schema arrives", async ({ page }) => {
  const schemas = await holdFormSchemas(page)
  await page.goto('/')
  await schemas.requested
  // The e-mail field is left before the schema arrives: without a submit it would be checked once it has.
  await page.getByLabel('E-mail').fill(DEMO.email)
  await page.getByLabel('Senha').fill('senha-errada')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('alert')).toHaveText('Email ou senha incorretos.')
  const arrived = page.waitForResponse(/\/assets\/(enhance-)?form-validation-[\w-]+\.js$/)
  schemas.release()
  await arrived
  // The schema arriving must not wipe the answer the person is reading. The page is the server's answer (Login is not
  // hydrated, decision 039), which never sends a password back: the button waits for it, and the empty
  // password says nothing until it is left.
  await expect(page.getByRole('button', { name: 'Entrar' })).toHaveAttribute('aria-disabled', 'true')
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('alert')).toHaveText('Email ou senha incorretos.')
  await expect(page.getByLabel('E-mail')).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Senha')).not.toHaveAttribute('aria-invalid', 'true')
})

test("a refused Login's answer puts the person back in the password, the e-mail kept, at Login's own address", async ({ page }) => {
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  await page.getByLabel('E-mail').fill(DEMO.email)
  await page.getByLabel('Senha').fill('senha-errada')
  await page.getByLabel('Senha').press('Enter')
  await expect(page.getByRole('alert')).toHaveText('Email ou senha incorretos.')
  // The answer is a new page (decision 039), whose autofocus is the e-mail: the password the server never sends back
  // is where the person goes on, and the address is Login's, so Reload and Back do not post again.
  await expect(page.getByLabel('Senha')).toBeFocused()
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.email)
  await expect(page).toHaveURL(/\/$/)
  await page.keyboard.type(DEMO.password)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/personal-environment$/)
})

test('a form sent before its schema has arrived is checked by the server', async ({ page }) => {
  await page.route(/\/assets\/(enhance-)?form-validation-[\w-]+\.js$/, (route) => route.abort())
  await page.goto('/')
  await page.getByLabel('E-mail').fill('ana@')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(MSG.emailInvalid)
  await expect(page.getByLabel('Senha')).toHaveAccessibleDescription(MSG.passwordRequired)
  // Still Login: the post answered with the messages (the index route's action keeps its `?index`).
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
})
