import * as orgApi from '../../../app/domain/organization/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { keepAvatar } from '../../../app/domain/shared/avatar.ts'
import { memberships, organizations } from '../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'
import { likePattern, paginated } from '../pagination.ts'



const route = createRoute(orgApi.orgProfile)

export function registerOrgProfile(app: Api, { db }: Deps) {
  app.use('/api/OrgProfile/*', requireAuth(db))
  app.openapi(route, async (c) => {
    const user = c.get('user')
    const { regPerPage, search, filter } = c.req.valid('param')
    const { page } = c.req.valid('query')
    const conditions: (SQL | undefined)[] = [eq(memberships.userId, user.id), eq(memberships.active, true)]
    if (filter) conditions.push(eq(organizations.tipo, filter))
    if (search) {
      const like = likePattern(search)
      const digits = search.replace(/[^0-9a-zA-Z]/g, '')
      conditions.push(
        or(ilike(organizations.nome, like), ilike(organizations.razaoSocial, like), digits ? ilike(organizations.cnpj, `%${digits}%`) : undefined),
      )
    }
    const where = and(...conditions)
    // The page and the total in one query (this list is the personal environment's, read on every visit);
    // a page past the end has no row to carry the total, and only then is it counted apart.
    const rows = await db
      .select({ m: memberships, o: organizations, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(where)
      .orderBy(asc(organizations.nome), asc(organizations.id))
      .limit(regPerPage)
      .offset((page - 1) * regPerPage)
    const total = rows.length
      ? rows[0].total
      : (await db.select({ total: count() }).from(memberships).innerJoin(organizations, eq(organizations.id, memberships.organizationId)).where(where))[0].total
    const data = rows.map(({ m, o }) => ({
      organizacao_id: o.id,
      cnpj: o.cnpj,
      is_admin: m.isAdmin,
      user_level: m.level,
      organizacao: {
        tipo: o.tipo as (typeof orgApi.OrgTypes)[number],
        nome: o.nome,
        razao_social: o.razaoSocial,
        avatar: keepAvatar(o.avatar),
        active: o.active,
        feedback: o.feedback,
        plano: o.plano,
      },
    }))
    return c.json({ organizacoes: paginated(data, total, page, regPerPage) }, 200)
  })
}
