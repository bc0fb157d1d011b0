import type { PermissionId } from '../team/permissions.ts'

/** Who reads a company's orders (decision 031): 'Ver pedidos', or 'Mudar situação', which cannot act on what it cannot see. */
export const ORDER_READERS = ['pedidos_ver', 'pedidos_status'] as const satisfies readonly PermissionId[]

/** Whether a member holding these permissions (an admin holds them all, decision 038) reads the company's orders. */
export const readsOrders = (held: readonly string[]) => ORDER_READERS.some((p) => held.includes(p))
