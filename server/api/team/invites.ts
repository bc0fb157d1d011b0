import { createRoute, z } from '@hono/zod-openapi'
import { and, eq, isNull } from 'drizzle-orm'
import { emailField } from '../../../app/domain/auth/schemas.ts'
import type { Tx } from '../../db/client.ts'
import { memberships, organizations, teamInvites, users } from '../../db/schema/index.ts'
import { teamInviteLinks, teamInviteMail } from '../../mail/team-templates.ts'
import { abort, bearer, errorResponses, fail, jsonContent, MessageSchema, requireAuth, type Api, type Deps } from '../http.ts'
import { randomToken, sha256 } from '../../security/tokens.ts'
import { audit } from '../organizations/audit.ts'
import { requirePermission } from '../organizations/membership.ts'
import {
  activeMemberCount,
  assertCanGrant,
  BASIC_PLAN_MAX_USERS,
  booleanField,
  idField,
  idParam,
  INVITE_TTL_MS,
  lockOrganization,
  organizacaoIdField,
  pendingInvite,
  requireCargoField,
  seatsInUse,
  teamMessages as tm,
} from './shared.ts'

const InviteBody = z
  .object({
    organizacao_id: organizacaoIdField,
    email: emailField.openapi({ example: 'joao.pereira@exemplo.com.br' }),
    cargo_id: idField(tm.cargoRequired, tm.cargoInvalid, 1).nullable().optional().openapi({ type: ['integer', 'null'], description: 'Cargo que a pessoa terá; sem cargo quando ausente ou null' }),
    is_admin: booleanField(tm.isAdminInvalid).optional().default(false).openapi({ type: 'boolean', example: false }),
  })
  .openapi('ConvidarMembroRequest', { example: { organizacao_id: 1, email: 'joao.pereira@exemplo.com.br', cargo_id: 1, is_admin: false } })

export const PendingInviteSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    cargo_id: z.number().int().nullable(),
    is_admin: z.boolean(),
    expires_at: z.string().openapi({ format: 'date-time' }),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('ConviteEquipe')

const InviteParams = z.object({
  orgId: idParam('orgId', tm.orgInvalid, 1),
  token: z
    .string()
    .max(200, tm.inviteInvalid)
    .openapi({ param: { name: 'token', in: 'path' }, example: 'o-token-do-link-enviado-por-email', description: 'O token do link do e-mail' }),
})

const inviteErrors = {
  404: jsonContent(MessageSchema, 'Convite inexistente (ou de outra organização)'),
  410: jsonContent(MessageSchema, 'Convite já aceito, recusado ou expirado'),
} as const

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
    createRoute({
      method: 'post',
      path: '/api/myteam/invite',
      tags: ['Equipe'],
      summary: `Convida uma pessoa por e-mail para a equipe (permissão "equipe"); o link vale 7 dias. No plano Básico, até ${BASIC_PLAN_MAX_USERS} usuários contando convites pendentes`,
      security: bearer,
      middleware: [auth] as const,
      request: { body: { required: true, content: { 'application/json': { schema: InviteBody } } } },
      responses: {
        201: jsonContent(z.object({ message: z.string(), convite: PendingInviteSchema }), 'Convite criado e enviado por e-mail'),
        403: jsonContent(MessageSchema, 'Não é membro, não tem a permissão "equipe", ou quer convidar um administrador sem sê-lo'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const user = c.get('user')
      const body = c.req.valid('json')
      const token = randomToken(32)
      const now = new Date()
      const invite = await db.transaction(async (tx) => {
        await lockOrganization(tx, body.organizacao_id)
        const { membership, organization } = await requirePermission(tx, user.id, body.organizacao_id, 'equipe')
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
        if (organization.plano === 'B' && (await seatsInUse(tx, organization.id, now, body.email)) >= BASIC_PLAN_MAX_USERS) {
          fail('plano', tm.basicPlanLimit)
        }
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
    createRoute({
      method: 'get',
      path: '/api/myteam/{orgId}/{token}/invite/aceiteinvite',
      tags: ['Equipe'],
      summary: 'Aceita o convite: só o usuário logado com o e-mail convidado; uma vez; entra com o cargo e o acesso do convite',
      security: bearer,
      middleware: [auth] as const,
      request: { params: InviteParams },
      responses: {
        200: jsonContent(
          z.object({ message: z.string(), organizacao_id: z.number().int(), organizacao: z.object({ nome: z.string(), tipo: z.string() }) }),
          'Agora é membro da organização',
        ),
        403: jsonContent(MessageSchema, 'O convite é de outro e-mail'),
        ...inviteErrors,
        ...errorResponses,
      },
    }),
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
          if (organization.plano === 'B' && (await activeMemberCount(tx, orgId)) + 1 > BASIC_PLAN_MAX_USERS) {
            fail('plano', tm.basicPlanLimitAccept)
          }
          const values = { cargoId: invite.cargoId, isAdmin: invite.isAdmin, active: true }
          if (existing) await tx.update(memberships).set(values).where(eq(memberships.id, existing.id))
          else await tx.insert(memberships).values({ ...values, userId: user.id, organizationId: orgId, level: 1 })
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
    createRoute({
      method: 'get',
      path: '/api/myteam/{orgId}/{token}/invite/negainvite',
      tags: ['Equipe'],
      summary: 'Recusa o convite; sem login: o token do e-mail basta',
      request: { params: InviteParams },
      responses: {
        200: jsonContent(MessageSchema, 'Convite recusado'),
        ...inviteErrors,
        422: errorResponses[422],
      },
    }),
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
