import { sql, type SQL } from 'drizzle-orm'
import type { Oferta } from '../../../app/domain/market/contract.ts'
import { nearestQuantity, quantityProblem, type QuantityLimits } from '../../../app/domain/checkout/quantity.ts'
import { parseDecimal } from '../../../app/domain/pricing/decimal.ts'
import { linePrice } from '../../../app/domain/pricing/line-price.ts'
import type { Db, Tx } from '../../db/client.ts'
import { productSearch, wordsInName } from '../products/search.ts'
import { offersOf, offerTable, type OfferRow } from './offers.ts'
import { arrayParam } from '../../db/array-param.ts'
import { perDatabase } from '../../db/per-database.ts'

/**
 * What the market reads (docs/decisions/026-market.md): the products a buyer may buy, one row per
 * product (a seller's catalogue row), each with its offers. Who may buy is offers.ts; a line is offered
 * when it is active, its product is active, and an 'L' table gives it a net price.
 *
 * Two steps. The page: the products of the offers' sellers that match the filters (the trigram index on
 * (organization_id, busca) answers a search) and have an offered line, by name. Then every offer of the
 * page's products, priced here with app/domain/pricing (never in SQL), so the best offer is the pricing
 * module's own answer to the centavo.
 */

export type MarketFilters = {
  search?: string | null
  verticalId?: number
  marca?: string
  categoria?: string
  favoritos?: boolean
}

type Exec = Db | Tx
const rowsOf = async <T>(db: Exec, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows

const ids = (list: readonly number[]) => sql.join(list.map((id) => sql`${id}::int`), sql`, `)

/** The product-side conditions on `p` (products) for the filters. */
function productWhere(buyerId: number, f: MarketFilters): SQL {
  const where: SQL[] = [sql`p.ativo`]
  const search = productSearch(sql`p.busca`, f.search)
  if (search) where.push(search)
  if (f.marca) where.push(sql`p.marca = ${f.marca}`)
  if (f.categoria) where.push(sql`p.categoria = ${f.categoria}`)
  if (f.favoritos) where.push(sql`exists (select 1 from product_favorites fav where fav.organization_id = ${buyerId}::int and fav.product_id = p.id)`)
  return sql.join(where, sql` and `)
}

/** A line of condition `cp` under condition `c` that can be sold. */
const sellableLine = sql`cp.ativo and (c.tipo_tabela = 'D' or cp.preco_liquido_centavos is not null)`

/**
 * The matching products that have a sellable line in one of the buyer's offers (CTE `m`: by default id, nome,
 * busca, organization_id), the offers read once by `openOffers`.
 *
 * `bs` gathers the offered conditions per seller; a product matches when its row's `ofertas` (the conditions
 * with a sellable line of it, kept by the database, decision 030) meets its seller's list: a check inside the
 * row the search reads anyway. The offers' sellers also narrow the trigram search (a second bitmap on
 * organization_id), so the rows read are the matches of the buyer's sellers, not of every seller. Cost: those
 * rows (README, "Market search").
 */
function matching(offers: readonly OfferRow[], buyerId: number, f: MarketFilters, columns = sql`p.id, p.nome, p.busca, p.organization_id`): SQL {
  const pairs = new Map(offers.map((o) => [`${o.sellerId} ${o.conditionId}`, o]))
  const sellerOf = [...pairs.values()].map((o) => o.sellerId)
  const conditionOf = [...pairs.values()].map((o) => o.conditionId)
  const sellers = [...new Set(sellerOf)]
  const vertical = f.verticalId ? sql` and p.organization_id in (select v.id from organizations v where v.vertical_id = ${f.verticalId}::int)` : sql``
  return sql`bs as materialized (
      select u.seller_id, array_agg(u.condition_id) as conds
      from unnest(${arrayParam(sellerOf, 'integer')}, ${arrayParam(conditionOf, 'integer')}) as u(seller_id, condition_id) group by u.seller_id
    ),
    m as materialized (
      select ${columns} from products p join bs on bs.seller_id = p.organization_id
      where p.organization_id = any(${arrayParam(sellers, 'integer')})${vertical} and ${productWhere(buyerId, f)} and p.ofertas && bs.conds
    )`
}

/**
 * The order of the matches: those whose name holds more of the searched words first (a match inside a code, an EAN
 * holding '500', comes after), then by `busca` (the name first, without accents or case), so 'Sabão' comes before
 * 'Sabonete' whatever the database's collation.
 */
function byRelevance(search: string | null | undefined) {
  const inName = wordsInName(sql`m.nome`, search)
  return inName ? sql`${inName} desc, m.busca, m.id` : sql`m.busca, m.id`
}

/** One page of matching product ids, and how many there are. */
export const pageQuery = (offers: readonly OfferRow[], buyerId: number, f: MarketFilters, page: number, perPage: number) =>
  sql`with ${matching(offers, buyerId, f)}
    select m.id, count(*) over () as total from m order by ${byRelevance(f.search)} limit ${perPage} offset ${(page - 1) * perPage}`

export async function marketPage(db: Exec, offers: readonly OfferRow[], buyerId: number, f: MarketFilters, page: number, perPage: number) {
  if (!offers.length) return { ids: [], total: 0 }
  const rows = await rowsOf<{ id: number; total: number | string }>(db, pageQuery(offers, buyerId, f, page, perPage))
  if (rows.length) return { ids: rows.map((r) => r.id), total: Number(rows[0].total) }
  if (page === 1) return { ids: [], total: 0 }
  const [count] = await rowsOf<{ total: number | string }>(db, sql`with ${matching(offers, buyerId, f)} select count(*) as total from m`)
  return { ids: [], total: Number(count.total) }
}

/** Up to `limit` matching products, by relevance and name, with their seller: the search box's suggestions. */
export async function suggestions(db: Exec, offers: readonly OfferRow[], buyerId: number, search: string, limit: number) {
  if (!offers.length) return []
  return rowsOf<{ id: number; nome: string; marca: string | null; vendedor: string }>(
    db,
    sql`with ${matching(offers, buyerId, { search })}
      select m.id, m.nome, p.marca, s.nome as vendedor from m join products p on p.id = m.id join organizations s on s.id = m.organization_id
      order by ${byRelevance(search)} limit ${limit}`,
  )
}

type FacetRow = { marca: string | null; categoria: string | null; vertical_id: number | null; vertical: string | null }

/** Facet reads under way, per database, by buyer and offers: the market page asks for its brands and its verticals at once. */
const facetsUnderWay = perDatabase(() => new Map<string, Promise<FacetRow[]>>())

/**
 * The brands and categories of what the buyer may buy, and the sellers' verticals with their categories: what
 * facets.ts recomputes a buyer's kept facets from. Each seller's brands and categories come straight from its
 * matching rows: joining every match back to its product and sorting them all took 350 ms for a buyer of 70,000
 * products, 160 ms now (README, "Market search"). Two calls for the same buyer and offers while one read is under
 * way share it (the market page makes both facet calls together); nothing is kept once it ends.
 */
export function marketFacets(db: Db, offers: readonly OfferRow[], buyerId: number): Promise<FacetRow[]> {
  if (!offers.length) return Promise.resolve([])
  const key = `${buyerId} ${offers.map((o) => `${o.sellerId}:${o.conditionId}`).sort().join(',')}`
  const underWay = facetsUnderWay(db).get(key)
  if (underWay) return underWay
  const read = rowsOf<FacetRow>(
    db,
    sql`with ${matching(offers, buyerId, {}, sql`distinct p.organization_id, p.marca, p.categoria`)}
      select distinct m.marca, m.categoria, v.id as vertical_id, v.nome as vertical
      from m join organizations s on s.id = m.organization_id left join verticals v on v.id = s.vertical_id`,
  ).finally(() => facetsUnderWay(db).delete(key))
  facetsUnderWay(db).set(key, read)
  return read
}

export type ProductRow = {
  id: number
  nome: string
  ean: string | null
  codigo: string | null
  marca: string | null
  categoria: string | null
  unidade: string
  embalagem: number
  imagem: string | null
  favorito: boolean
}

/** The products (in the order of `productIds`) with the buyer's favorite flag. */
export async function productsById(db: Exec, buyerId: number, productIds: readonly number[]): Promise<ProductRow[]> {
  if (!productIds.length) return []
  const rows = await rowsOf<ProductRow>(
    db,
    sql`select p.id, p.nome, p.ean, p.codigo, p.marca, p.categoria, p.unidade, p.embalagem, p.imagem,
        exists (select 1 from product_favorites fav where fav.organization_id = ${buyerId}::int and fav.product_id = p.id) as favorito
      from products p where p.id in (${ids(productIds)})`,
  )
  const byId = new Map(rows.map((r) => [r.id, r]))
  return productIds.map((id) => byId.get(id)).filter((r): r is ProductRow => r !== undefined)
}

/** An offered line of a product, as read; `price` gives its prices. */
export type OfferLine = {
  productId: number
  conditionId: number
  conditionName: string
  conditionPartnerId: number | null
  seller: { id: number; nome: string }
  ol: { id: number; nome: string } | null
  tipoTabela: 'D' | 'L'
  listCentavos: number
  desconto: string
  netCentavos: number | null
  descontoExtra: string | null
  limits: QuantityLimits
  minimoValorCentavos: number
  minimoQuantidade: number
  fim: string | null
}

type RawOffer = {
  product_id: number
  condition_id: number
  condition_partner_id: number | null
  seller_id: number
  ol_id: number | null
  condicao_nome: string
  tipo_tabela: 'D' | 'L'
  minimo_valor_centavos: number
  minimo_quantidade: number
  fim: string | null
  desconto: string
  preco_liquido_centavos: number | null
  qtd_min: number
  qtd_max: number | null
  multiplo: number
  desconto_extra: string | null
  vendedor_nome: string
  ol_nome: string | null
  preco_centavos: number
}

/**
 * Every offer open to the buyer of each of these products (active products only). `known`: the buyer's offers
 * when already read (`openOffers`); else only those of the conditions listing the products are worked out.
 */
export async function offersOfProducts(db: Exec, buyerId: number, productIds: readonly number[], known?: readonly OfferRow[]): Promise<Map<number, OfferLine[]>> {
  const byProduct = new Map<number, OfferLine[]>()
  if (!productIds.length || known?.length === 0) return byProduct
  const scope = sql`c.id in (select x.condition_id from condition_products x where x.product_id in (${ids(productIds)}) and x.ativo)`
  const rows = await rowsOf<RawOffer>(
    db,
    sql`with o as materialized ${known ? offerTable(known) : offersOf(buyerId, scope)}
      select cp.product_id, o.condition_id, o.condition_partner_id, o.seller_id, o.ol_id, c.nome as condicao_nome, c.tipo_tabela,
        c.minimo_valor_centavos, c.minimo_quantidade, to_char(c.fim, 'YYYY-MM-DD') as fim, cp.desconto::text as desconto, cp.preco_liquido_centavos,
        cp.qtd_min, cp.qtd_max, cp.multiplo, cpp.desconto_extra::text as desconto_extra, s.nome as vendedor_nome, olo.nome as ol_nome, p.preco_centavos
      from o join conditions c on c.id = o.condition_id
        join condition_products cp on cp.condition_id = o.condition_id and cp.product_id in (${ids(productIds)})
        join products p on p.id = cp.product_id and p.ativo
        join organizations s on s.id = o.seller_id
        left join condition_partners cpp on cpp.id = o.condition_partner_id
        left join organizations olo on olo.id = o.ol_id
      where ${sellableLine}`,
  )
  for (const r of rows) {
    const line: OfferLine = {
      productId: r.product_id,
      conditionId: r.condition_id,
      conditionName: r.condicao_nome,
      conditionPartnerId: r.condition_partner_id,
      seller: { id: r.seller_id, nome: r.vendedor_nome },
      ol: r.ol_id === null ? null : { id: r.ol_id, nome: r.ol_nome ?? '' },
      tipoTabela: r.tipo_tabela,
      listCentavos: r.preco_centavos,
      desconto: r.desconto,
      netCentavos: r.preco_liquido_centavos,
      descontoExtra: r.condition_partner_id === null ? null : r.desconto_extra,
      limits: { qtdMin: r.qtd_min, qtdMax: r.qtd_max, multiplo: r.multiplo },
      minimoValorCentavos: r.minimo_valor_centavos,
      minimoQuantidade: r.minimo_quantidade,
      fim: r.fim,
    }
    const list = byProduct.get(r.product_id)
    if (list) list.push(line)
    else byProduct.set(r.product_id, [line])
  }
  return byProduct
}

/** The line's price for a quantity: the table (discount over the list price, or the net price), then the OL's extra discount. */
export function priceOf(line: OfferLine, quantity: number) {
  const extraDiscounts = line.descontoExtra !== null ? [parseDecimal(line.descontoExtra)!] : []
  return line.tipoTabela === 'L'
    ? linePrice({ table: 'liquido', netCentavos: line.netCentavos!, quantity, extraDiscounts })
    : linePrice({ table: 'desconto', listCentavos: line.listCentavos, discountPercent: parseDecimal(line.desconto)!, quantity, extraDiscounts })
}

/** Ties on price: bought from the seller before through an OL, then the older condition, then the older OL row. */
function tieOrder(a: OfferLine, b: OfferLine) {
  const direct = Number(a.conditionPartnerId !== null) - Number(b.conditionPartnerId !== null)
  return direct || a.conditionId - b.conditionId || (a.conditionPartnerId ?? 0) - (b.conditionPartnerId ?? 0)
}

/** The offers by unit price, best first. */
export function byUnitPrice(offers: readonly OfferLine[]) {
  return offers
    .map((line) => ({ line, unit: priceOf(line, 1).unitCentavos }))
    .sort((a, b) => a.unit - b.unit || tieOrder(a.line, b.line))
    .map((x) => x.line)
}

/**
 * The best offer for a quantity: the lowest total among the offers whose limits accept it; when none
 * does, the best unit price, with its quantity problem and the nearest quantity it accepts.
 */
export function bestForQuantity(offers: readonly OfferLine[], quantity: number) {
  const accepting = offers
    .filter((line) => quantityProblem(quantity, line.limits) === null)
    .map((line) => ({ line, total: priceOf(line, quantity).totalCentavos }))
    .sort((a, b) => a.total - b.total || tieOrder(a.line, b.line))
  if (accepting.length) return { line: accepting[0].line, problem: null, suggested: null }
  const [first] = byUnitPrice(offers)
  if (!first) return null
  return { line: first, problem: quantityProblem(quantity, first.limits), suggested: nearestQuantity(quantity, first.limits) }
}

/** The answer's shape of an offer (its unit price included). */
export function offerAnswer(line: OfferLine): Oferta {
  const unit = priceOf(line, 1)
  return {
    condicao_id: line.conditionId,
    condicao_nome: line.conditionName,
    parceiro_id: line.conditionPartnerId,
    vendedor: line.seller,
    ol: line.ol,
    preco_lista_centavos: line.listCentavos,
    desconto: line.tipoTabela === 'D' ? line.desconto : null,
    desconto_extra: line.descontoExtra,
    preco_unitario_centavos: unit.unitCentavos,
    preco_unitario_centesimos: unit.unitHundredths,
    qtd_min: line.limits.qtdMin,
    qtd_max: line.limits.qtdMax,
    multiplo: line.limits.multiplo,
    minimo_valor_centavos: line.minimoValorCentavos,
    minimo_quantidade: line.minimoQuantidade,
    fim: line.fim,
  }
}

export const productAnswer = (p: ProductRow) => ({
  id: p.id,
  nome: p.nome,
  ean: p.ean,
  codigo: p.codigo,
  marca: p.marca,
  categoria: p.categoria,
  unidade: p.unidade,
  embalagem: p.embalagem,
  imagem: p.imagem,
  favorito: p.favorito,
})
