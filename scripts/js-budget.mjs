// The JavaScript each route makes the browser download before it is interactive, against its budget
// (scripts/js-budgets.json). Reads the client build's route manifest: run after `react-router build`.
// Exits 1 when a route is over its budget. `--detail` lists each route's chunks.
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const root = path.resolve(import.meta.dirname, '..')
const clientDir = path.join(root, 'build/client')
const detail = process.argv.includes('--detail')

const { groups, overrides = {} } = JSON.parse(await readFile(path.join(import.meta.dirname, 'js-budgets.json'), 'utf8'))

/** React Router's route manifest: window.__reactRouterManifest={...} in build/client/assets/manifest-<hash>.js. */
async function readRouteManifest() {
  const files = (await readdir(path.join(clientDir, 'assets')).catch(() => [])).filter((f) => /^manifest-[\w-]+\.js$/.test(f))
  if (files.length !== 1) {
    console.error(`Esperava um manifest-*.js em build/client/assets (achei ${files.length}): rode \`react-router build\` antes.`)
    process.exit(2)
  }
  const source = await readFile(path.join(clientDir, 'assets', files[0]), 'utf8')
  const json = source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)
  return { url: `/assets/${files[0]}`, manifest: JSON.parse(json) }
}

const gzipCache = new Map()
async function gzipBytes(url) {
  if (!gzipCache.has(url)) {
    const code = await readFile(path.join(clientDir, url.replace(/^\//, '')))
    gzipCache.set(url, gzipSync(code, { level: 9 }).length)
  }
  return gzipCache.get(url)
}

function groupOf(route, routes) {
  for (const [name, group] of Object.entries(groups)) if (group.routes?.includes(route.id)) return name
  for (let r = route; r; r = routes[r.parentId]) {
    for (const [name, group] of Object.entries(groups)) if (group.under && r.parentId === group.under) return name
  }
  return 'other'
}

function fullPath(route, routes) {
  const parts = []
  for (let r = route; r; r = routes[r.parentId]) if (r.path) parts.unshift(r.path)
  return `/${parts.join('/')}`
}

/** The pages React does not hydrate (decision 039): their script and its static imports, written by scripts/build-static-pages.mjs. */
async function readStaticPages() {
  const ids = JSON.parse(await readFile(path.join(root, 'app/static-pages/routes.json'), 'utf8'))
  const { script, imports } = JSON.parse(await readFile(path.join(root, 'build/static-pages.json'), 'utf8'))
  return { ids: new Set(ids), chunks: [script, ...imports] }
}

const { url: manifestUrl, manifest } = await readRouteManifest()
const staticPages = await readStaticPages()
const routes = manifest.routes
const rows = []
for (const route of Object.values(routes)) {
  // Resource routes (no component) send no JavaScript of their own to a page; a pathless layout is not a page.
  if (!route.hasDefaultExport || route.id === 'root' || (route.path === undefined && !route.index)) continue
  const chunks = new Set(staticPages.ids.has(route.id) ? staticPages.chunks : [manifestUrl, manifest.entry.module, ...manifest.entry.imports])
  const chain = []
  for (let r = route; r && !staticPages.ids.has(route.id); r = routes[r.parentId]) chain.unshift(r)
  for (const r of chain) {
    for (const url of [r.module, ...(r.imports ?? [])]) chunks.add(url)
    if (r.clientActionModule) chunks.add(r.clientActionModule)
    if (r.clientLoaderModule) chunks.add(r.clientLoaderModule)
  }
  const sizes = await Promise.all([...chunks].map(async (url) => [url, await gzipBytes(url)]))
  const bytes = sizes.reduce((sum, [, n]) => sum + n, 0)
  const group = groupOf(route, routes)
  const { goal } = groups[group]
  const budget = overrides[route.id]?.budget ?? groups[group].budget
  rows.push({ id: route.id, path: fullPath(route, routes), group, kb: bytes / 1000, budget, goal, sizes })
}

rows.sort((a, b) => a.group.localeCompare(b.group) || b.kb - a.kb)
const header = ['rota', 'caminho', 'grupo', 'KB gzip', 'orçamento', 'meta', '']
const table = rows.map((r) => [r.id, r.path, r.group, r.kb.toFixed(1), String(r.budget), String(r.goal), r.kb > r.budget ? 'ACIMA' : r.kb > r.goal ? 'ok (acima da meta)' : 'ok'])
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)))
const line = (cells) => cells.map((c, i) => (i >= 3 && i <= 5 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd()
console.log(line(header))
for (const [i, row] of table.entries()) {
  console.log(line(row))
  if (detail) for (const [url, n] of rows[i].sizes.sort((a, b) => b[1] - a[1])) console.log(`    ${(n / 1000).toFixed(1).padStart(6)}  ${url}`)
}

const over = rows.filter((r) => r.kb > r.budget)
if (over.length) {
  console.error(`\n${over.length} rota(s) acima do orçamento de JavaScript (scripts/js-budgets.json): ${over.map((r) => r.id).join(', ')}`)
  process.exit(1)
}
console.log(`\nTodas as ${rows.length} rotas dentro do orçamento.`)
