import { MAX_DB_INT } from '../shared/fields.ts'
import { compare, div, fromInteger, HUNDRED, mul, ratio, roundHalfUp, scaledText, sub, ZERO, type Ratio } from '../pricing/decimal.ts'
import type { Formula } from '../pricing/formula.ts'
import { linePrice } from '../pricing/line-price.ts'
import { priceCartLines, type ConditionRule, type LineRule } from '../pricing/rules.ts'
import { tokenbaseOption, type TokenbaseOption } from '../pricing/tokenbase.ts'
import { checkoutMessages as m } from './messages.ts'
import { quantityProblem, type QuantityLimits } from './quantity.ts'

/**
 * A cart priced as the buyer sees it and as enviaPedido sends it (decision 027): the lines by
 * priceCartLines (table, OL extra, rule), the cart's effective discount over list prices, the chosen
 * term's tokenbase option on the subtotal, and every reason the cart cannot be sent yet.
 */

/** How the condition prices one product: a discount over the list price ('D') or a net price ('L'). */
export type LineOffer = { table: 'desconto'; discountPercent: Ratio } | { table: 'liquido'; netCentavos: number }

export type CartItemInput = {
  itemId: number
  productId: number
  nome: string
  marca: string | null
  categoria: string | null
  /** The product's list price (its catalogue price). */
  listCentavos: number
  quantity: number
  precoVistoCentavos: number
  /** null when the product left the condition or was deactivated. */
  offer: LineOffer | null
  limits: QuantityLimits
}

export type CartTerm = { id: number; nome: string; minimoCentavos: number; formula: Formula | null }

export type CartPriceInput = {
  items: readonly CartItemInput[]
  rules: readonly ConditionRule[]
  partnerId: number | null
  olExtraPercent: Ratio
  minimoValorCentavos: number
  minimoQuantidade: number
  /** The condition's terms exist but none is chosen: the cart cannot be sent. */
  termRequired: boolean
  term: CartTerm | null
  /** The seller's tokenbase code; without it a formula gives no option (decision 020). */
  token: string | null
}

export type PricedItem = {
  itemId: number
  available: boolean
  /** The unit price after the table and the OL's extra discount, before rules: what preco_visto is compared with. */
  seenUnitCentavos: number | null
  priceChanged: boolean
  unitCentavos: number | null
  /** The unit price to R$ 0,0001, shown beside the line's total (LinePrice.unitHundredths). */
  unitHundredths: number | null
  totalCentavos: number | null
  rule: LineRule
  problem: string | null
}

export type CartTokenbase = ({ ok: true } & TokenbaseOption) | { ok: false; message: string }

export type PricedCart = {
  items: PricedItem[]
  quantidadeTotal: number
  listaCentavos: number
  subtotalCentavos: number
  /** The cart's effective discount over list prices, percent with 2 decimals ('11.80'): the formula's `desconto`. */
  desconto: string
  tokenbase: CartTokenbase | null
  totalCentavos: number
  /** Unmet minimums and other reasons the cart cannot be sent (prices changed are apart: they ask a confirmation). */
  problems: string[]
  pricesChanged: boolean
}

/** The unit price the buyer sees when putting a product in a cart (stored as preco_visto_centavos). */
export function seenUnitPrice(listCentavos: number, offer: LineOffer, olExtraPercent: Ratio): number {
  const extra = compare(olExtraPercent, ZERO) === 0 ? [] : [olExtraPercent]
  const base = offer.table === 'desconto' ? { table: 'desconto' as const, listCentavos, discountPercent: offer.discountPercent } : { table: 'liquido' as const, netCentavos: offer.netCentavos }
  return linePrice({ ...base, quantity: 1, extraDiscounts: extra }).unitCentavos
}

/** (list − subtotal) / list in percent, rounded half up to 2 decimals; never below 0 (a net price above the list is no discount). */
export function effectiveDiscount(listaCentavos: number, subtotalCentavos: number): Ratio {
  if (listaCentavos <= 0 || subtotalCentavos >= listaCentavos) return ZERO
  const percent = mul(div(sub(fromInteger(listaCentavos), fromInteger(subtotalCentavos)), fromInteger(listaCentavos)), HUNDRED)
  return ratio(roundHalfUp(percent, 2), 100n)
}

export function priceCart(input: CartPriceInput): PricedCart {
  const available = input.items.filter((i) => i.offer !== null)
  const priced = priceCartLines(
    available.map((i) => ({
      ...(i.offer!.table === 'desconto'
        ? { table: 'desconto' as const, listCentavos: i.listCentavos, discountPercent: (i.offer as Extract<LineOffer, { table: 'desconto' }>).discountPercent }
        : { table: 'liquido' as const, netCentavos: (i.offer as Extract<LineOffer, { table: 'liquido' }>).netCentavos }),
      quantity: i.quantity,
      productId: i.productId,
      marca: i.marca,
      categoria: i.categoria,
    })),
    input.rules,
    { partnerId: input.partnerId, olExtraPercent: input.olExtraPercent },
  )
  const byItem = new Map(available.map((i, k) => [i.itemId, priced[k]]))
  const problems: string[] = []
  let quantidadeTotal = 0
  let listaCentavos = 0
  let subtotalCentavos = 0
  const items = input.items.map((i): PricedItem => {
    const price = byItem.get(i.itemId)
    if (!i.offer || !price) {
      problems.push(m.productUnavailable(i.nome))
      return { itemId: i.itemId, available: false, seenUnitCentavos: null, priceChanged: false, unitCentavos: null, unitHundredths: null, totalCentavos: null, rule: null, problem: m.productUnavailable(i.nome) }
    }
    const seen = seenUnitPrice(i.listCentavos, i.offer, input.olExtraPercent)
    const quantity = quantityProblem(i.quantity, i.limits)
    if (quantity) problems.push(m.lineProblem(i.nome, quantity))
    quantidadeTotal += i.quantity
    listaCentavos += i.listCentavos * i.quantity
    subtotalCentavos += price.totalCentavos
    return { itemId: i.itemId, available: true, seenUnitCentavos: seen, priceChanged: seen !== i.precoVistoCentavos, unitCentavos: price.unitCentavos, unitHundredths: price.unitHundredths, totalCentavos: price.totalCentavos, rule: price.rule, problem: quantity }
  })
  if (input.items.length === 0) problems.push(m.emptyCart)
  if (subtotalCentavos > MAX_DB_INT || quantidadeTotal > MAX_DB_INT) problems.push(m.cartTooBig)
  if (subtotalCentavos < input.minimoValorCentavos) problems.push(m.minimumValue(input.minimoValorCentavos, subtotalCentavos))
  if (quantidadeTotal < input.minimoQuantidade) problems.push(m.minimumQuantity(input.minimoQuantidade, quantidadeTotal))
  if (input.termRequired && !input.term) problems.push(m.termRequired)
  if (input.term && subtotalCentavos < input.term.minimoCentavos) problems.push(m.minimumTerm(input.term.nome, input.term.minimoCentavos, subtotalCentavos))

  const desconto = effectiveDiscount(listaCentavos, subtotalCentavos)
  let tokenbase: CartTokenbase | null = null
  if (input.term?.formula && input.token && subtotalCentavos <= MAX_DB_INT) {
    const option = tokenbaseOption(input.term.formula, desconto, subtotalCentavos)
    tokenbase = option.ok ? { ok: true, ...option.option } : option
    if (!option.ok) problems.push(m.tokenbaseFailed(option.message))
  }
  const totalCentavos = tokenbase?.ok ? tokenbase.valor_total : subtotalCentavos
  // A negative formula result is a surcharge: the total can pass the limit even when the subtotal does not.
  if (totalCentavos > MAX_DB_INT && subtotalCentavos <= MAX_DB_INT) problems.push(m.cartTooBig)
  return {
    items,
    quantidadeTotal,
    listaCentavos,
    subtotalCentavos,
    desconto: scaledText(roundHalfUp(desconto, 2), 2),
    tokenbase,
    totalCentavos,
    problems,
    pricesChanged: items.some((i) => i.priceChanged),
  }
}
