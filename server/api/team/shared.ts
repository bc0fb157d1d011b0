import { and, asc, count, eq, gt, isNull, ne, sql, type Placeholder } from 'drizzle-orm'
import { MAX_LEVEL, teamMessages } from '../../../app/domain/team/messages.ts'
import { PERMISSION_IDS, PERMISSIONS, type PermissionId } from '../../../app/domain/team/permissions.ts'
import { PgTransaction } from 'drizzle-orm/pg-core'
import { arrayParam } from '../../db/array-param.ts'
import type { Db, Tx } from '../../db/client.ts'
import { perDatabase } from '../../db/per-database.ts'
import { cargoPermissions, cargos, memberships, organizations, teamInvites, users } from '../../db/schema/index.ts'
import { abort, fail } from '../http.ts'
import { isActiveMember, requirePermission } from '../organizations/membership.ts'

/** The limits and texts live with the web screen's (app/domain/team/messages.ts): one source for both. */
export { MAX_LEVEL, teamMessages }
export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000

const tm = teamMessages

const cargoRows = (db: Db | Tx) =>
  db
    .select({
      id: cargos.id,
      organizationId: cargos.organizationId,
      nome: cargos.nome,
      // Written with aliases: drizzle leaves a one-table select's columns unqualified, so "id" would be the subquery's.
      held: sql<string[]>`array(select cp.permissao from cargo_permissions cp where cp.cargo_id = cargos.id)`,
      membros: sql<number>`(select count(*) from memberships cm where cm.cargo_id = cargos.id and cm.active)`.mapWith(Number),
    })
    .from(cargos)

const cargoOrder = [asc(cargos.nome), asc(cargos.id)]

/** The roles as Meu Time reads them on every view (`readBy`): built once per database. */
const cargosReadBy = perDatabase((db) => {
  const organizationId = sql.placeholder('organizationId')
  return cargoRows(db)
    .where(and(eq(cargos.organizationId, organizationId), isActiveMember(sql.placeholder('readBy'), organizationId)))
    .orderBy(...cargoOrder)
    .prepare('api_team_cargos')
})

/**
 * Roles of an organization with their permissions and active member counts, by name, in one statement.
 * With `readBy`, only when that user is an active member (isActiveMember): the caller checks an empty answer.
 */
export async function listCargos(db: Db | Tx, organizationId: number, { only, readBy }: { only?: number[]; readBy?: number } = {}) {
  const rows =
    readBy !== undefined && !only && !(db instanceof PgTransaction)
      ? await cargosReadBy(db).execute({ organizationId, readBy })
      : await cargoRows(db)
          .where(
            and(
              eq(cargos.organizationId, organizationId),
              only ? sql`${cargos.id} = any(${arrayParam(only, 'integer')})` : undefined,
              readBy === undefined ? undefined : isActiveMember(readBy, organizationId),
            ),
          )
          .orderBy(...cargoOrder)
  return rows.map((row) => {
    const held = new Set(row.held)
    return {
      id: row.id,
      organizacao_id: row.organizationId,
      nome: row.nome,
      permissoes: PERMISSION_IDS.filter((id) => held.has(id)) as string[],
      membros: row.membros,
    }
  })
}

/** A role of this organization, or undefined: an id of another organization's role is never used. */
export async function findCargo(db: Db | Tx, organizationId: number, cargoId: number) {
  const [row] = await db
    .select()
    .from(cargos)
    .where(and(eq(cargos.id, cargoId), eq(cargos.organizationId, organizationId)))
  if (!row) return undefined
  const perms = await db.select({ p: cargoPermissions.permissao }).from(cargoPermissions).where(eq(cargoPermissions.cargoId, cargoId))
  return { ...row, permissoes: PERMISSION_IDS.filter((id) => perms.some((x) => x.p === id)) as PermissionId[] }
}

export async function requireCargoField(db: Db | Tx, organizationId: number, cargoId: number) {
  const cargo = await findCargo(db, organizationId, cargoId)
  if (!cargo) fail('cargo_id', tm.cargoNotFound)
  return cargo
}

type MembershipRow = typeof memberships.$inferSelect

/** What the caller may do: admins hold the whole catalogue, others their role's permissions. */
export async function permissionsOf(db: Db | Tx, membership: MembershipRow): Promise<Set<string>> {
  if (membership.isAdmin) return new Set(PERMISSION_IDS)
  if (!membership.cargoId) return new Set()
  const rows = await db.select({ p: cargoPermissions.permissao }).from(cargoPermissions).where(eq(cargoPermissions.cargoId, membership.cargoId))
  return new Set(rows.map((r) => r.p))
}

/**
 * A non-admin team manager can hand out (or take away, or reshape) only permissions
 * they hold themselves; otherwise 'equipe' alone would let them grant themselves billing.
 */
export async function assertCanGrant(db: Db | Tx, caller: MembershipRow, permissions: readonly string[], refusal: (names: string) => string = tm.cannotGrant) {
  if (caller.isAdmin) return
  const held = await permissionsOf(db, caller)
  const missing = PERMISSIONS.filter((p) => permissions.includes(p.id) && !held.has(p.id))
  if (missing.length) abort(403, refusal(missing.map((p) => `"${p.nome}"`).join(', ')))
}

/**
 * Locks the organization's row for the rest of the transaction. Every team write takes
 * it first, so seat counts (plan limit) and admin counts (last admin) cannot race.
 */
export async function lockOrganization(tx: Tx, organizationId: number) {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update')
}

/**
 * The start of every team change: the organization locked, then the caller's 'equipe' permission
 * checked under that lock. Answers the caller's membership and the organization.
 */
export async function beginTeamChange(tx: Tx, userId: number, organizationId: number) {
  await lockOrganization(tx, organizationId)
  return requirePermission(tx, userId, organizationId, 'equipe')
}

/** A role's permissions become exactly `permissoes`. */
export async function setCargoPermissions(tx: Tx, cargoId: number, permissoes: readonly string[]) {
  await tx.delete(cargoPermissions).where(eq(cargoPermissions.cargoId, cargoId))
  if (permissoes.length) await tx.insert(cargoPermissions).values(permissoes.map((permissao) => ({ cargoId, permissao })))
}

export async function activeMemberCount(db: Db | Tx, organizationId: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.active, true)))
  return n
}

export async function activeAdminCount(db: Db | Tx, organizationId: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.active, true), eq(memberships.isAdmin, true)))
  return n
}

/** Pending = neither accepted nor declined, and not expired. */
export const pendingInvite = (now: Date | Placeholder) => and(isNull(teamInvites.acceptedAt), isNull(teamInvites.declinedAt), gt(teamInvites.expiresAt, now))

/** Seats taken: active members plus pending invites (an invite for `exceptEmail` is about to be replaced). */
export async function seatsInUse(db: Db | Tx, organizationId: number, now: Date, exceptEmail?: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(teamInvites)
    .where(
      and(
        eq(teamInvites.organizationId, organizationId),
        pendingInvite(now),
        exceptEmail === undefined ? undefined : ne(teamInvites.email, exceptEmail),
      ),
    )
  return (await activeMemberCount(db, organizationId)) + n
}

/** The active membership of a person in an organization, with the person. */
export async function findActiveMember(db: Db | Tx, organizationId: number, userId: number) {
  const [row] = await db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId), eq(memberships.active, true)))
  return row
}
