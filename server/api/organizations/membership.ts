import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { memberships, organizations } from '../../db/schema.ts'
import { abort } from '../http.ts'

/**
 * The authorization step of every organization call: the caller must be an active
 * member. Another company's id answers 403 and reveals nothing about it.
 */
export async function requireMembership(db: Db, userId: number, organizationId: number) {
  const [row] = await db
    .select({ membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId), eq(memberships.active, true)))
  if (!row) abort(403, 'Você não tem acesso a esta organização.')
  return row
}
