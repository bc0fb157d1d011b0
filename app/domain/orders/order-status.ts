/** Order status letters of spec §3 and their names (DOMAIN.md). */
export const ORDER_STATUS_LABELS: Record<string, string> = {
  A: 'Aguardando',
  F: 'Faturado',
  N: 'Negado',
  Q: 'Faturado com quebra',
}
