import { expect, type APIResponse, type BrowserContext } from '@playwright/test'
import { test, BRUNO, DEMO } from './helpers.ts'
import { CENTRAL, chat, CHAT, chatBrowser, enterCompany, headerChat, openChannel, sendText, SOL, uniqueText, watchRealtime } from './chat-helpers.ts'

/**
 * Headers, on the built product: the pages' Content-Security-Policy nonce is on every
 * script React Router, React and the app render, new on every answer; and the browser reports no
 * violation of the policy while people log in, enter a company, chat live and record a voice message.
 */

/** Every violation of the page policy reported in `context` (the browser's securitypolicyviolation event). */
async function recordViolations(context: BrowserContext) {
  const violations: string[] = []
  await context.exposeBinding('reportCspViolation', (_source, text: string) => void violations.push(text))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation
      report(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} in ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`)
    })
  })
  return violations
}

function nonceOf(res: APIResponse) {
  const csp = res.headers()['content-security-policy'] ?? ''
  const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? ''
  expect(scriptSrc, 'script-src of the page').not.toContain("'unsafe-inline'")
  expect(csp).toContain("frame-ancestors 'none'")
  return /'nonce-([^']+)'/.exec(scriptSrc)?.[1] ?? ''
}

/** The nonce of the page's policy, after checking every `<script>` of the HTML carries it. */
async function expectScriptsNonced(res: APIResponse) {
  expect(res.status()).toBe(200)
  const nonce = nonceOf(res)
  expect(nonce).not.toBe('')
  const scripts = (await res.text()).match(/<script\b[^>]*>/g) ?? []
  expect(scripts.length).toBeGreaterThan(0)
  for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`)
  return nonce
}

test('every script of a page carries the nonce of its policy, new on every answer; pages and API answers are not stored', async ({ page, request }) => {
  // Login, as anyone opens it.
  const first = await request.get('/')
  const second = await request.get('/')
  const a = await expectScriptsNonced(first)
  const b = await expectScriptsNonced(second)
  expect(a).not.toBe(b)
  expect(first.headers()['cache-control']).toBe('no-store')
  expect(first.headers()['permissions-policy']).toContain('microphone=(self)')
  expect(first.headers()['cross-origin-opener-policy']).toBe('same-origin')
  expect(first.headers()['x-frame-options']).toBe('DENY')

  // The token of the login answer is never kept.
  const login = await request.post('/api/login', { data: { email: DEMO.email, password: DEMO.password } })
  expect(login.status()).toBe(200)
  expect(login.headers()['cache-control']).toBe('no-store')

  // Inside a company: the shell's own inline script (the menu pin) too; the page and its data are not stored.
  await enterCompany(page, DEMO, SOL)
  const shell = await page.request.get('/orders')
  await expectScriptsNonced(shell)
  expect(shell.headers()['cache-control']).toBe('no-store')
  const data = await page.request.get('/orders.data')
  expect(data.status()).toBe(200)
  expect(data.headers()['cache-control']).toBe('no-store')
})

test('no policy violation while Ana logs in, enters Distribuidora Sol, chats live with Bruno and records a voice message', async ({ page, browser, browserErrors }) => {
  const anaViolations = await recordViolations(page.context())
  const anaRealtime = watchRealtime(page)
  await enterCompany(page, DEMO, SOL)

  const bruno = await chatBrowser(browser, browserErrors)
  const brunoViolations = await recordViolations(bruno.context)
  await enterCompany(bruno.page, BRUNO, CENTRAL)
  await bruno.page.goto('/Chat?tipo=F')
  await openChannel(bruno.page, SOL.nome)
  await bruno.realtime.ready()

  // Ana reaches the chat within the app, without loading a new document: the microphone must still be hers.
  await headerChat(page).click()
  await expect(page).toHaveURL(/\/Chat$/)
  await chat(page).tab('Clientes').click()
  await openChannel(page, CENTRAL.nome)
  await anaRealtime.ready()

  const text = uniqueText('Mensagem sob a política de segurança')
  await sendText(page, text)
  await expect(chat(bruno.page).message(text)).toBeVisible()

  // The fake microphone of the browser (playwright.config.ts) plays a beep.
  await page.getByRole('button', { name: CHAT.record }).click()
  const stop = page.getByRole('button', { name: CHAT.stopRecording })
  await expect(stop).toHaveAttribute('aria-pressed', 'true')
  await page.waitForTimeout(1200)
  await stop.click()
  const sent = chat(page).log.locator('li.chat-msg-mine[data-message-id]').filter({ has: page.locator('audio') }).last()
  await expect(sent).toBeVisible()
  const id = await sent.getAttribute('data-message-id')
  const received = bruno.page.locator(`li.chat-msg[data-message-id="${id}"] audio`)
  await expect(received).toHaveAttribute('src', `/Chat/arquivo/${id}`)
  // The recording plays for Bruno: media-src lets the page load it.
  await expect.poll(() => received.evaluate((audio: HTMLAudioElement) => (audio.load(), new Promise((done) => {
    audio.addEventListener('loadedmetadata', () => done('loaded'), { once: true })
    audio.addEventListener('error', () => done('error'), { once: true })
  })))).toBe('loaded')

  expect(anaViolations, 'violations in Ana’s browser').toEqual([])
  expect(brunoViolations, 'violations in Bruno’s browser').toEqual([])
  await bruno.context.close()
})

test("the public folder's files are served as files, a page's address never is", async ({ request }) => {
  const icon = await request.get('/favicon.svg')
  expect(icon.status()).toBe(200)
  expect(icon.headers()['content-type']).toContain('image/svg+xml')
  expect(await icon.text()).toContain('<svg')
  const missing = await request.get('/favicon.svg/nothing-here')
  expect(missing.headers()['content-type'] ?? '').not.toContain('image/svg+xml')
})
