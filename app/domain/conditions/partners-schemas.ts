import { z } from 'zod'
import { positiveIdField } from '../shared/ids.ts'
import { partnerMessages as m } from './partners-messages.ts'

export const PARTNER_STATUSES = ['pendente', 'aceito', 'recusado'] as const
export type PartnerStatus = (typeof PARTNER_STATUSES)[number]

export const BLACKLIST_TYPES = ['C', 'B'] as const
export type BlacklistType = (typeof BLACKLIST_TYPES)[number]

/**
 * A percent from 0 to 100 with up to 4 decimals, as typed in Brazil ('2,5') or sent as a number (2.5):
 * answered as the numeric text PostgreSQL stores ('2.5000'), never through a float.
 */
export const percentField = (required: string, invalid: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) })
      .min(1, required)
      .regex(/^\d{1,3}([.,]\d{1,4})?$/, invalid)
      .transform((text) => {
        const [whole, fraction = ''] = text.replace(',', '.').split('.')
        return `${Number(whole)}.${fraction.padEnd(4, '0')}`
      })
      .refine((text) => Number(text.split('.')[0]) < 100 || text === '100.0000', invalid),
  )

export const descontoExtraField = percentField(m.discountRequired, m.discountInvalid)

// Forms of the 'OLs' section and of /olDetails (one schema per form, shared by the browser and the server).

export const InvitePartnerFormSchema = z.object({
  organizacao_id: positiveIdField(m.partnerRequired, m.partnerInvalid),
  desconto_extra: descontoExtraField,
})

/** Names an OL by its organization (remove, accept, refuse, leave). */
export const PartnerOrgFormSchema = z.object({ organizacao_id: positiveIdField(m.partnerInvalid, m.partnerInvalid) })

/** Names an OL by its row in the condition (unmirror). */
export const PartnerRowFormSchema = z.object({ parceiro_id: positiveIdField(m.partnerRowInvalid, m.partnerRowInvalid) })

export const MirrorFormSchema = z.object({
  parceiro_id: positiveIdField(m.partnerRowInvalid, m.partnerRowInvalid),
  origem: positiveIdField(m.originRequired, m.partnerRowInvalid),
})

export const BlacklistBuyerFormSchema = z.object({
  comprador_id: positiveIdField(m.buyerRequired, m.buyerInvalid),
  tipo: z.enum(BLACKLIST_TYPES, { error: m.buyerTypeInvalid }),
})
