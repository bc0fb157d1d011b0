import { and, eq } from 'drizzle-orm'
import type { PermissionId } from '../../../app/lib/permissions.ts'
import type { Db, Tx } from '../../db/client.ts'
import { cargoPermissions, memberships, organizations } from '../../db/schema.ts'
import { abort } from '../http.ts'

export const NOT_A_MEMBER = 'Você não tem acesso a esta organização.'
export const NOT_PERMITTED = 'Você não tem permissão para esta ação.'

/**
 * The authorization step of every organization call: the caller must be an active
 * member. Another company's id answers 403 and reveals nothing about it.
 */
export async function requireMembership(db: Db | Tx, userId: number, organizationId: number) {
  const [row] = await db
    .select({ membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId), eq(memberships.active, true)))
  if (!row) abort(403, NOT_A_MEMBER)
  return row
}

/** Membership plus a permission of the catalogue: admins have all, others those of their role. */
export async function requirePermission(db: Db | Tx, userId: number, organizationId: number, permission: PermissionId) {
  const row = await requireMembership(db, userId, organizationId)
  if (row.membership.isAdmin) return row
  if (row.membership.cargoId) {
    const [granted] = await db
      .select({ p: cargoPermissions.permissao })
      .from(cargoPermissions)
      .where(and(eq(cargoPermissions.cargoId, row.membership.cargoId), eq(cargoPermissions.permissao, permission)))
    if (granted) return row
  }
  abort(403, NOT_PERMITTED)
}
