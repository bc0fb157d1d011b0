import { productSearch } from '../../products/search.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm'
import * as api from '../../../../app/domain/conditions/products-contract.ts'
import { parseDecimal } from '../../../../app/domain/pricing/decimal.ts'
import { linePrice } from '../../../../app/domain/pricing/line-price.ts'
import type { Db, Tx } from '../../../db/client.ts'
import { conditionProducts, products } from '../../../db/schema/index.ts'
import { fail, requireAuth, type Api, type Deps } from '../../http.ts'
import { mayAct } from '../../organizations/membership.ts'
import { paginated } from '../../pagination.ts'
import { conditionForReader } from '../access.ts'
import { conditionProductsMessages as m } from '../../../../app/domain/conditions/products-messages.ts'

export type LineFilters = { search?: string | null; filterType?: api.LineFilterType | null; filter?: string | null }

/** The line-side filter (ativo, imposto) of the filters, as SQL on condition_products; refuses a bad flag. */
function lineFilter(f: LineFilters): SQL | undefined {
  if (f.filterType !== 'ativo' && f.filterType !== 'imposto') return undefined
  const value = f.filter ?? null
  if (value === null) return undefined
  if (value !== '1' && value !== '0') fail('filter', m.filterFlagInvalid)
  return eq(f.filterType === 'ativo' ? conditionProducts.ativo : conditionProducts.imposto, value === '1')
}

/** The product-side filters (search, brand, category), or undefined when there are none. */
function productFilter(f: LineFilters): SQL | undefined {
  const where: SQL[] = []
  const search = productSearch(sql`${products.busca}`, f.search)
  if (search) where.push(search)
  if (f.filterType === 'marca' && f.filter) where.push(eq(products.marca, f.filter))
  if (f.filterType === 'categoria' && f.filter) where.push(eq(products.categoria, f.filter))
  return where.length ? and(...where) : undefined
}

export type LineRow = {
  line: { id: number; desconto: string; precoLiquidoCentavos: number | null; qtdMin: number; qtdMax: number | null; multiplo: number; imposto: boolean; ativo: boolean }
  product: {
    id: number
    ean: string | null
    codigo: string | null
    nome: string
    marca: string | null
    categoria: string | null
    unidade: string
    embalagem: number
    imagem: string | null
    precoCentavos: number
    ativo: boolean
  }
}

type RawLine = {
  line_id: number
  desconto: string | number
  preco_liquido_centavos: number | null
  qtd_min: number
  qtd_max: number | null
  multiplo: number
  imposto: boolean
  line_ativo: boolean
  id: number
  ean: string | null
  codigo: string | null
  nome: string
  marca: string | null
  categoria: string | null
  unidade: string
  embalagem: number
  imagem: string | null
  preco_centavos: number
  ativo: boolean
  total: number | string
}

/**
 * One page of lines (by product name, then id) with the total.
 *
 * With a search, brand or category, the seller's matching products are read first, alone, in a
 * MATERIALIZED CTE: the trigram index on (organization_id, busca) answers the search, then each
 * match finds its line by the (condition_id, product_id) unique index, and the matches are sorted.
 * Written as one join, the planner cannot know that a condition's lines are (nearly) all of its
 * seller's products: it estimated ~40 joined rows where there were 800, walked the seller's whole
 * name index to skip the sort, and went parallel — 3 to 4 times slower (bench/condition-products).
 * Without them, the page comes from the name index in order and the count is a separate scan.
 */
export async function linesPage(db: Db | Tx, sellerId: number, conditionId: number, f: LineFilters, page: number, perPage: number): Promise<{ rows: LineRow[]; total: number }> {
  const onLine = lineFilter(f)
  const onProduct = productFilter(f)
  if (onProduct) {
    const result = (await db.execute(sql`
      with m as materialized (
        select id, ean, codigo, nome, marca, categoria, unidade, embalagem, imagem, preco_centavos, ativo
        from ${products} where ${products.organizationId} = ${sellerId} and ${onProduct}
      )
      select ${conditionProducts.id} as line_id, ${conditionProducts.desconto}, ${conditionProducts.precoLiquidoCentavos}, ${conditionProducts.qtdMin},
             ${conditionProducts.qtdMax}, ${conditionProducts.multiplo}, ${conditionProducts.imposto}, ${conditionProducts.ativo} as line_ativo,
             m.*, count(*) over () as total
      from m join ${conditionProducts} on ${conditionProducts.conditionId} = ${conditionId} and ${conditionProducts.productId} = m.id
      ${onLine ? sql`where ${onLine}` : sql``}
      order by m.nome, m.id
      limit ${perPage} offset ${(page - 1) * perPage}`)) as unknown as { rows: RawLine[] }
    const rows = result.rows.map(fromRaw)
    const total = result.rows.length ? Number(result.rows[0].total) : page > 1 ? await countLines(db, sellerId, conditionId, onProduct, onLine) : 0
    return { rows, total }
  }
  const where = and(eq(conditionProducts.conditionId, conditionId), eq(products.organizationId, sellerId), onLine)
  const [total, rows] = await Promise.all([
    countLines(db, sellerId, conditionId, undefined, onLine),
    db
      .select(lineColumns)
      .from(conditionProducts)
      .innerJoin(products, eq(products.id, conditionProducts.productId))
      .where(where)
      .orderBy(asc(products.nome), asc(products.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ])
  return { rows, total }
}

function countLines(db: Db | Tx, sellerId: number, conditionId: number, onProduct: SQL | undefined, onLine: SQL | undefined) {
  return db
    .select({ total: count() })
    .from(conditionProducts)
    .innerJoin(products, eq(products.id, conditionProducts.productId))
    .where(and(eq(conditionProducts.conditionId, conditionId), eq(products.organizationId, sellerId), onProduct, onLine))
    .then(([row]) => row.total)
}

const fromRaw = (r: RawLine): LineRow => ({
  line: {
    id: r.line_id,
    desconto: typeof r.desconto === 'number' ? r.desconto.toFixed(4) : r.desconto,
    precoLiquidoCentavos: r.preco_liquido_centavos,
    qtdMin: r.qtd_min,
    qtdMax: r.qtd_max,
    multiplo: r.multiplo,
    imposto: r.imposto,
    ativo: r.line_ativo,
  },
  product: {
    id: r.id,
    ean: r.ean,
    codigo: r.codigo,
    nome: r.nome,
    marca: r.marca,
    categoria: r.categoria,
    unidade: r.unidade,
    embalagem: r.embalagem,
    imagem: r.imagem,
    precoCentavos: r.preco_centavos,
    ativo: r.ativo,
  },
})

const lineColumns = {
  line: {
    id: conditionProducts.id,
    desconto: conditionProducts.desconto,
    precoLiquidoCentavos: conditionProducts.precoLiquidoCentavos,
    qtdMin: conditionProducts.qtdMin,
    qtdMax: conditionProducts.qtdMax,
    multiplo: conditionProducts.multiplo,
    imposto: conditionProducts.imposto,
    ativo: conditionProducts.ativo,
  },
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

export function registerConditionLines(app: Api, { db }: Deps) {
  app.openapi(createRoute({ ...api.restoreCondicaoProdutos, middleware: [requireAuth(db)] as const }), async (c) => {
    const { organizationId, conditionId, regPerPage, filterType, filter, search } = c.req.valid('param')
    const { page } = c.req.valid('query')
    const userId = c.get('user').id
    const access = await conditionForReader(db, userId, conditionId, { asOrganization: organizationId })
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
