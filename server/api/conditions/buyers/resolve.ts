import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client.ts'
import { customers, organizations } from '../../../db/schema/index.ts'

/** Customer records of `owner` among these CNPJs: CNPJ → id. */
export async function customersByCnpj(db: Db | Tx, owner: number, cnpjs: string[]) {
  if (cnpjs.length === 0) return new Map<string, number>()
  const rows = await db
    .select({ id: customers.id, cnpj: customers.cnpj })
    .from(customers)
    .where(and(eq(customers.sellerId, owner), inArray(customers.cnpj, cnpjs)))
  return new Map(rows.map((r) => [r.cnpj, r.id]))
}

/** Flags (organizations of type b) among these CNPJs: CNPJ → id. */
export async function flagsByCnpj(db: Db | Tx, cnpjs: string[]) {
  if (cnpjs.length === 0) return new Map<string, number>()
  const rows = await db
    .select({ id: organizations.id, cnpj: organizations.cnpj })
    .from(organizations)
    .where(and(eq(organizations.tipo, 'b'), inArray(organizations.cnpj, cnpjs)))
  return new Map(rows.map((r) => [r.cnpj, r.id]))
}

/**
 * A CNPJ as a buyer of a list whose customer records are `owner`'s: its customer record first (what
 * the seller sells to), else the flag with that CNPJ; null when it is neither.
 */
export function resolveBuyer(cnpj: string, mine: Map<string, number>, flags: Map<string, number>) {
  const customerId = mine.get(cnpj)
  if (customerId !== undefined) return { customerId, bandeiraId: null }
  const bandeiraId = flags.get(cnpj)
  return bandeiraId === undefined ? null : { customerId: null, bandeiraId }
}
