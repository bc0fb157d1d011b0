import type { Db, Tx } from '../../db/client.ts'
import { findMembership, holdsPermission } from '../organizations/membership.ts'

/** Whether the caller may change what its side owns in a condition (the permission 'condicoes' there); the screens show their buttons by it. */
export async function mayChange(db: Db | Tx, userId: number, organizationId: number) {
  const member = await findMembership(db, userId, organizationId)
  return member ? holdsPermission(db, member.membership, 'condicoes') : false
}
