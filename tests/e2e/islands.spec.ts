import { expect, type APIRequestContext } from '@playwright/test'
import { BRUNO, DEMO, login, test } from './helpers.ts'
import { orgIdsOf, screens } from './screens.ts'

/**
 * Which pages hydrate (decision 046): only the islands load React Router (its context script and the preload of its
 * client entry); every other screen, public or of a company, is server-rendered HTML ending with the enhancement
 * layer's one script. Every screen of app/routes.ts, so a new one joins by itself.
 */
const ISLANDS = new Set(['/Chat'])

const REACT_ROUTER_CONTEXT = /window\.__reactRouterContext/
const FRAMEWORK_PRELOAD = /<link rel="modulepreload" href="[^"]*(entry\.client|jsx-runtime)[^"]*"/
const ENHANCE_SCRIPT = /<script type="module" src="[^"]*(\/assets\/enhance|\/app\/enhance\/)[^"]*"/

async function shape(request: APIRequestContext, path: string) {
  const res = await request.get(path)
  const html = await res.text()
  return { url: new URL(res.url()).pathname, hydrates: REACT_ROUTER_CONTEXT.test(html) || FRAMEWORK_PRELOAD.test(html), both: REACT_ROUTER_CONTEXT.test(html) && FRAMEWORK_PRELOAD.test(html), layer: ENHANCE_SCRIPT.test(html) }
}

test('only the islands hydrate: every other screen is HTML with the enhancement layer and no React Router', async ({ page, playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  const ids = { sol: (await orgIdsOf(api, DEMO)).get('Distribuidora Sol')!, central: (await orgIdsOf(api, BRUNO)).get('Farmácia Central')! }
  const problems: string[] = []
  const check = async (request: APIRequestContext, pattern: string, path: string) => {
    const page = await shape(request, path)
    const island = ISLANDS.has(pattern) && page.url === pattern
    if (island && !(page.both && !page.layer)) problems.push(`${path}: an island without React Router`)
    if (!island && (page.hydrates || !page.layer)) problems.push(`${path} (answered ${page.url}): ${page.hydrates ? 'loads React Router' : 'no enhancement layer'}`)
    return island
  }
  for (const screen of screens(ids, false)) await check(api, screen.pattern, screen.path)
  await api.dispose()

  await login(page, DEMO.email, DEMO.password)
  await page.goto('/personal-environment')
  await page.getByRole('button', { name: 'Entrar em Distribuidora Sol' }).click()
  await page.waitForURL((url) => url.pathname !== '/personal-environment')
  let islands = 0
  for (const screen of screens(ids, true)) if (await check(page.request, screen.pattern, screen.path)) islands++
  expect(problems).toEqual([])
  expect(islands).toBe(ISLANDS.size)
})
