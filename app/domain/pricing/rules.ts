import { compare, parseDecimal, ZERO, type Ratio } from './decimal.ts'
import { linePrice, type LinePrice, type LinePriceInput } from './line-price.ts'

/**
 * A condition's discount rules (docs/decisions/020-condition-rules.md). A rule gives its
 * percent to every line in its scope once the cart's lines in that scope reach its threshold; per line
 * the best single rule wins (rules never add up), so a ladder of rules of the same scope and kind is
 * progressive: 50 units 2%, 100 units 3%.
 */
export const RULE_TYPES = ['Q', 'V', 'M'] as const
export type RuleType = (typeof RULE_TYPES)[number]

export type ConditionRule = {
  id: number
  tipo: RuleType
  /** Units ('Q'), centavos ('V') or distinct products ('M'). */
  minimo: number
  /** Percent, as stored ('2.5000'). */
  desconto: string
  marca: string | null
  categoria: string | null
  productId: number | null
  /** The OL's row in the condition (condition_partners.id) for an OL's own rule; null for the seller's. */
  conditionPartnerId: number | null
  ativo: boolean
}

export type RuleLine = {
  productId: number
  marca: string | null
  categoria: string | null
  quantity: number
  /** The line's total before any rule (after the table and the OL's extra discount), in centavos. */
  totalCentavos: number
}

export type LineRule = { ruleId: number; desconto: Ratio } | null

/** Brand and category compare as people type them: case, accents and spaces do not matter. */
export const scopeKey = (text: string | null) =>
  text
    ?.normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim() ?? ''

/** A line is in a rule's scope when it matches every scope field the rule names; none named is the whole condition. */
export function inScope(rule: Pick<ConditionRule, 'marca' | 'categoria' | 'productId'>, line: Pick<RuleLine, 'productId' | 'marca' | 'categoria'>) {
  if (rule.productId !== null && rule.productId !== line.productId) return false
  if (rule.marca !== null && scopeKey(rule.marca) !== scopeKey(line.marca)) return false
  if (rule.categoria !== null && scopeKey(rule.categoria) !== scopeKey(line.categoria)) return false
  return true
}

/** What a rule counts over the lines in its scope. */
export function measure(tipo: RuleType, lines: readonly RuleLine[]) {
  if (tipo === 'Q') return lines.reduce((sum, l) => sum + l.quantity, 0)
  if (tipo === 'V') return lines.reduce((sum, l) => sum + l.totalCentavos, 0)
  return new Set(lines.map((l) => l.productId)).size
}

/**
 * The rule (and its percent) each line gets, in the lines' order. Only active rules count, and an OL's
 * rule only for a cart bought through that OL (`partnerId`, its condition_partners row; null = bought
 * from the seller directly). On a tie the older rule (lower id) is named.
 */
export function ruleDiscounts(lines: readonly RuleLine[], rules: readonly ConditionRule[], partnerId: number | null): LineRule[] {
  const reached = rules
    .filter((r) => r.ativo && (r.conditionPartnerId === null || r.conditionPartnerId === partnerId))
    .filter((r) => measure(r.tipo, lines.filter((l) => inScope(r, l))) >= r.minimo)
    .map((r) => ({ rule: r, desconto: parseDecimal(r.desconto) ?? ZERO }))
    .sort((a, b) => compare(b.desconto, a.desconto) || a.rule.id - b.rule.id)
  return lines.map((line) => {
    const best = reached.find((r) => inScope(r.rule, line))
    return best ? { ruleId: best.rule.id, desconto: best.desconto } : null
  })
}

export type CartLineInput = LinePriceInput & Omit<RuleLine, 'totalCentavos' | 'quantity'>

export type PricedCartLine = LinePrice & { rule: LineRule }

/**
 * A cart of one condition priced in decision 020's order: the table's price, the OL's extra discount,
 * then the rule reached over the lines' totals before any rule. The payment term's tokenbase fator is
 * taken afterwards on the sum (tokenbase.ts).
 */
export function priceCartLines(
  lines: readonly CartLineInput[],
  rules: readonly ConditionRule[],
  through: { partnerId: number | null; olExtraPercent: Ratio },
): PricedCartLine[] {
  const extra = compare(through.olExtraPercent, ZERO) === 0 ? [] : [through.olExtraPercent]
  const before = lines.map((l) => linePrice({ ...l, extraDiscounts: extra }))
  const chosen = ruleDiscounts(
    lines.map((l, i) => ({ productId: l.productId, marca: l.marca, categoria: l.categoria, quantity: l.quantity, totalCentavos: before[i].totalCentavos })),
    rules,
    through.partnerId,
  )
  return lines.map((l, i) => {
    const rule = chosen[i]
    const price = rule ? linePrice({ ...l, extraDiscounts: [...extra, rule.desconto] }) : before[i]
    return { ...price, rule }
  })
}

