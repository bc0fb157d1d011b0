import { z } from 'zod'

/**
 * In the browser, zod builds no parser with `new Function`: the pages' Content-Security-Policy
 * has no 'unsafe-eval', and zod's probe for it (made when an object schema is built) would be
 * reported as a violation. It must run before the browser builds its first schema, hence
 * form-validation.ts imports it first and form-schema.ts imports a form's schema only after that
 * module: the browser gets zod only that way (decision 032). The server keeps zod's fast parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true })
