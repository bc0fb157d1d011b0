import { expect, type BrowserContext } from '@playwright/test'
import { test, login, logout, NEW_PASSWORD, signUp, uniqueEmail } from './helpers.ts'

const DAY = 24 * 60 * 60

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === '__session')
  expect(cookie, 'the __session cookie').toBeDefined()
  return cookie!
}

test("'Lembrar de mim' checked keeps the session for 30 days", async ({ page, context }) => {
  const email = uniqueEmail('lembrar')
  await signUp(page, { name: 'lara', email, password: NEW_PASSWORD })
  await login(page, email, NEW_PASSWORD, true)
  const cookie = await sessionCookie(context)
  const now = Date.now() / 1000
  expect(cookie.expires).toBeGreaterThan(now + 30 * DAY - 600)
  expect(cookie.expires).toBeLessThan(now + 30 * DAY + 600)
  expect(cookie.httpOnly).toBe(true)
  expect(cookie.sameSite).toBe('Lax')

  // A browser restart: a new context with only the persistent cookies is still logged in.
  const restarted = await context.browser()!.newContext({ baseURL: test.info().project.use.baseURL })
  await restarted.addCookies((await context.cookies()).filter((c) => c.expires > 0))
  const again = await restarted.newPage()
  await again.goto('/personal-environment')
  await expect(again.getByRole('heading', { name: 'Minhas organizações' })).toBeVisible()
  await restarted.close()

  // Logout removes the remembered session.
  await logout(page)
  expect((await context.cookies()).find((c) => c.name === '__session')?.value ?? '').toBe('')
})

test("without 'Lembrar de mim' the session ends with the browser", async ({ page, context }) => {
  const email = uniqueEmail('sessao')
  await signUp(page, { name: 'saulo', email, password: NEW_PASSWORD })
  await login(page, email, NEW_PASSWORD, false)
  const cookie = await sessionCookie(context)
  expect(cookie.expires).toBe(-1)

  const restarted = await context.browser()!.newContext({ baseURL: test.info().project.use.baseURL })
  await restarted.addCookies((await context.cookies()).filter((c) => c.expires > 0))
  const again = await restarted.newPage()
  await again.goto('/personal-environment')
  await expect(again.getByRole('heading', { name: 'Bom te ver novamente!' })).toBeVisible()
  await restarted.close()
})
