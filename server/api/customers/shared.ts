import { and, eq, type SQL } from 'drizzle-orm'
import { customerMessages as m } from '../../../app/domain/customers/messages.ts'
import type { Db, Tx } from '../../db/client.ts'
import { customers, memberships, users } from '../../db/schema/index.ts'
import { abort, fail } from '../http.ts'
import { requireReader } from '../organizations/area-readers.ts'
import { requirePermission } from '../organizations/membership.ts'

/** The organization types that sell, and so have customers and payment methods (the menu's VENDAS group). */
export const SELLER_TYPES: readonly string[] = ['f', 'b', 'r']

/**
 * The authorization step of the customer and payment calls: an active member of a seller who reads
 * the customers (AREA_READERS), and for a change the permission 'clientes'. Another company's id
 * answers 403 and reveals nothing.
 */
export async function requireSeller(db: Db | Tx, userId: number, organizationId: number, change: boolean) {
  const row = change ? await requirePermission(db, userId, organizationId, 'clientes') : await requireReader(db, userId, organizationId, 'clientes')
  if (!SELLER_TYPES.includes(row.organization.tipo)) abort(403, m.notASeller)
  return row
}

/** The columns of a customer as the calls answer it, with its seller's name. */
export const customerColumns = { c: customers, vendedor: users.name }

type CustomerRow = { c: typeof customers.$inferSelect; vendedor: string | null }

export function customerAnswer({ c, vendedor }: CustomerRow) {
  return {
    id: c.id,
    organizacao_id: c.sellerId,
    cnpj: c.cnpj,
    nome: c.nome,
    cliente_organizacao_id: c.customerOrgId,
    situacao: c.customerOrgId === null ? ('pendente' as const) : ('vinculado' as const),
    bloqueado: c.bloqueado,
    vendedor_id: c.vendedorId,
    vendedor: c.vendedorId === null ? null : vendedor,
    contato_nome: c.contatoNome,
    contato_email: c.contatoEmail,
    contato_telefone: c.contatoTelefone,
    created_at: c.createdAt.toISOString(),
  }
}

/** Customers of the seller (never another's) with their seller's name. */
export function selectCustomers(db: Db | Tx, sellerId: number, where?: SQL) {
  return db
    .select(customerColumns)
    .from(customers)
    .leftJoin(users, eq(users.id, customers.vendedorId))
    .where(and(eq(customers.sellerId, sellerId), where))
}

export async function findCustomer(db: Db | Tx, sellerId: number, customerId: number) {
  const [row] = await selectCustomers(db, sellerId, eq(customers.id, customerId))
  return row ?? null
}

/** The customer of this seller, or 404: an id of another seller's customer is "not found" too. */
export async function requireCustomer(db: Db | Tx, sellerId: number, customerId: number) {
  const row = await findCustomer(db, sellerId, customerId)
  if (!row) abort(404, m.customerNotFound)
  return row
}

/** The assigned seller must be an active member of the seller's team. */
export async function assertVendedor(db: Db | Tx, sellerId: number, vendedorId: number | null | undefined) {
  if (vendedorId === null || vendedorId === undefined) return
  const [member] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.organizationId, sellerId), eq(memberships.userId, vendedorId), eq(memberships.active, true)))
  if (!member) fail('vendedor_id', m.vendedorNotMember)
}
