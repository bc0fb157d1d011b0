import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Browser, type BrowserContext } from '@playwright/test'
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs'
import { ALL_SCREENS, fill } from '../../tests/e2e/screens.ts'

// What each screen costs the browser beside Login: `npm run bench:page-cost`. Starts the built product (build/), opens
// every screen in Debian's Chromium with the CPU slowed 4× and the cache off, and reads the script time, the blocking
// time and the JavaScript transferred. See bench/page-cost/README.md.

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '4620' },
    throttle: { type: 'string', default: '4' },
    settle: { type: 'string', default: '1500' },
    pages: { type: 'string' },
    detail: { type: 'boolean', default: false },
  },
})
const runs = Number(args.runs)
const port = Number(args.port)
const throttle = Number(args.throttle)
const settleMs = Number(args.settle)
for (const [name, value] of Object.entries({ runs, port, throttle, settle: settleMs })) {
  if (!Number.isInteger(value) || value < (name === 'settle' ? 0 : 1)) {
    console.error(`--${name}: esperava um inteiro positivo.`)
    process.exit(2)
  }
}

const root = path.resolve(import.meta.dirname, '../..')
if (!existsSync(path.join(root, 'build/server/index.js')) || !existsSync(path.join(root, 'build/node/index.js'))) {
  console.error('Sem build: rode `npm run build` antes (o benchmark mede o build de produção).')
  process.exit(2)
}
const CHROMIUM = '/usr/bin/chromium'
if (!existsSync(CHROMIUM)) {
  console.error(`Sem ${CHROMIUM}: instale o pacote chromium do Debian (node scripts/ensure-chromium.mjs).`)
  process.exit(2)
}

const base = `http://127.0.0.1:${port}`
const PASSWORD = 'demo12345'
/** Who opens the screens: Ana in Distribuidora Sol (a supplier) for every screen its menu shows, Bruno in Farmácia Central (a retailer) for the market. */
const SOL = { email: 'ana@distribuidorasol.com.br', company: 'Distribuidora Sol' }
const CENTRAL = { email: 'bruno@farmaciacentral.com.br', company: 'Farmácia Central' }
/** Screens a supplier's menu does not show, opened by the retailer. */
const RETAILER_SCREENS = new Set(['/market', '/market/carrinho'])

type Who = 'visitor' | 'sol' | 'central'
type Screen = { path: string; who: Who }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function startServer(dataDir: string): ChildProcess {
  // The product as `npm start` runs it: its own API in process, no Redis, mail to files.
  const { API_URL, REDIS_URL, SMTP_URL, DATABASE_URL, ...inherited } = process.env
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, 'build/node/index.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...inherited, NODE_ENV: 'production', PORT: String(port), APP_URL: base, SEED_DEMO: '1', DATA_DIR: dataDir },
  })
}

async function waitUntilUp(child: ChildProcess) {
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`O servidor saiu com código ${child.exitCode}.`)
    const ok = await fetch(`${base}/`).then((r) => r.ok, () => false)
    if (ok) return
    await sleep(100)
  }
  throw new Error('O servidor não respondeu em 3 min.')
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** The demo organizations' ids by name, from the API (the screens' path parameters use them). */
async function orgIds(email: string) {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  }).then((r) => r.json() as Promise<{ token: string }>)
  const headers = { accept: 'application/json', authorization: `Bearer ${login.token}` }
  const list = await fetch(`${base}/api/OrgProfile/50/null/null`, { headers }).then(
    (r) => r.json() as Promise<{ organizacoes: { data: { organizacao_id: number; organizacao: { nome: string } }[] } }>,
  )
  await fetch(`${base}/api/logout`, { method: 'POST', headers })
  return new Map(list.organizacoes.data.map((o) => [o.organizacao.nome, o.organizacao_id]))
}

/**
 * A session of its own in the browser. The JavaScript is asked for in gzip (Chromium would take brotli too), the
 * encoding the budgets count.
 */
async function newContext(browser: Browser) {
  const context = await browser.newContext({ baseURL: base, locale: 'pt-BR', extraHTTPHeaders: { 'accept-encoding': 'gzip, deflate' } })
  // Long tasks from the page's start, for its blocking time (a string, for the same reason as FOCUS_FIRST_FIELD's).
  await context.addInitScript(`{
    const tasks = []
    Object.defineProperty(window, '__pageCostLongTasks', { value: tasks })
    try {
      new PerformanceObserver((list) => { for (const entry of list.getEntries()) tasks.push(entry.duration) }).observe({ type: 'longtask', buffered: true })
    } catch {}
  }`)
  return context
}

/** Logs in through the Login form and enters the company through the personal environment's form, as a person would. */
async function enterCompany(browser: Browser, who: { email: string; company: string }) {
  const context = await newContext(browser)
  const page = await context.newPage()
  await page.goto('/')
  await page.getByLabel('E-mail').fill(who.email)
  await page.getByLabel('Senha').fill(PASSWORD)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => url.pathname !== '/')
  await page.goto('/personal-environment')
  await page.getByRole('button', { name: `Entrar em ${who.company}` }).click()
  await page.waitForURL((url) => url.pathname !== '/personal-environment')
  await page.close()
  return context
}

/**
 * Whether the company in `context`'s session opens `pathname` itself (its menu shows it) or is sent elsewhere. A
 * redirect's toast is read by the page it leads to, which the request follows: the next screen opens without it.
 */
async function opens(context: BrowserContext, pathname: string) {
  const response = await context.request.get(pathname)
  return { ok: response.ok() && new URL(response.url()).pathname === pathname, landed: new URL(response.url()).pathname }
}

type Sample = {
  jsAtLoad: number
  jsLater: number
  scriptMs: number
  blockingMs: number
  longTasks: number[]
  focused: string | null
  encodings: string[]
  /** Each script: its address, bytes received, and ms from the load event's start to its request (negative: before). */
  scripts: { url: string; bytes: number; fromLoadMs: number }[]
}

/**
 * Focuses the page's first form field (visible, enabled, belonging to a form): the first of a form with checks
 * (`data-schema`) when the page has one, their schema loading on the form's first focus. Answers what it focused. A
 * string, run as it is written (the bundler would add helpers to a function that the page does not have).
 */
const FOCUS_FIRST_FIELD = `(() => {
  const fields = [...document.querySelectorAll('input, select, textarea')].filter((e) =>
    (e.tagName !== 'INPUT' || !['hidden', 'submit', 'button', 'reset', 'image'].includes(e.type)) &&
    e.form !== null && !e.disabled && e.checkVisibility({ visibilityProperty: true }))
  const field = fields.find((f) => f.form.dataset.schema) ?? fields[0]
  if (!field) return null
  field.focus()
  return (field.form.dataset.schema ? field.form.dataset.schema + ' ' : '') + '#' + (field.id || field.name)
})()`

/**
 * One view of a screen in a fresh page: CPU slowed `throttle`×, cache off; navigate, wait for the load event, focus
 * the page's first form field (a form with checks first: they load on its first focus), wait `settle` ms, then read.
 */
async function measure(context: BrowserContext, pathname: string): Promise<Sample> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })

  // Every script response: when its request started (monotonic seconds, the clock of the performance metrics), its
  // header bytes, and on completion its body bytes as received (compressed).
  const scripts = new Map<string, { url: string; started: number; headerBytes: number; bodyBytes: number | null; encoding: string }>()
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Script' && !scripts.has(event.requestId)) scripts.set(event.requestId, { url: event.request.url, started: event.timestamp, headerBytes: 0, bodyBytes: null, encoding: '' })
  })
  cdp.on('Network.responseReceived', (event) => {
    const script = scripts.get(event.requestId)
    if (!script) return
    script.headerBytes = event.response.encodedDataLength
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]))
    script.encoding = headers['content-encoding'] ?? 'identity'
  })
  cdp.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId)
    if (script) script.bodyBytes = event.encodedDataLength - script.headerBytes
  })

  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
  const before = await metrics()
  const response = await page.goto(pathname, { waitUntil: 'load' })
  const landed = new URL(page.url()).pathname
  if (!response?.ok() || landed !== pathname) throw new Error(`${pathname}: respondeu ${response?.status()} em ${landed}.`)

  const focused = (await page.evaluate(FOCUS_FIRST_FIELD)) as string | null
  await sleep(settleMs)

  const after = await metrics()
  const longTasks = (await page.evaluate('window.__pageCostLongTasks')) as number[]
  const loadEventStart = (await page.evaluate("performance.getEntriesByType('navigation')[0].loadEventStart")) as number
  // A script asked for within the time measured counts whole: the page stays open until it has arrived.
  for (let waited = 0; [...scripts.values()].some((s) => s.bodyBytes === null); waited += 50) {
    if (waited > 15_000) throw new Error(`${pathname}: um script pedido não chegou em 15 s.`)
    await sleep(50)
  }
  await page.close()

  // The load event in the requests' clock: the metrics' NavigationStart is the page's time origin.
  const loadAt = after.NavigationStart + loadEventStart / 1000
  // A renderer started for the navigation counts from zero; otherwise what about:blank had is taken off.
  const scriptSeconds = after.ScriptDuration >= before.ScriptDuration ? after.ScriptDuration - before.ScriptDuration : after.ScriptDuration
  let jsAtLoad = 0
  let jsLater = 0
  for (const script of scripts.values()) {
    if (script.started < loadAt) jsAtLoad += script.bodyBytes!
    else jsLater += script.bodyBytes!
  }
  return {
    jsAtLoad,
    jsLater,
    scriptMs: scriptSeconds * 1000,
    blockingMs: longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    longTasks,
    focused,
    encodings: [...new Set([...scripts.values()].map((s) => s.encoding))],
    scripts: [...scripts.values()].map((s) => ({ url: new URL(s.url).pathname, bytes: s.bodyBytes!, fromLoadMs: Math.round((s.started - loadAt) * 1000) })),
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

type Row = {
  path: string
  who: Who
  focused: string | null
  jsAtLoadKb: number
  jsLaterKb: number
  scriptMs: number
  blockingMs: number
  ratio: number
  samples: Sample[]
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-page-cost-'))
  const child = startServer(dataDir)
  let browser: Browser | null = null
  const skipped: { path: string; landed: string }[] = []
  try {
    await waitUntilUp(child)
    const ids = { sol: (await orgIds(SOL.email)).get(SOL.company)!, central: (await orgIds(CENTRAL.email)).get(CENTRAL.company)! }

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    })
    const contexts: Record<Who, BrowserContext> = {
      visitor: await newContext(browser),
      sol: await enterCompany(browser, SOL),
      central: await enterCompany(browser, CENTRAL),
    }

    // Login, then every screen of the private area (app/routes.ts, through tests/e2e/screens.ts: a new one joins by itself).
    const wanted = args.pages?.split(',')
    const screens: Screen[] = [{ path: '/', who: 'visitor' }]
    for (const screen of ALL_SCREENS.filter((s) => s.private)) {
      const pathname = fill(screen.pattern, ids)
      if (wanted && !wanted.includes(pathname) && !wanted.includes(screen.pattern)) continue
      const who: Who = RETAILER_SCREENS.has(screen.pattern) ? 'central' : 'sol'
      const answer = await opens(contexts[who], pathname)
      if (answer.ok) screens.push({ path: pathname, who })
      else skipped.push({ path: pathname, landed: answer.landed })
    }

    // Runs one after another, each screen once per run, so that what the machine does meanwhile falls on all alike.
    const samples = new Map<string, Sample[]>(screens.map((s) => [s.path, []]))
    for (let run = 1; run <= runs; run++) {
      const started = Date.now()
      for (const screen of screens) samples.get(screen.path)!.push(await measure(contexts[screen.who], screen.path))
      console.log(`rodada ${run}/${runs}: ${screens.length} telas em ${((Date.now() - started) / 1000).toFixed(0)} s`)
    }

    const rows: Row[] = screens.map((screen) => {
      const s = samples.get(screen.path)!
      return {
        path: screen.path,
        who: screen.who,
        focused: s[0].focused,
        jsAtLoadKb: median(s.map((x) => x.jsAtLoad)) / 1000,
        jsLaterKb: median(s.map((x) => x.jsLater)) / 1000,
        scriptMs: median(s.map((x) => x.scriptMs)),
        blockingMs: median(s.map((x) => x.blockingMs)),
        ratio: 0,
        samples: s,
      }
    })
    for (const row of rows) row.ratio = row.scriptMs / rows[0].scriptMs
    return { rows, skipped }
  } finally {
    await browser?.close()
    await stopServer(child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const WHO_LABEL: Record<Who, string> = { visitor: 'sem login', sol: SOL.company, central: CENTRAL.company }

function printTable(rows: Row[]) {
  console.log(`\nCPU ${throttle}× mais lenta, cache desligado, ${settleMs} ms após o load (e o foco); mediana de ${runs} rodada(s)`)
  const header = ['tela', 'JS no load KB', 'JS depois KB', 'script ms', 'bloqueio ms', '× Login', 'quem', 'campo focado']
  const cells = rows.map((r) => [
    r.path === '/' ? 'Login (/)' : r.path,
    r.jsAtLoadKb.toFixed(1),
    r.jsLaterKb.toFixed(1),
    r.scriptMs.toFixed(0),
    r.blockingMs.toFixed(0),
    r.ratio.toFixed(2),
    WHO_LABEL[r.who],
    r.focused ?? '-',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)))
  const line = (c: string[]) => c.map((v, i) => (i === 0 || i >= 6 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ').trimEnd()
  console.log(line(header))
  for (const c of cells) console.log(line(c))
}

const load = loadavg()[0]
const { rows, skipped } = await main()
printTable(rows)
if (args.detail) {
  for (const row of rows) {
    console.log(`\n${row.path}: scripts da 1ª rodada (ms desde o início do load; negativo: antes), tarefas longas de cada rodada`)
    for (const script of row.samples[0].scripts) console.log(`  ${(script.bytes / 1000).toFixed(1).padStart(6)} KB  ${String(script.fromLoadMs).padStart(6)} ms  ${script.url}`)
    console.log(`  tarefas longas (ms): ${row.samples.map((s) => s.longTasks.map((d) => d.toFixed(0)).join(' + ') || '-').join(' | ')}`)
  }
}
for (const s of skipped) console.log(`Não medida: ${s.path} (${SOL.company} vai para ${s.landed}).`)
const over = rows.filter((r) => r.who !== 'visitor' && r.ratio > 2)
console.log(over.length ? `Acima de 2 × Login: ${over.map((r) => (r.path === '/Chat' ? '/Chat (ilha)' : r.path)).join(', ')}.` : 'Toda tela de empresa até 2 × Login.')
const encodings = [...new Set(rows.flatMap((r) => r.samples.flatMap((s) => s.encodings)))]
console.log(`Codificação dos scripts: ${encodings.join(', ')}; carga média no início: ${load.toFixed(1)} (${cpus().length} núcleos)`)

const outDir = path.join(root, 'bench/page-cost/results')
mkdirSync(outDir, { recursive: true })
const file = path.join(outDir, `page-cost-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), runs, throttle, settleMs, cores: cpus().length, loadAverage: load, rows, skipped }, null, 2))
console.log(`\nNúmeros em ${path.relative(root, file)}`)
