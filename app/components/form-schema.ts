import type { z } from 'zod'
import type { FORM_SCHEMAS, FormSchemaName } from './form-schemas.ts'
import type { FormValidator } from './form-validation.ts'

/**
 * A form's zod schema as the browser gets it: imported only once the page works (decision 032), so zod
 * (about 38 KB gzip with Conform's adapter) is not part of what a form screen loads before it is
 * interactive. Until it arrives the form behaves as without JavaScript: the server validates the post.
 *
 * Declared at a module's top level, next to the form that uses it:
 * `const loginSchema = formSchema('LoginSchema')`.
 * On the server every declared schema is loaded when the app starts and the render waits for them
 * (`formSchemasLoaded`, app/entry.server.tsx), so the server renders the constraints (required,
 * lengths) from the schema itself.
 */
export type FormSchema<Schema extends z.ZodType> = {
  name: FormSchemaName
  /** The validator once loaded, else null. */
  loaded: FormValidator<Schema> | null
  load: () => Promise<FormValidator<Schema>>
}

const onServer = typeof document === 'undefined'
const serverLoads: Promise<unknown>[] = []

type SchemaOf<N extends FormSchemaName> = Awaited<ReturnType<(typeof FORM_SCHEMAS)[N]>> & z.ZodType

export function formSchema<N extends FormSchemaName>(name: N): FormSchema<SchemaOf<N>> {
  // The list of every form's schema is itself imported when one is needed: a page carries no schema's address.
  return schemaEntry(name, () => import('./form-schemas.ts').then(({ FORM_SCHEMAS }) => FORM_SCHEMAS[name]() as Promise<SchemaOf<N>>))
}

/** The entry of a named schema, imported by `importSchema` (exported for the unit test that counts its imports). */
export function schemaEntry<Schema extends z.ZodType>(name: FormSchemaName, importSchema: () => Promise<Schema>): FormSchema<Schema> {
  let loading: Promise<FormValidator<Schema>> | null = null
  const entry: FormSchema<Schema> = {
    name,
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
