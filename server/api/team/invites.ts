import * as teamApi from '../../../app/domain/team/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, eq, isNull } from 'drizzle-orm'
import { memberJoined } from '../../db/chat-counters.ts'
import type { Tx } from '../../db/client.ts'
import { memberships, organizations, teamInvites, users } from '../../db/schema/index.ts'
import { teamInviteLinks, teamInviteMail } from '../../mail/team-templates.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { randomToken, sha256 } from '../../security/tokens.ts'
import { audit } from '../organizations/audit.ts'
import { mayAddOne, planLimit, planOf } from '../../../app/domain/plans/plans.ts'
import { activeMemberCount, assertCanGrant, beginTeamChange, INVITE_TTL_MS, lockOrganization, pendingInvite, requireCargoField, seatsInUse, teamMessages as tm } from './shared.ts'





type Invite = typeof teamInvites.$inferSelect

/** The invite of this token in this organization, locked for the rest of the transaction. */
async function findInvite(tx: Tx, organizationId: number, token: string) {
  const [invite] = await tx
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.tokenHash, sha256(token)), eq(teamInvites.organizationId, organizationId)))
    .for('update')
  if (!invite) abort(404, tm.inviteInvalid)
  return invite
}

function refuseUnusable(invite: Invite) {
  if (invite.acceptedAt) abort(410, tm.inviteUsed)
  if (invite.declinedAt) abort(410, tm.inviteDeclined)
  if (invite.expiresAt <= new Date()) abort(410, tm.inviteExpired)
}

export const inviteAnswer = (i: Invite) => ({
  id: i.id,
  email: i.email,
  cargo_id: i.cargoId,
  is_admin: i.isAdmin,
  expires_at: i.expiresAt.toISOString(),
  created_at: i.createdAt.toISOString(),
})

export function registerTeamInvites(app: Api, { db, mailer, config }: Deps) {
  const auth = requireAuth(db)

  app.openapi(
    createRoute({ ...teamApi.invite, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const body = c.req.valid('json')
      const token = randomToken(32)
      const now = new Date()
      const invite = await db.transaction(async (tx) => {
        const { membership, organization } = await beginTeamChange(tx, user.id, body.organizacao_id)
        if (body.is_admin && !membership.isAdmin) abort(403, tm.onlyAdminsGrantAdmin)
        const cargoId = body.cargo_id ?? null
        if (cargoId !== null) {
          const cargo = await requireCargoField(tx, organization.id, cargoId)
          await assertCanGrant(tx, membership, cargo.permissoes)
        }
        const [member] = await tx
          .select({ id: memberships.id })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.organizationId, organization.id), eq(users.email, body.email), eq(memberships.active, true)))
        if (member) fail('email', tm.alreadyMember)
        // The plan held counts, not a trial's (decision 050): the team must fit the plan the trial ends on.
        const seats = planLimit(organization.plano, 'usuarios')
        if (!mayAddOne(seats, await seatsInUse(tx, organization.id, now, body.email))) fail('plano', tm.usersLimit(planOf(organization.plano).nome, seats))
        // Inviting the same address again replaces the pending invite: its old link stops working.
        await tx
          .update(teamInvites)
          .set({ expiresAt: now })
          .where(and(eq(teamInvites.organizationId, organization.id), eq(teamInvites.email, body.email), pendingInvite(now)))
        const [row] = await tx
          .insert(teamInvites)
          .values({
            organizationId: organization.id,
            email: body.email,
            cargoId,
            isAdmin: body.is_admin,
            tokenHash: sha256(token),
            invitedBy: user.id,
            expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
          })
          .returning()
        await audit(tx, {
          organizationId: organization.id,
          userId: user.id,
          acao: 'membro.convidado',
          detalhes: { convite_id: row.id, email: row.email, cargo_id: row.cargoId, is_admin: row.isAdmin },
        })
        // Sent last, inside the transaction: when the mail cannot go, no invite is kept (nor counted against the plan).
        await mailer.send(
          teamInviteMail({
            to: row.email,
            organizationName: organization.nome,
            inviterName: user.name,
            links: teamInviteLinks(config.appUrl, organization.id, token),
            expiresAt: row.expiresAt,
          }),
        )
        return row
      })
      return c.json({ message: tm.inviteSent(invite.email), convite: inviteAnswer(invite) }, 201)
    },
  )

  app.openapi(
    createRoute({ ...teamApi.aceiteinvite, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { orgId, token } = c.req.valid('param')
      const result = await db.transaction(async (tx) => {
        await lockOrganization(tx, orgId)
        const invite = await findInvite(tx, orgId, token)
        if (invite.email !== user.email) abort(403, tm.inviteWrongUser)
        refuseUnusable(invite)
        const [organization] = await tx.select().from(organizations).where(eq(organizations.id, orgId))
        const [existing] = await tx
          .select()
          .from(memberships)
          .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, user.id)))
        const already = existing?.active === true
        if (!already) {
          // Seats are given in order of acceptance: other pending invites do not count here.
          const seats = planLimit(organization.plano, 'usuarios')
          if (!mayAddOne(seats, await activeMemberCount(tx, orgId))) fail('plano', tm.usersLimitAccept(planOf(organization.plano).nome, seats))
          const values = { cargoId: invite.cargoId, isAdmin: invite.isAdmin, active: true }
          if (existing) await tx.update(memberships).set(values).where(eq(memberships.id, existing.id))
          else await tx.insert(memberships).values({ ...values, userId: user.id, organizationId: orgId, level: 1 })
          await memberJoined(tx, user.id, orgId)
        }
        const claimed = await tx
          .update(teamInvites)
          .set({ acceptedAt: new Date() })
          .where(and(eq(teamInvites.id, invite.id), isNull(teamInvites.acceptedAt), isNull(teamInvites.declinedAt)))
          .returning({ id: teamInvites.id })
        if (claimed.length === 0) abort(410, tm.inviteUsed)
        await audit(tx, {
          organizationId: orgId,
          userId: user.id,
          acao: 'convite.aceito',
          detalhes: {
            convite_id: invite.id,
            email: invite.email,
            cargo_id: already ? existing.cargoId : invite.cargoId,
            is_admin: already ? existing.isAdmin : invite.isAdmin,
            ja_era_membro: already,
          },
        })
        return { organization, already }
      })
      const { organization, already } = result
      return c.json(
        {
          message: already ? tm.inviteAlreadyMember(organization.nome) : tm.inviteAccepted(organization.nome),
          organizacao_id: organization.id,
          organizacao: { nome: organization.nome, tipo: organization.tipo },
        },
        200,
      )
    },
  )

  app.openapi(
    createRoute(teamApi.negainvite),
    async (c) => {
      const { orgId, token } = c.req.valid('param')
      await db.transaction(async (tx) => {
        const invite = await findInvite(tx, orgId, token)
        refuseUnusable(invite)
        await tx.update(teamInvites).set({ declinedAt: new Date() }).where(eq(teamInvites.id, invite.id))
        await audit(tx, { organizationId: orgId, userId: null, acao: 'convite.recusado', detalhes: { convite_id: invite.id, email: invite.email } })
      })
      return c.json({ message: tm.inviteRefused }, 200)
    },
  )
}
