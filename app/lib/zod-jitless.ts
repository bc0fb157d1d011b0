import { z } from 'zod'

/**
 * In the browser, zod builds no parser with `new Function`: the pages' Content-Security-Policy
 * has no 'unsafe-eval', and zod's probe for it would be reported as a violation. It must run
 * before the first parse in the browser, hence the two client modules that parse (the form hook and
 * the chat composer) import it first; pages without such forms do not load zod at all. The server keeps zod's fast parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true })
