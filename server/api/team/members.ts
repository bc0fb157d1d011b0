import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import { keepAvatar } from '../../../app/domain/shared/avatar.ts'
import { cargos, memberships, teamInvites, users } from '../../db/schema/index.ts'
import { abort, bearer, errorResponses, fail, jsonContent, MessageSchema, requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from '../organizations/audit.ts'
import { requireMembership, requirePermission } from '../organizations/membership.ts'
import { likePattern, paginated, paginatorSchema } from '../pagination.ts'
import { inviteAnswer, PendingInviteSchema } from './invites.ts'
import {
  activeAdminCount,
  assertCanGrant,
  booleanField,
  findActiveMember,
  idField,
  idParam,
  lockOrganization,
  MAX_LEVEL,
  organizacaoIdField,
  OrgParams,
  pendingInvite,
  requireCargoField,
  teamMessages as tm,
} from './shared.ts'

const DEFAULT_PER_PAGE = 20

const MemberSchema = z
  .object({
    user_id: z.number().int(),
    nome: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
    cargo_id: z.number().int().nullable(),
    cargo: z.string().nullable(),
    is_admin: z.boolean(),
    level: z.number().int(),
    active: z.boolean(),
    created_at: z.string().openapi({ format: 'date-time', description: 'Quando entrou na equipe' }),
  })
  .openapi('MembroEquipe')

const UsersQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, tm.pageInvalid)
    .transform(Number)
    .refine((n) => n >= 1, tm.pageInvalid)
    .optional()
    .openapi({ type: 'integer', example: 1 }),
  per_page: z
    .string()
    .regex(/^\d{1,3}$/, tm.perPageInvalid)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, tm.perPageInvalid)
    .optional()
    .openapi({ type: 'integer', example: DEFAULT_PER_PAGE }),
  search: z.string().max(255, tm.searchTooLong).optional().openapi({ description: 'Parte do nome ou do e-mail', example: 'ana' }),
})

const levelField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: tm.levelInvalid }).int(tm.levelInvalid).min(1, tm.levelInvalid).max(MAX_LEVEL, tm.levelInvalid),
)

const UpdateUserBody = z
  .object({
    organizacao_id: organizacaoIdField,
    user_id: idField(tm.userRequired, tm.userInvalid, 3),
    cargo_id: idField(tm.cargoRequired, tm.cargoInvalid, 1)
      .nullable()
      .optional()
      .openapi({ type: ['integer', 'null'], description: 'null tira o cargo; ausente não muda' }),
    is_admin: booleanField(tm.isAdminInvalid).optional().openapi({ type: 'boolean', example: false }),
    level: levelField.optional().openapi({ type: 'integer', example: 2 }),
  })
  .refine((b) => b.cargo_id !== undefined || b.is_admin !== undefined || b.level !== undefined, { message: tm.nothingToChange, path: ['body'] })
  .openapi('AtualizarMembroRequest', { example: { organizacao_id: 1, user_id: 3, cargo_id: 1, is_admin: false, level: 2 } })

const DeleteUserParams = z.object({
  companyId: idParam('companyId', tm.orgInvalid, 1),
  userId: idParam('userId', tm.userInvalid, 3),
})

const forbidden = { 403: jsonContent(MessageSchema, 'Não é membro, não tem a permissão "equipe", ou o alvo é administrador') }


export function registerMembers(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/myteam/{id}/getusers',
      tags: ['Equipe'],
      summary: 'Membros da organização (paginados, ativos primeiro, busca por nome ou e-mail) e convites pendentes; para membros',
      security: bearer,
      middleware: [auth] as const,
      request: { params: OrgParams, query: UsersQuery },
      responses: {
        200: jsonContent(z.object({ usuarios: paginatorSchema(MemberSchema), convites: z.array(PendingInviteSchema) }), 'Equipe'),
        403: jsonContent(MessageSchema, 'Não é membro'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { page = 1, per_page: perPage = DEFAULT_PER_PAGE, search: rawSearch } = c.req.valid('query')
      await requireMembership(db, c.get('user').id, id)
      const search = rawSearch?.trim() || undefined
      const conditions: (SQL | undefined)[] = [eq(memberships.organizationId, id)]
      if (search) conditions.push(or(ilike(users.name, likePattern(search)), ilike(users.email, likePattern(search))))
      const where = and(...conditions)
      const [{ total }] = await db.select({ total: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where)
      const rows = await db
        .select({ m: memberships, u: users, cargo: cargos.nome })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .leftJoin(cargos, eq(cargos.id, memberships.cargoId))
        .where(where)
        .orderBy(desc(memberships.active), asc(users.name), asc(users.id))
        .limit(perPage)
        .offset((page - 1) * perPage)
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
      const invites = await db
        .select()
        .from(teamInvites)
        .where(
          and(
            eq(teamInvites.organizationId, id),
            pendingInvite(new Date()),
            search ? ilike(teamInvites.email, likePattern(search)) : undefined,
          ),
        )
        .orderBy(desc(teamInvites.createdAt), desc(teamInvites.id))
      return c.json({ usuarios: paginated(data, total, page, perPage), convites: invites.map(inviteAnswer) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/myteam/updateUser',
      tags: ['Equipe'],
      summary: 'Muda o cargo, o acesso de administrador ou o nível de um membro (permissão "equipe"; administrador só por administrador; nunca o último)',
      security: bearer,
      middleware: [auth] as const,
      request: { body: { required: true, content: { 'application/json': { schema: UpdateUserBody } } } },
      responses: {
        200: jsonContent(z.object({ message: z.string(), usuario: MemberSchema }), 'Membro atualizado'),
        ...forbidden,
        ...errorResponses,
      },
    }),
    async (c) => {
      const user = c.get('user')
      const body = c.req.valid('json')
      const usuario = await db.transaction(async (tx) => {
        await lockOrganization(tx, body.organizacao_id)
        const { membership: caller } = await requirePermission(tx, user.id, body.organizacao_id, 'equipe')
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
    createRoute({
      method: 'delete',
      path: '/api/myteam/deleteUser/{companyId}/{userId}',
      tags: ['Equipe'],
      summary: 'Tira um membro da equipe (fica inativo; volta por um novo convite). Permissão "equipe"; administrador só por administrador; nunca o último',
      security: bearer,
      middleware: [auth] as const,
      request: { params: DeleteUserParams },
      responses: {
        200: jsonContent(MessageSchema, 'Membro removido'),
        ...forbidden,
        404: jsonContent(MessageSchema, 'Não é membro ativo desta organização'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const user = c.get('user')
      const { companyId, userId } = c.req.valid('param')
      await db.transaction(async (tx) => {
        await lockOrganization(tx, companyId)
        const { membership: caller } = await requirePermission(tx, user.id, companyId, 'equipe')
        const target = await findActiveMember(tx, companyId, userId)
        if (!target) abort(404, tm.memberNotFound)
        if (target.membership.isAdmin) {
          if (!caller.isAdmin) abort(403, tm.onlyAdminsTouchAdmins)
          if ((await activeAdminCount(tx, companyId)) <= 1) fail('user_id', tm.lastAdminRemove)
        }
        // Kept as an inactive row: history (audit, orders) still names the person, and an invite brings them back.
        await tx.update(memberships).set({ active: false, isAdmin: false }).where(eq(memberships.id, target.membership.id))
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
