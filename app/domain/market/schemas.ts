import { z } from 'zod'
import { idField } from '../shared/fields.ts'
import { quantityField } from './contract.ts'
import { marketMessages as m } from './messages.ts'

/** The market screen's forms (app/routes/market.tsx): each posts an intent with these fields. */

const productId = idField(m.productRequired, m.productInvalid, 1)
const preItemId = idField(m.itemRequired, m.itemInvalid, 1)
const limit = z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), z.number().int().positive().optional())

export const FavoriteFormSchema = z.object({ produto_id: productId, favorito: z.enum(['0', '1'], { error: m.productInvalid }) })

export const AddToListFormSchema = z.object({ produto_id: productId, quantidade: quantityField })

/**
 * An offer to put in a cart: the condition, its OL row (empty = the seller), the quantity, and the line's
 * limits the page showed (for the message beside the field; the API checks the offer's own).
 */
export const AddToCartFormSchema = z.object({
  produto_id: productId,
  condicao_id: idField(m.conditionInvalid, m.conditionInvalid, 1),
  parceiro_id: z.preprocess((v) => (v === '' || v === undefined || v === '0' ? null : v), idField(m.partnerInvalid, m.partnerInvalid, 1).nullable()),
  quantidade: quantityField,
  qtd_min: limit,
  qtd_max: limit,
  multiplo: limit,
  pre_item_id: preItemId.optional(),
})

export const ListQuantityFormSchema = z.object({ pre_item_id: preItemId, quantidade: quantityField })

export const ListRemoveFormSchema = z.object({ pre_item_id: preItemId })
