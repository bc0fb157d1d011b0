import * as orgApi from '../../../app/domain/organization/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { companyMessages as m } from '../../../app/domain/organization/company-messages.ts'
import { LOGO_MAX_BYTES } from '../../../app/domain/auth/logo.ts'
import type { Db } from '../../db/client.ts'
import { organizationContactLinks, organizations } from '../../db/schema/index.ts'
import { IMAGE_TYPES } from '../../files/file-store.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from './audit.ts'
import { requirePermission } from './membership.ts'

/** The company profile, logo and visiting card: admins and roles with 'Editar dados da empresa', as tokenbase and flag. */
const requireEditor = (db: Db, userId: number, organizationId: number) => requirePermission(db, userId, organizationId, 'empresa', m.editNotPermitted)





export function registerCompanyEdit(app: Api, { db, files }: Deps) {
  const auth = requireAuth(db)

  app.openapi(
    createRoute({ ...orgApi.updateprofile, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { organizacao_id, links, ...details } = c.req.valid('json')
      const { organization: before } = await requireEditor(db, user.id, organizacao_id)
      await db.transaction(async (tx) => {
        await tx
          .update(organizations)
          .set({
            razaoSocial: details.razao_social,
            email: details.email,
            telefone: details.telefone,
            sobre: details.sobre,
            endereco: details.endereco,
            cidade: details.cidade,
            uf: details.uf,
            cartaoAdmin: details.cartao_admin ?? before.cartaoAdmin,
          })
          .where(eq(organizations.id, organizacao_id))
        await tx.delete(organizationContactLinks).where(eq(organizationContactLinks.organizationId, organizacao_id))
        if (links.length) {
          await tx.insert(organizationContactLinks).values(links.map((l, position) => ({ ...l, position, organizationId: organizacao_id })))
        }
        const changed = Object.entries({
          razao_social: [before.razaoSocial, details.razao_social],
          email: [before.email, details.email],
          telefone: [before.telefone, details.telefone],
          sobre: [before.sobre, details.sobre],
          endereco: [before.endereco, details.endereco],
          cidade: [before.cidade, details.cidade],
          uf: [before.uf, details.uf],
          cartao_admin: [before.cartaoAdmin, details.cartao_admin ?? before.cartaoAdmin],
        })
          .filter(([, [a, b]]) => a !== b)
          .map(([field]) => field)
        await audit(tx, { organizationId: organizacao_id, userId: user.id, acao: 'empresa.atualizada', detalhes: { campos: changed, links: links.length } })
      })
      return c.json({ message: m.profileSaved }, 200)
    },
  )

  app.openapi(
    createRoute({ ...orgApi.saveavatar, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { organizacao_id, avatar } = c.req.valid('form')
      await requireEditor(db, user.id, organizacao_id)
      const stored = await files.saveChecked(avatar, { folder: 'logos', allowed: IMAGE_TYPES, maxBytes: LOGO_MAX_BYTES })
      if ('error' in stored) fail('avatar', stored.error === 'too-big' ? m.logoTooBig : m.logoType)
      await db.transaction(async (tx) => {
        await tx.update(organizations).set({ avatar: stored.url }).where(eq(organizations.id, organizacao_id))
        await audit(tx, { organizationId: organizacao_id, userId: user.id, acao: 'empresa.logo_alterado' })
      })
      return c.json({ message: m.logoSaved, avatar: stored.url }, 200)
    },
  )

  app.openapi(
    createRoute({ ...orgApi.deletedetail, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const body = c.req.valid('json')
      await requireEditor(db, user.id, body.organizacao_id)
      const message = await db.transaction(async (tx) => {
        if (body.detail === 'avatar') {
          await tx.update(organizations).set({ avatar: null }).where(eq(organizations.id, body.organizacao_id))
          await audit(tx, { organizationId: body.organizacao_id, userId: user.id, acao: 'empresa.logo_removido' })
          return m.logoRemoved
        }
        const [link] = await tx.select().from(organizationContactLinks).where(eq(organizationContactLinks.id, body.link_id))
        // A link of another company is "not found", never deleted.
        if (!link || link.organizationId !== body.organizacao_id) abort(404, 'Link não encontrado.')
        await tx.delete(organizationContactLinks).where(eq(organizationContactLinks.id, link.id))
        await audit(tx, { organizationId: body.organizacao_id, userId: user.id, acao: 'empresa.link_removido', detalhes: { tipo: link.type } })
        return m.linkRemoved
      })
      return c.json({ message }, 200)
    },
  )
}
