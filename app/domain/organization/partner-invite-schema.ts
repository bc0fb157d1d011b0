import { z } from 'zod'
import { isValidCnpj, normalizeCnpj } from './cnpj.ts'
import { CNPJ_MAX_TYPED } from './schemas.ts'
import { partnerInviteMessages as m } from './company-messages.ts'
import { text } from '../shared/text.ts'

/** The share modal's form: who to invite. Shared by the modal and POST api/empresas/createInvite. */
export const PartnerInviteSchema = z.object({
  nome: text({ required: m.nomeRequired, max: 255, tooLong: m.nomeRequired }),
  cnpj: text({ required: m.cnpjRequired, max: CNPJ_MAX_TYPED, tooLong: m.cnpjInvalid, invalid: m.cnpjInvalid })
    .refine(isValidCnpj, m.cnpjInvalid)
    .transform(normalizeCnpj),
  email: text({ required: m.emailRequired, max: 255, tooLong: m.emailInvalid })
    .pipe(z.email({ error: m.emailInvalid }))
    .transform((v) => v.toLowerCase()),
})
