import { and, eq } from 'drizzle-orm'
import { conditionAccessMessages as m } from '../../../app/domain/conditions/access-messages.ts'
import { AREA_READERS, READ_REFUSALS } from '../../../app/domain/team/area-readers.ts'
import type { PermissionId } from '../../../app/domain/team/permissions.ts'
import type { Db, Tx } from '../../db/client.ts'
import { conditionPartners, conditions, type memberships } from '../../db/schema/index.ts'
import { abort } from '../http.ts'
import { findMembership, holdsPermission, NOT_PERMITTED } from '../organizations/membership.ts'

export type Condition = typeof conditions.$inferSelect
export type ConditionPartner = typeof conditionPartners.$inferSelect
type Membership = typeof memberships.$inferSelect

/**
 * Who reaches a condition, and as what. The seller's members read it when their role reads the
 * conditions (AREA_READERS, decision 042: a 403 that names the permission) and change it with
 * 'condicoes'; a member of an OL invited to it (pending or accepted) reads it as that OL serves it
 * and manages the OL's own parts (its buyers, its blacklist, its rules). Anyone else gets the same
 * 404 as for a condition that does not exist, so ids reveal nothing.
 */
export type ConditionAccess =
  | { as: 'seller'; condition: Condition; organizationId: number }
  | { as: 'ol'; condition: Condition; organizationId: number; partner: ConditionPartner }

async function load(db: Db | Tx, conditionId: number, lock: boolean) {
  const query = db.select().from(conditions).where(eq(conditions.id, conditionId))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

const CONDITION_READERS: readonly PermissionId[] = AREA_READERS.condicoes

/** A seller's member must read its conditions, and hold `permission` when a call names one ('condicoes' reads too). */
async function requireSellerSide(db: Db | Tx, membership: Membership, permission: PermissionId | undefined) {
  if (permission && !(await holdsPermission(db, membership, permission))) abort(403, NOT_PERMITTED)
  if (permission && CONDITION_READERS.includes(permission)) return
  if (!(await holdsPermission(db, membership, CONDITION_READERS))) abort(403, READ_REFUSALS.condicoes)
}

/**
 * The condition for a member of its seller who reads the conditions; with `permission`, that member
 * must hold it (403 otherwise). `lock` takes a row lock for the rest of the transaction, for calls
 * that change it.
 */
export async function conditionForSeller(db: Db | Tx, userId: number, conditionId: number, options: { permission?: PermissionId; lock?: boolean } = {}) {
  const condition = await load(db, conditionId, options.lock ?? false)
  if (!condition) abort(404, m.conditionNotFound)
  const member = await findMembership(db, userId, condition.organizationId)
  if (!member) abort(404, m.conditionNotFound)
  await requireSellerSide(db, member.membership, options.permission)
  return condition
}

/**
 * The condition for a member of its seller or of an OL invited to it. `asOrganization` (the company the
 * caller acts for) says which side when a user belongs to both: the seller's id is the seller side, another
 * id that OL's. Without it, the seller side wins, then the first OL the caller belongs to. With
 * `permission`, the caller must hold it on that side.
 */
export async function conditionForReader(
  db: Db | Tx,
  userId: number,
  conditionId: number,
  options: { asOrganization?: number; permission?: PermissionId; lock?: boolean } = {},
): Promise<ConditionAccess> {
  const condition = await load(db, conditionId, options.lock ?? false)
  if (!condition) abort(404, m.conditionNotFound)
  // The seller's side under the seller's rule of reading; an OL's members read what their company serves, as members (decision 042).
  const check = async (organizationId: number) => {
    const member = await findMembership(db, userId, organizationId)
    if (!member) return false
    if (organizationId === condition.organizationId) await requireSellerSide(db, member.membership, options.permission)
    else if (options.permission && !(await holdsPermission(db, member.membership, options.permission))) abort(403, NOT_PERMITTED)
    return true
  }
  const asSeller = options.asOrganization === condition.organizationId
  const olId = asSeller ? undefined : options.asOrganization
  if ((options.asOrganization === undefined || asSeller) && (await check(condition.organizationId))) {
    return { as: 'seller', condition, organizationId: condition.organizationId }
  }
  if (asSeller) abort(404, m.conditionNotFound)
  const partners = await db
    .select()
    .from(conditionPartners)
    .where(
      olId === undefined
        ? eq(conditionPartners.conditionId, condition.id)
        : and(eq(conditionPartners.conditionId, condition.id), eq(conditionPartners.partnerId, olId)),
    )
  let partner: ConditionPartner | undefined
  for (const candidate of partners) {
    if (candidate.status !== 'recusado' && (await check(candidate.partnerId))) {
      partner = candidate
      break
    }
  }
  if (!partner) abort(404, m.conditionNotFound)
  return { as: 'ol', condition, organizationId: partner.partnerId, partner }
}
