import { z } from 'zod'
import { booleanField } from '../shared/fields.ts'
import { positiveIdField } from '../shared/ids.ts'
import { checkoutMessages as m } from './messages.ts'

/** The fields of the cart calls, shared by the API's bodies and the cart screen's forms (decision 027). */
export const MAX_QUANTIDADE = 1_000_000

export const organizacaoIdField = positiveIdField(m.organizacaoRequired, m.organizacaoInvalid)
export const condicaoIdField = positiveIdField(m.condicaoRequired, m.condicaoInvalid)
/** The OL's row in the condition (condition_partners.id); absent or null = bought from the seller. */
export const parceiroIdField = positiveIdField(m.parceiroInvalid, m.parceiroInvalid).nullish().transform((v) => v ?? null)
export const produtoIdField = positiveIdField(m.produtoRequired, m.produtoInvalid)
export const checkoutIdField = positiveIdField(m.checkoutRequired, m.checkoutInvalid)
export const itemIdField = positiveIdField(m.itemRequired, m.itemInvalid)
export const pagamentoIdField = positiveIdField(m.pagamentoRequired, m.pagamentoInvalid)

/** A whole number of units, 1 to 1.000.000 ("12" reads as 12); the condition's own limits are checked on the server. */
export const quantidadeField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
  z.number({ error: m.quantidadeInvalid }).int(m.quantidadeInvalid).min(1, m.quantidadeInvalid).max(MAX_QUANTIDADE, m.quantidadeInvalid),
)

/** The idempotency key the send form makes (a UUID in a hidden field): the same key is the same order. */
export const chaveField = z.string({ error: m.chaveInvalid }).regex(/^[A-Za-z0-9_-]{8,100}$/, m.chaveInvalid)

export const confirmarPrecosField = booleanField(m.confirmarInvalid).optional().default(false)

/** The cart's total as the buyer saw it (centavos): a send whose total is another is refused until it is seen. */
export const totalVistoField = z
  .number({ error: m.totalVistoInvalid })
  .int(m.totalVistoInvalid)
  .min(0, m.totalVistoInvalid)
  .max(2_147_483_647, m.totalVistoInvalid)
  .nullable()
  .optional()

export const UpdateQuantityFormSchema = z.object({ item_id: itemIdField, quantidade: quantidadeField })
export const ChooseTermFormSchema = z.object({ pagamento_id: pagamentoIdField })
