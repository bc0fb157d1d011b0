/**
 * What a 'faturado com quebra' took off its invoiced lines for the tokenbase: their sum less the invoiced total (the
 * tokenbase's share of what was invoiced), or null when nothing was invoiced with a break or there is no tokenbase.
 */
export function invoicedTokenbaseCentavos(order: { tokenbase: unknown; total_faturado_centavos: number | null; itens_lista: { total_faturado_centavos: number | null }[] }) {
  if (order.total_faturado_centavos === null || !order.tokenbase) return null
  return order.itens_lista.reduce((sum, i) => sum + (i.total_faturado_centavos ?? 0), 0) - order.total_faturado_centavos
}
