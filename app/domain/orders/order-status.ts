/** Order status letters (A aguardando, F faturado, N negado, Q faturado com quebra). */
export const ORDER_STATUSES = ['A', 'F', 'N', 'Q'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Order status letters and their names. */
export const ORDER_STATUS_LABELS: Record<string, string> = {
  A: 'Aguardando',
  F: 'Faturado',
  N: 'Negado',
  Q: 'Faturado com quebra',
}
