import * as orgApi from '../../../app/domain/organization/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { partnerInviteMessages as m } from '../../../app/domain/organization/company-messages.ts'
import { organizationInvites, organizationLinks, organizations } from '../../db/schema/index.ts'
import { partnerInviteMail } from '../../mail/templates.ts'
import type { Tx } from '../../db/client.ts'
import { fail, requireAuth, type Api, type Deps } from '../http.ts'
import { randomToken, sha256 } from '../../security/tokens.ts'
import { audit } from './audit.ts'
import { requireMembership, requirePermission } from './membership.ts'

export const PARTNER_INVITE_TTL_MS = 30 * 24 * 60 * 60 * 1000

type Relacao = 'cliente' | 'fornecedor' | 'unidade'

/** What an invite from an organization of this type creates: a flag invites units, a supplier customers, a retailer or a revenda suppliers. */
export const INVITE_KIND: Record<string, { relacao: Relacao; tipo: 'v' | 'f' }> = {
  b: { relacao: 'unidade', tipo: 'v' },
  f: { relacao: 'cliente', tipo: 'v' },
  v: { relacao: 'fornecedor', tipo: 'f' },
  r: { relacao: 'fornecedor', tipo: 'f' },
}

/**
 * Writes the pending invite that brings the company of `cnpj` to the platform as `relacao` of the
 * inviter, and answers its sign-up link. Inviting the same company again replaces the pending
 * invite: the old link stops working. Used by createInvite and by createCliente (a customer not yet
 * on the platform); the caller sends the mail, when there is an address.
 */
export async function issuePartnerInvite(
  tx: Tx,
  appUrl: string,
  invite: { inviterId: number; userId: number; nome: string; cnpj: string; email: string | null; relacao: Relacao; tipo: 'v' | 'f' },
) {
  const { inviterId, userId, nome, cnpj, email, relacao, tipo } = invite
  const token = randomToken(24)
  const expiresAt = new Date(Date.now() + PARTNER_INVITE_TTL_MS)
  const [replaced] = await tx
    .update(organizationInvites)
    .set({ tokenHash: sha256(token), nome, email, expiresAt, invitedBy: userId })
    .where(and(eq(organizationInvites.inviterOrganizationId, inviterId), eq(organizationInvites.cnpj, cnpj), isNull(organizationInvites.acceptedAt)))
    .returning({ id: organizationInvites.id })
  const [row] = replaced
    ? [replaced]
    : await tx
        .insert(organizationInvites)
        .values({ tokenHash: sha256(token), nome, cnpj, email, tipo, relacao, inviterOrganizationId: inviterId, invitedBy: userId, expiresAt })
        .returning({ id: organizationInvites.id })
  await audit(tx, { organizationId: inviterId, userId, acao: 'convite.criado', detalhes: { nome, cnpj, email, relacao } })
  return { inviteId: row.id, link: `${appUrl}/login-new/${token}`, expiresAt }
}

export function registerPartnerInvites(app: Api, { db, mailer, config }: Deps) {
  const auth = requireAuth(db)

  app.openapi(
    createRoute({ ...orgApi.createInvite, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { organizacao_id, nome, cnpj, email } = c.req.valid('json')
      const { organization: inviter } = await requirePermission(db, user.id, organizacao_id, 'convites')
      if (inviter.cnpj === cnpj) fail('cnpj', m.cannotInviteSelf)
      const [existing] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.cnpj, cnpj))
      if (existing) fail('cnpj', m.alreadyRegistered)
      const kind = INVITE_KIND[inviter.tipo]
      const { link, expiresAt } = await db.transaction((tx) =>
        issuePartnerInvite(tx, config.appUrl, { inviterId: organizacao_id, userId: user.id, nome, cnpj, email, ...kind }),
      )
      await mailer.send(partnerInviteMail(email, inviter.nome, link))
      return c.json({ message: m.sent(email), link, expires_at: expiresAt.toISOString() }, 201)
    },
  )

  app.openapi(
    createRoute({ ...orgApi.restoreInviteOrg, middleware: [auth] as const }),
    async (c) => {
      const { orgId, cnpj, relacao } = c.req.valid('param')
      await requireMembership(db, c.get('user').id, orgId)
      const [org] = await db.select().from(organizations).where(eq(organizations.cnpj, cnpj))
      let organizacao = null
      if (org) {
        // A supplier invited by a retailer is the seller side of the link; the others are the buyer or unit side.
        const [seller, buyer] = relacao === 'fornecedor' ? [org.id, orgId] : [orgId, org.id]
        const [link] = await db
          .select({ id: organizationLinks.id })
          .from(organizationLinks)
          .where(
            and(
              eq(organizationLinks.organizationId, seller),
              eq(organizationLinks.partnerId, buyer),
              eq(organizationLinks.relacao, relacao === 'unidade' ? 'unidade' : 'cliente'),
            ),
          )
        organizacao = { organizacao_id: org.id, nome: org.nome, tipo: org.tipo, vinculada: Boolean(link) }
      }
      const [pending] = await db
        .select()
        .from(organizationInvites)
        .where(
          and(
            eq(organizationInvites.inviterOrganizationId, orgId),
            eq(organizationInvites.cnpj, cnpj),
            isNull(organizationInvites.acceptedAt),
            gt(organizationInvites.expiresAt, new Date()),
          ),
        )
      const convite = pending ? { nome: pending.nome, email: pending.email, expires_at: pending.expiresAt.toISOString() } : null
      return c.json({ cnpj, organizacao, convite }, 200)
    },
  )
}
