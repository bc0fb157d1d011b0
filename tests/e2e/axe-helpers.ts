import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'

/** What the accessibility tests (a11y.spec.ts, a11y-cart.spec.ts) share: axe-core run in the page, and how a screen is opened. */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']
const BLOCKING = new Set(['serious', 'critical'])

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const AXE_OPTIONS: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] }

/**
 * Runs axe-core in the page and collects every blocking violation of the test, so one run reports
 * them all. axe is loaded once per document by an init script and run in place: AxeBuilder of
 * @axe-core/playwright injects the whole script again on every call (and, by default, opens a
 * blank page to finish), which cost 4-5 s per check here against about 1 s.
 */
export async function axeChecker(page: Page) {
  await page.addInitScript({ path: AXE_SCRIPT })
  const problems: string[] = []
  let checked = 0
  return {
    problems,
    get checked() {
      return checked
    },
    async check(label: string) {
      const results = await page.evaluate(
        (options) => (window as unknown as { axe: { run: (ctx: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(document, options),
        AXE_OPTIONS,
      )
      checked++
      // Ours, beside axe's: a bare file input shows the browser's own words ('Choose File' in an English browser).
      const bareFileInputs = await page.locator('input[type="file"]:not(.file-input-native):not([aria-hidden="true"])').count()
      if (bareFileInputs) problems.push(`${label}: ${bareFileInputs} campo(s) de arquivo sem o botão 'Escolher arquivo' (FileInput)`)
      for (const v of results.violations) {
        if (!v.impact || !BLOCKING.has(v.impact)) continue
        const targets = v.nodes.map((n) => n.target.join(' ')).join(' | ')
        problems.push(`${label}: ${v.id} (${v.impact}) — ${v.help} — ${targets}`)
      }
    },
  }
}

/**
 * Makes `page` show what a browser without JavaScript shows: every document arrives without its scripts and module
 * preloads, and its `<noscript>` content is shown. Scripts stay on in the page itself so axe can run in it, which
 * Chromium with JavaScript disabled does not allow (axe waits on timers that never fire there).
 */
export async function withoutPageScripts(page: Page) {
  await page.route('**/*', async (route) => {
    const request = route.request()
    if (request.resourceType() !== 'document') return route.continue()
    const response = await route.fetch({ maxRedirects: 0 })
    const type = response.headers()['content-type'] ?? ''
    if (!type.includes('text/html')) return route.fulfill({ response })
    const html = (await response.text())
      .replace(/<script\b[\s\S]*?<\/script>/gi, '')
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
      .replace(/<\/?noscript>/gi, '')
    return route.fulfill({ response, body: html })
  })
}

const SCRIPTS = 'script, link[rel="modulepreload"]'

/**
 * Opens `path` in a page set up by `withoutPageScripts` and checks that it shows no script. The browser follows a
 * redirect that a route fulfilled without routing the next request, so a page reached by a redirect is asked for
 * once more by its own address.
 */
export async function gotoWithoutScripts(page: Page, path: string) {
  await page.goto(path)
  if (await page.locator(SCRIPTS).count()) await page.goto(page.url())
  await expect(page.locator(SCRIPTS)).toHaveCount(0)
}

/** Opens a screen and waits for React to take over (the side menu marks it inside a company). */
export async function visit(page: Page, path: string) {
  await page.goto(path)
  if (await page.locator('.side-menu').count()) await expect(page.locator('.side-menu[data-enhanced]')).toBeAttached()
}

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 720 }
