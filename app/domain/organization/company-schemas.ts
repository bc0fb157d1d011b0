import { z } from 'zod'
import { companyMessages as m } from './company-messages.ts'
import { UFS } from '../shared/uf.ts'
import { linkContentProblem } from './link-content.ts'
import { LINK_TYPES } from './link-types.ts'
import { text } from '../shared/text.ts'


const optionalText = (label: string, max: number, multiline = false) =>
  text({ max, tooLong: m.tooLong(label, max), multiline })
    .nullish()
    .transform((v) => v || null)

/** The company fields a visiting card shows; shared by the visiting-card form and POST api/empresas/updateprofile. */
export const CompanyDetailsSchema = z.object({
  razao_social: text({ required: m.razaoRequired, max: 255, tooLong: m.tooLong('A razão social', 255) }),
  email: text({ max: 255, tooLong: m.tooLong('O email', 255) })
    .nullish()
    .transform((v) => v?.toLowerCase() || null)
    .refine((v) => v === null || z.email().safeParse(v).success, m.emailInvalid),
  telefone: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v?.replace(/\D/g, '') || null)
    .refine((v) => v === null || /^\d{10,11}$/.test(v), m.phoneInvalid),
  sobre: optionalText('O texto sobre a empresa', 1000, true),
  endereco: optionalText('O endereço', 255),
  cidade: optionalText('A cidade', 120),
  uf: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v?.toUpperCase() || null)
    .refine((v) => v === null || (UFS as readonly string[]).includes(v), m.ufInvalid),
  links: z
    .array(
      z
        .object({
          type: z.enum(LINK_TYPES, { error: m.linkTypeInvalid }),
          content: text({ required: m.linkRequired, max: 255, tooLong: m.tooLong('O link', 255) }),
        })
        .superRefine((link, ctx) => {
          const problem = linkContentProblem(link.type, link.content)
          if (problem) ctx.addIssue({ code: 'custom', path: ['content'], message: problem })
        }),
    )
    .max(10, m.tooManyLinks)
    .default([]),
  /** Whether other companies see the administrator (name and e-mail) on the card; absent keeps what was chosen. */
  cartao_admin: z.boolean().optional(),
})

export const FlagCodeSchema = z.object({
  code: text({ required: m.flagCodeRequired, max: 32, tooLong: m.flagCodeInvalid }),
})

export const TokenbaseSchema = z.object({
  tokenbase: text({ required: m.tokenbaseRequired, max: 100, tooLong: m.tooLong('O código Tokenbase', 100) }),
})

/**
 * The visiting-card form: the form offers spare link rows, so a row without text is
 * dropped; the others are checked where they stand, so each error stays on its row.
 */
export const VisitingCardFormSchema = CompanyDetailsSchema.extend({
  // An unticked box is not posted: the form always says the choice.
  cartao_admin: z.boolean().default(false),
  links: z
    .array(z.object({ type: z.string().optional(), content: text({ max: 255, tooLong: m.tooLong('O link', 255) }).optional() }))
    .default([])
    .superRefine((rows, ctx) => {
      rows.forEach((row, i) => {
        if (row.content && !(LINK_TYPES as readonly string[]).includes(row.type ?? '')) {
          ctx.addIssue({ code: 'custom', path: [i, 'type'], message: m.linkTypeInvalid })
        }
        const problem = row.content ? linkContentProblem(row.type ?? '', row.content) : null
        if (problem) ctx.addIssue({ code: 'custom', path: [i, 'content'], message: problem })
      })
    })
    .transform((rows) => rows.flatMap((row) => (row.content ? [{ type: row.type as (typeof LINK_TYPES)[number], content: row.content }] : [])))
    .refine((rows) => rows.length <= 10, m.tooManyLinks),
})
