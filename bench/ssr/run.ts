import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS } from '../../server/db/client.ts'
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs'
import { ORDERS_SEARCH, ordersSeedSql } from './seed-orders.ts'
import { UNTHROTTLED } from '../shared/postgres.ts'

// Server-side rendering cost of the main screens, as a logged-in member: `npm run bench:ssr`.
// Starts the built product (build/) once per database and loads each page in turn. See bench/ssr/README.md.

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '4610' },
    databases: { type: 'string', default: 'pglite,postgres' },
    'postgres-url': { type: 'string', default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    pages: { type: 'string' },
    orders: { type: 'string', default: '0' },
    buyers: { type: 'string', default: '5000' },
    'cpu-prof': { type: 'boolean', default: false },
  },
})
const duration = Number(args.duration)
const warmup = Number(args.warmup)
const connections = Number(args.connections)
const port = Number(args.port)
const databases = args.databases.split(',') as ('pglite' | 'postgres')[]
const orderCount = Number(args.orders)
const buyerCount = Number(args.buyers)
for (const [name, value] of Object.entries({ duration, warmup, connections, port, orders: orderCount, buyers: buyerCount })) {
  if (!Number.isInteger(value) || value < (name === 'warmup' || name === 'orders' ? 0 : 1)) {
    console.error(`--${name}: esperava um inteiro positivo.`)
    process.exit(2)
  }
}
if (!databases.every((d) => d === 'pglite' || d === 'postgres')) {
  console.error('--databases: pglite, postgres ou os dois separados por vírgula.')
  process.exit(2)
}

const root = path.resolve(import.meta.dirname, '../..')
if (!existsSync(path.join(root, 'build/server/index.js')) || !existsSync(path.join(root, 'build/node/index.js'))) {
  console.error('Sem build: rode `npm run build` antes (o benchmark mede o build de produção).')
  process.exit(2)
}

const base = `http://127.0.0.1:${port}`
const EMAIL = 'ana@distribuidorasol.com.br'
const PASSWORD = 'demo12345'
const COMPANY = 'Distribuidora Sol'

type Page = { path: string; label: string; as: 'anonymous' | 'member' | 'company' }
const PAGES: Page[] = [
  { path: '/', label: 'Login', as: 'anonymous' },
  { path: '/personal-environment', label: 'Ambiente pessoal', as: 'member' },
  { path: '/my-team', label: 'Minha equipe', as: 'company' },
  { path: '/Chat', label: 'Chat', as: 'company' },
  // A company screen still under construction: the session, the company profile and the layout alone.
  { path: '/Wallet', label: 'Só o layout', as: 'company' },
  { path: '/orders', label: 'Pedidos recebidos', as: 'company' },
  { path: `/orders?status=A&q=${ORDERS_SEARCH}`, label: 'Pedidos, status A e busca', as: 'company' },
  { path: '/products', label: 'Produtos', as: 'company' },
  { path: '/conditions', label: 'Condições', as: 'company' },
  { path: '/customers', label: 'Clientes', as: 'company' },
  { path: '/visiting-card', label: 'Cartão de visita', as: 'company' },
  { path: '/profile', label: 'Perfil', as: 'company' },
]
// With --orders the orders scenario: its two views of the list beside Login, unless --pages names others.
const pages = (args.pages ?? (orderCount ? '/orders,/orders?status=A&q=' + ORDERS_SEARCH : '/personal-environment,/my-team,/Chat')).split(',')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function startServer(env: Record<string, string>, profileDir: string | null, countFile: string | null): ChildProcess {
  const flags = [
    ...SERVER_NODE_FLAGS,
    ...(countFile ? ['--import', './bench/ssr/count-queries.mjs'] : []),
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
  ]
  // The product as `npm start` runs it: its own API in process, no Redis, mail to files.
  const { API_URL, REDIS_URL, SMTP_URL, DATABASE_URL, ...inherited } = process.env
  return spawn(process.execPath, [...flags, 'build/node/index.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...inherited, ...UNTHROTTLED, NODE_ENV: 'production', PORT: String(port), APP_URL: base, SEED_DEMO: '1', ...(countFile ? { BENCH_QUERY_COUNT_FILE: countFile } : {}), ...env },
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

/** The `name=value` pairs of a response's Set-Cookie headers, merged over `jar`. */
function keepCookies(jar: Map<string, string>, response: Response) {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';')
    const at = pair.indexOf('=')
    jar.set(pair.slice(0, at), pair.slice(at + 1))
  }
  return jar
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')

async function post(pathname: string, form: Record<string, string>, jar: Map<string, string>) {
  const response = await fetch(`${base}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(jar), origin: base },
    body: new URLSearchParams(form),
  })
  if (response.status !== 302 && response.status !== 303) throw new Error(`POST ${pathname}: ${response.status}, esperava um redirecionamento.`)
  return keepCookies(jar, response)
}

/**
 * The two sessions measured: logged in (no company) and logged in with Distribuidora Sol entered. Two
 * logins: entering a company changes the session it is entered in (kept on the server), so one session
 * cannot be both.
 */
async function logIn() {
  const member = await post('/?index', { email: EMAIL, password: PASSWORD }, new Map())
  const entering = await post('/?index', { email: EMAIL, password: PASSWORD }, new Map())
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  }).then((r) => r.json() as Promise<{ token: string }>)
  const list = await fetch(`${base}/api/OrgProfile/50/null/null`, { headers: { accept: 'application/json', authorization: `Bearer ${login.token}` } }).then(
    (r) => r.json() as Promise<{ organizacoes: { data: { organizacao_id: number; organizacao: { nome: string } }[] } }>,
  )
  const org = list.organizacoes.data.find((m) => m.organizacao.nome === COMPANY)
  if (!org) throw new Error(`${EMAIL} não é membro de ${COMPANY}.`)
  const company = await post('/personal-environment', { organizacao_id: String(org.organizacao_id) }, entering)
  return { anonymous: '', member: cookieHeader(member), company: cookieHeader(company) }
}

type Figures = {
  path: string
  label: string
  rps: number
  p50: number
  p99: number
  errors: number
  ratio: number
  queries: number | null
  cpuPerRequest: number | null
  cpuRatio: number | null
}

/** Views loaded one after another to count a page's statements (PostgreSQL only: bench/ssr/count-queries.mjs). */
const COUNTED_VIEWS = 20

async function queryCount(child: ChildProcess, file: string) {
  rmSync(file, { force: true })
  child.kill('SIGUSR2')
  for (let i = 0; i < 100 && !existsSync(file); i++) await sleep(20)
  return Number(readFileSync(file, 'utf8'))
}

/** Statements per view of a page, on average over COUNTED_VIEWS sequential views. */
async function countQueries(child: ChildProcess, file: string, page: Page, cookie: string) {
  // The previous page's load may leave requests in flight: they finish first.
  await sleep(2000)
  const before = await queryCount(child, file)
  for (let i = 0; i < COUNTED_VIEWS; i++) {
    await fetch(`${base}${page.path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} }).then((r) => r.arrayBuffer())
  }
  return ((await queryCount(child, file)) - before) / COUNTED_VIEWS
}

/**
 * CPU time the server process has used (user + system, ms), from /proc (Linux; null elsewhere). Per request it
 * is steadier than requests/s on a shared machine: other work slows the server down, it does not make it work
 * more. On PostgreSQL the database's own processes are not in it.
 */
function serverCpuMs(child: ChildProcess): number | null {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return null
  }
}
/** The kernel's USER_HZ: 100 on Linux on every common architecture. */
const CLOCK_TICKS = 100

async function measure(page: Page, cookie: string, seconds: number, child?: ChildProcess) {
  const cpuBefore = child ? serverCpuMs(child) : null
  const check = await fetch(`${base}${page.path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} })
  if (check.status !== 200) throw new Error(`GET ${page.path} como ${page.as}: ${check.status}, esperava 200.`)
  const result = await autocannon({
    url: `${base}${page.path}`,
    connections,
    duration: seconds,
    headers: { ...(cookie ? { cookie } : {}), accept: 'text/html', 'accept-encoding': 'gzip' },
  })
  const cpuAfter = child ? serverCpuMs(child) : null
  const cpuPerRequest = cpuBefore !== null && cpuAfter !== null && result.requests.total > 0 ? (cpuAfter - cpuBefore) / result.requests.total : null
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts, cpuPerRequest }
}

/**
 * The orders scenario's data (bench/ssr/seed-orders.ts), after the demo data the server seeded at its start.
 * PGlite has one user at a time: the server stops, the data goes in, the server starts again.
 */
async function seedOrders(child: ChildProcess, dataDir: string, url: string | null, profileDir: string | null, countFile: string | null) {
  const started = Date.now()
  const scripts = ordersSeedSql(orderCount, buyerCount)
  if (url) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    for (const script of scripts) await client.query(script)
    await client.end()
  } else {
    await stopServer(child)
    const db = new PGlite({ dataDir: path.join(dataDir, 'pglite'), extensions: PGLITE_EXTENSIONS })
    for (const script of scripts) await db.exec(script)
    await db.close()
    child = startServer({ DATA_DIR: dataDir }, profileDir, countFile)
    await waitUntilUp(child)
  }
  console.log(`${orderCount} pedidos de ${buyerCount} compradores em ${((Date.now() - started) / 1000).toFixed(0)} s`)
  return child
}

async function createPostgresDatabase() {
  const name = `bench_ssr_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: args['postgres-url'] })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(args['postgres-url'])
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: args['postgres-url'] })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

async function runOn(database: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ssr-'))
  const pgDb = database === 'postgres' ? await createPostgresDatabase() : null
  const profileDir = args['cpu-prof'] ? path.join(root, 'bench/ssr/results', `profile-${database}`) : null
  const countFile = pgDb ? path.join(dataDir, 'query-count') : null
  let child = startServer({ DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) }, profileDir, countFile)
  try {
    await waitUntilUp(child)
    if (orderCount) child = await seedOrders(child, dataDir, pgDb?.url ?? null, profileDir, countFile)
    const cookies = await logIn()
    const rows: Figures[] = []
    for (const page of PAGES.filter((p) => p.path === '/' || pages.includes(p.path))) {
      // Counted before this page's load: requests it leaves in flight would be counted too.
      const queries = countFile ? await countQueries(child, countFile, page, cookies[page.as]) : null
      if (warmup) await measure(page, cookies[page.as], warmup)
      const figures = await measure(page, cookies[page.as], duration, child)
      rows.push({ path: page.path, label: page.label, ...figures, ratio: 0, queries, cpuRatio: null })
    }
    // Let the requests still in flight finish before the server stops: one more request waits behind them.
    await fetch(`${base}${PAGES.at(-1)!.path}`, { headers: { cookie: cookies.company } }).then((r) => r.arrayBuffer())
    const login = rows[0]
    for (const row of rows) {
      row.ratio = row.rps / login.rps
      row.cpuRatio = row.cpuPerRequest && login.cpuPerRequest ? login.cpuPerRequest / row.cpuPerRequest : null
    }
    return rows
  } finally {
    await stopServer(child)
    await pgDb?.drop()
    rmSync(dataDir, { recursive: true, force: true })
    if (profileDir) console.log(`Perfil de CPU em ${path.relative(root, profileDir)}/`)
  }
}

function printTable(database: string, rows: Figures[]) {
  const scenario = orderCount ? `, Distribuidora Sol com ${orderCount} pedidos de ${buyerCount} compradores` : ''
  console.log(`\n${database === 'pglite' ? 'PGlite (banco embutido)' : 'PostgreSQL'}: ${connections} conexões, ${duration} s por página${scenario}`)
  const header = ['página', 'caminho', 'req/s', 'p50 ms', 'p99 ms', 'erros', '× Login', 'CPU ms/req', '× Login (CPU)', 'consultas/visita']
  const cells = rows.map((r) => [
    r.label,
    r.path,
    r.rps.toFixed(1),
    String(r.p50),
    String(r.p99),
    String(r.errors),
    r.ratio.toFixed(2),
    r.cpuPerRequest === null ? '-' : r.cpuPerRequest.toFixed(2),
    r.cpuRatio === null ? '-' : r.cpuRatio.toFixed(2),
    r.queries === null ? '-' : String(Math.round(r.queries * 10) / 10),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)))
  const line = (c: string[]) => c.map((v, i) => (i < 2 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ')
  console.log(line(header))
  for (const c of cells) console.log(line(c))
}

const results: Record<string, Figures[]> = {}
for (const database of databases) {
  results[database] = await runOn(database)
  printTable(database, results[database])
}
const outDir = path.join(root, 'bench/ssr/results')
mkdirSync(outDir, { recursive: true })
const file = path.join(outDir, `ssr-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), duration, connections, orders: orderCount, buyers: buyerCount, results }, null, 2))
console.log(`\nNúmeros em ${path.relative(root, file)}`)
