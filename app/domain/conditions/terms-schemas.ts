import { z } from 'zod'
import { readBrl } from '../catalog/money.ts'
import { compare, fromInteger, parseDecimal, ZERO } from '../pricing/decimal.ts'
import { FORMULA_MAX_LENGTH, parseFormula } from '../pricing/formula.ts'
import { pricingMessages } from '../pricing/messages.ts'
import { positiveIdField } from '../shared/ids.ts'
import { text } from '../shared/text.ts'
import { termsMessages as m } from './terms-messages.ts'

/**
 * The fields of a condition's payment term, shared by the API's bodies and the forms of
 * /conditionDetails?aba=pagamentos. A formula is read by the tokenbase parser (never evaluated as
 * code) and refused with the parser's own Portuguese message.
 */
export const termNomeField = text({ required: m.nomeRequired, max: 60, tooLong: m.nomeTooLong })

/** Days until due, 0 (at once) to 365; "28" reads as 28, as Laravel's integer rule does. */
export const prazoDiasField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === undefined || v === null || v === '' ? 0 : v),
  z.number({ error: m.prazoInvalid }).int(m.prazoInvalid).min(0, m.prazoInvalid).max(365, m.prazoInvalid),
)

/** The minimum order value typed in BRL ('1.234,56'), out in centavos; empty is no minimum. */
export const minimoField = text({ invalidType: m.minimoInvalid, max: 32, tooLong: m.minimoInvalid })
  .nullish()
  .transform((v, ctx) => {
    if (!v) return 0
    const read = readBrl(v)
    if (read.ok) return read.centavos
    ctx.addIssue({ code: 'custom', message: read.reason === 'too-high' ? m.minimoTooHigh : m.minimoInvalid })
    return z.NEVER
  })

/** An optional tokenbase formula: empty is none (null); otherwise it must parse. */
export const formulaField = text({ invalidType: pricingMessages.formulaRequired, max: FORMULA_MAX_LENGTH, tooLong: pricingMessages.formulaTooLong })
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null
    const parsed = parseFormula(v)
    if (parsed.ok) return parsed.formula.text
    ctx.addIssue({ code: 'custom', message: parsed.message })
    return z.NEVER
  })

export const pagamentoIdField = positiveIdField(m.pagamentoRequired, m.pagamentoInvalid)

export const termFields = { nome: termNomeField, prazo_dias: prazoDiasField, minimo: minimoField, formula: formulaField }

/** The add and edit modal of a payment term. */
export const TermFormSchema = z.object(termFields)
export const UpdateTermFormSchema = TermFormSchema.extend({ pagamento_id: pagamentoIdField })
export const DeleteTermFormSchema = z.object({ pagamento_id: pagamentoIdField })

/** The condition's discount for the simulation, a percent from 0 to 100 with a comma or a dot. */
export const simulationDescontoField = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  text({ required: m.descontoInvalid, max: 12, tooLong: m.descontoInvalid })
    .refine((v) => {
      const value = parseDecimal(v)
      return value !== null && compare(value, ZERO) >= 0 && compare(value, fromInteger(100)) <= 0
    }, m.descontoInvalid)
    .transform((v) => parseDecimal(v)!),
)

/** The order total of the simulation, typed in BRL; in centavos. */
export const simulationTotalField = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  text({ required: m.totalInvalid, max: 32, tooLong: m.totalInvalid }).transform((v, ctx) => {
    const read = readBrl(v)
    if (read.ok) return read.centavos
    ctx.addIssue({ code: 'custom', message: m.totalInvalid })
    return z.NEVER
  }),
)

/** The 'Simular' form: the condition's discount and an order total. */
export const SimulationFormSchema = z.object({ desconto: simulationDescontoField, total: simulationTotalField })
