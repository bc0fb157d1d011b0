import { z } from 'zod'
import { centavosFromNumber, readBrl } from '../catalog/money.ts'
import { compare, fromInteger, parseDecimal, roundHalfUp, scaledText, ZERO } from '../pricing/decimal.ts'
import { RULE_TYPES, type RuleType } from '../pricing/rules.ts'
import { booleanField } from '../shared/fields.ts'
import { positiveIdField } from '../shared/ids.ts'
import { text } from '../shared/text.ts'
import { rulesMessages as m } from './rules-messages.ts'

/**
 * The fields of a condition's discount rule, shared by the API's bodies and the form of
 * /conditionDetails?aba=regras. The threshold's unit follows the type: units ('Q') and distinct
 * products ('M') are integers, a value ('V') is typed in BRL and kept in centavos. At most one scope
 * (brand, category or product); none is the whole condition. Decision 020.
 */
const MAX_UNITS = 1_000_000
const MAX_MIX = 10_000

export const ruleNomeField = text({ required: m.nomeRequired, max: 60, tooLong: m.nomeTooLong })
export const ruleTipoField = z.enum(RULE_TYPES, { error: m.tipoInvalid })

/** A percent above 0 and up to 100, with a comma or a dot and at most 4 decimals; out as '2.5000'. */
export const ruleDescontoField = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  text({ required: m.descontoInvalid, max: 12, tooLong: m.descontoInvalid }).transform((v, ctx) => {
    const value = /^\d+(?:[.,]\d{1,4})?$/.test(v) ? parseDecimal(v) : null
    if (!value || compare(value, ZERO) <= 0 || compare(value, fromInteger(100)) > 0) {
      ctx.addIssue({ code: 'custom', message: m.descontoInvalid })
      return z.NEVER
    }
    return scaledText(roundHalfUp(value, 4), 4)
  }),
)

const scopeText = (tooLong: string) =>
  text({ invalidType: tooLong, max: 120, tooLong })
    .nullish()
    .transform((v) => v || null)

export const ruleMarcaField = scopeText(m.marcaTooLong)
export const ruleCategoriaField = scopeText(m.categoriaTooLong)
export const ruleProdutoField = z.preprocess((v) => (v === '' || v === null ? undefined : v), positiveIdField(m.produtoInvalid, m.produtoInvalid).optional())
export const regraIdField = positiveIdField(m.regraRequired, m.regraInvalid)
export const parceiroIdField = positiveIdField(m.parceiroRequired, m.parceiroInvalid)
export const ruleAtivoField = booleanField('Informe se a regra está ativa.').optional()

/** What the threshold field holds before its type is known: text as typed, or a JSON number. */
const rawMinimo = z.union([z.string(), z.number()], { error: m.minimoRequired }).optional()

/** The threshold in its unit: units, centavos or distinct products; null with the reason when it is not one. */
export function readMinimo(tipo: RuleType, raw: string | number | undefined): { ok: true; minimo: number } | { ok: false; message: string } {
  if (tipo === 'V') {
    const message = m.minimoValor
    const read = typeof raw === 'number' ? centavosFromNumber(raw) : typeof raw === 'string' ? readBrl(raw) : null
    return read?.ok && read.centavos >= 1 ? { ok: true, minimo: read.centavos } : { ok: false, message }
  }
  const [max, message] = tipo === 'Q' ? [MAX_UNITS, m.minimoQuantidade] : [MAX_MIX, m.minimoMix]
  const n = typeof raw === 'string' && /^\s*\d{1,9}\s*$/.test(raw.replace(/\./g, '')) ? Number(raw.replace(/\./g, '')) : raw
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= max ? { ok: true, minimo: n } : { ok: false, message }
}

export const ruleShape = {
  nome: ruleNomeField,
  tipo: ruleTipoField,
  minimo: rawMinimo,
  desconto: ruleDescontoField,
  marca: ruleMarcaField,
  categoria: ruleCategoriaField,
  produto_id: ruleProdutoField,
}

type RawRule = { tipo: RuleType; minimo?: string | number; marca: string | null; categoria: string | null; produto_id?: number }

/** The threshold read by the type, and one scope at most; issues land on the field to fix. */
export function resolveRule<T extends RawRule>(rule: T, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  const minimo = readMinimo(rule.tipo, rule.minimo)
  if (!minimo.ok) ctx.addIssue({ code: 'custom', message: minimo.message, path: [...path, 'minimo'] })
  const scopes = [rule.marca, rule.categoria, rule.produto_id ?? null].filter((s) => s !== null).length
  if (scopes > 1) ctx.addIssue({ code: 'custom', message: m.oneScope, path: [...path, 'marca'] })
  if (!minimo.ok || scopes > 1) return z.NEVER
  return { ...rule, minimo: minimo.minimo, produto_id: rule.produto_id ?? null }
}

export type RuleValues = { nome: string; tipo: RuleType; minimo: number; desconto: string; marca: string | null; categoria: string | null; produto_id: number | null }

/** The screen's one choice of scope: '' (the whole condition), 'marca:Sol', 'categoria:Bebidas' or 'produto:12'. */
export function readScope(alcance: string | undefined): { marca: string | null; categoria: string | null; produto_id: number | null } | null {
  const [kind, ...rest] = (alcance ?? '').split(':')
  const value = rest.join(':')
  if (!kind) return { marca: null, categoria: null, produto_id: null }
  if (kind === 'marca' && value) return { marca: value, categoria: null, produto_id: null }
  if (kind === 'categoria' && value) return { marca: null, categoria: value, produto_id: null }
  if (kind === 'produto' && /^\d{1,10}$/.test(value)) return { marca: null, categoria: null, produto_id: Number(value) }
  return null
}

const screenRule = {
  nome: ruleNomeField,
  tipo: ruleTipoField,
  minimo: text({ required: m.minimoRequired, max: 20, tooLong: m.minimoRequired }),
  desconto: ruleDescontoField,
  alcance: text({ invalidType: m.oneScope, max: 200, tooLong: m.oneScope }).optional(),
}

/**
 * Runs even when another field is wrong (`when`), so one post shows every message; a field that
 * already has its own message (an empty threshold, an unknown type) is left to it.
 */
function checkScreenRule(rule: { tipo: RuleType; minimo: string; alcance?: string }, ctx: z.RefinementCtx) {
  const typed = typeof rule.minimo === 'string' && rule.minimo.trim() !== ''
  if (typed && (RULE_TYPES as readonly string[]).includes(rule.tipo)) {
    const minimo = readMinimo(rule.tipo, rule.minimo)
    if (!minimo.ok) ctx.addIssue({ code: 'custom', message: minimo.message, path: ['minimo'] })
  }
  if ((rule.alcance === undefined || typeof rule.alcance === 'string') && !readScope(rule.alcance)) ctx.addIssue({ code: 'custom', message: m.oneScope, path: ['alcance'] })
}

const always = { when: () => true }

/** The add modal of /conditionDetails?aba=regras: the scope is one select (so never two at once). */
export const RuleFormSchema = z.object(screenRule).superRefine(checkScreenRule, always)
export const UpdateRuleFormSchema = z
  .object({ ...screenRule, regra_id: regraIdField, ativo: z.enum(['1', '0'], { error: 'Escolha se a regra está ativa.' }) })
  .superRefine(checkScreenRule, always)
export const DeleteRuleFormSchema = z.object({ regra_id: regraIdField })
