import { div, fromInteger, mul, ratio, roundHalfUp } from './decimal.ts'

/**
 * What a 'Q' (faturado com quebra) invoices (decision 028): each line its total in the proportion of the
 * invoiced quantity (the full quantity gives the line's total exactly), and the order's total less the
 * tokenbase discount in the same proportion as when it was sent. Exact fractions, rounded half up once
 * each, never from a rounded unit price.
 */
export function invoicedTotal(order: { subtotalCentavos: number; totalCentavos: number }, lines: { quantidade: number; totalCentavos: number; faturada: number }[]) {
  const subtotal = lines.reduce((sum, l) => sum + invoicedLine(l), 0)
  if (order.subtotalCentavos === 0 || order.totalCentavos === order.subtotalCentavos) return subtotal
  return Number(roundHalfUp(mul(fromInteger(subtotal), div(fromInteger(order.totalCentavos), fromInteger(order.subtotalCentavos))), 0))
}

/** One line's invoiced part: its total in the proportion of the invoiced quantity, rounded half up once. */
export function invoicedLine(line: { quantidade: number; totalCentavos: number; faturada: number }) {
  if (line.faturada === line.quantidade) return line.totalCentavos
  return Number(roundHalfUp(mul(fromInteger(line.totalCentavos), ratio(BigInt(line.faturada), BigInt(line.quantidade))), 0))
}
