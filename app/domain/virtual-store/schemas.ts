import { z } from 'zod'
import { virtualStoreMessages as m } from './messages.ts'

/** The store's address: what follows `/loja/` in its link, as a person would type it in a browser. */
export const STORE_SLUG = /^[a-z0-9](?:[a-z0-9-]{1,58})[a-z0-9]$/

/** The virtual store modal's form (storePlaceholder without the organization). */
export const VirtualStoreSchema = z.object({
  slug: z
    .string({ error: m.slugRequired })
    .trim()
    .toLowerCase()
    .min(1, m.slugRequired)
    .regex(STORE_SLUG, m.slugInvalid),
  texto: z.string().trim().max(500, m.textTooLong).default(''),
})
