import { z } from 'zod'
import { positiveIdField } from './ids.ts'
import { text } from './text.ts'

/** PostgreSQL's `integer`: an id past it cannot be one of ours. */
export const MAX_DB_INT = 2_147_483_647

/** Whether `n` can be one of our ids: a positive integer within PostgreSQL's `integer`. */
export const isDbId = (n: number) => Number.isInteger(n) && n > 0 && n <= MAX_DB_INT

/** An id as text in an address (path or query string): digits only, at most ten. */
const ID_TEXT = /^\d{1,10}$/

/** An id as text in an address, read as a number, with the field's own message otherwise. */
const idText = (invalid: string) => z.string().regex(ID_TEXT, invalid).transform(Number).refine(isDbId, invalid)

/** An id in an address ('7'), or 0 when it is none of ours (text, '7.5', '-1', past PostgreSQL's integer). */
export const idOf = (text: string | null | undefined) => (text && ID_TEXT.test(text) && isDbId(Number(text)) ? Number(text) : 0)

/** The ids of a comma-separated query parameter (`?ids=3,5,8`): ours only, each once, at most `max`. */
export const idListParam = (search: URLSearchParams, max: number) => [...new Set((search.get('ids') ?? '').split(',').map(Number))].filter(isDbId).slice(0, max)

/** A positive database id in a body (7 or "7"), described for the OpenAPI document. */
export const idField = (required: string, invalid: string, example: number) =>
  positiveIdField(required, invalid).meta({ type: 'integer', example })

/** `organizacao_id` in a request body: the organization the call acts on. */
export const organizacaoIdField = idField('A organização é obrigatória.', 'Organização inválida.', 1)

/** A positive id in the path (always text there), with the field's own message. */
export const idParam = (name: string, invalid: string, example: number) =>
  idText(invalid).meta({ param: { name, in: 'path' }, type: 'integer', example })

/** An optional positive id in the query string (always text there), with the field's own message. */
export const idQuery = (invalid: string, description: string, example: number) =>
  idText(invalid).optional().meta({ type: 'integer', description, example })

/** A positive id in the path, with its own message otherwise ('Organização inválida.': the adjective agrees with the noun). */
export const pathId = (example: number, invalid = 'Identificador inválido.') =>
  z.coerce.number({ error: invalid }).int(invalid).positive(invalid).max(MAX_DB_INT, invalid).meta({ example })

export const OrgParams = z.object({ id: idParam('id', 'Organização inválida.', 1) })

/** Laravel's "boolean" rule: true, false, 1, 0, "1", "0", "true", "false". */
export const booleanField = (message: string) =>
  z.preprocess(
    (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
    z.boolean({ error: message }),
  )

/** Laravel's LengthAwarePaginator answer. */
export const paginatorSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
  })

export const PageQuery = z.object({
  page: z.coerce.number({ error: 'A página deve ser um número.' }).int().min(1, 'A página deve ser 1 ou mais.').default(1).meta({ example: 1 }),
})

/** The spec's paths send the literal `null` for "no value" (e.g. `OrgProfile/10/null/null`). */
export const optionalPathText = (example: string, tooLong: string) =>
  text({ max: 255, tooLong })
    .transform((v) => (v === 'null' || v === 'undefined' || v === '' ? null : v))
    .meta({ example })
