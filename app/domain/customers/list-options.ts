/** The filters and orderings of the customers list (restoreClientes), for its screen and its call. */

export const CUSTOMER_FILTERS = ['todos', 'ativos', 'bloqueados', 'pendentes', 'vinculados'] as const
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number]

export const CUSTOMER_ORDERS = ['nome', '-nome', 'cnpj', '-cnpj', 'created_at', '-created_at'] as const
export type CustomerOrder = (typeof CUSTOMER_ORDERS)[number]
