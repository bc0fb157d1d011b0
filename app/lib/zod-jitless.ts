import { z } from 'zod'

/**
 * In the browser, zod builds no parser with `new Function`: the pages' Content-Security-Policy
 * has no 'unsafe-eval', and zod's probe for it would be reported as a violation. It must run
 * before any schema exists, hence root.tsx imports it first. The server keeps zod's fast parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true })
