import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { EnhanceScripts } from './hydration.tsx'

/**
 * Where the browser gets the enhancement layer of the pages that are not islands (decision 046): the pages with the
 * company's shell load app/enhance/company-entry.ts, the others app/enhance/public-entry.ts. In production the bundles
 * scripts/build-enhance.mjs wrote (their names carry their content's hash), in development the sources, which Vite
 * serves compiled.
 */
export const ENHANCE_SCRIPTS: EnhanceScripts =
  process.env.NODE_ENV === 'production'
    ? (() => {
        const built = JSON.parse(readFileSync(path.resolve('build/enhance.json'), 'utf8')) as Record<keyof EnhanceScripts, { script: string }>
        return { public: built.public.script, company: built.company.script }
      })()
    : { public: '/app/enhance/public-entry.ts', company: '/app/enhance/company-entry.ts' }
