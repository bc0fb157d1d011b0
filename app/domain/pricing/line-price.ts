import { compare, div, fromInteger, HUNDRED, mul, roundHalfUp, sub, ZERO, type Ratio } from './decimal.ts'
import { pricingMessages as m } from './messages.ts'

/**
 * The price of one cart or order line (computed on the server, in centavos, rounding half-up
 * once per line). A discount table takes the list price less the discount; a net-price table the
 * condition's own price. The line total is rounded once from the exact value, never from a rounded
 * unit price, so 3 × R$ 0,333… is R$ 1,00 and not R$ 0,99.
 */
export type LinePriceInput = (
  | { table: 'desconto'; listCentavos: number; discountPercent: Ratio }
  | { table: 'liquido'; netCentavos: number }
) & {
  quantity: number
  /**
   * Discounts in percent taken one after another from the table's price, in this order: the OL's extra
   * discount, then a rule's (decision 019). 10% then 5% is 14.5%, not 15%. Nothing is rounded between them.
   */
  extraDiscounts?: readonly Ratio[]
}

export type LinePrice = {
  /** The unit price rounded half up to the centavo: what a price list shows. */
  unitCentavos: number
  /**
   * The unit price in hundredths of a centavo (R$ 0,0001), rounded half up: what a line shows beside
   * its total, so that 30 × R$ 10,9224 reads as its R$ 327,67 and not as 30 × R$ 10,92 (decision 033).
   */
  unitHundredths: number
  /** The line's total, rounded once. */
  totalCentavos: number
}

export function linePrice(input: LinePriceInput): LinePrice {
  if (!Number.isInteger(input.quantity) || input.quantity <= 0) throw new RangeError(m.quantityNotPositive)
  const table = input.table === 'liquido' ? fromInteger(input.netCentavos) : discounted(fromInteger(input.listCentavos), input.discountPercent)
  const unit = (input.extraDiscounts ?? []).reduce(discounted, table)
  return {
    unitCentavos: Number(roundHalfUp(unit, 0)),
    unitHundredths: Number(roundHalfUp(unit, 2)),
    totalCentavos: Number(roundHalfUp(mul(unit, fromInteger(input.quantity)), 0)),
  }
}

function discounted(price: Ratio, discountPercent: Ratio): Ratio {
  if (compare(discountPercent, ZERO) < 0 || compare(discountPercent, HUNDRED) > 0) throw new RangeError(m.discountOutOfRange)
  return mul(price, div(sub(HUNDRED, discountPercent), HUNDRED))
}
