import { productSearch } from '../../products/search.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, desc, eq, exists, not, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import * as api from '../../../../app/domain/conditions/products-contract.ts'
import { conditionProducts, products } from '../../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../../http.ts'
import { paginated } from '../../pagination.ts'
import { conditionForSeller } from '../access.ts'

const ORDER: Record<api.PickOrder, AnyPgColumn> = {
  nome: products.nome,
  marca: products.marca,
  categoria: products.categoria,
  preco: products.precoCentavos,
  ean: products.ean,
}

/**
 * restoreProdutos: the seller's catalogue to pick a condition's products from, each with
 * `na_condicao`. Only partnerType 'C' (the seller's catalogue) exists: an OL does not pick products,
 * it reads the condition's own (restoreCondicaoProdutos); the contract refuses any other with 422.
 */
export function registerConditionPick(app: Api, { db }: Deps) {
  app.openapi(createRoute({ ...api.restoreProdutos, middleware: [requireAuth(db)] as const }), async (c) => {
    const { conditionId, regPerPage, search, filter, filterType, orderingField, order } = c.req.valid('param')
    const { page } = c.req.valid('query')
    const condition = await conditionForSeller(db, c.get('user').id, conditionId)
    const inCondition = exists(
      db
        .select({ one: sql`1` })
        .from(conditionProducts)
        .where(and(eq(conditionProducts.conditionId, condition.id), eq(conditionProducts.productId, products.id))),
    )
    const where: (SQL | undefined)[] = [eq(products.organizationId, condition.organizationId)]
    where.push(productSearch(sql`${products.busca}`, search))
    if (filter === 'fora') where.push(not(inCondition))
    if (filter === 'dentro') where.push(inCondition)
    const narrow = filterType && filterType !== 'todos' ? /^(marca|categoria):(.+)$/.exec(filterType) : null
    if (narrow) where.push(eq(narrow[1] === 'marca' ? products.marca : products.categoria, narrow[2]))
    const by = order === 'desc' ? desc : asc
    const matching = and(...where)
    const [[{ total }], rows] = await Promise.all([
      db.select({ total: count() }).from(products).where(matching),
      db
        .select({ product: products, na_condicao: sql<boolean>`${inCondition}` })
        .from(products)
        .where(matching)
        .orderBy(by(ORDER[orderingField ?? 'nome']), by(products.id))
        .limit(regPerPage)
        .offset((page - 1) * regPerPage),
    ])
    const data = rows.map(({ product: p, na_condicao }) => ({
      id: p.id,
      ean: p.ean,
      codigo: p.codigo,
      nome: p.nome,
      marca: p.marca,
      categoria: p.categoria,
      unidade: p.unidade,
      preco_centavos: p.precoCentavos,
      ativo: p.ativo,
      na_condicao: Boolean(na_condicao),
    }))
    return c.json({ produtos: paginated(data, total, page, regPerPage) }, 200)
  })
}
