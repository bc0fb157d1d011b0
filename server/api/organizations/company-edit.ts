import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { companyMessages as m } from '../../../app/domain/organization/company-messages.ts'
import { CompanyDetailsSchema } from '../../../app/domain/organization/company-schemas.ts'
import { LOGO_MAX_BYTES } from '../../../app/domain/auth/schemas.ts'
import type { Db } from '../../db/client.ts'
import { organizationContactLinks, organizations } from '../../db/schema/index.ts'
import { IMAGE_TYPES } from '../../files/file-store.ts'
import { abort, bearer, errorResponses, fail, jsonContent, MessageSchema, requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from './audit.ts'
import { requireMembership } from './membership.ts'
import { organizacaoIdField } from './org-id.ts'

/** The rule for the company profile and visiting card: only admins edit. */
async function requireAdmin(db: Db, userId: number, organizationId: number) {
  const row = await requireMembership(db, userId, organizationId)
  if (!row.membership.isAdmin) abort(403, m.onlyAdmins)
  return row
}

const UpdateBody = CompanyDetailsSchema.extend({ organizacao_id: organizacaoIdField }).openapi('UpdateCompanyRequest', {
  example: {
    organizacao_id: 1,
    razao_social: 'Distribuidora Sol Ltda',
    email: 'contato@distribuidorasol.com.br',
    telefone: '(11) 98765-4321',
    sobre: 'Distribuidora de medicamentos e perfumaria em São Paulo.',
    endereco: 'Rua das Flores, 100',
    cidade: 'São Paulo',
    uf: 'SP',
    links: [{ type: 'site', content: 'https://distribuidorasol.com.br' }],
  },
})

const AvatarBody = z
  .object({
    organizacao_id: organizacaoIdField,
    avatar: z.instanceof(File, { error: m.logoType }).openapi({ type: 'string', format: 'binary' }),
  })
  .openapi('CompanyLogoRequest', { example: { organizacao_id: 1, avatar: '(arquivo PNG ou JPG de até 1MB)' } })

const DeleteDetailBody = z
  .discriminatedUnion('detail', [
    z.object({ organizacao_id: organizacaoIdField, detail: z.literal('avatar') }),
    z.object({ organizacao_id: organizacaoIdField, detail: z.literal('link'), link_id: z.number().int().positive() }),
  ], { error: 'Informe o que excluir: avatar ou link.' })
  .openapi('DeleteCompanyDetailRequest', { example: { organizacao_id: 1, detail: 'avatar' } })

const SavedSchema = z.object({ message: z.string(), avatar: z.string().nullable().optional() })

export function registerCompanyEdit(app: Api, { db, files }: Deps) {
  const auth = requireAuth(db)

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/empresas/updateprofile',
      tags: ['Organizações'],
      summary: 'Edita os dados do cartão de visita da empresa (só administradores)',
      security: bearer,
      middleware: [auth] as const,
      request: { body: { required: true, content: { 'application/json': { schema: UpdateBody } } } },
      responses: { 200: jsonContent(MessageSchema, 'Dados salvos'), 403: jsonContent(MessageSchema, 'Não é administrador'), ...errorResponses },
    }),
    async (c) => {
      const user = c.get('user')
      const { organizacao_id, links, ...details } = c.req.valid('json')
      const { organization: before } = await requireAdmin(db, user.id, organizacao_id)
      await db.transaction(async (tx) => {
        await tx
          .update(organizations)
          .set({ razaoSocial: details.razao_social, email: details.email, telefone: details.telefone, sobre: details.sobre, endereco: details.endereco, cidade: details.cidade, uf: details.uf })
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
        })
          .filter(([, [a, b]]) => a !== b)
          .map(([field]) => field)
        await audit(tx, { organizationId: organizacao_id, userId: user.id, acao: 'empresa.atualizada', detalhes: { campos: changed, links: links.length } })
      })
      return c.json({ message: m.profileSaved }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/empresas/saveavatar',
      tags: ['Organizações'],
      summary: 'Troca o logo da empresa (PNG ou JPG até 1 MB, conferido pelo conteúdo; só administradores)',
      security: bearer,
      middleware: [auth] as const,
      request: { body: { required: true, content: { 'multipart/form-data': { schema: AvatarBody } } } },
      responses: { 200: jsonContent(SavedSchema, 'Logo salvo'), 403: jsonContent(MessageSchema, 'Não é administrador'), ...errorResponses },
    }),
    async (c) => {
      const user = c.get('user')
      const { organizacao_id, avatar } = c.req.valid('form')
      await requireAdmin(db, user.id, organizacao_id)
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
    createRoute({
      method: 'post',
      path: '/api/empresas/deletedetail',
      tags: ['Organizações'],
      summary: 'Exclui o logo ou um link do cartão de visita (só administradores)',
      security: bearer,
      middleware: [auth] as const,
      request: { body: { required: true, content: { 'application/json': { schema: DeleteDetailBody } } } },
      responses: { 200: jsonContent(MessageSchema, 'Excluído'), 403: jsonContent(MessageSchema, 'Não é administrador'), ...errorResponses },
    }),
    async (c) => {
      const user = c.get('user')
      const body = c.req.valid('json')
      await requireAdmin(db, user.id, body.organizacao_id)
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
