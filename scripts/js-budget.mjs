// The JavaScript each page makes the browser download before it works, and what it may load later, against the
// budgets of scripts/js-budgets.json (decision 011). An island (a route whose module exports `handle = { hydrate:
// true }`, decision 046) counts React Router's route manifest, the client entry and every module of root → layouts
// → route with their static imports, each chunk once. Every other page counts the enhancement layer's script and
// its static imports (build/enhance.json); its "later" column is the heaviest set a page can load afterwards: the
// form checks of one form (on its first focus) plus the realtime client (after the load event). Run after the
// build. A page with the company's shell loads the layer's company script, the others its public one. Exits 1 when a
// page is over its budget. `--detail` lists each page's chunks.
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const root = path.resolve(import.meta.dirname, '..')
const clientDir = path.join(root, 'build/client')
const detail = process.argv.includes('--detail')

const budgets = JSON.parse(await readFile(path.join(import.meta.dirname, 'js-budgets.json'), 'utf8'))

/** React Router's route manifest: window.__reactRouterManifest={...} in build/client/assets/manifest-<hash>.js. */
async function readRouteManifest() {
  const files = (await readdir(path.join(clientDir, 'assets')).catch(() => [])).filter((f) => /^manifest-[\w-]+\.js$/.test(f))
  if (files.length !== 1) {
    console.error(`Esperava um manifest-*.js em build/client/assets (achei ${files.length}): rode o build antes.`)
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
const sum = async (urls) => (await Promise.all([...new Set(urls)].map(gzipBytes))).reduce((a, b) => a + b, 0)

function fullPath(route, routes) {
  const parts = []
  for (let r = route; r; r = routes[r.parentId]) if (r.path) parts.unshift(r.path)
  return `/${parts.join('/')}`
}

/** An island's route module, as built for the browser, exports its `handle` with `hydrate: true`. */
async function isIsland(route) {
  const code = await readFile(path.join(clientDir, route.module.replace(/^\//, '')), 'utf8')
  const exported = /export\s*\{[^}]*?([\w$]+) as handle\b/.exec(code)?.[1]
  if (!exported) return false
  const escaped = exported.replace(/\$/g, '\\$')
  return new RegExp(`(?:^|[^\\w$])${escaped}\\s*=\\s*\\{\\s*hydrate:\\s*(?:!0|true)\\s*\\}`).test(code)
}

const { url: manifestUrl, manifest } = await readRouteManifest()
const enhance = JSON.parse(await readFile(path.join(root, 'build/enhance.json'), 'utf8'))
const routes = manifest.routes

/** A script of the layer: what it loads at once, and its heaviest later load (the realtime client and the heaviest form's checks). */
async function layer({ script, imports, later }) {
  const sets = Object.entries(later)
  const realtime = sets.filter(([src]) => /realtime/.test(src)).flatMap(([, chunks]) => chunks)
  let heaviestForm = []
  let heaviestBytes = -1
  for (const [src, chunks] of sets) {
    if (/realtime/.test(src)) continue
    const bytes = await sum(chunks)
    if (bytes > heaviestBytes) [heaviestForm, heaviestBytes] = [chunks, bytes]
  }
  const laterChunks = [...new Set([...realtime, ...heaviestForm])]
  return { atLoad: [script, ...imports], laterChunks, laterKb: (await sum(laterChunks)) / 1000 }
}
const layers = { public: await layer(enhance.public), company: await layer(enhance.company) }

const rows = []
for (const route of Object.values(routes)) {
  // Resource routes (no component) send no JavaScript of their own to a page; a pathless layout is not a page.
  if (!route.hasDefaultExport || route.id === 'root' || (route.path === undefined && !route.index)) continue
  const chain = []
  for (let r = route; r; r = routes[r.parentId]) chain.unshift(r)
  const island = (await Promise.all(chain.map(isIsland))).some(Boolean)
  const script = chain.some((r) => r.id === 'routes/_app') ? layers.company : layers.public
  let chunks = script.atLoad
  if (island) {
    chunks = [manifestUrl, manifest.entry.module, ...manifest.entry.imports]
    for (const r of chain) chunks.push(r.module, ...(r.imports ?? []), ...[r.clientActionModule, r.clientLoaderModule].filter(Boolean))
  }
  const group = island ? 'island' : budgets.auth.routes.includes(route.id) ? 'auth' : 'pages'
  const sizes = await Promise.all([...new Set(chunks)].map(async (url) => [url, await gzipBytes(url)]))
  const kb = sizes.reduce((total, [, n]) => total + n, 0) / 1000
  rows.push({ id: route.id, path: fullPath(route, routes), group, kb, later: island ? null : script.laterKb, budget: budgets[group].atLoad, sizes })
}

rows.sort((a, b) => a.group.localeCompare(b.group) || b.kb - a.kb || a.id.localeCompare(b.id))
const header = ['rota', 'caminho', 'grupo', 'KB ao carregar', 'orçamento', 'KB depois', 'teto', '']
const over = (r) => r.kb > r.budget || (r.later !== null && r.later > budgets.later.ceiling)
const table = rows.map((r) => [
  r.id,
  r.path,
  r.group,
  r.kb.toFixed(1),
  String(r.budget),
  r.later === null ? '—' : r.later.toFixed(1),
  r.later === null ? '—' : String(budgets.later.ceiling),
  over(r) ? 'ACIMA' : 'ok',
])
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)))
const line = (cells) => cells.map((c, i) => (i >= 3 && i <= 6 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd()
console.log(line(header))
for (const [i, row] of table.entries()) {
  console.log(line(row))
  if (detail) for (const [url, n] of rows[i].sizes.sort((a, b) => b[1] - a[1])) console.log(`    ${(n / 1000).toFixed(1).padStart(6)}  ${url}`)
}
if (detail) {
  for (const [name, { laterChunks }] of Object.entries(layers)) {
    console.log(`\nDepois, ${name} (a conexão em tempo real e as verificações do formulário mais pesado):`)
    for (const url of laterChunks) console.log(`    ${((await gzipBytes(url)) / 1000).toFixed(1).padStart(6)}  ${url}`)
  }
}

const refused = rows.filter(over)
if (refused.length) {
  console.error(`\n${refused.length} página(s) acima do orçamento de JavaScript (scripts/js-budgets.json): ${refused.map((r) => r.id).join(', ')}`)
  process.exit(1)
}
console.log(`\nTodas as ${rows.length} páginas dentro do orçamento.`)
