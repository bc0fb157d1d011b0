// Before this module parses with zod in the browser (see the module).
import '~/lib/zod-jitless.ts'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

/**
 * What a form needs of zod: its constraints (required, lengths, pattern) and its parser. Loaded with the
 * form's schema after hydration (form-schema.ts), so that zod and Conform's zod adapter are not in the
 * JavaScript a page needs before it works.
 */
export function formValidator<Schema extends z.ZodType>(schema: Schema) {
  return {
    schema,
    constraint: getZodConstraint(schema),
    parse: (formData: FormData) => parseWithZod(formData, { schema }),
  }
}

export type FormValidator<Schema extends z.ZodType> = ReturnType<typeof formValidator<Schema>>
