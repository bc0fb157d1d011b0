import * as authApi from '../../../app/domain/auth/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, eq, isNull } from 'drizzle-orm'
import { normalizeCnpj } from '../../../app/domain/organization/cnpj.ts'
import { authMessages as m } from '../../../app/domain/auth/messages.ts'
import { LOGO_MAX_BYTES } from '../../../app/domain/auth/logo.ts'
import { openOrganizationChannels } from '../../db/chat-counters.ts'
import type { Db, Tx } from '../../db/client.ts'
import { memberships, organizationInvites, organizationLinks, organizations, users } from '../../db/schema/index.ts'
import { IMAGE_TYPES, type StoredFile } from '../../files/file-store.ts'
import { linkCustomer } from '../../db/customer-link.ts'
import { abort, fail, issueToken, type Api, type Deps } from '../http.ts'
import { sha256 } from '../../security/tokens.ts'
import { hashPassword } from '../../security/passwords.ts'
import { userProfile } from './user-profile.ts'

type Invite = typeof organizationInvites.$inferSelect

/** Why an invite can no longer be used, or null when it can. */
function inviteProblem(invite: Invite | undefined) {
  if (!invite) return m.inviteInvalid
  if (invite.acceptedAt) return m.inviteUsed
  if (invite.expiresAt < new Date()) return m.inviteExpired
  return null
}

async function findInvite(db: Db | Tx, token: string) {
  const [invite] = await db.select().from(organizationInvites).where(eq(organizationInvites.tokenHash, sha256(token)))
  return invite
}




/** What the new company becomes to the one that invited it. */
function linkFor(invite: Invite, newOrgId: number) {
  const inviter = invite.inviterOrganizationId
  if (!inviter) return null
  if (invite.relacao === 'fornecedor') return { organizationId: newOrgId, partnerId: inviter, relacao: 'cliente' }
  return { organizationId: inviter, partnerId: newOrgId, relacao: invite.relacao }
}

export function registerInvites(app: Api, { db, files, config }: Deps) {
  app.openapi(
    createRoute(authApi.restoreInvite),
    async (c) => {
      const { token } = c.req.valid('param')
      const invite = await findInvite(db, token)
      const problem = inviteProblem(invite)
      if (problem) abort(invite ? 410 : 404, problem)
      return c.json({ nome: invite!.nome, cnpj: invite!.cnpj, token }, 200)
    },
  )

  app.openapi(
    createRoute(authApi.createOrgAutoLogin),
    async (c) => {
      const body = c.req.valid('form')
      const invite = await findInvite(db, body.token)
      const problem = inviteProblem(invite)
      if (problem) fail('token', problem)
      if (normalizeCnpj(body.cnpj) !== normalizeCnpj(invite!.cnpj)) fail('cnpj', 'O CNPJ não corresponde ao do convite.')
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email))
      if (taken) fail('email', m.emailTaken)
      const [cnpjTaken] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.cnpj, normalizeCnpj(invite!.cnpj)))
      if (cnpjTaken) {
        // Another person may have used this invite since it was read above: that is what to tell.
        const usedSince = inviteProblem(await findInvite(db, body.token))
        fail(usedSince ? 'token' : 'cnpj', usedSince ?? m.cnpjTaken)
      }

      let logo: StoredFile | null = null
      if (body.logo) {
        const stored = await files.saveChecked(body.logo, { folder: 'logos', allowed: IMAGE_TYPES, maxBytes: LOGO_MAX_BYTES })
        if ('error' in stored) fail('logo', stored.error === 'too-big' ? m.logoTooBig : m.logoType)
        logo = stored
      }
      const logoUrl = logo?.url ?? null
      const passwordHash = await hashPassword(body.password, config.passwordHashCost)

      // A refused sign-up (e.g. another person used the invite a moment before) leaves no file behind.
      const result = await db.transaction(async (tx) => {
        // Re-read inside the transaction: two people opening the same link cannot both use it.
        const claimed = await tx
          .update(organizationInvites)
          .set({ acceptedAt: new Date() })
          .where(and(eq(organizationInvites.id, invite!.id), isNull(organizationInvites.acceptedAt)))
          .returning({ acceptedAt: organizationInvites.acceptedAt })
        if (claimed.length === 0) fail('token', m.inviteUsed)
        const [user] = await tx
          .insert(users)
          .values({ name: body.user, email: body.email, passwordHash })
          .onConflictDoNothing()
          .returning()
        if (!user) fail('email', m.emailTaken)
        // The invite was delivered to this company by a partner, which stands for the e-mail check of a new organization.
        const [org] = await tx
          .insert(organizations)
          .values({
            tipo: invite!.tipo,
            nome: body.name,
            razaoSocial: body.name,
            cnpj: normalizeCnpj(invite!.cnpj),
            email: body.email,
            avatar: logoUrl,
            active: true,
            createdBy: user.id,
            bandeiraId: invite!.relacao === 'unidade' ? invite!.inviterOrganizationId : null,
          })
          .onConflictDoNothing()
          .returning()
        if (!org) fail('cnpj', m.cnpjTaken)
        await tx.insert(memberships).values({ userId: user.id, organizationId: org.id, isAdmin: true, level: 1 })
        await openOrganizationChannels(tx, org)
        const link = linkFor(invite!, org.id)
        if (link?.relacao === 'cliente') await linkCustomer(tx, link.organizationId, link.partnerId)
        else if (link) await tx.insert(organizationLinks).values(link).onConflictDoNothing()
        return { user, org }
      }).catch(async (error) => {
        if (logo) await files.remove(logo)
        throw error
      })
      const token = await issueToken(db, result.user.id, 'web')
      return c.json(
        {
          message: m.signupSuccess,
          organizacao: { organizacao_id: result.org.id, nome: result.org.nome, tipo: result.org.tipo },
          user: userProfile(result.user, token),
        },
        201,
      )
    },
  )
}
