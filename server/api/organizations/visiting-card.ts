import * as orgApi from '../../../app/domain/organization/contract.ts'
import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, eq, or } from 'drizzle-orm'
import { keepAvatar } from '../../../app/domain/shared/avatar.ts'
import { companyMessages as m } from '../../../app/domain/organization/company-messages.ts'
import type { Db, Tx } from '../../db/client.ts'
import { memberships, organizationContactLinks, organizationLinks, organizations, users } from '../../db/schema/index.ts'
import { abort, requireAuth, type Api, type Deps } from '../http.ts'
import { requireMembership } from './membership.ts'




export type VisitingCard = z.infer<typeof orgApi.VisitingCardSchema>

/** The visiting card's links, in the order the company gave them. */
export function loadContactLinks(db: Db | Tx, organizationId: number) {
  return db
    .select({ id: organizationContactLinks.id, type: organizationContactLinks.type, content: organizationContactLinks.content })
    .from(organizationContactLinks)
    .where(eq(organizationContactLinks.organizationId, organizationId))
    .orderBy(asc(organizationContactLinks.position), asc(organizationContactLinks.id))
}

/** The fields of `companyFaceFields` from an organization row. */
export function companyFace(o: typeof organizations.$inferSelect) {
  return {
    organizacao_id: o.id,
    tipo: o.tipo as 'v' | 'f' | 'b' | 'r',
    avatar: keepAvatar(o.avatar),
    nome: o.nome,
    razao_social: o.razaoSocial,
    cnpj: o.cnpj,
    email: o.email,
    telefone: o.telefone,
    sobre: o.sobre,
    endereco: o.endereco,
    cidade: o.cidade,
    uf: o.uf,
  }
}

/**
 * The visiting card: avatar, name, CNPJ, admin, address, links. `viewer` is the organization that
 * looks: another company sees the administrator only when this one published it (cartao_admin), since a link
 * between companies can be made by one side alone (docs/decisions/044-what-a-link-reveals.md).
 */
export async function loadVisitingCard(db: Db | Tx, organizationId: number, viewer: number): Promise<VisitingCard | null> {
  const [o] = await db.select().from(organizations).where(eq(organizations.id, organizationId))
  if (!o) return null
  const links = await loadContactLinks(db, o.id)
  const card = { ...companyFace(o), links, cartao_admin: o.cartaoAdmin }
  if (viewer !== o.id && !o.cartaoAdmin) return { ...card, admin: null }
  const [admin] = await db
    .select({ nome: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, o.id), eq(memberships.isAdmin, true), eq(memberships.active, true)))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1)
  return { ...card, admin: admin ?? null }
}

/** Partners see each other's card: supplier and customer, flag and unit. */
async function arePartners(db: Db, a: number, b: number) {
  const [link] = await db
    .select({ id: organizationLinks.id })
    .from(organizationLinks)
    .where(
      or(
        and(eq(organizationLinks.organizationId, a), eq(organizationLinks.partnerId, b)),
        and(eq(organizationLinks.organizationId, b), eq(organizationLinks.partnerId, a)),
      ),
    )
    .limit(1)
  if (link) return true
  const rows = await db.select({ id: organizations.id, bandeiraId: organizations.bandeiraId }).from(organizations).where(or(eq(organizations.id, a), eq(organizations.id, b)))
  return rows.some((r) => (r.id === a && r.bandeiraId === b) || (r.id === b && r.bandeiraId === a))
}

export function registerVisitingCard(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({ ...orgApi.cartao, middleware: [requireAuth(db)] as const }),
    async (c) => {
      const { orgId, targetId } = c.req.valid('param')
      await requireMembership(db, c.get('user').id, orgId)
      if (orgId !== targetId && !(await arePartners(db, orgId, targetId))) abort(403, m.notLinked)
      const card = await loadVisitingCard(db, targetId, orgId)
      if (!card) abort(404, 'Empresa não encontrada.')
      return c.json(card, 200)
    },
  )
}
