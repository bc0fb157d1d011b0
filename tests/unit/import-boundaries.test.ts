import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
}

/** Every module a file imports (static, dynamic and type-only), resolved to a repo path when relative or `~/`. */
function importsOf(file: string) {
  const text = readFileSync(path.join(root, file), 'utf8')
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1])
  return specs.map((spec) => {
    if (spec.startsWith('~/')) return path.join('app', spec.slice(2))
    if (spec.startsWith('.')) return path.relative(root, path.resolve(root, path.dirname(file), spec))
    return spec
  })
}

function offending(dir: string, refused: (target: string) => boolean) {
  return sourceFiles(dir).flatMap((file) => importsOf(file).filter(refused).map((target) => `${file} → ${target}`))
}

// The layering of README's architecture section: the domain folder is pure TypeScript both sides share.
describe('import boundaries', () => {
  it('server/ imports nothing of app/ but app/domain', () => {
    expect(offending('server', (t) => t.startsWith('app/') && !t.startsWith('app/domain/'))).toEqual([])
  })

  it('app/domain imports no React, React Router, server code nor the rest of app/', () => {
    const refused = (t: string) =>
      /^(react|react-dom|react-router|@react-router\/|@conform-to\/|hono|@hono\/|drizzle-orm|node:)/.test(t) ||
      t.startsWith('server/') ||
      (t.startsWith('app/') && !t.startsWith('app/domain/'))
    expect(offending('app/domain', refused)).toEqual([])
  })

  it('the database layer imports nothing from the API', () => {
    expect(offending('server/db', (t) => t.startsWith('server/api/'))).toEqual([])
  })

  it('the enhancement layer of the pages that are not islands reaches neither React nor React Router, through any import (decision 046)', () => {
    const seen = new Set<string>()
    const refused: string[] = []
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      for (const target of importsOf(file)) {
        if (target.startsWith('app/')) visit(target)
        else if (/^(react|react-dom|react-router|@react-router\/|@conform-to\/react|remix-utils)/.test(target)) refused.push(`${file} → ${target}`)
      }
    }
    for (const entry of ['app/enhance/company-entry.ts', 'app/enhance/public-entry.ts']) visit(entry)
    expect(seen.size).toBeGreaterThan(4)
    expect(refused).toEqual([])
  })

  it('the web app reaches the server only through server-only modules', () => {
    const clientSide = sourceFiles('app').filter((f) => !/\.server\.tsx?$/.test(f) && !f.startsWith('app/domain/'))
    const leaks = clientSide.flatMap((file) => importsOf(file).filter((t) => t.startsWith('server/')).map((t) => `${file} → ${t}`))
    expect(leaks).toEqual([])
  })
})
