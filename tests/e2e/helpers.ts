import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { test as base, expect, request, type APIRequestContext, type Cookie, type Page } from '@playwright/test'

export const DEMO = { email: 'ana@distribuidorasol.com.br', password: 'demo12345', name: 'Ana Paula Lima' }
export const MAIL_DIR = path.join(process.env.E2E_DATA_DIR ?? '.e2e-data', 'mail')

/** Mails the product wrote to the embedded mail folder for `to`, decoded from quoted-printable. */
export async function mailsTo(to: string) {
  const files = (await readdir(MAIL_DIR).catch(() => [])).filter((f) => f.includes(to)).sort()
  return Promise.all(
    files.map(async (f) =>
      (await readFile(path.join(MAIL_DIR, f), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    ),
  )
}

let counter = 0
export function uniqueEmail(prefix = 'pessoa') {
  return `${prefix}.${Date.now()}.${++counter}@teste.com.br`
}

/** Where a login lands: the personal environment, or the last company entered by the same user. */
const LANDED = /\/personal-environment|\/market|\/orders|\/units/

/** Logs in through the Login form, as a person would. tests/e2e/login.spec.ts keeps this path covered. */
export async function loginWithForm(page: Page, email: string, password: string, remember = false) {
  await page.goto('/')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha').fill(password)
  if (remember) await page.getByLabel('Lembrar de mim').check()
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).toHaveURL(LANDED)
}

/** The emails of server/db/seed.ts's users, whose sessions each worker keeps (see `login`). */
const DEMO_EMAILS = new Set(['ana@distribuidorasol.com.br', 'bruno@farmaciacentral.com.br', 'carla@revendanorte.com.br', 'davi@novo.com.br'])

/** Per worker (module state is per worker process): one session per demo user, never shared with another worker. */
const demoSessions = new Map<string, Promise<Cookie[]>>()

/** Posts the Login form's fields to the Login route, as the form without JavaScript would. */
function postLogin(requestContext: APIRequestContext, email: string, password: string) {
  const origin = base.info().project.use.baseURL!
  return requestContext.post('/?index', { form: { email, password }, headers: { origin }, maxRedirects: 0 })
}

async function demoSession(email: string, password: string) {
  const api = await request.newContext({ baseURL: base.info().project.use.baseURL })
  try {
    const res = await postLogin(api, email, password)
    expect(res.status(), `login of ${email}`).toBe(302)
    return (await api.storageState()).cookies
  } finally {
    await api.dispose()
  }
}

/**
 * Starts `page` logged in, without the form (tests/e2e/login.spec.ts tests the form itself):
 * a demo user reuses the session its worker opened once (so a test must never log a demo user
 * out of it, nor change a demo user's password: use `loginWithForm` or a user of its own);
 * anyone else logs in through the Login route, landing where the form would. "Lembrar de mim"
 * goes through the form.
 */
export async function login(page: Page, email: string, password: string, remember = false) {
  if (remember) return loginWithForm(page, email, password, true)
  if (DEMO_EMAILS.has(email)) {
    const key = `${email}\n${password}`
    if (!demoSessions.has(key)) demoSessions.set(key, demoSession(email, password).catch((error) => (demoSessions.delete(key), Promise.reject(error))))
    await page.context().addCookies(await demoSessions.get(key)!)
    await page.goto('/')
  } else {
    const res = await postLogin(page.request, email, password)
    expect(res.status(), `login of ${email}`).toBe(302)
    await page.goto(res.headers().location)
  }
  await expect(page).toHaveURL(LANDED)
}

/** A password that satisfies the sign-up rules, used by the accounts the tests create. */
export const NEW_PASSWORD = 'segredo123'

/** The validation and feedback messages, word for word (kept here, not imported from the app, so a changed text fails). */
export const MSG = {
  emailRequired: 'O Email é obrigatório.',
  emailInvalid: 'Email inválido.',
  passwordRequired: 'A Senha é obrigatória.',
  userRequired: 'O Usuário é obrigatório.',
  repeatRequired: 'Repita a senha digitada.',
  passwordsDiffer: 'As senhas não coincidem.',
  termsRequired: 'Você precisa concordar com os termos para prosseguir.',
  fixFields: 'Preencha todos os campos corretamente.',
  signupSuccess: 'Cadastro efetuado com sucesso!',
  logoTooBig: 'O tamanho do arquivo deve ser menor que 1MB.',
} as const

export const TERMS = 'Li e concordo com os termos de uso e a política de privacidade'

/** Fills the sign-up form of /signup (or any form with the same fields) as a person would. */
export async function fillSignup(page: Page, user: { name: string; email: string; password: string; repeat?: string }) {
  await page.getByLabel('Usuário').fill(user.name)
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Senha', { exact: true }).fill(user.password)
  await page.getByLabel('Repita a senha').fill(user.repeat ?? user.password)
  await page.getByLabel(TERMS).check()
}

/** Creates an account through /signup and waits for the Login screen with the success toast. */
export async function signUp(page: Page, user: { name: string; email: string; password: string }) {
  await page.goto('/signup')
  await fillSignup(page, user)
  await page.getByRole('button', { name: 'Cadastrar' }).click()
  await expect(page.getByText(MSG.signupSuccess)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
}

/** Opens the user menu in the header and presses Logout. */
export async function logout(page: Page) {
  await page.getByLabel(/^Menu do usuário/).click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
}

/** The link (…/reset-password/{email}/{token}) of the last password-reset mail sent to `to`, or undefined before it arrives. */
export async function lastResetLink(to: string) {
  const mails = await mailsTo(to)
  return mails.at(-1)?.match(/https?:\/\/[^\s"<>]+\/reset-password\/[^\s"<>]+/)?.[0]
}

/** A real 1×1 PNG image. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** More demo users of server/db/seed.ts (Bruno: Farmácia Central; Carla: Revenda Norte and, not as admin, Distribuidora Sol). */
export const BRUNO = { email: 'bruno@farmaciacentral.com.br', password: 'demo12345', name: 'Bruno Costa' }
export const CARLA = { email: 'carla@revendanorte.com.br', password: 'demo12345', name: 'Carla Mendes' }

/**
 * Playwright's `test`, plus a check run after every test: the pages raised no uncaught
 * error and logged no console error (hydration mismatches, failed module loads…).
 * HTTP answers of 4xx to form posts are expected and not counted.
 */
export const test = base.extend<{ browserErrors: string[] }>({
  browserErrors: [
    async ({ context }, use) => {
      const errors: string[] = []
      context.on('weberror', (e) => errors.push(`uncaught: ${e.error().message}`))
      context.on('console', (m) => {
        if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(`console: ${m.text()}`)
      })
      await use(errors)
      expect(errors, 'errors in the browser').toEqual([])
    },
    { auto: true },
  ],
})

/**
 * Holds back the module that brings zod to the browser (decision 032: a form's checks load when the form is first
 * used, app/enhance/form-checks.ts), until `release()`. `requested` settles when a form asks for it: from then on
 * the form's listeners are in place.
 */
export async function holdFormSchemas(page: Page) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let asked!: () => void
  const requested = new Promise<void>((resolve) => (asked = resolve))
  await page.route(/\/assets\/(enhance-)?form-validation-[\w-]+\.js$/, async (route) => {
    asked()
    await held
    await route.continue()
  })
  return { requested, release }
}
