import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { arrayParam } from '../../db/array-param.ts'
import { trialEndSql } from '../plans/sql.ts'
import { marketFacets } from './catalog.ts'
import { openOffers, today } from './offers.ts'

/**
 * The market's facets (showMarcasCategorias, showVerticalCategorias) read from `buyer_market_facets`
 * (docs/decisions/047-market-facets.md): computing them reads every product the buyer may buy, five times the
 * search's own cost on a big market, and the market page asks for them on every view. The database marks an
 * organization's row stale in the transaction of any write that may change them (migration 0016); a read
 * recomputes a stale row, or one whose day or whose sellers' trial ended, with the market's own query.
 */

export type MarketFacets = {
  marcas: string[]
  categorias: string[]
  verticais: { id: number; nome: string; categorias: string[] }[]
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' })
const sorted = (values: Iterable<string | null>) => [...new Set([...values].filter((v): v is string => Boolean(v)))].sort(collator.compare)
const byName = (a: { nome: string }, b: { nome: string }) => collator.compare(a.nome, b.nome)

/** The facets as the buyer's open offers give them now, and the sellers of those offers. */
export async function computeFacets(db: Db, buyerId: number): Promise<{ facets: MarketFacets; sellers: number[] }> {
  const offers = await openOffers(db, buyerId)
  const rows = await marketFacets(db, offers, buyerId)
  const verticals = new Map<number, { id: number; nome: string; categorias: (string | null)[] }>()
  for (const r of rows) {
    if (r.vertical_id === null) continue
    const v = verticals.get(r.vertical_id) ?? { id: r.vertical_id, nome: r.vertical ?? '', categorias: [] }
    v.categorias.push(r.categoria)
    verticals.set(r.vertical_id, v)
  }
  return {
    facets: {
      marcas: sorted(rows.map((r) => r.marca)),
      categorias: sorted(rows.map((r) => r.categoria)),
      verticais: [...verticals.values()].map((v) => ({ ...v, categorias: sorted(v.categorias) })).sort(byName),
    },
    sellers: [...new Set(offers.map((o) => o.sellerId))],
  }
}

type KeptRow = {
  version: string
  fresh: boolean | null
  marcas: string[]
  categorias: string[]
  verticais: { id: number; categorias: string[] }[]
  nomes: Record<string, string> | null
  day_ends: string
}

/** The buyer's facets: the kept ones while fresh, else recomputed and kept unless a write marked them meanwhile. */
export async function buyerFacets(db: Db, buyerId: number): Promise<MarketFacets> {
  // The day's end is taken before the recompute reads anything: facets computed across midnight expire at once.
  const { rows } = (await db.execute(sql`
    select f.version::text as version, f.fresh_until > now() as fresh, f.marcas, f.categorias, f.verticais,
      (select jsonb_object_agg(v.id, v.nome) from verticals v where v.id in (select (e->>'id')::int from jsonb_array_elements(f.verticais) e)) as nomes,
      (((${today} + 1)::timestamp at time zone 'America/Sao_Paulo'))::text as day_ends
    from buyer_market_facets f where f.organization_id = ${buyerId}::int`)) as unknown as { rows: KeptRow[] }
  const [kept] = rows
  if (kept?.fresh) {
    const verticais = kept.verticais.map((v) => ({ id: v.id, nome: kept.nomes?.[v.id] ?? '', categorias: v.categorias }))
    return { marcas: kept.marcas, categorias: kept.categorias, verticais: verticais.sort(byName) }
  }
  const { facets, sellers } = await computeFacets(db, buyerId)
  if (kept) {
    // Kept only if the row still has the version read above and no writer holds it: a write that committed since,
    // or is still under way, marks it (migration 0016) and this result may predate it. Never waits for a writer.
    await db.execute(sql`
      update buyer_market_facets set
        marcas = ${arrayParam(facets.marcas, 'text')}, categorias = ${arrayParam(facets.categorias, 'text')},
        verticais = ${JSON.stringify(facets.verticais.map((v) => ({ id: v.id, categorias: v.categorias })))}::jsonb,
        fresh_until = least(${kept.day_ends}::timestamptz,
          (select min(${trialEndSql('s')}) from organizations s where s.id = any(${arrayParam(sellers, 'integer')}) and s.plano = 'B'))
      where organization_id = (
        select k.organization_id from buyer_market_facets k where k.organization_id = ${buyerId}::int and k.version = ${kept.version}::bigint
        for no key update skip locked)`)
  }
  return facets
}
