import { div, fromInteger, mul, ratio, roundHalfUp } from './decimal.ts'

/**
 * What a 'Q' (faturado com quebra) invoices (decision 028): each line its total in the proportion of the
 * invoiced quantity (the full quantity gives the line's total exactly), and the order's total less the
 * tokenbase discount in the same proportion as when it was sent. Exact fractions, rounded half up once
 * each, never from a rounded unit price.
 */
export function invoicedTotal(order: { subtotalCentavos: number; totalCentavos: number }, lines: { quantidade: number; totalCentavos: number; faturada: number }[]) {
  const subtotal = lines.reduce(
    (sum, l) => sum + (l.faturada === l.quantidade ? l.totalCentavos : Number(roundHalfUp(mul(fromInteger(l.totalCentavos), ratio(BigInt(l.faturada), BigInt(l.quantidade))), 0))),
    0,
  )
  if (order.subtotalCentavos === 0 || order.totalCentavos === order.subtotalCentavos) return subtotal
  return Number(roundHalfUp(mul(fromInteger(subtotal), div(fromInteger(order.totalCentavos), fromInteger(order.subtotalCentavos))), 0))
}
