import { z } from 'zod'
import { positiveIdField } from '../shared/ids.ts'
import { sellersMessages as m } from './sellers-messages.ts'

export const MAX_SELLERS_PER_CALL = 500

const condicaoId = positiveIdField(m.conditionRequired, m.conditionInvalid)
const userId = positiveIdField(m.userRequired, m.userInvalid)
const ids = (item: z.ZodType<number>, required: string) => z.array(item, { error: required }).min(1, required).max(MAX_SELLERS_PER_CALL, m.tooMany)

/** One zod schema per form, shared by the section's server part and the API contract. */
export const AddSellerSchema = z.object({ condicao_id: condicaoId, usuario_id: userId })
export const SellersListSchema = z.object({ condicao_id: condicaoId, usuarios: ids(userId, m.usersRequired) })
export const AddCargosSchema = z.object({ condicao_id: condicaoId, cargos: ids(positiveIdField(m.cargosRequired, m.cargoInvalid), m.cargosRequired) })

/** The section's pickers: members ticked, roles ticked. */
export const PickSellersFormSchema = z.object({ usuarios: ids(userId, m.usersRequired) })
export const PickCargosFormSchema = z.object({ cargos: ids(positiveIdField(m.cargosRequired, m.cargoInvalid), m.cargosRequired) })

/** The list's remove buttons: one member or role (its button, `U:12` / `C:3`) or the ticked members. */
export const RemoveSellersFormSchema = z.object({
  vendedor: z
    .string()
    .regex(/^[UC]:\d{1,10}$/, m.userInvalid)
    .transform((v) => ({ tipo: v[0] as 'U' | 'C', id: Number(v.slice(2)) }))
    .optional(),
  usuarios: z.array(userId).max(MAX_SELLERS_PER_CALL, m.tooMany).optional(),
})
