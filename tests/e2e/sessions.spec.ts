import { expect, type BrowserContext, type Page } from '@playwright/test'
import { otherBrowser } from './organization-helpers.ts'
import { lastResetLink, login, logout, NEW_PASSWORD, signUp, test, uniqueEmail } from './helpers.ts'

/** An API token as the API hands it out: `id|secret`. */
const TOKEN = /\d+\|[A-Za-z0-9_-]{20,}/

/** Every reading of a cookie value: URL-decoded, split on '.', each part base64/base64url-decoded, a few levels deep. */
function readings(value: string, depth = 3): string[] {
  const out = new Set<string>([value])
  const urlDecoded = (text: string) => {
    try {
      return decodeURIComponent(text)
    } catch {
      return text
    }
  }
  let frontier = [value]
  for (let level = 0; level < depth; level++) {
    const next: string[] = []
    for (const text of frontier) {
      for (const part of [text, urlDecoded(text), ...urlDecoded(text).split('.')]) {
        for (const decoded of [part, urlDecoded(part), Buffer.from(part, 'base64').toString('utf8'), Buffer.from(part, 'base64url').toString('latin1')]) {
          if (!out.has(decoded)) next.push(decoded)
          out.add(decoded)
          out.add(urlDecoded(decoded))
        }
      }
    }
    frontier = next
  }
  return [...out]
}

const leaks = async (context: BrowserContext) =>
  (await context.cookies()).filter((c) => readings(c.value).some((text) => TOKEN.test(text) || text.includes('"token"'))).map((c) => c.name)

const LOGIN_HEADING = 'Bom te ver novamente!'

async function sessionsCard(page: Page) {
  await page.goto('/profile')
  const card = page.getByRole('region', { name: 'Sessões ativas' })
  await expect(card).toBeVisible()
  return card
}

test('the detector finds a token in a cookie of the old kind (base64 JSON, signed)', () => {
  const old = `${Buffer.from(JSON.stringify({ token: '17|AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_ab', user: { user_id: 1 } })).toString('base64')}.c2lnbmF0dXJh`
  expect(readings(encodeURIComponent(old)).some((text) => TOKEN.test(text))).toBe(true)
})

test('no cookie the product sets carries the API token, in any encoding', async ({ page, context }) => {
  const email = uniqueEmail('cookie')
  await signUp(page, { name: 'cora cookie', email, password: NEW_PASSWORD })
  await login(page, email, NEW_PASSWORD, true)
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Perfil' })).toBeVisible()
  // A toast (its own cookie) and a profile change (the session rewritten) on the way.
  await page.getByLabel('Nome').fill('Cora Biscoito')
  await page.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible()
  const names = (await context.cookies()).map((c) => c.name)
  expect(names).toContain('__session')
  expect(await leaks(context)).toEqual([])
  // The session cookie is only a signed random id.
  const session = (await context.cookies()).find((c) => c.name === '__session')!
  const id = JSON.parse(Buffer.from(decodeURIComponent(session.value).split('.')[0], 'base64').toString('utf8'))
  expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/)
})

test("'Sessões ativas' lists both browsers; 'Encerrar' on the other sends it to Login", async ({ page, browser, browserErrors }) => {
  const email = uniqueEmail('sessoes')
  await signUp(page, { name: 'sara sessoes', email, password: NEW_PASSWORD })
  await login(page, email, NEW_PASSWORD)
  // The other browser without JavaScript: the list and its forms work as plain HTML.
  const other = await otherBrowser(browser, browserErrors, { baseURL: test.info().project.use.baseURL, javaScriptEnabled: false })
  await login(other.page, email, NEW_PASSWORD)

  const card = await sessionsCard(page)
  const items = card.getByRole('listitem')
  await expect(items).toHaveCount(2)
  await expect(items.filter({ hasText: 'Esta sessão' })).toHaveCount(1)
  await expect(items.first()).toContainText('Chrome no Linux')
  await expect(items.first()).toContainText(/Último acesso em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
  // When each signed in tells two sessions of the same browser apart, on screen and in the button's name.
  await expect(items.first()).toContainText(/Entrou em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
  await expect(items.filter({ hasNotText: 'Esta sessão' }).getByRole('button', { name: /^Encerrar: .+, entrou em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, último acesso em / })).toHaveCount(1)
  // The other one has 'Encerrar'; this one has not.
  await expect(items.filter({ hasText: 'Esta sessão' }).getByRole('button', { name: /^Encerrar/ })).toHaveCount(0)

  // The browser without JavaScript ends the first one.
  const otherCard = await sessionsCard(other.page)
  await otherCard.getByRole('listitem').filter({ hasNotText: 'Esta sessão' }).getByRole('button', { name: /^Encerrar/ }).click()
  await expect(other.page.getByText('Sessão encerrada.')).toBeVisible()
  await expect((await sessionsCard(other.page)).getByRole('listitem')).toHaveCount(1)

  // The ended browser's next navigation lands on Login.
  await page.goto('/personal-environment')
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible()
  await other.context.close()
})

test("'Sair de todos os dispositivos' ends every session, this one included", async ({ page, context, browser, browserErrors }) => {
  const email = uniqueEmail('todos')
  await signUp(page, { name: 'tina todos', email, password: NEW_PASSWORD })
  await login(page, email, NEW_PASSWORD, true)
  const other = await otherBrowser(browser, browserErrors, { baseURL: test.info().project.use.baseURL })
  await login(other.page, email, NEW_PASSWORD)
  const before = await context.cookies()

  const card = await sessionsCard(page)
  await expect(card.getByRole('listitem')).toHaveCount(2)
  // It asks once more: every session ends, this one too.
  await card.getByText('Sair de todos os dispositivos', { exact: true }).click()
  await expect(card.getByText('Sair de todos os dispositivos, inclusive deste?')).toBeVisible()
  await card.getByRole('button', { name: 'Sim, sair de todos' }).click()
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible()
  await expect(page.getByText('Você saiu de todos os dispositivos.')).toBeVisible()

  await other.page.goto('/personal-environment')
  await expect(other.page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible()
  // An old copy of this browser's cookie opens nothing either.
  await context.addCookies(before)
  await page.goto('/personal-environment')
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible()
  await other.context.close()
})

test('a new login gets a new session id; the one before it is ended', async ({ page, context }) => {
  const email = uniqueEmail('renova')
  await signUp(page, { name: 'rui renova', email, password: NEW_PASSWORD })
  await login(page, email, NEW_PASSWORD)
  const first = await context.cookies()
  const firstId = first.find((c) => c.name === '__session')!.value
  // Logging in again from the same browser (the Login form posted while logged in).
  const res = await page.request.post('/?index', { form: { email, password: NEW_PASSWORD }, maxRedirects: 0 })
  expect(res.status()).toBe(302)
  const secondId = (await context.cookies()).find((c) => c.name === '__session')!.value
  expect(secondId).not.toBe(firstId)
  await expect((await sessionsCard(page)).getByRole('listitem')).toHaveCount(1)
  await context.clearCookies()
  await context.addCookies(first)
  await page.goto('/personal-environment')
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible()
})

test('a password reset ends every session of the account, on every device', async ({ page, browser, browserErrors }) => {
  const email = uniqueEmail('redefine')
  await signUp(page, { name: 'rita redefine', email, password: NEW_PASSWORD })
  const other = await otherBrowser(browser, browserErrors, { baseURL: test.info().project.use.baseURL })
  await login(other.page, email, NEW_PASSWORD, true)

  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click()
  // Typed before the page hydrates, the value can be reset by hydration, and the button is then disabled until the
  // field is valid again: type and send until the reset mail arrives.
  await expect(async () => {
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Enviar' }).click({ timeout: 2000 })
    await expect.poll(() => lastResetLink(email), { message: 'the reset mail arrives', timeout: 5000 }).toBeTruthy()
  }).toPass()
  await page.goto((await lastResetLink(email))!)
  await page.getByLabel('Nova senha', { exact: true }).fill('senhaNova789')
  await page.getByLabel('Repita a nova senha').fill('senhaNova789')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page.getByText('Sua senha foi redefinida. Entre com a nova senha.')).toBeVisible()

  // Before the other browser makes any request, its session is already gone from the list.
  await login(page, email, 'senhaNova789')
  await expect((await sessionsCard(page)).getByRole('listitem')).toHaveCount(1)
  await other.page.goto('/profile')
  await expect(other.page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible()
  await other.context.close()
})

test('logout deletes the session on the server: gone from the list, and an old copy of the cookie opens nothing', async ({ page, context, browser, browserErrors }) => {
  const email = uniqueEmail('saida')
  await signUp(page, { name: 'saul saida', email, password: NEW_PASSWORD })
  await login(page, email, NEW_PASSWORD, true)
  const other = await otherBrowser(browser, browserErrors, { baseURL: test.info().project.use.baseURL })
  await login(other.page, email, NEW_PASSWORD)
  await expect((await sessionsCard(other.page)).getByRole('listitem')).toHaveCount(2)

  const before = await context.cookies()
  await logout(page)
  await expect((await sessionsCard(other.page)).getByRole('listitem')).toHaveCount(1)
  await context.addCookies(before)
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible()
  await other.context.close()
})
