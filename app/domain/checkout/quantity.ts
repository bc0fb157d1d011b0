import { checkoutQuantityMessages as m } from './quantity-messages.ts'

/** A condition line's quantity limits (condition_products: qtd_min, qtd_max, multiplo). */
export type QuantityLimits = { qtdMin: number; qtdMax: number | null; multiplo: number }

/**
 * Why a quantity cannot go into a cart, in Portuguese, or null when it can: at least the minimum, at most
 * the maximum, a multiple of the pack ('multiplo'). The API refuses with this message and the market
 * shows the same one beside the field.
 */
export function quantityProblem(quantity: number, limits: QuantityLimits): string | null {
  if (!Number.isInteger(quantity) || quantity < 1) return m.notPositive
  if (quantity < limits.qtdMin) return m.belowMinimum(limits.qtdMin)
  if (limits.qtdMax !== null && quantity > limits.qtdMax) return m.aboveMaximum(limits.qtdMax)
  if (quantity % limits.multiplo !== 0) return m.notMultiple(limits.multiplo)
  return null
}

/** The nearest quantity the limits accept, for the field's suggestion: rounded up to the pack, within min and max. */
export function nearestQuantity(quantity: number, limits: QuantityLimits): number | null {
  const step = limits.multiplo
  const low = Math.ceil(Math.max(quantity, limits.qtdMin, 1) / step) * step
  if (limits.qtdMax !== null && low > limits.qtdMax) {
    const high = Math.floor(limits.qtdMax / step) * step
    return high >= limits.qtdMin && high >= 1 ? high : null
  }
  return low
}
