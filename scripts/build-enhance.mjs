// Bundles the enhancement layer of the pages that are not islands (app/enhance/*-entry.ts, decision 046) into the
// client build's assets with Vite, as the rest of the client (its tree-shaking keeps zod's unused parts out), and
// writes build/enhance.json: the address the server renders (app/lib/enhance-script.server.ts), what a page loads
// before it works (the entry and its static imports) and what it may load later (every chunk reached by a dynamic
// import: a form's checks on its first focus, the realtime client after the load event), which
// scripts/js-budget.mjs measures. Run after `react-router build`, which empties build/client.
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'vite'

const root = path.resolve(import.meta.dirname, '..')
const clientDir = path.join(root, 'build/client')
const manifestFile = '.vite/enhance-manifest.json'
await build({
  configFile: false,
  root,
  logLevel: 'error',
  resolve: { alias: { '~': path.join(root, 'app') } },
  build: {
    outDir: clientDir,
    emptyOutDir: false,
    manifest: manifestFile,
    modulePreload: false,
    target: 'es2022',
    rollupOptions: {
      input: { enhance: path.join(root, 'app/enhance/company-entry.ts'), 'enhance-public': path.join(root, 'app/enhance/public-entry.ts') },
      output: { entryFileNames: 'assets/[name]-[hash].js', chunkFileNames: 'assets/enhance-[name]-[hash].js' },
    },
  },
})

const manifest = JSON.parse(await readFile(path.join(clientDir, manifestFile), 'utf8'))
await rm(path.join(clientDir, manifestFile))

/** The chunks a chunk needs at once: itself and its static imports, transitively. */
function staticClosure(key, into = new Set()) {
  if (into.has(key)) return into
  into.add(key)
  for (const next of manifest[key].imports ?? []) staticClosure(next, into)
  return into
}

const file = (key) => `/${manifest[key].file}`

/** An entry: its script, its static imports, and each dynamic import with what it brings beside what the page has. */
function describeEntry(entryKey) {
  const atLoad = staticClosure(entryKey)
  const later = {}
  const pending = [...atLoad]
  const seen = new Set(atLoad)
  while (pending.length) {
    const key = pending.pop()
    for (const dynamic of manifest[key].dynamicImports ?? []) {
      const chunks = [...staticClosure(dynamic)].filter((k) => !atLoad.has(k))
      later[manifest[dynamic].src ?? dynamic] = chunks.map(file)
      for (const k of chunks) if (!seen.has(k)) seen.add(k) && pending.push(k)
    }
  }
  return { script: file(entryKey), imports: [...atLoad].filter((k) => k !== entryKey).map(file), later }
}

const entries = Object.fromEntries(
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key, chunk]) => [chunk.name === 'enhance-public' ? 'public' : 'company', describeEntry(key)]),
)
await writeFile(path.join(root, 'build/enhance.json'), `${JSON.stringify(entries, null, 2)}\n`)
console.log(`Camada de melhorias: ${Object.entries(entries).map(([name, e]) => `${name} ${e.script} (+${e.imports.length} módulos; ${Object.keys(e.later).length} depois)`).join('; ')}.`)
