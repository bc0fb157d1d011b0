import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm'
import { keepAvatar } from '../../../app/domain/shared/avatar.ts'
import { memberships, organizations } from '../../db/schema/index.ts'
import { bearer, errorResponses, jsonContent, requireAuth, type Api, type Deps } from '../http.ts'
import { likePattern, optionalPathText, PageQuery, paginated, paginatorSchema } from '../pagination.ts'

const OrgTypes = ['v', 'f', 'b', 'r'] as const

const MembershipSchema = z
  .object({
    organizacao_id: z.number().int(),
    cnpj: z.string(),
    is_admin: z.boolean(),
    user_level: z.number().int(),
    organizacao: z.object({
      tipo: z.enum(OrgTypes),
      nome: z.string(),
      razao_social: z.string().nullable(),
      avatar: z.string().nullable(),
      active: z.boolean(),
      feedback: z.boolean(),
      plano: z.string(),
    }),
  })
  .openapi('OrganizationMembership')

const route = createRoute({
  method: 'get',
  path: '/api/OrgProfile/{regPerPage}/{search}/{filter}',
  tags: ['Organizações'],
  summary: 'Organizações do usuário, com busca (nome, razão social, CNPJ) e filtro por tipo; `null` = sem valor',
  security: bearer,
  request: {
    params: z.object({
      regPerPage: z.coerce
        .number({ error: 'Registros por página deve ser um número.' })
        .int()
        .min(1, 'Registros por página deve ser entre 1 e 100.')
        .max(100, 'Registros por página deve ser entre 1 e 100.')
        .openapi({ example: 10 }),
      search: optionalPathText('null'),
      filter: optionalPathText('null').pipe(z.enum(OrgTypes, { error: 'Filtro deve ser v, f, b ou r.' }).nullable()),
    }),
    query: PageQuery,
  },
  responses: {
    200: jsonContent(z.object({ organizacoes: paginatorSchema(MembershipSchema) }), 'Página de organizações'),
    ...errorResponses,
  },
})

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
    const [{ total }] = await db
      .select({ total: count() })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(where)
    const rows = await db
      .select({ m: memberships, o: organizations })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(where)
      .orderBy(asc(organizations.nome), asc(organizations.id))
      .limit(regPerPage)
      .offset((page - 1) * regPerPage)
    const data = rows.map(({ m, o }) => ({
      organizacao_id: o.id,
      cnpj: o.cnpj,
      is_admin: m.isAdmin,
      user_level: m.level,
      organizacao: {
        tipo: o.tipo as (typeof OrgTypes)[number],
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
