import { createRoute } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import * as api from '../../../app/domain/market/contract.ts'
import { MAX_SUGGESTIONS, marketMessages as m } from '../../../app/domain/market/messages.ts'
import { nearestQuantity, quantityProblem } from '../../../app/domain/checkout/quantity.ts'
import { productFavorites } from '../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { buyerFacets } from './facets.ts'
import { openOffers } from './offers.ts'
import { requireMembership } from '../organizations/membership.ts'
import { paginated } from '../pagination.ts'
import { bestForQuantity, byUnitPrice, marketPage, offerAnswer, offersOfProducts, priceOf, productAnswer, productsById, suggestions, type MarketFilters } from './catalog.ts'
import { searchWords } from '../products/search.ts'

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' })

/** The market's calls (docs/decisions/026-market.md). Each acts for a buyer organization the caller belongs to. */
export function registerMarket(app: Api, { db }: Deps) {

  app.openapi(createRoute({ ...api.restoreProdutosCondicoes, middleware: [requireAuth(db)] as const }), async (c) => {
    const { companyId, regPerPage, filterType, filter, search } = c.req.valid('param')
    const q = c.req.valid('query')
    await requireMembership(db, c.get('user').id, companyId)
    const f: MarketFilters = { search, verticalId: q.vertical, marca: q.marca, categoria: q.categoria, favoritos: q.favoritos === '1' }
    if (filterType === 'vertical' && filter !== null) {
      const id = /^\d{1,9}$/.test(filter) ? Number(filter) : NaN
      if (!(id > 0)) fail('filter', m.verticalInvalid)
      f.verticalId = id
    }
    if (filterType === 'marca' && filter !== null) f.marca = filter
    if (filterType === 'categoria' && filter !== null) f.categoria = filter
    if (filterType === 'favoritos') f.favoritos = true
    const open = await openOffers(db, companyId)
    const { ids, total } = await marketPage(db, open, companyId, f, q.page, regPerPage)
    const [products, offers] = await Promise.all([productsById(db, companyId, ids), offersOfProducts(db, companyId, ids, open)])
    const data = products.flatMap((p) => {
      const ranked = byUnitPrice(offers.get(p.id) ?? [])
      // A product whose last offer closed between the two reads is left out of the page.
      if (!ranked.length) return []
      return [{ ...productAnswer(p), melhor_oferta: offerAnswer(ranked[0]), outras_ofertas: ranked.length - 1 }]
    })
    return c.json({ produtos: paginated(data, total, q.page, regPerPage) }, 200)
  })

  app.openapi(createRoute({ ...api.mercadoPesquisa, middleware: [requireAuth(db)] as const }), async (c) => {
    const { companyId, search } = c.req.valid('param')
    await requireMembership(db, c.get('user').id, companyId)
    const text = searchWords(search).join(' ')
    if (text.length < 2) return c.json({ sugestoes: [] }, 200)
    return c.json({ sugestoes: await suggestions(db, await openOffers(db, companyId), companyId, text, MAX_SUGGESTIONS) }, 200)
  })

  app.openapi(createRoute({ ...api.showProduto, middleware: [requireAuth(db)] as const }), async (c) => {
    const { companyId, productId, conditionId, parceiroId, quantidade, ordem } = c.req.valid('param')
    await requireMembership(db, c.get('user').id, companyId)
    const [[product], offers] = await Promise.all([productsById(db, companyId, [productId]), offersOfProducts(db, companyId, [productId])])
    const lines = offers.get(productId) ?? []
    if (!product || !lines.length) abort(404, m.productNotOffered)
    const best = quantidade === null ? byUnitPrice(lines)[0] : bestForQuantity(lines, quantidade)!.line
    const selectedPartner = parceiroId === 0 ? null : parceiroId
    const ofertas = byUnitPrice(lines).map((line) => {
      const quantity = quantidade ?? nearestQuantity(1, line.limits) ?? line.limits.qtdMin
      return {
        ...offerAnswer(line),
        melhor: line === best,
        selecionada: conditionId !== null && line.conditionId === conditionId && line.conditionPartnerId === selectedPartner,
        quantidade: quantity,
        total_centavos: priceOf(line, quantity).totalCentavos,
        problema_quantidade: quantidade === null ? null : quantityProblem(quantidade, line.limits),
      }
    })
    if (ordem === 'vendedor')
      ofertas.sort((a, b) => collator.compare(a.vendedor.nome, b.vendedor.nome) || a.condicao_id - b.condicao_id || (a.parceiro_id ?? 0) - (b.parceiro_id ?? 0))
    else if (quantidade !== null) ofertas.sort((a, b) => Number(b.melhor) - Number(a.melhor))
    return c.json({ produto: { ...productAnswer(product), ofertas } }, 200)
  })

  app.openapi(createRoute({ ...api.showMarcasCategorias, middleware: [requireAuth(db)] as const }), async (c) => {
    const { companyId } = c.req.valid('param')
    await requireMembership(db, c.get('user').id, companyId)
    const { marcas, categorias } = await buyerFacets(db, companyId)
    return c.json({ marcas, categorias }, 200)
  })

  app.openapi(createRoute({ ...api.showVerticalCategorias, middleware: [requireAuth(db)] as const }), async (c) => {
    const { companyId } = c.req.valid('param')
    await requireMembership(db, c.get('user').id, companyId)
    const { verticais } = await buyerFacets(db, companyId)
    return c.json({ verticais }, 200)
  })

  /** A product the buyer may buy now, or a 404 that says nothing more about it. */
  const offered = async (buyerId: number, productId: number) => ((await offersOfProducts(db, buyerId, [productId])).get(productId)?.length ?? 0) > 0

  app.openapi(createRoute({ ...api.favoritarProduto, middleware: [requireAuth(db)] as const }), async (c) => {
    const { productId } = c.req.valid('param')
    const { organizacao_id: buyerId } = c.req.valid('query')
    await requireMembership(db, c.get('user').id, buyerId)
    const [kept] = await db.select().from(productFavorites).where(and(eq(productFavorites.organizationId, buyerId), eq(productFavorites.productId, productId)))
    if (!kept) {
      if (!(await offered(buyerId, productId))) abort(404, m.productNotOffered)
      await db.insert(productFavorites).values({ organizationId: buyerId, productId }).onConflictDoNothing()
    }
    return c.json({ message: m.favorited, favorito: true }, 200)
  })

  app.openapi(createRoute({ ...api.desfavoritarProduto, middleware: [requireAuth(db)] as const }), async (c) => {
    const { productId } = c.req.valid('param')
    const { organizacao_id: buyerId } = c.req.valid('query')
    await requireMembership(db, c.get('user').id, buyerId)
    const removed = await db
      .delete(productFavorites)
      .where(and(eq(productFavorites.organizationId, buyerId), eq(productFavorites.productId, productId)))
      .returning({ id: productFavorites.productId })
    if (!removed.length && !(await offered(buyerId, productId))) abort(404, m.productNotOffered)
    return c.json({ message: m.unfavorited, favorito: false }, 200)
  })
}
