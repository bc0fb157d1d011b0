import { z } from 'zod'
import { isValidCnpj, normalizeCnpj } from '../organization/cnpj.ts'
import { positiveIdField } from '../shared/ids.ts'
import { text } from '../shared/text.ts'
import { buyersMessages as m } from './buyers-messages.ts'

/** Buyers added or removed in one call at most. */
export const MAX_BUYERS_PER_CALL = 500

export const condicaoIdField = positiveIdField(m.conditionRequired, m.conditionInvalid)
/** The OL organization whose list is meant; absent or null = the seller's direct list. */
export const parceiroIdField = positiveIdField(m.olInvalid, m.olInvalid)
export const buyerCnpjField = text({ required: m.cnpjRequired, max: 30, tooLong: m.cnpjInvalid, invalid: m.cnpjInvalid })
  .refine(isValidCnpj, m.cnpjInvalid)
  .transform(normalizeCnpj)

export const BuyerRefSchema = z.union(
  [
    z.strictObject({ cliente_id: positiveIdField(m.customerRequired, m.customerInvalid) }),
    z.strictObject({ bandeira_id: positiveIdField(m.flagInvalid, m.flagInvalid) }),
  ],
  { error: m.buyerOneOf },
)

const buyerIds = z
  .array(positiveIdField(m.buyerRequired, m.buyerInvalid), { error: m.buyersRequired })
  .min(1, m.buyersRequired)
  .max(MAX_BUYERS_PER_CALL, m.buyersTooMany)

/** One zod schema per form, shared by the section's server part and the API contract. */
export const AddBuyersSchema = z.object({
  condicao_id: condicaoIdField,
  parceiro_id: parceiroIdField.nullish(),
  compradores: z.array(BuyerRefSchema, { error: m.buyersRequired }).min(1, m.buyersRequired).max(MAX_BUYERS_PER_CALL, m.buyersTooMany),
})

export const AddBuyersListSchema = z
  .object({
    condicao_id: condicaoIdField,
    parceiro_id: parceiroIdField.nullish(),
    todos_clientes: z.literal(true, { error: m.listChoice }).optional(),
    cnpjs: z.array(buyerCnpjField, { error: m.cnpjsRequired }).min(1, m.cnpjsRequired).max(MAX_BUYERS_PER_CALL, m.buyersTooMany).optional(),
  })
  .refine((v) => (v.todos_clientes === true) !== (v.cnpjs !== undefined), { message: m.listChoice, path: ['cnpjs'] })

export const DeleteBuyerSchema = z.object({ condicao_id: condicaoIdField, comprador_id: positiveIdField(m.buyerRequired, m.buyerInvalid) })
export const DeleteBuyersListSchema = z.object({ condicao_id: condicaoIdField, compradores: buyerIds })

/** The section's "add by CNPJ" form (the mask 00.000.000/0000-00, or alphanumeric). */
export const FindBuyerFormSchema = z.object({ cnpj: buyerCnpjField })

/** The section's picker: the caller's customers ticked. */
export const PickCustomersFormSchema = z.object({
  clientes: z.array(positiveIdField(m.customerRequired, m.customerInvalid), { error: m.buyersRequired }).min(1, m.buyersRequired).max(MAX_BUYERS_PER_CALL, m.buyersTooMany),
})

/** One buyer from the CNPJ lookup's answer: its customer record or its flag. */
export const AddOneBuyerFormSchema = z
  .object({ cliente_id: positiveIdField(m.customerRequired, m.customerInvalid).optional(), bandeira_id: positiveIdField(m.flagInvalid, m.flagInvalid).optional() })
  .refine((v) => (v.cliente_id === undefined) !== (v.bandeira_id === undefined), { message: m.buyerOneOf })

/** The list's remove buttons: one row (its button) or the ticked ones. */
export const RemoveBuyersFormSchema = z.object({
  comprador_id: positiveIdField(m.buyerRequired, m.buyerInvalid).optional(),
  compradores: z.array(positiveIdField(m.buyerRequired, m.buyerInvalid)).max(MAX_BUYERS_PER_CALL, m.buyersTooMany).optional(),
})
