import { fromInteger, mul, parseDecimal, ratio, roundHalfUp } from './decimal.ts'
import { tokenbaseValor } from './tokenbase.ts'

/**
 * What a 'Q' (faturado com quebra) invoices (decision 028): each line its total in the proportion of the
 * invoiced quantity (the full quantity gives the line's total exactly), then the tokenbase the order was sent
 * with, applied to that sum as to the order's (total − total × fator, with the fator it kept). Exact
 * fractions, rounded half up once each, never from a rounded unit price.
 */
export function invoicedTotal(order: { tokenbase: { fator: string } | null }, lines: { quantidade: number; totalCentavos: number; faturada: number }[]) {
  const subtotal = lines.reduce((sum, l) => sum + invoicedLine(l), 0)
  const fator = order.tokenbase ? parseDecimal(order.tokenbase.fator) : null
  return fator ? subtotal - Number(tokenbaseValor(subtotal, fator)) : subtotal
}

/** One line's invoiced part: its total in the proportion of the invoiced quantity, rounded half up once. */
export function invoicedLine(line: { quantidade: number; totalCentavos: number; faturada: number }) {
  if (line.faturada === line.quantidade) return line.totalCentavos
  return Number(roundHalfUp(mul(fromInteger(line.totalCentavos), ratio(BigInt(line.faturada), BigInt(line.quantidade))), 0))
}
