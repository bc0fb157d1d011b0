import { z } from '@hono/zod-openapi'
import { and, asc, count, eq, gt, inArray, isNull, ne } from 'drizzle-orm'
import { BASIC_PLAN_MAX_USERS, MAX_LEVEL, teamMessages } from '../../../app/domain/team/messages.ts'
import { PERMISSION_IDS, PERMISSIONS, type PermissionId } from '../../../app/domain/team/permissions.ts'
import { cargoNameField as cargoName, permissionsField as permissionIds } from '../../../app/domain/team/schemas.ts'
import type { Db, Tx } from '../../db/client.ts'
import { cargoPermissions, cargos, memberships, organizations, teamInvites, users } from '../../db/schema/index.ts'
import { abort, fail } from '../http.ts'

/** The limits and texts live with the web screen's (app/lib/messages/team.ts): one source for both. */
export { BASIC_PLAN_MAX_USERS, MAX_LEVEL, teamMessages }
export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000
const MAX_INT = 2_147_483_647

const tm = teamMessages

/** Laravel's "integer" rule accepts 7 and "7"; anything else is left for zod to refuse. */
const intFromText = (value: unknown) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value)

/** A positive database id in a body: required, integer, within PostgreSQL's `integer`. */
export const idField = (required: string, invalid: string, example: number) =>
  z
    .preprocess(
      intFromText,
      z
        .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) })
        .int(invalid)
        .positive(invalid)
        .max(MAX_INT, invalid),
    )
    .openapi({ type: 'integer', example })

/** A positive id in the path (always text there). */
export const idParam = (name: string, invalid: string, example: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, invalid)
    .transform(Number)
    .refine((n) => n > 0 && n <= MAX_INT, invalid)
    .openapi({ param: { name, in: 'path' }, type: 'integer', example })

export const organizacaoIdField = idField(tm.orgRequired, tm.orgInvalid, 1)

export const OrgParams = z.object({ id: idParam('id', tm.orgInvalid, 1) })

/** Laravel's "boolean" rule: true, false, 1, 0, "1", "0", "true", "false". */
export const booleanField = (message: string) =>
  z.preprocess(
    (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
    z.boolean({ error: message }),
  )

/** The web forms' rules (app/lib/schemas/team.ts), described for the OpenAPI document. */
export const cargoNameField = cargoName.openapi({ example: 'Vendedor' })

export const permissionsField = permissionIds.openapi({ example: ['pedidos_ver', 'clientes'] })

export const PermissionSchema = z
  .object({ id: z.string(), nome: z.string(), descricao: z.string() })
  .openapi('Permissao', { example: { ...PERMISSIONS[0] } })

export const CargoSchema = z
  .object({
    id: z.number().int(),
    organizacao_id: z.number().int(),
    nome: z.string(),
    permissoes: z.array(z.string()).openapi({ description: 'Ids do catálogo de GET api/myteam/getPermissoes/{id}' }),
    membros: z.number().int().openapi({ description: 'Membros ativos com este cargo' }),
  })
  .openapi('Cargo')

type CargoRow = typeof cargos.$inferSelect

/** Roles of an organization with their permissions and active member counts, by name. */
export async function listCargos(db: Db | Tx, organizationId: number, only?: number[]) {
  const where = only ? and(eq(cargos.organizationId, organizationId), inArray(cargos.id, only)) : eq(cargos.organizationId, organizationId)
  const rows = await db.select().from(cargos).where(where).orderBy(asc(cargos.nome), asc(cargos.id))
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const perms = await db.select().from(cargoPermissions).where(inArray(cargoPermissions.cargoId, ids))
  const counts = await db
    .select({ cargoId: memberships.cargoId, n: count() })
    .from(memberships)
    .where(and(inArray(memberships.cargoId, ids), eq(memberships.active, true)))
    .groupBy(memberships.cargoId)
  return rows.map((row: CargoRow) => {
    const held = new Set(perms.filter((p) => p.cargoId === row.id).map((p) => p.permissao))
    return {
      id: row.id,
      organizacao_id: row.organizationId,
      nome: row.nome,
      permissoes: PERMISSION_IDS.filter((id) => held.has(id)) as string[],
      membros: counts.find((c) => c.cargoId === row.id)?.n ?? 0,
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
export async function assertCanGrant(db: Db | Tx, caller: MembershipRow, permissions: readonly string[]) {
  if (caller.isAdmin) return
  const held = await permissionsOf(db, caller)
  if (permissions.some((p) => !held.has(p))) abort(403, tm.cannotGrant)
}

/**
 * Locks the organization's row for the rest of the transaction. Every team write takes
 * it first, so seat counts (plan limit) and admin counts (last admin) cannot race.
 */
export async function lockOrganization(tx: Tx, organizationId: number) {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update')
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
export const pendingInvite = (now: Date) => and(isNull(teamInvites.acceptedAt), isNull(teamInvites.declinedAt), gt(teamInvites.expiresAt, now))

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
