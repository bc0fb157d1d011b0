import { createRoute } from '@hono/zod-openapi'
import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import * as ordersApi from '../../../app/domain/orders/contract.ts'
import { orderMessages as m } from '../../../app/domain/orders/messages.ts'
import type { OrderRole, OrderStatus } from '../../../app/domain/orders/schemas.ts'
import type { Db, Tx } from '../../db/client.ts'
import { perDatabase } from '../../db/per-database.ts'
import { customers, orderCounters, orderItems, orderStatusHistory, orders, orderViews, organizations, users } from '../../db/schema/index.ts'
import { NOTIFICATION_KEYS, totalsOf, type Counts, type NotificationKey } from '../../../app/domain/orders/notifications.ts'
import { abort, requireAuth, type Api, type Deps } from '../http.ts'
import { holdsPermission, requirePermission } from '../organizations/membership.ts'
import { likePattern, paginated } from '../pagination.ts'
import { invoicedLine } from '../../../app/domain/pricing/invoice.ts'
import { ORDER_READERS } from '../../../app/domain/orders/readers.ts'

const buyer = alias(organizations, 'comprador')
const seller = alias(organizations, 'vendedor')
const ol = alias(organizations, 'ol')
const historyOrg = alias(organizations, 'historico_org')

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** São Paulo's calendar day as the bounds of created_at. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'America/Sao_Paulo')`

type ListFilters = { status: OrderStatus | null; search: string | null; de?: string; ate?: string; buyerId?: number }

/**
 * The filters other than the organization's side, on the alias `o` of orders. A search names organizations
 * through `named`, the statement's CTE (`namedOf`): matched once per statement, then probed by hash per order.
 */
function filtersOf(f: ListFilters): SQL {
  const parts: SQL[] = [sql`true`]
  if (f.status) parts.push(sql`o.status = ${f.status}`)
  if (f.de) parts.push(sql`o.created_at >= ${dayStart(f.de)}`)
  if (f.ate) parts.push(sql`o.created_at < ${dayStart(f.ate)} + interval '1 day'`)
  if (f.buyerId !== undefined) parts.push(sql`o.buyer_id = ${f.buyerId}::int`)
  if (f.search) {
    const pattern = likePattern(f.search)
    const byId = /^\d{1,9}$/.test(f.search.trim()) ? sql`o.id = ${Number(f.search.trim())}::int or ` : sql``
    const named = (column: string) => sql`o.${sql.raw(column)} in (select id from named)`
    parts.push(sql`(${byId}${named('buyer_id')} or ${named('seller_id')} or ${named('ol_id')} or f_unaccent(lower(o.condicao_nome)) like f_unaccent(lower(${pattern})))`)
  }
  return sql.join(parts, sql` and `)
}

/** The WITH clause `filtersOf` reads for a search: the organizations whose name holds it. */
function namedOf(f: ListFilters): SQL {
  if (!f.search) return sql``
  return sql`with named as materialized (select x.id from organizations x where f_unaccent(lower(x.nome)) like f_unaccent(lower(${likePattern(f.search)}))) `
}

/**
 * The orders of one side of the organization as a UNION ALL of index-ordered branches (decision 028):
 * received orders are those it sells and those it serves as OL, each read through its own index
 * (orders_seller_*, orders_ol_*), so a page of the newest costs the page, not the organization's history.
 */
function sideOf(orgId: number, papel: OrderRole, where: SQL): SQL[] {
  if (papel === 'C') return [sql`select o.id, o.created_at from orders o where o.buyer_id = ${orgId}::int and ${where}`]
  return [
    sql`select o.id, o.created_at from orders o where o.seller_id = ${orgId}::int and ${where}`,
    sql`select o.id, o.created_at from orders o where o.ol_id = ${orgId}::int and o.seller_id <> ${orgId}::int and ${where}`,
  ]
}

/**
 * The total of received orders, filtered at most by status, without counting them: order_counters holds each
 * party's orders per status (buyer + seller + OL; an order's parties are distinct organizations, as the
 * counters' upsert requires), so received = the counters less the orders the organization placed, which a
 * seller has few of. Counting a supplier's history on every view of its list would cost the history.
 */
function receivedFromCounters(orgId: number, papel: OrderRole, f: ListFilters): SQL | null {
  if (papel !== 'V' || f.search || f.de || f.ate || f.buyerId !== undefined) return null
  const status = (column: SQL) => (f.status ? sql` and ${column} = ${f.status}` : sql``)
  return sql`coalesce((select sum(k.total) from order_counters k where k.organization_id = ${orgId}::int${status(sql`k.status`)}), 0)
    - (select count(*) from orders o where o.buyer_id = ${orgId}::int${status(sql`o.status`)})`
}

async function pageOfIds(db: Db, orgId: number, papel: OrderRole, filters: ListFilters, perPage: number, page: number) {
  const where = filtersOf(filters)
  const branches = sideOf(orgId, papel, where)
  // Each branch is limited before the merge, so PostgreSQL stops reading each index after the page.
  const limit = perPage * page
  const union = sql.join(
    // NULLS LAST as the indexes are declared (drizzle's desc()): plain DESC means NULLS FIRST, which no index
    // gives in order, and each branch would sort every order of the organization to take its page.
    branches.map((b) => sql`(${b} order by o.created_at desc nulls last, o.id desc nulls last limit ${limit})`),
    sql` union all `,
  )
  // The page and the total in one statement: one round trip, and a search matches the organizations once.
  const [row] = rowsOf<{ ids: number[]; n: number }>(
    await db.execute(sql`${namedOf(filters)}select
      array(select id from (${union}) p order by created_at desc, id desc limit ${perPage} offset ${(page - 1) * perPage}) as ids,
      (${receivedFromCounters(orgId, papel, filters) ?? sql.join(branches.map((b) => sql`(select count(*) from (${b}) c)`), sql` + `)})::int as n`),
  )
  return { ids: (row?.ids ?? []).map(Number), total: Number(row?.n ?? 0) }
}

/** What a list row shows (listAnswer): reading the whole order cost its mapping on every row of every page. */
const listColumns = {
  order: {
    id: orders.id,
    status: orders.status,
    buyerId: orders.buyerId,
    sellerId: orders.sellerId,
    condicaoNome: orders.condicaoNome,
    pagamentoNome: orders.pagamentoNome,
    quantidadeTotal: orders.quantidadeTotal,
    subtotalCentavos: orders.subtotalCentavos,
    totalCentavos: orders.totalCentavos,
    totalFaturadoCentavos: orders.totalFaturadoCentavos,
    createdAt: orders.createdAt,
  },
  comprador: { id: buyer.id, nome: buyer.nome },
  vendedor: { id: seller.id, nome: seller.nome },
  olId: ol.id,
  olNome: ol.nome,
  itens: sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
}

function ordersWithParties(db: Db | Tx) {
  return db
    .select(listColumns)
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, orders.sellerId))
    .leftJoin(ol, eq(ol.id, orders.olId))
}

type ListRow = Awaited<ReturnType<ReturnType<typeof ordersWithParties>['execute']>>[number]

/**
 * The orders of `ids` with their parties, built once per database: drizzle building this statement (three
 * aliased joins) cost more of the server's CPU than reading it, on every view of a list.
 */
const listQuery = perDatabase((db) => ordersWithParties(db).where(sql`${orders.id} = any(${sql.placeholder('ids')}::int[])`).prepare('api_orders_by_ids'))

async function ordersByIds(db: Db, ids: readonly number[]): Promise<ListRow[]> {
  if (!ids.length) return []
  return listQuery(db).execute({ ids })
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** An order as the list shows it, seen from `orgId`. */
function listAnswer(orgId: number) {
  return (r: ListRow) => ({
    id: r.order.id,
    status: r.order.status as OrderStatus,
    papel: r.order.buyerId === orgId ? ('C' as const) : r.order.sellerId === orgId ? ('V' as const) : ('O' as const),
    comprador: r.comprador,
    vendedor: r.vendedor,
    ol: r.olId === null ? null : { id: r.olId, nome: r.olNome ?? '' },
    condicao_nome: r.order.condicaoNome,
    pagamento_nome: r.order.pagamentoNome,
    quantidade_total: r.order.quantidadeTotal,
    itens: Number(r.itens),
    subtotal_centavos: r.order.subtotalCentavos,
    total_centavos: r.order.totalCentavos,
    total_faturado_centavos: r.order.totalFaturadoCentavos,
    created_at: iso(r.order.createdAt),
  })
}

/**
 * The order as one of its parties reads it: `orgId` must be its buyer, seller or OL and the user a member of it
 * who may read its orders (403 otherwise). An order of other parties is 404, as an order that does not exist
 * (nothing about it is revealed).
 */
export async function orderForParty(db: Db | Tx, userId: number, orgId: number, orderId: number, options: { lock?: boolean } = {}) {
  const member = await requirePermission(db, userId, orgId, ORDER_READERS)
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), sql`(${orders.buyerId} = ${orgId} or ${orders.sellerId} = ${orgId} or ${orders.olId} = ${orgId})`))
  const [order] = options.lock ? await query.for('update') : await query
  if (!order) abort(404, m.notFound)
  return { order, member }
}

/** The seller and its OL move an order; the buyer does not (decision 028). */
export const isMover = (order: { sellerId: number; olId: number | null }, orgId: number) => order.sellerId === orgId || order.olId === orgId

export function registerOrderReading(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...ordersApi.restorePedidos, middleware: [auth] as const }), async (c) => {
    const { orgId, regPerPage, search, status, papel } = c.req.valid('param')
    const { page, de, ate, cliente } = c.req.valid('query')
    await requirePermission(db, c.get('user').id, orgId, ORDER_READERS)
    const side = papel ?? 'V'
    let customer: { id: number; nome: string } | null = null
    let buyerId: number | undefined
    if (cliente !== undefined) {
      const [row] = await db
        .select({ id: customers.id, nome: customers.nome, orgId: customers.customerOrgId })
        .from(customers)
        .where(and(eq(customers.id, cliente), eq(customers.sellerId, orgId)))
      if (!row || side !== 'V') abort(404, m.customerNotFound)
      customer = { id: row.id, nome: row.nome }
      // A customer not yet on the platform has placed no order: -1 matches none.
      buyerId = row.orgId ?? -1
    }
    const { ids, total } = await pageOfIds(db, orgId, side, { status, search, de, ate, buyerId }, regPerPage, page)
    const rows = await ordersByIds(db, ids)
    const byId = new Map(rows.map((r) => [r.order.id, r]))
    const data = ids.map((id) => byId.get(id)!).map(listAnswer(orgId))
    return c.json({ pedidos: paginated(data, total, page, regPerPage), cliente: customer }, 200)
  })

  app.openapi(createRoute({ ...ordersApi.showPedido, middleware: [auth] as const }), async (c) => {
    const { orgId, orderId } = c.req.valid('param')
    const userId = c.get('user').id
    const { order, member } = await orderForParty(db, userId, orgId, orderId)
    const [row] = await ordersByIds(db, [order.id])
    const [sender] = order.userId ? await db.select({ nome: users.name }).from(users).where(eq(users.id, order.userId)) : []
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id))
    const history = await db
      .select({ h: orderStatusHistory, usuario: users.name, organizacao: historyOrg.nome })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.userId))
      .leftJoin(historyOrg, eq(historyOrg.id, orderStatusHistory.organizationId))
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.id))
    const canMove = order.status === 'A' && isMover(order, orgId) && (await holdsPermission(db, member.membership, 'pedidos_status'))
    return c.json(
      {
        pedido: {
          ...listAnswer(orgId)(row),
          pagamento_prazo_dias: order.pagamentoPrazoDias,
          tokenbase: order.tokenbase ?? null,
          usuario: sender?.nome ?? null,
          itens_lista: items.map((i) => ({
            id: i.id,
            produto_id: i.productId,
            nome: i.nome,
            ean: i.ean,
            codigo: i.codigo,
            marca: i.marca,
            unidade: i.unidade,
            quantidade: i.quantidade,
            quantidade_faturada: i.quantidadeFaturada,
            total_faturado_centavos: i.quantidadeFaturada === null ? null : invoicedLine({ quantidade: i.quantidade, totalCentavos: i.totalCentavos, faturada: i.quantidadeFaturada }),
            preco_lista_centavos: i.precoListaCentavos,
            preco_unitario_centavos: i.precoUnitarioCentavos,
            preco_unitario_centesimos: i.precoUnitarioCentesimos,
            total_centavos: i.totalCentavos,
            regra_nome: i.regraNome,
            regra_desconto: i.regraDesconto,
          })),
          historico: history.map(({ h, usuario, organizacao }) => ({
            de: (h.de as OrderStatus | null) ?? null,
            para: h.para as OrderStatus,
            usuario,
            organizacao,
            created_at: iso(h.createdAt),
          })),
          pode_mudar_status: canMove,
          pode_repetir: order.buyerId === orgId,
        },
      },
      200,
    )
  })

  app.openapi(createRoute({ ...ordersApi.contadores, middleware: [auth] as const }), async (c) => {
    const { orgId } = c.req.valid('param')
    await requirePermission(db, c.get('user').id, orgId, ORDER_READERS)
    const contadores = await countersOf(db, orgId)
    const novos = await newsOf(db, c.get('user').id, orgId, totalsOf(contadores), [])
    return c.json({ contadores, total: contadores.A + contadores.F + contadores.N + contadores.Q, novos }, 200)
  })

  app.openapi(createRoute({ ...ordersApi.vistos, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    await requirePermission(db, c.get('user').id, body.organizacao_id, ORDER_READERS)
    const totals = totalsOf(await countersOf(db, body.organizacao_id))
    return c.json({ novos: await newsOf(db, c.get('user').id, body.organizacao_id, totals, body.chaves ?? NOTIFICATION_KEYS) }, 200)
  })
}

async function countersOf(db: Db, orgId: number) {
  const rows = await db.select({ status: orderCounters.status, total: orderCounters.total }).from(orderCounters).where(eq(orderCounters.organizationId, orgId))
  const contadores = { A: 0, F: 0, N: 0, Q: 0 }
  for (const r of rows) contadores[r.status as OrderStatus] = r.total
  return contadores
}

/**
 * The member's news: the counters less what they have seen, after marking `seen` keys as seen. A member reading the
 * counters for the first time has seen everything there is (a new member does not start with every past order).
 */
async function newsOf(db: Db, userId: number, orgId: number, totals: Counts, seen: readonly NotificationKey[]): Promise<Counts> {
  const marked = Object.fromEntries(seen.map((k) => [k, totals[k]]))
  const [row] = await db
    .insert(orderViews)
    .values({ userId, organizationId: orgId, ...totals })
    .onConflictDoUpdate({ target: [orderViews.userId, orderViews.organizationId], set: seen.length ? marked : { a: sql`${orderViews.a}` } })
    .returning({ a: orderViews.a, f: orderViews.f, n: orderViews.n })
  return { a: Math.max(0, totals.a - row!.a), f: Math.max(0, totals.f - row!.f), n: Math.max(0, totals.n - row!.n) }
}

