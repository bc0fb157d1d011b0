import type { z } from 'zod'
import type { FormValidator } from './form-validation.ts'

/**
 * A form's zod schema as the browser gets it: imported only once the page works (decision 032), so zod
 * (about 38 KB gzip with Conform's adapter) is not part of what a form screen loads before it is
 * interactive. Until it arrives the form behaves as without JavaScript: the server validates the post.
 *
 * Declared at a module's top level, next to the form that uses it:
 * `const loginSchema = formSchema(() => import('~/domain/auth/schemas.ts').then((m) => m.LoginSchema))`.
 * On the server every declared schema is loaded when the app starts and the render waits for them
 * (`formSchemasLoaded`, app/entry.server.tsx), so the server renders the constraints (required,
 * lengths) from the schema itself.
 */
export type FormSchema<Schema extends z.ZodType> = {
  /** The validator once loaded, else null. */
  loaded: FormValidator<Schema> | null
  load: () => Promise<FormValidator<Schema>>
}

const onServer = typeof document === 'undefined'
const serverLoads: Promise<unknown>[] = []

export function formSchema<Schema extends z.ZodType>(importSchema: () => Promise<Schema>): FormSchema<Schema> {
  let loading: Promise<FormValidator<Schema>> | null = null
  const entry: FormSchema<Schema> = {
    loaded: null,
    // The schema's module after the validator's: building a zod object probes for `eval`, which the pages'
    // Content-Security-Policy refuses, unless zod's CSP-safe mode (set by form-validation.ts) is on first.
    load: () =>
      (loading ??= import('./form-validation.ts').then(async ({ formValidator }) => (entry.loaded = formValidator(await importSchema())))),
  }
  if (onServer) serverLoads.push(entry.load())
  return entry
}

/** Resolves once every schema declared so far is loaded: the server renders after it. */
export const formSchemasLoaded = () => Promise.all(serverLoads)
