import { and, eq, inArray, sql, type Placeholder } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { PermissionId } from '../../../app/domain/team/permissions.ts'
import type { Db, Tx } from '../../db/client.ts'
import { perDatabase } from '../../db/per-database.ts'
import { cargoPermissions, memberships, organizations } from '../../db/schema/index.ts'
import { organizationMessages } from '../../../app/domain/organization/messages.ts'
import { abort } from '../http.ts'

export const NOT_A_MEMBER = 'Você não tem acesso a esta organização.'
export const NOT_PERMITTED = 'Você não tem permissão para esta ação.'
export const NOT_VERIFIED = organizationMessages.notVerified

type Membership = typeof memberships.$inferSelect

const membershipQuery = (db: Db | Tx) =>
  db
    .select({ membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, sql.placeholder('userId')), eq(memberships.organizationId, sql.placeholder('organizationId')), eq(memberships.active, true)))

/** Built once per database: every organization call runs it. Inside a transaction it is built on the spot. */
const prepared = perDatabase((db) => membershipQuery(db).prepare('api_membership'))

type Unverified = { unverified?: 'allowed' }

/**
 * The caller's active membership of the organization, or null. An organization whose e-mailed code was not
 * entered acts for nothing, as the screens let no one into it: its member is told so (403) unless the call
 * is one that verifies it, sends the code again or reads its profile (`unverified: 'allowed'`).
 */
export async function findMembership(db: Db | Tx, userId: number, organizationId: number, options: Unverified = {}) {
  const query = db instanceof PgTransaction ? membershipQuery(db) : prepared(db)
  const [row] = await query.execute({ userId, organizationId })
  if (row && !row.organization.active && options.unverified !== 'allowed') abort(403, NOT_VERIFIED)
  return row ?? null
}

/**
 * The membership check inside a read's own statement, for the reads every page view makes: one statement
 * instead of two. An empty answer does not tell a stranger from an organization with nothing to list, so the
 * caller then runs requireMembership (`orMembership`), which answers 403 to a stranger.
 */
export const isActiveMember = (userId: number | Placeholder, organizationId: number | Placeholder) =>
  sql`exists (select 1 from memberships reader join organizations verified on verified.id = reader.organization_id and verified.active where reader.user_id = ${userId} and reader.organization_id = ${organizationId} and reader.active)`

/** The rows of a read that checked membership itself (isActiveMember); when it found none, the check alone. */
export async function orMembership<T>(rows: T[], db: Db | Tx, userId: number, organizationId: number) {
  if (rows.length === 0) await requireMembership(db, userId, organizationId)
  return rows
}

/** A permission of the catalogue, or a list of which any one will do. */
type Permission = PermissionId | readonly PermissionId[]

/** Admins hold every permission of the catalogue; other members those of their role. */
export async function holdsPermission(db: Db | Tx, membership: Membership, permission: Permission) {
  if (membership.isAdmin) return true
  if (!membership.cargoId) return false
  const [granted] = await db
    .select({ p: cargoPermissions.permissao })
    .from(cargoPermissions)
    .where(and(eq(cargoPermissions.cargoId, membership.cargoId), inArray(cargoPermissions.permissao, typeof permission === 'string' ? [permission] : [...permission])))
    .limit(1)
  return Boolean(granted)
}

/**
 * The authorization step of every organization call: the caller must be an active member of a verified
 * organization (findMembership). Another company's id answers 403 and reveals nothing about it.
 */
export async function requireMembership(db: Db | Tx, userId: number, organizationId: number, options: Unverified = {}) {
  const row = await findMembership(db, userId, organizationId, options)
  if (!row) abort(403, NOT_A_MEMBER)
  return row
}

/** Membership plus a permission of the catalogue (app/domain/team/permissions.ts); `refusal` says what a member without it is told. */
export async function requirePermission(db: Db | Tx, userId: number, organizationId: number, permission: Permission, refusal = NOT_PERMITTED) {
  const row = await requireMembership(db, userId, organizationId)
  if (!(await holdsPermission(db, row.membership, permission))) abort(403, refusal)
  return row
}

/** True when the user is a member of the organization holding the permission. */
export async function mayAct(db: Db | Tx, userId: number, organizationId: number, permission: Permission) {
  const row = await findMembership(db, userId, organizationId)
  return row !== null && (await holdsPermission(db, row.membership, permission))
}
