import * as partnersApi from '../../../../app/domain/conditions/partners-contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, eq, inArray, notExists, sql } from 'drizzle-orm'
import { partnerMessages as m } from '../../../../app/domain/conditions/partners-messages.ts'
import type { Db, Tx } from '../../../db/client.ts'
import { olBlacklist, organizations } from '../../../db/schema/index.ts'
import { abort, requireAuth, ValidationError, type Api, type Deps } from '../../http.ts'
import { audit } from '../../organizations/audit.ts'
import { requireReader } from '../../organizations/area-readers.ts'
import { requirePermission } from '../../organizations/membership.ts'
import { paginated } from '../../pagination.ts'
import { foundOrganization, organizationSearch } from './shared.ts'

/** What a blacklist entry's type names: a unit (a retailer, type v) or a flag (type b). */
const BUYER_TYPE = { C: 'v', B: 'b' } as const
const ENTRY_TYPE: Record<string, 'C' | 'B'> = { v: 'C', b: 'B' }

/**
 * The blacklist belongs to the OL, part of its conditions: its readers there read it (AREA_READERS), a member
 * holding 'condicoes' keeps it (`change`); only a distributor has one.
 */
async function requireOl(db: Db | Tx, userId: number, olId: number, change: boolean) {
  const { organization } = change ? await requirePermission(db, userId, olId, 'condicoes') : await requireReader(db, userId, olId, 'condicoes')
  if (organization.tipo !== 'f') abort(403, m.blacklistOnlyOl)
}

export function registerBlacklistCalls(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...partnersApi.addBlackList, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const { ol_id: olId, compradores } = c.req.valid('json')
    await requireOl(db, user.id, olId, true)
    const ids = compradores.map((b) => b.id)
    const found = new Map(
      (await db.select({ id: organizations.id, tipo: organizations.tipo }).from(organizations).where(and(inArray(organizations.id, ids), eq(organizations.active, true)))).map(
        (o) => [o.id, o.tipo],
      ),
    )
    const errors: Record<string, string[]> = {}
    compradores.forEach((b, i) => {
      if (found.get(b.id) !== BUYER_TYPE[b.tipo]) errors[`compradores.${i}.id`] = [m.notABuyer(b.tipo)]
    })
    if (Object.keys(errors).length) throw new ValidationError(errors)
    const added = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(olBlacklist)
        .values(compradores.map((b) => ({ olId, buyerId: b.id, tipo: b.tipo })))
        .onConflictDoNothing()
        .returning({ id: olBlacklist.id })
      await audit(tx, { organizationId: olId, userId: user.id, acao: 'ol.compradores_bloqueados', detalhes: { compradores } })
      return rows.length
    })
    return c.json({ message: m.blocked(compradores.length), adicionados: added }, 200)
  })

  app.openapi(createRoute({ ...partnersApi.restoreBlackList, middleware: [auth] as const }), async (c) => {
    const { olId, regPerPage, search } = c.req.valid('param')
    const { page } = c.req.valid('query')
    await requireOl(db, c.get('user').id, olId, false)
    const where = and(eq(olBlacklist.olId, olId), search ? organizationSearch(search, ['v', 'b']) : undefined)
    const [{ total }] = await db.select({ total: count() }).from(olBlacklist).innerJoin(organizations, eq(organizations.id, olBlacklist.buyerId)).where(where)
    const rows = await db
      .select({ row: olBlacklist, nome: organizations.nome, cnpj: organizations.cnpj })
      .from(olBlacklist)
      .innerJoin(organizations, eq(organizations.id, olBlacklist.buyerId))
      .where(where)
      .orderBy(asc(sql`lower(${organizations.nome})`), asc(olBlacklist.id))
      .limit(regPerPage)
      .offset((page - 1) * regPerPage)
    const data = rows.map(({ row, nome, cnpj }) => ({
      id: row.id,
      ol_id: row.olId,
      comprador_id: row.buyerId,
      tipo: row.tipo as 'C' | 'B',
      nome,
      cnpj,
      created_at: row.createdAt.toISOString(),
    }))
    return c.json({ bloqueados: paginated(data, total, page, regPerPage) }, 200)
  })

  app.openapi(createRoute({ ...partnersApi.searchBlackList, middleware: [auth] as const }), async (c) => {
    const { olId, search } = c.req.valid('param')
    await requireOl(db, c.get('user').id, olId, false)
    const rows = await db
      .select(foundOrganization)
      .from(organizations)
      .where(
        and(
          organizationSearch(search, ['v', 'b']),
          notExists(db.select({ one: sql`1` }).from(olBlacklist).where(and(eq(olBlacklist.olId, olId), eq(olBlacklist.buyerId, organizations.id)))),
        ),
      )
      .orderBy(asc(sql`lower(${organizations.nome})`), asc(organizations.id))
      .limit(20)
    return c.json({ compradores: rows.map(({ tipo, ...o }) => ({ ...o, tipo: ENTRY_TYPE[tipo] })) }, 200)
  })

  app.openapi(createRoute({ ...partnersApi.deleteBlackList, middleware: [auth] as const }), async (c) => {
    const { olId, buyerId, type } = c.req.valid('param')
    const user = c.get('user')
    await requireOl(db, user.id, olId, true)
    await db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(olBlacklist)
        .where(and(eq(olBlacklist.olId, olId), eq(olBlacklist.buyerId, buyerId), eq(olBlacklist.tipo, type)))
        .returning({ id: olBlacklist.id })
      if (!removed) abort(404, m.blacklistNotFound)
      await audit(tx, { organizationId: olId, userId: user.id, acao: 'ol.comprador_desbloqueado', detalhes: { comprador_id: buyerId, tipo: type } })
    })
    return c.json({ message: m.unblocked }, 200)
  })
}
