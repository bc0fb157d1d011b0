import { z } from 'zod'

const MAX_INT = 2_147_483_647

/**
 * A database id in a form or JSON body, read as Laravel's "integer" rule does: 7 and
 * "7" pass; a missing value gets `required`, anything else (true, 1.5, "7a") `invalid`.
 */
export const positiveIdField = (required: string, invalid: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? required : invalid) })
      .int(invalid)
      .positive(invalid)
      .max(MAX_INT, invalid),
  )
