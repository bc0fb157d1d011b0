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
