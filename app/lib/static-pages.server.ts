import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Where the browser gets app/static-pages/entry.ts: in production the bundle scripts/build-static-pages.mjs wrote
 * (its name carries its content's hash), in development the source, which Vite serves compiled.
 */
export const STATIC_PAGE_SCRIPT =
  process.env.NODE_ENV === 'production'
    ? (JSON.parse(readFileSync(path.resolve('build/static-pages.json'), 'utf8')) as { script: string }).script
    : '/app/static-pages/entry.ts'
