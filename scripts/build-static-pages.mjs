// Bundles the script of the pages React does not hydrate (app/static-pages/entry.ts, decision 039) into the
// client build's assets with Vite, as the rest of the client (its tree-shaking keeps zod's unused parts out),
// and writes build/static-pages.json: the address the server renders (app/lib/static-pages.server.ts) and what
// the page loads before it works (the entry and its static imports; the form schemas come later), which
// scripts/js-budget.mjs measures. Run after `react-router build`, which empties build/client.
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'vite'

const root = path.resolve(import.meta.dirname, '..')
const clientDir = path.join(root, 'build/client')
const manifestFile = '.vite/static-pages-manifest.json'
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
      input: { 'static-pages': path.join(root, 'app/static-pages/entry.ts') },
      output: { entryFileNames: 'assets/[name]-[hash].js', chunkFileNames: 'assets/static-[name]-[hash].js' },
    },
  },
})

const manifest = JSON.parse(await readFile(path.join(clientDir, manifestFile), 'utf8'))
await rm(path.join(clientDir, manifestFile))
const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
const imports = []
for (const key of entry.imports ?? []) imports.push(`/${manifest[key].file}`)
await writeFile(path.join(root, 'build/static-pages.json'), `${JSON.stringify({ script: `/${entry.file}`, imports }, null, 2)}\n`)
console.log(`Script das páginas sem hidratação: /${entry.file} (+${imports.length} módulos).`)
