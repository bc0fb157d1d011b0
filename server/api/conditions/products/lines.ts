import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm'
import * as api from '../../../../app/domain/conditions/products-contract.ts'
import { parseDecimal } from '../../../../app/domain/pricing/decimal.ts'
import { linePrice } from '../../../../app/domain/pricing/line-price.ts'
import type { Db, Tx } from '../../../db/client.ts'
import { conditionProducts, conditions, products } from '../../../db/schema/index.ts'
import { fail, requireAuth, type Api, type Deps } from '../../http.ts'
import { mayAct } from '../../organizations/membership.ts'
import { likePattern, paginated } from '../../pagination.ts'
import { conditionForReader, conditionForSeller, type ConditionAccess } from '../access.ts'
import { conditionProductsMessages as m } from '../../../../app/domain/conditions/products-messages.ts'

export type LineFilters = { search?: string | null; filterType?: api.LineFilterType | null; filter?: string | null }

/**
 * The condition's lines matching the filters. The search runs on the product's generated `busca`
 * (f_unaccent(lower(…)) of name, brand, category, EAN and code) through the trigram index on
 * (organization_id, busca): the seller's id is named so the index answers it, then each match is
 * joined to the condition by the (condition_id, product_id) unique index. bench/condition-products.
 */
export function linesWhere(sellerId: number, conditionId: number, f: LineFilters) {
  const where: (SQL | undefined)[] = [eq(conditionProducts.conditionId, conditionId), eq(products.organizationId, sellerId)]
  const search = f.search?.trim()
  if (search) where.push(sql`${products.busca} like f_unaccent(lower(${likePattern(search)}))`)
  const value = f.filter ?? null
  switch (f.filterType ?? 'todos') {
    case 'marca':
      if (value) where.push(eq(products.marca, value))
      break
    case 'categoria':
      if (value) where.push(eq(products.categoria, value))
      break
    case 'ativo':
    case 'imposto': {
      if (value === null) break
      if (value !== '1' && value !== '0') fail('filter', m.filterFlagInvalid)
      where.push(eq(f.filterType === 'ativo' ? conditionProducts.ativo : conditionProducts.imposto, value === '1'))
      break
    }
  }
  return and(...where)
}

const lineColumns = {
  line: conditionProducts,
  product: {
    id: products.id,
    ean: products.ean,
    codigo: products.codigo,
    nome: products.nome,
    marca: products.marca,
    categoria: products.categoria,
    unidade: products.unidade,
    embalagem: products.embalagem,
    imagem: products.imagem,
    precoCentavos: products.precoCentavos,
    ativo: products.ativo,
  },
}

/** One page of lines (by product name, then id) with the total. */
export async function linesPage(db: Db | Tx, sellerId: number, conditionId: number, f: LineFilters, page: number, perPage: number) {
  const where = linesWhere(sellerId, conditionId, f)
  const query = (withTotal: boolean) =>
    db
      .select({ ...lineColumns, total: withTotal ? sql<number>`count(*) over ()`.mapWith(Number) : sql<number>`0`.mapWith(Number) })
      .from(conditionProducts)
      .innerJoin(products, eq(products.id, conditionProducts.productId))
      .where(where)
      .orderBy(asc(products.nome), asc(products.id))
      .limit(perPage)
      .offset((page - 1) * perPage)
  const countAll = () =>
    db
      .select({ total: count() })
      .from(conditionProducts)
      .innerJoin(products, eq(products.id, conditionProducts.productId))
      .where(where)
      .then(([row]) => row.total)
  if (f.search?.trim()) {
    // As the catalogue does: a search reads its matches once, the total taken before LIMIT.
    const rows = await query(true)
    const total = rows.length ? rows[0].total : page > 1 ? await countAll() : 0
    return { rows, total }
  }
  const [total, rows] = await Promise.all([countAll(), query(false)])
  return { rows, total }
}

export type LineRow = Awaited<ReturnType<typeof linesPage>>['rows'][number]

/**
 * The price of one unit of the line (app/domain/pricing/line-price.ts, rounded half up once): a 'D'
 * table takes the list price less the line's discount, an 'L' table the line's net price; an OL
 * reading the condition sees it less its extra discount. Null for an 'L' line without a net price.
 */
export function finalPrice(tipoTabela: string, line: { desconto: string; precoLiquidoCentavos: number | null }, listCentavos: number, extraDiscount: string | null) {
  const extraDiscounts = extraDiscount ? [parseDecimal(extraDiscount)!] : []
  if (tipoTabela === 'L') {
    if (line.precoLiquidoCentavos === null) return null
    return linePrice({ table: 'liquido', netCentavos: line.precoLiquidoCentavos, quantity: 1, extraDiscounts }).unitCentavos
  }
  return linePrice({ table: 'desconto', listCentavos, discountPercent: parseDecimal(line.desconto)!, quantity: 1, extraDiscounts }).unitCentavos
}

export const lineAnswer = (tipoTabela: string, extraDiscount: string | null) => (r: LineRow) => ({
  id: r.product.id,
  linha_id: r.line.id,
  ean: r.product.ean,
  codigo: r.product.codigo,
  nome: r.product.nome,
  marca: r.product.marca,
  categoria: r.product.categoria,
  unidade: r.product.unidade,
  embalagem: r.product.embalagem,
  imagem: r.product.imagem,
  preco_lista_centavos: r.product.precoCentavos,
  desconto: r.line.desconto,
  preco_liquido_centavos: r.line.precoLiquidoCentavos,
  qtd_min: r.line.qtdMin,
  qtd_max: r.line.qtdMax,
  multiplo: r.line.multiplo,
  imposto: r.line.imposto,
  ativo: r.line.ativo,
  produto_ativo: r.product.ativo,
  preco_final_centavos: finalPrice(tipoTabela, r.line, r.product.precoCentavos, extraDiscount),
})

/**
 * The condition as the caller's acting company reaches it: the seller itself (its members), or an
 * OL invited to it (then read with `olId`, so a person in both acts as the one named). Anyone else: 404.
 */
export async function accessAs(db: Db, userId: number, organizationId: number, conditionId: number): Promise<ConditionAccess> {
  const [row] = await db.select({ sellerId: conditions.organizationId }).from(conditions).where(eq(conditions.id, conditionId))
  if (row && row.sellerId === organizationId) {
    const condition = await conditionForSeller(db, userId, conditionId)
    return { as: 'seller', condition, organizationId }
  }
  return conditionForReader(db, userId, conditionId, { olId: organizationId })
}

export function registerConditionLines(app: Api, { db }: Deps) {
  app.openapi(createRoute({ ...api.restoreCondicaoProdutos, middleware: [requireAuth(db)] as const }), async (c) => {
    const { organizationId, conditionId, regPerPage, filterType, filter, search } = c.req.valid('param')
    const { page } = c.req.valid('query')
    const userId = c.get('user').id
    const access = await accessAs(db, userId, organizationId, conditionId)
    const { condition } = access
    const extra = access.as === 'ol' ? access.partner.descontoExtra : null
    const { rows, total } = await linesPage(db, condition.organizationId, condition.id, { search, filterType, filter }, page, regPerPage)
    return c.json(
      {
        produtos: paginated(rows.map(lineAnswer(condition.tipoTabela, extra)), total, page, regPerPage),
        tipo_tabela: condition.tipoTabela as 'D' | 'L',
        desconto_extra: extra,
        pode_alterar: access.as === 'seller' && (await mayAct(db, userId, condition.organizationId, 'condicoes')),
      },
      200,
    )
  })
}
