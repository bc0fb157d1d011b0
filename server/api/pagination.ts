import { z } from '@hono/zod-openapi'

/** Laravel's LengthAwarePaginator answer. */
export function paginated<T>(data: T[], total: number, page: number, perPage: number) {
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  return {
    data,
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    total,
    from: data.length ? (page - 1) * perPage + 1 : null,
    to: data.length ? (page - 1) * perPage + data.length : null,
  }
}

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
  page: z.coerce.number({ error: 'A página deve ser um número.' }).int().min(1, 'A página deve ser 1 ou mais.').default(1).openapi({ example: 1 }),
})

/** The spec's paths send the literal `null` for "no value" (e.g. `OrgProfile/10/null/null`). */
export const optionalPathText = (example: string) =>
  z
    .string()
    .transform((v) => (v === 'null' || v === 'undefined' || v.trim() === '' ? null : v.trim()))
    .openapi({ example })

/** An ILIKE pattern for "contains": `%`, `_` and `\` typed by the user are searched for literally. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
