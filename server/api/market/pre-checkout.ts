import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import * as api from '../../../app/domain/market/contract.ts'
import { MAX_LIST_LINES, MAX_QUANTITY, marketMessages as m } from '../../../app/domain/market/messages.ts'
import { nearestQuantity } from '../../../app/domain/checkout/quantity.ts'
import { preCheckoutItems } from '../../db/schema/index.ts'
import type { Tx } from '../../db/client.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { requireMembership } from '../organizations/membership.ts'
import { bestForQuantity, byUnitPrice, offerAnswer, offersOfProducts, priceOf, productAnswer, productsById } from './catalog.ts'

/**
 * The shopping list (pre-checkout, decision 026): each member of a buyer organization keeps its own,
 * like its carts (decision 025). Only products the organization may buy now go in; a line whose offers
 * closed later stays, shown without an offer. Adding a product already there adds to its quantity.
 */

const itemAnswer = (row: { id: number; productId: number; quantidade: number }) => ({ id: row.id, produto_id: row.productId, quantidade: row.quantidade })

type Owner = { organizationId: number; userId: number }

/** Adds quantities to the owner's list in one statement; refuses what would pass the list's size. */
async function addToList(tx: Tx, owner: Owner, items: { productId: number; quantidade: number }[]) {
  const [{ lines }] = await tx
    .select({ lines: count() })
    .from(preCheckoutItems)
    .where(and(eq(preCheckoutItems.organizationId, owner.organizationId), eq(preCheckoutItems.userId, owner.userId)))
  const present = await tx
    .select({ productId: preCheckoutItems.productId })
    .from(preCheckoutItems)
    .where(and(eq(preCheckoutItems.organizationId, owner.organizationId), eq(preCheckoutItems.userId, owner.userId), inArray(preCheckoutItems.productId, items.map((i) => i.productId))))
  if (lines + items.length - present.length > MAX_LIST_LINES) fail('itens', m.listFull)
  return tx
    .insert(preCheckoutItems)
    .values(items.map((i) => ({ ...owner, productId: i.productId, quantidade: i.quantidade })))
    .onConflictDoUpdate({
      target: [preCheckoutItems.organizationId, preCheckoutItems.userId, preCheckoutItems.productId],
      set: { quantidade: sql`least(${preCheckoutItems.quantidade} + excluded.quantidade, ${MAX_QUANTITY}::int)`, updatedAt: sql`now()` },
    })
    .returning()
}

export function registerPreCheckout(app: Api, { db }: Deps) {

  app.openapi(createRoute({ ...api.showPreCheckout, middleware: [requireAuth(db)] as const }), async (c) => {
    const { companyId } = c.req.valid('param')
    const userId = c.get('user').id
    await requireMembership(db, userId, companyId)
    const rows = await db
      .select()
      .from(preCheckoutItems)
      .where(and(eq(preCheckoutItems.organizationId, companyId), eq(preCheckoutItems.userId, userId)))
      .orderBy(asc(preCheckoutItems.createdAt), asc(preCheckoutItems.id))
    const productIds = rows.map((r) => r.productId)
    const [products, offers] = await Promise.all([productsById(db, companyId, productIds), offersOfProducts(db, companyId, productIds)])
    const byId = new Map(products.map((p) => [p.id, p]))
    let total = 0
    const itens = rows.flatMap((row) => {
      const product = byId.get(row.productId)
      if (!product) return []
      const lines = offers.get(row.productId) ?? []
      const best = bestForQuantity(lines, row.quantidade)
      const totalCentavos = best ? priceOf(best.line, row.quantidade).totalCentavos : 0
      total += totalCentavos
      return [
        {
          id: row.id,
          quantidade: row.quantidade,
          produto: productAnswer(product),
          melhor_oferta: best ? { ...offerAnswer(best.line), total_centavos: totalCentavos, problema_quantidade: best.problem, quantidade_sugerida: best.suggested } : null,
          outras_ofertas: Math.max(0, lines.length - 1),
        },
      ]
    })
    return c.json({ itens, total_centavos: total }, 200)
  })

  app.openapi(createRoute({ ...api.addProdutoPesquisa, middleware: [requireAuth(db)] as const }), async (c) => {
    const body = c.req.valid('json')
    const owner = { organizationId: body.organizacao_id, userId: c.get('user').id }
    await requireMembership(db, owner.userId, owner.organizationId)
    const [best] = byUnitPrice((await offersOfProducts(db, owner.organizationId, [body.produto_id])).get(body.produto_id) ?? [])
    if (!best) abort(404, m.productNotOffered)
    const quantidade = body.quantidade ?? nearestQuantity(1, best.limits) ?? best.limits.qtdMin
    const [row] = await db.transaction((tx) => addToList(tx, owner, [{ productId: body.produto_id, quantidade }]))
    return c.json({ message: m.addedToList, item: itemAnswer(row) }, 201)
  })

  app.openapi(createRoute({ ...api.addPreCheckout, middleware: [requireAuth(db)] as const }), async (c) => {
    const body = c.req.valid('json')
    const owner = { organizationId: body.organizacao_id, userId: c.get('user').id }
    await requireMembership(db, owner.userId, owner.organizationId)
    const ids = body.itens.map((i) => i.produto_id)
    const offers = await offersOfProducts(db, owner.organizationId, ids)
    if (ids.some((id) => !offers.get(id)?.length)) abort(404, m.productNotOffered)
    const rows = await db.transaction((tx) => addToList(tx, owner, body.itens.map((i) => ({ productId: i.produto_id, quantidade: i.quantidade }))))
    return c.json({ message: m.addedManyToList(rows.length), itens: rows.map(itemAnswer) }, 201)
  })

  app.openapi(createRoute({ ...api.updateQtItemPre, middleware: [requireAuth(db)] as const }), async (c) => {
    const body = c.req.valid('json')
    const userId = c.get('user').id
    await requireMembership(db, userId, body.organizacao_id)
    const [row] = await db
      .update(preCheckoutItems)
      .set({ quantidade: body.quantidade, updatedAt: sql`now()` })
      .where(and(eq(preCheckoutItems.id, body.pre_item_id), eq(preCheckoutItems.organizationId, body.organizacao_id), eq(preCheckoutItems.userId, userId)))
      .returning()
    if (!row) abort(404, m.itemNotFound)
    return c.json({ message: m.listQuantityUpdated, item: itemAnswer(row) }, 200)
  })

  app.openapi(createRoute({ ...api.removePreCheckoutItem, middleware: [requireAuth(db)] as const }), async (c) => {
    const { companyId, preItemId } = c.req.valid('param')
    const userId = c.get('user').id
    await requireMembership(db, userId, companyId)
    const removed = await db
      .delete(preCheckoutItems)
      .where(and(eq(preCheckoutItems.id, preItemId), eq(preCheckoutItems.organizationId, companyId), eq(preCheckoutItems.userId, userId)))
      .returning({ id: preCheckoutItems.id })
    if (!removed.length) abort(404, m.itemNotFound)
    return c.json({ message: m.listItemRemoved }, 200)
  })
}
