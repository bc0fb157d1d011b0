import { z } from 'zod'
import { isValidCnpj, normalizeCnpj } from './cnpj.ts'
import { partnerInviteMessages as m } from './company-messages.ts'

/** The share modal's form: who to invite. Shared by the modal and POST api/empresas/createInvite. */
export const PartnerInviteSchema = z.object({
  nome: z.string({ error: m.nomeRequired }).trim().min(1, m.nomeRequired).max(255, m.nomeRequired),
  cnpj: z
    .string({ error: m.cnpjRequired })
    .trim()
    .min(1, m.cnpjRequired)
    .refine(isValidCnpj, m.cnpjInvalid)
    .transform(normalizeCnpj),
  email: z
    .string({ error: m.emailRequired })
    .trim()
    .min(1, m.emailRequired)
    .max(255, m.emailInvalid)
    .pipe(z.email({ error: m.emailInvalid }))
    .transform((v) => v.toLowerCase()),
})
