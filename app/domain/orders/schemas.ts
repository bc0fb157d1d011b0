import { z } from 'zod'
import { positiveIdField } from '../shared/ids.ts'
import { text } from '../shared/text.ts'
import { orderMessages as m } from './messages.ts'

/**
 * The orders' forms, shared by the screens (Conform) and the calls' bodies (contract.ts adds
 * `organizacao_id` and the examples). Decision 028.
 */

export { ORDER_STATUSES, type OrderStatus } from './order-status.ts'

/** Where an order may go: only from 'A' (aguardando), to F, N or Q. */
export const NEXT_STATUSES = ['F', 'N', 'Q'] as const
export type NextStatus = (typeof NEXT_STATUSES)[number]

/** The organization's side of an order in the list: 'C' orders it placed, 'V' orders it received as seller or OL. */
export const ORDER_ROLES = ['C', 'V'] as const
export type OrderRole = (typeof ORDER_ROLES)[number]

/** 0 and "0" pass, like positiveIdField reads ids; the line's own maximum is checked by the server. */
const quantityField = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
  z.number({ error: m.quantityInvalid }).int(m.quantityInvalid).min(0, m.quantityNegative).max(2_147_483_647, m.quantityInvalid),
)

/** One line's invoiced quantity of a 'Q' (faturado com quebra). */
export const InvoicedLineSchema = z.object(
  {
    item_id: positiveIdField(m.itemInvalid, m.itemInvalid),
    quantidade: quantityField,
  },
  { error: m.itemInvalid },
)

export const statusChangeFields = {
  pedido_id: positiveIdField(m.orderRequired, m.orderInvalid),
  status: z.enum(NEXT_STATUSES, { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? m.newStatusRequired : m.newStatusInvalid) }),
  // null is no quantities, as when absent: an F or an N sent by a client that writes every field.
  quantidades: z.array(InvoicedLineSchema, { error: m.quantitiesRequired }).max(1000, m.quantitiesRequired).nullish(),
}

/** Q needs the lines' quantities; F and N must not carry them. The order's own lines are checked by the server. */
export function quantitiesForStatus(value: { status: NextStatus; quantidades?: { item_id: number }[] | null }, ctx: z.RefinementCtx) {
  if (value.status === 'Q' && !value.quantidades?.length)
    ctx.addIssue({
      code: 'custom',
      path: ['quantidades'],
      message: m.quantitiesRequired,
    })
  if (value.status !== 'Q' && value.quantidades?.length)
    ctx.addIssue({
      code: 'custom',
      path: ['quantidades'],
      message: m.quantitiesOnlyForQ,
    })
  const seen = new Set<number>()
  value.quantidades?.forEach((line, i) => {
    if (seen.has(line.item_id))
      ctx.addIssue({
        code: 'custom',
        path: ['quantidades', i, 'item_id'],
        message: m.itemRepeated,
      })
    seen.add(line.item_id)
  })
}

export const StatusChangeFormSchema = z.object(statusChangeFields).superRefine(quantitiesForStatus)

/** The spec's toast for an invalid address is 'Email inválido' (without the dot of Login's message). */
export const orderEmailField = text({
  required: m.emailRequired,
  max: 255,
  tooLong: m.emailTooLong,
})
  .pipe(z.email({ error: m.emailInvalid }))
  .transform((email) => email.toLowerCase())

export const OrderEmailFormSchema = z.object({ email: orderEmailField })
