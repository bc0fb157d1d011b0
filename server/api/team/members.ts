import * as teamApi from '../../../app/domain/team/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, desc, eq, ilike, or, sql, type Placeholder } from 'drizzle-orm'
import { keepAvatar } from '../../../app/domain/shared/avatar.ts'
import { memberLeft } from '../../db/chat-counters.ts'
import type { Db } from '../../db/client.ts'
import { perDatabase } from '../../db/per-database.ts'
import { cargos, memberships, teamInvites, users } from '../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from '../organizations/audit.ts'
import { isActiveMember, orMembership, requireMembership } from '../organizations/membership.ts'
import { likePattern, paginated } from '../pagination.ts'
import { inviteAnswer } from './invites.ts'
import { activeAdminCount, assertCanGrant, beginTeamChange, findActiveMember, pendingInvite, requireCargoField, teamMessages as tm } from './shared.ts'

const memberSearch = (pattern: Placeholder | string) => or(ilike(users.name, pattern), ilike(users.email, pattern))

function membersQuery(db: Db, searching: boolean) {
  const organizationId = sql.placeholder('organizationId')
  return db
    .select({ m: memberships, u: users, cargo: cargos.nome, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(cargos, eq(cargos.id, memberships.cargoId))
    .where(and(eq(memberships.organizationId, organizationId), searching ? memberSearch(sql.placeholder('pattern')) : undefined, isActiveMember(sql.placeholder('userId'), organizationId)))
    .orderBy(desc(memberships.active), asc(users.name), asc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(searching ? 'api_team_members_search' : 'api_team_members')
}

function invitesQuery(db: Db, searching: boolean) {
  return db
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.organizationId, sql.placeholder('organizationId')), pendingInvite(sql.placeholder('now')), searching ? ilike(teamInvites.email, sql.placeholder('pattern')) : undefined))
    .orderBy(desc(teamInvites.createdAt), desc(teamInvites.id))
    .prepare(searching ? 'api_team_invites_search' : 'api_team_invites')
}

/** Meu Time's list as every view of it reads it, with and without a search: built once per database. */
const membersReads = perDatabase((db) => ({
  members: { all: membersQuery(db, false), search: membersQuery(db, true) },
  invites: { all: invitesQuery(db, false), search: invitesQuery(db, true) },
}))

export function registerMembers(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  /** How many members a page past the end of the list would have counted. */
  async function countMembers(organizationId: number, pattern: string | undefined) {
    const [{ total }] = await db
      .select({ total: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, organizationId), pattern ? memberSearch(pattern) : undefined))
    return total
  }

  app.openapi(
    createRoute({ ...teamApi.getusers, middleware: [auth] as const }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { page = 1, per_page: perPage = teamApi.DEFAULT_PER_PAGE, search: rawSearch } = c.req.valid('query')
      const userId = c.get('user').id
      const search = rawSearch?.trim() || undefined
      const pattern = search ? likePattern(search) : undefined
      // The page, its total and the caller's membership in one statement; an empty page checks the rest apart.
      const { members, invites: pending } = membersReads(db)
      const rows = await (pattern ? members.search : members.all).execute({ organizationId: id, userId, limit: perPage, offset: (page - 1) * perPage, pattern })
      await orMembership(rows, db, userId, id)
      const total = rows.length ? rows[0].total : page > 1 ? await countMembers(id, pattern) : 0
      const data = rows.map(({ m, u, cargo }) => ({
        user_id: u.id,
        nome: u.name,
        email: u.email,
        avatar: keepAvatar(u.avatar),
        cargo_id: m.cargoId,
        cargo,
        is_admin: m.isAdmin,
        level: m.level,
        active: m.active,
        created_at: m.createdAt.toISOString(),
      }))
      const invites = await (pattern ? pending.search : pending.all).execute({ organizationId: id, now: new Date(), pattern })
      return c.json({ usuarios: paginated(data, total, page, perPage), convites: invites.map(inviteAnswer) }, 200)
    },
  )

  app.openapi(
    createRoute({ ...teamApi.updateUser, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const body = c.req.valid('json')
      const usuario = await db.transaction(async (tx) => {
        const { membership: caller } = await beginTeamChange(tx, user.id, body.organizacao_id)
        const target = await findActiveMember(tx, body.organizacao_id, body.user_id)
        if (!target) fail('user_id', tm.notAMember)
        const before = target.membership
        if (before.isAdmin && !caller.isAdmin) abort(403, tm.onlyAdminsTouchAdmins)
        const isAdmin = body.is_admin ?? before.isAdmin
        if (isAdmin !== before.isAdmin) {
          if (!caller.isAdmin) abort(403, tm.onlyAdminsGrantAdmin)
          if (!isAdmin && (await activeAdminCount(tx, body.organizacao_id)) <= 1) fail('is_admin', tm.lastAdminDemote)
        }
        const cargoId = body.cargo_id === undefined ? before.cargoId : body.cargo_id
        let cargoName: string | null = null
        if (cargoId !== null) {
          const cargo = await requireCargoField(tx, body.organizacao_id, cargoId)
          if (cargoId !== before.cargoId) await assertCanGrant(tx, caller, cargo.permissoes)
          cargoName = cargo.nome
        }
        const level = body.level ?? before.level
        await tx.update(memberships).set({ cargoId, isAdmin, level }).where(eq(memberships.id, before.id))
        await audit(tx, {
          organizationId: body.organizacao_id,
          userId: user.id,
          acao: 'membro.alterado',
          detalhes: {
            user_id: body.user_id,
            antes: { cargo_id: before.cargoId, is_admin: before.isAdmin, level: before.level },
            depois: { cargo_id: cargoId, is_admin: isAdmin, level },
          },
        })
        const u = target.user
        return {
          user_id: u.id,
          nome: u.name,
          email: u.email,
          avatar: keepAvatar(u.avatar),
          cargo_id: cargoId,
          cargo: cargoName,
          is_admin: isAdmin,
          level,
          active: true,
          created_at: before.createdAt.toISOString(),
        }
      })
      return c.json({ message: tm.memberUpdated, usuario }, 200)
    },
  )

  app.openapi(
    createRoute({ ...teamApi.deleteUser, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { companyId, userId } = c.req.valid('param')
      await db.transaction(async (tx) => {
        const { membership: caller } = await beginTeamChange(tx, user.id, companyId)
        const target = await findActiveMember(tx, companyId, userId)
        if (!target) abort(404, tm.memberNotFound)
        if (target.membership.isAdmin) {
          if (!caller.isAdmin) abort(403, tm.onlyAdminsTouchAdmins)
          if ((await activeAdminCount(tx, companyId)) <= 1) fail('user_id', tm.lastAdminRemove)
        }
        // Kept as an inactive row: history (audit, orders) still names the person, and an invite brings them back.
        await tx.update(memberships).set({ active: false, isAdmin: false }).where(eq(memberships.id, target.membership.id))
        await memberLeft(tx, target.user.id, companyId)
        await audit(tx, {
          organizationId: companyId,
          userId: user.id,
          acao: 'membro.removido',
          detalhes: {
            user_id: target.user.id,
            nome: target.user.name,
            email: target.user.email,
            cargo_id: target.membership.cargoId,
            is_admin: target.membership.isAdmin,
          },
        })
      })
      return c.json({ message: tm.memberRemoved }, 200)
    },
  )
}
