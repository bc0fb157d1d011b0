import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import * as sellersApi from '../../../../app/domain/conditions/sellers-contract.ts'
import { sellersMessages as m } from '../../../../app/domain/conditions/sellers-messages.ts'
import type { Db, Tx } from '../../../db/client.ts'
import { cargos, conditionSellers, memberships, users } from '../../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../../http.ts'
import { requireReader } from '../../organizations/area-readers.ts'
import { findMembership, holdsPermission } from '../../organizations/membership.ts'
import { likePattern, paginated } from '../../pagination.ts'
import { conditionForSeller } from '../access.ts'

const SEARCH_LIMIT = 20
const contains = (column: SQL, search: string) => sql`f_unaccent(lower(${column})) like f_unaccent(lower(${likePattern(search)}))`
const activeMembersOfCargo = sql<number>`(select count(*)::int from ${memberships} mc where mc.cargo_id = ${cargos.id} and mc.active)`

/** Active members of the organization, by name, with their role's name. */
function members(db: Db | Tx, organizationId: number, where?: SQL) {
  return db
    .select({ id: users.id, nome: users.name, email: users.email, cargo: cargos.nome })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(cargos, eq(cargos.id, memberships.cargoId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.active, true), where))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
}

/** Inserts the rows new to the condition; answers how many. */
async function addSellers(tx: Tx, conditionId: number, rows: { userId?: number; cargoId?: number }[]) {
  const added = await tx
    .insert(conditionSellers)
    .values(rows.map((r) => ({ conditionId, userId: r.userId ?? null, cargoId: r.cargoId ?? null })))
    .onConflictDoNothing()
    .returning({ id: conditionSellers.id })
  return added.length
}

/** Every id must be an active member of the seller, else 422 on its position and nothing stored. */
async function assertMembers(tx: Tx, organizationId: number, ids: number[], field: (i: number) => string) {
  const found = new Set((await members(tx, organizationId, inArray(users.id, ids))).map((r) => r.id))
  ids.forEach((id, i) => {
    if (!found.has(id)) fail(field(i), m.notAMember)
  })
}

export function registerConditionSellers(app: Api, { db }: Deps) {
  const auth = requireAuth(db)
  const change = (tx: Tx, userId: number, conditionId: number) => conditionForSeller(tx, userId, conditionId, { permission: 'condicoes', lock: true })

  app.openapi(createRoute({ ...sellersApi.SearchVendedores, middleware: [auth] as const }), async (c) => {
    const { a, b } = c.req.valid('param')
    const condition = await conditionForSeller(db, c.get('user').id, a)
    const rows = await members(db, condition.organizationId, b ? contains(sql`${users.name} || ' ' || ${users.email}`, b) : undefined).limit(SEARCH_LIMIT)
    const selling = new Set(
      rows.length
        ? (
            await db
              .select({ userId: conditionSellers.userId })
              .from(conditionSellers)
              .where(and(eq(conditionSellers.conditionId, condition.id), inArray(conditionSellers.userId, rows.map((r) => r.id))))
          ).map((r) => r.userId)
        : [],
    )
    return c.json({ usuarios: rows.map((r) => ({ ...r, ja_vende: selling.has(r.id) })) }, 200)
  })

  app.openapi(createRoute({ ...sellersApi.SearchOrgVendedores, middleware: [auth] as const }), async (c) => {
    const { a } = c.req.valid('param')
    await requireReader(db, c.get('user').id, a, 'condicoes')
    return c.json({ usuarios: await members(db, a) }, 200)
  })

  app.openapi(createRoute({ ...sellersApi.SearchCargosVendedores, middleware: [auth] as const }), async (c) => {
    const { a, b } = c.req.valid('param')
    const condition = await conditionForSeller(db, c.get('user').id, a)
    const rows = await db
      .select({ id: cargos.id, nome: cargos.nome, membros: activeMembersOfCargo, selling: conditionSellers.id })
      .from(cargos)
      .leftJoin(conditionSellers, and(eq(conditionSellers.cargoId, cargos.id), eq(conditionSellers.conditionId, condition.id)))
      .where(and(eq(cargos.organizationId, condition.organizationId), b ? contains(sql`${cargos.nome}`, b) : undefined))
      .orderBy(asc(sql`lower(${cargos.nome})`), asc(cargos.id))
      .limit(SEARCH_LIMIT)
    return c.json({ cargos: rows.map(({ selling, ...r }) => ({ ...r, ja_vende: selling !== null })) }, 200)
  })

  app.openapi(createRoute({ ...sellersApi.restoreVendedores, middleware: [auth] as const }), async (c) => {
    const { conditionId, regPerPage, search } = c.req.valid('param')
    const { page } = c.req.valid('query')
    const userId = c.get('user').id
    const condition = await conditionForSeller(db, userId, conditionId)
    const member = await findMembership(db, userId, condition.organizationId)
    const canChange = member !== null && (await holdsPermission(db, member.membership, 'condicoes'))
    const nome = sql<string>`coalesce(${users.name}, ${cargos.nome})`
    const where = and(eq(conditionSellers.conditionId, condition.id), search ? contains(sql`${nome} || ' ' || coalesce(${users.email}, '')`, search) : undefined)
    const [{ total }] = await db
      .select({ total: count() })
      .from(conditionSellers)
      .leftJoin(users, eq(users.id, conditionSellers.userId))
      .leftJoin(cargos, eq(cargos.id, conditionSellers.cargoId))
      .where(where)
    const rows = await db
      .select({
      id: conditionSellers.id,
      userId: conditionSellers.userId,
      cargoId: conditionSellers.cargoId,
      nome,
      email: users.email,
      membros: sql<number | null>`case when ${conditionSellers.cargoId} is null then null else ${activeMembersOfCargo} end`,
      createdAt: conditionSellers.createdAt,
      })
      .from(conditionSellers)
      .leftJoin(users, eq(users.id, conditionSellers.userId))
      .leftJoin(cargos, eq(cargos.id, conditionSellers.cargoId))
      .where(where)
      .orderBy(asc(sql`${conditionSellers.cargoId} is null`), asc(sql`lower(${nome})`), asc(conditionSellers.id))
      .limit(regPerPage)
      .offset((page - 1) * regPerPage)
    const data = rows.map((r) => ({
      id: r.id,
      tipo: r.userId !== null ? ('U' as const) : ('C' as const),
      usuario_id: r.userId,
      cargo_id: r.cargoId,
      nome: r.nome,
      email: r.email,
      membros: r.membros,
      created_at: new Date(r.createdAt).toISOString(),
    }))
    return c.json({ somente_leitura: !canChange, vendedores: paginated(data, total, page, regPerPage) }, 200)
  })

  app.openapi(createRoute({ ...sellersApi.addVendedores, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const added = await db.transaction(async (tx) => {
      const condition = await change(tx, c.get('user').id, body.condicao_id)
      await assertMembers(tx, condition.organizationId, [body.usuario_id], () => 'usuario_id')
      return addSellers(tx, condition.id, [{ userId: body.usuario_id }])
    })
    return c.json({ message: m.added(added, 1 - added), adicionados: added, ja_estavam: 1 - added }, 200)
  })

  app.openapi(createRoute({ ...sellersApi.addVendedoresList, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const ids = [...new Set(body.usuarios)]
    const added = await db.transaction(async (tx) => {
      const condition = await change(tx, c.get('user').id, body.condicao_id)
      await assertMembers(tx, condition.organizationId, body.usuarios, (i) => `usuarios.${i}`)
      return addSellers(tx, condition.id, ids.map((userId) => ({ userId })))
    })
    return c.json({ message: m.added(added, ids.length - added), adicionados: added, ja_estavam: ids.length - added }, 200)
  })

  app.openapi(createRoute({ ...sellersApi.addCargosVendedores, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const ids = [...new Set(body.cargos)]
    const added = await db.transaction(async (tx) => {
      const condition = await change(tx, c.get('user').id, body.condicao_id)
      const found = new Set(
        (await tx.select({ id: cargos.id }).from(cargos).where(and(eq(cargos.organizationId, condition.organizationId), inArray(cargos.id, ids)))).map((r) => r.id),
      )
      body.cargos.forEach((id, i) => {
        if (!found.has(id)) fail(`cargos.${i}`, m.notACargo)
      })
      return addSellers(tx, condition.id, ids.map((cargoId) => ({ cargoId })))
    })
    return c.json({ message: m.cargosAdded(added, ids.length - added), adicionados: added, ja_estavam: ids.length - added }, 200)
  })

  app.openapi(createRoute({ ...sellersApi.deleteVendedorList, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const ids = [...new Set(body.usuarios)]
    await db.transaction(async (tx) => {
      const condition = await change(tx, c.get('user').id, body.condicao_id)
      const rows = await tx
        .select({ userId: conditionSellers.userId })
        .from(conditionSellers)
        .where(and(eq(conditionSellers.conditionId, condition.id), inArray(conditionSellers.userId, ids)))
      const selling = new Set(rows.map((r) => r.userId))
      body.usuarios.forEach((id, i) => {
        if (!selling.has(id)) fail(`usuarios.${i}`, m.sellerNotFound)
      })
      await tx.delete(conditionSellers).where(and(eq(conditionSellers.conditionId, condition.id), inArray(conditionSellers.userId, ids)))
    })
    return c.json({ message: m.removed(ids.length) }, 200)
  })

  app.openapi(createRoute({ ...sellersApi.deleteVendedor, middleware: [auth] as const }), async (c) => {
    const { conditionId, userId } = c.req.valid('param')
    await db.transaction(async (tx) => {
      const condition = await change(tx, c.get('user').id, conditionId)
      const gone = await tx
        .delete(conditionSellers)
        .where(and(eq(conditionSellers.conditionId, condition.id), eq(conditionSellers.userId, userId), isNotNull(conditionSellers.userId)))
        .returning({ id: conditionSellers.id })
      if (gone.length === 0) abort(404, m.sellerNotFound)
    })
    return c.json({ message: m.removed(1) }, 200)
  })

  app.openapi(createRoute({ ...sellersApi.deleteCargoVendedor, middleware: [auth] as const }), async (c) => {
    const { conditionId, cargoId } = c.req.valid('param')
    await db.transaction(async (tx) => {
      const condition = await change(tx, c.get('user').id, conditionId)
      const gone = await tx
        .delete(conditionSellers)
        .where(and(eq(conditionSellers.conditionId, condition.id), eq(conditionSellers.cargoId, cargoId)))
        .returning({ id: conditionSellers.id })
      if (gone.length === 0) abort(404, m.cargoNotFound)
    })
    return c.json({ message: m.cargoRemoved }, 200)
  })
}
