import { productSearch } from './search.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import * as catalogApi from '../../../app/domain/catalog/contract.ts'
import type { Db, Tx } from '../../db/client.ts'
import { products } from '../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'
import { requireReader } from '../organizations/area-readers.ts'
import { holdsPermission } from '../organizations/membership.ts'
import { paginated } from '../pagination.ts'
import { productAnswer } from './shared.ts'

/** The columns the list may be ordered by, and nothing else reaches ORDER BY. */
/** Text is ordered as people read it, accents and case aside ('Água' among the A's), on PostgreSQL and PGlite alike. */
const readable = (column: AnyPgColumn) => sql`f_unaccent(lower(${column}))`

const ORDER: Record<catalogApi.OrderColumn, AnyPgColumn | SQL> = {
  nome: readable(products.nome),
  marca: readable(products.marca),
  categoria: readable(products.categoria),
  ean: products.ean,
  codigo: readable(products.codigo),
  ncm: products.ncm,
  preco: products.precoCentavos,
  unidade: products.unidade,
  embalagem: products.embalagem,
  ativo: products.ativo,
  imposto: products.imposto,
  created_at: products.createdAt,
}

export type CatalogFilters = {
  search?: string
  marca?: string
  categoria?: string
  ativo?: '0' | '1'
  /** One product by id: the edit link of a product that is not on the list's page. */
  id?: number
}

/**
 * The seller's products matching the filters; the search by words (productSearch), answered by the GIN trigram
 * index on (organization_id, busca) (decision 015).
 */
export function catalogWhere(organizationId: number, f: CatalogFilters) {
  const conditions: (SQL | undefined)[] = [eq(products.organizationId, organizationId)]
  conditions.push(productSearch(sql`${products.busca}`, f.search))
  if (f.marca) conditions.push(eq(products.marca, f.marca))
  if (f.categoria) conditions.push(eq(products.categoria, f.categoria))
  if (f.ativo) conditions.push(eq(products.ativo, f.ativo === '1'))
  if (f.id) conditions.push(eq(products.id, f.id))
  return and(...conditions)
}

export type CatalogQuery = CatalogFilters & { page: number; perPage: number; ordem: catalogApi.OrderColumn; direcao: 'asc' | 'desc' }

/** One page of the list, with the total (Laravel's paginator). */
export async function catalogPage(db: Db | Tx, organizationId: number, q: CatalogQuery) {
  const where = catalogWhere(organizationId, q)
  const by = q.direcao === 'desc' ? desc : asc
  const page = (total?: SQL<number>) =>
    db
      .select({ product: products, ...(total ? { total } : {}) })
      .from(products)
      .where(where)
      .orderBy(by(ORDER[q.ordem]), by(products.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
  const countAll = () => db.select({ total: count() }).from(products).where(where).then(([row]) => row.total)
  if (q.search?.trim()) {
    // A search reads its matches through the trigram index once: the total comes with the page
    // (a window count is taken before LIMIT), instead of a second index scan for count(*).
    const rows = await page(sql<number>`count(*) over ()`.mapWith(Number))
    const total = rows.length ? (rows[0].total ?? 0) : q.page > 1 ? await countAll() : 0
    return paginated(rows.map((r) => productAnswer(r.product)), total, q.page, q.perPage)
  }
  // Without a search the page can come straight from an index in order; the count is a separate, cheap scan.
  const [total, rows] = await Promise.all([countAll(), page()])
  return paginated(rows.map((r) => productAnswer(r.product)), total, q.page, q.perPage)
}

export function registerProductList(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...catalogApi.restoreCatalogo, middleware: [auth] as const }), async (c) => {
    const { orgId } = c.req.valid('param')
    const query = c.req.valid('query')
    const { membership } = await requireReader(db, c.get('user').id, orgId, 'produtos')
    const page = await catalogPage(db, orgId, {
      search: query.search,
      marca: query.marca || undefined,
      categoria: query.categoria || undefined,
      ativo: query.ativo,
      id: query.id,
      page: query.page ?? 1,
      perPage: query.per_page ?? catalogApi.DEFAULT_PER_PAGE,
      ordem: query.ordem ?? 'nome',
      direcao: query.direcao ?? 'asc',
    })
    return c.json({ ...page, pode_alterar: await holdsPermission(db, membership, 'produtos') }, 200)
  })

  app.openapi(createRoute({ ...catalogApi.catalogoFiltros, middleware: [auth] as const }), async (c) => {
    const { orgId } = c.req.valid('param')
    await requireReader(db, c.get('user').id, orgId, 'produtos')
    const distinct = (column: typeof products.marca | typeof products.categoria) =>
      db
        .selectDistinct({ value: column })
        .from(products)
        .where(and(eq(products.organizationId, orgId), isNotNull(column)))
        .orderBy(asc(column))
        .then((rows) => rows.map((r) => r.value as string))
    const [marcas, categorias] = await Promise.all([distinct(products.marca), distinct(products.categoria)])
    return c.json({ marcas, categorias }, 200)
  })
}
