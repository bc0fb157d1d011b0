import { z } from 'zod'
import { isValidCnpj, normalizeCnpj } from '../organization/cnpj.ts'
import { positiveIdField } from '../shared/ids.ts'
import { text } from '../shared/text.ts'
import { customerMessages as m, PAYMENT_KINDS, paymentMessages as pm } from './messages.ts'

/**
 * Rules of the customer and payment-method forms, shared by the /customers screen and the
 * calls (app/domain/customers/contract.ts builds its bodies from these fields), so
 * both answer with the same Portuguese text. Conform turns an empty input into `undefined`.
 */

/** A masked CNPJ has 18 characters; room for stray spaces, and a bound before any work. */
const CNPJ_MAX_TYPED = 32

/** Masked or bare, numeric or alphanumeric (since July 2026), check digits verified; comes out bare and upper-cased. */
export const customerCnpjField = text({ required: m.cnpjRequired, max: CNPJ_MAX_TYPED, tooLong: m.cnpjInvalid, invalid: m.cnpjInvalid })
  .refine(isValidCnpj, m.cnpjInvalid)
  .transform(normalizeCnpj)

export const customerNomeField = text({ required: m.nomeRequired, max: 255, tooLong: m.nomeTooLong })

/** Absent, null and blank all mean "not given" and are stored as null. */
export const contatoNomeField = text({ invalidType: m.contatoNomeTooLong, max: 255, tooLong: m.contatoNomeTooLong })
  .nullish()
  .transform((v) => v || null)

export const contatoEmailField = text({ invalidType: m.contatoEmailInvalid, max: 255, tooLong: m.contatoEmailInvalid })
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .pipe(z.email({ error: m.contatoEmailInvalid }).nullable())

/** A landline or mobile number with its area code, typed with or without the mask; stored as digits. */
export const contatoTelefoneField = text({ invalidType: m.contatoTelefoneInvalid, max: 32, tooLong: m.contatoTelefoneInvalid })
  .nullish()
  .transform((v) => (v ? v.replace(/[\s().-]/g, '') : null))
  .pipe(z.string().regex(/^\d{10,11}$/, m.contatoTelefoneInvalid).nullable())

/** The seller's member who serves the customer: a user id, or none. */
export const vendedorIdField = positiveIdField(m.vendedorInvalid, m.vendedorInvalid)

export const clienteIdField = positiveIdField(m.clienteRequired, m.clienteInvalid)
export const pagamentoIdField = positiveIdField(pm.pagamentoRequired, pm.pagamentoInvalid)

/** The 'Novo cliente' form: POST api/empresas/createCliente. */
export const CreateCustomerFormSchema = z.object({
  cnpj: customerCnpjField,
  nome: customerNomeField,
  contato_nome: contatoNomeField,
  contato_email: contatoEmailField,
  contato_telefone: contatoTelefoneField,
  vendedor_id: vendedorIdField.optional(),
})

/** The 'Editar' form: POST api/empresas/updateCliente. The CNPJ is the customer's key and does not change. */
export const UpdateCustomerFormSchema = CreateCustomerFormSchema.omit({ cnpj: true }).extend({ cliente_id: clienteIdField })

/** The confirmation forms (block, unblock) and the "allow/remove all" buttons post only the customer. */
export const CustomerIdFormSchema = z.object({ cliente_id: clienteIdField })

/** Checkboxes post nothing when none is ticked and a lone value when one is: always a list here. */
const checkboxList = (value: unknown) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value])

/** The customer's payment methods modal: the ticked methods are the allowed ones. */
export const CustomerPaymentsFormSchema = z.object({
  cliente_id: clienteIdField,
  pagamentos: z.preprocess(checkboxList, z.array(pagamentoIdField).max(500, pm.pagamentoInvalid)),
})

// ---------------------------------------------------------------------------
// Payment methods

/** The largest minimum value accepted: R$ 10.000.000,00, well inside PostgreSQL's integer of centavos. */
export const MAX_VALOR_MINIMO_CENTAVOS = 1_000_000_000

const BRL_PATTERN = /^(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d{1,2})?$/

/**
 * A BRL amount as typed in pt-BR ('1.234,56', '1234,5', '0', 'R$ 10'): its centavos, or null when
 * it is not one. Kept here, small, so the customers area does not depend on the products area's
 * money module (the integrator may merge both).
 */
export function parseBrlCentavos(typed: string): number | null {
  const value = typed.replace(/^R\$\s*/, '').trim()
  if (!BRL_PATTERN.test(value)) return null
  const [reais, cents = ''] = value.replace(/\./g, '').split(',')
  return Number(reais) * 100 + Number(cents.padEnd(2, '0'))
}

export const paymentNomeField = text({ required: pm.nomeRequired, max: 60, tooLong: pm.nomeTooLong })

export const paymentTipoField = z.enum(PAYMENT_KINDS, { error: pm.tipoInvalid })

/** Days until payment is due, 0 (at once) to 365; "28" is read as 28, as Laravel's integer rule does. */
export const prazoDiasField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === undefined || v === null || v === '' ? 0 : v),
  z.number({ error: pm.prazoInvalid }).int(pm.prazoInvalid).min(0, pm.prazoInvalid).max(365, pm.prazoInvalid),
)

/** The minimum order value, typed in BRL ('1.234,56'), out in centavos; empty is no minimum. */
export const valorMinimoField = text({ invalidType: pm.valorInvalid, max: 32, tooLong: pm.valorInvalid })
  .nullish()
  .transform((v) => (v ? parseBrlCentavos(v) : 0))
  .refine((centavos) => centavos !== null, { error: pm.valorInvalid, abort: true })
  .refine((centavos) => centavos! <= MAX_VALOR_MINIMO_CENTAVOS, pm.valorTooLarge)
  .transform((centavos) => centavos!)

/** The 'Nova forma de pagamento' form: POST api/empresas/createPagamento. */
export const PaymentMethodFormSchema = z.object({
  nome: paymentNomeField,
  tipo: paymentTipoField,
  prazo_dias: prazoDiasField,
  valor_minimo: valorMinimoField,
})

export const DeletePaymentFormSchema = z.object({ pagamento_id: pagamentoIdField })

// ---------------------------------------------------------------------------
// The list: filters and orderings of restoreClientes

