import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { createApi } from '../../server/api/index.ts'
import { issueToken } from '../../server/api/http.ts'
import { marketPage, offersOfProducts } from '../../server/api/market/catalog.ts'
import { searchWords } from '../../server/api/products/search.ts'
import { offersOf, openOffers } from '../../server/api/market/offers.ts'
import { likePattern } from '../../server/api/pagination.ts'
import { openDatabase } from '../../server/db/client.ts'
import { benchDatabase, benchDeps, DEFAULT_ADMIN_URL, ms, percentile } from '../shared/postgres.ts'
import { insertProducts } from '../shared/products.ts'

// The market's search on big data: `npm run bench:market`. See bench/market/README.md.
// 1,000,000 condition lines (100 sellers × 5 conditions × 2,000 products) in a fresh PostgreSQL database;
// one buyer listed in every condition of 40 sellers (and through an OL in a third of them); GET
// api/checkout/restoreProdutosCondicoes_v2 with a search term through the real API in-process, beside
// the same page query with every index turned off.

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '200000' },
    sellers: { type: 'string', default: '100' },
    conditions: { type: 'string', default: '5' },
    reach: { type: 'string', default: '40' },
    requests: { type: 'string', default: '300' },
    unindexed: { type: 'string', default: '10' },
    'postgres-url': { type: 'string', default: DEFAULT_ADMIN_URL },
    keep: { type: 'boolean', default: false },
  },
})
const PRODUCTS = Number(args.products)
const SELLERS = Number(args.sellers)
const PER_SELLER = Number(args.conditions)
const REACH = Number(args.reach)
const REQUESTS = Number(args.requests)
const UNINDEXED = Number(args.unindexed)
/** Market page views whose two facet calls are timed together. */
const FACETS = 30
/** Facet reads timed after a write that changed what the buyer may buy (recomputed, decision 047). */
const RECOMPUTES = 10

const TERMS = ['sabao', 'dipirona 500', 'protetor solar', 'shampoo', 'granado', 'vitamina c', 'fralda', 'paracetamol']

async function main() {
  const bench = await benchDatabase(args['postgres-url'], 'market')
  const database = await openDatabase({ url: bench.url })
  const raw = new pg.Client({ connectionString: bench.url })
  await raw.connect()
  try {
    let t0 = performance.now()
    await raw.query(`insert into users (name, email, password_hash) values ('Bench', 'bench@bench.local', 'x')`)
    // Sellers 1..S (paid plan), then the buyer, then five OLs.
    await raw.query(`insert into organizations (id, tipo, nome, cnpj, active, plano) select i, 'f', 'Vendedor ' || i, lpad(i::text, 14, '0'), true, 'P' from generate_series(1, $1) i`, [SELLERS])
    const buyerId = SELLERS + 1
    await raw.query(`insert into organizations (id, tipo, nome, cnpj, active) values ($1::int, 'v', 'Farmácia Compradora', lpad($1::int::text, 14, '0'), true)`, [buyerId])
    await raw.query(`insert into organizations (id, tipo, nome, cnpj, active, plano) select i, 'f', 'OL ' || i, lpad(i::text, 14, '0'), true, 'P' from generate_series($1::int + 1, $1::int + 5) i`, [buyerId])
    await raw.query(`select setval('organizations_id_seq', $1)`, [buyerId + 5])
    await raw.query(`insert into memberships (user_id, organization_id, is_admin, active) values (1, $1, true, true)`, [buyerId])
    await insertProducts(raw, PRODUCTS, SELLERS)
    await raw.query(`insert into conditions (organization_id, nome, tipo_tabela) select o.id, 'Condição ' || c, 'D' from organizations o, generate_series(1, $1) c where o.id <= $2 order by o.id, c`, [PER_SELLER, SELLERS])
    await raw.query(
      `insert into condition_products (condition_id, product_id, desconto, qtd_min, multiplo, ativo)
       select c.id, p.id, ((p.id * 7 + c.id) % 3000) / 100.0, 1, 1, p.id % 13 <> 0
       from conditions c join products p on p.organization_id = c.organization_id order by c.id, p.id`,
    )
    // Every seller has 20 other customers listed in all its conditions; the first REACH sellers also the buyer.
    await raw.query(`insert into customers (seller_id, cnpj, nome) select s, lpad((s * 100 + k)::text, 14, '9'), 'Cliente ' || k from generate_series(1, $1) s, generate_series(1, 20) k`, [SELLERS])
    await raw.query(`insert into customers (seller_id, cnpj, nome, customer_org_id) select s, lpad($2::int::text, 14, '0'), 'Farmácia Compradora', $2::int from generate_series(1, $1) s`, [REACH, buyerId])
    await raw.query(`insert into condition_buyers (condition_id, customer_id) select c.id, cu.id from conditions c join customers cu on cu.seller_id = c.organization_id`)
    // A third of the conditions are also served by an OL (2% extra) whose list is the seller's customers.
    await raw.query(
      `insert into condition_partners (condition_id, partner_id, desconto_extra, status) select c.id, $1 + 1 + c.id % 5, 2, 'aceito' from conditions c where c.id % 3 = 0`,
      [buyerId],
    )
    await raw.query(
      `insert into condition_buyers (condition_id, condition_partner_id, customer_id)
       select cp.condition_id, cp.id, cu.id from condition_partners cp join conditions c on c.id = cp.condition_id join customers cu on cu.seller_id = c.organization_id`,
    )
    // Inserting the lines rewrote every product row (products.ofertas, decision 030): vacuumed as autovacuum
    // would in time, so the search reads the table as a database in use has it.
    await raw.query('vacuum analyze')
    const {
      rows: [{ lines }],
    } = await raw.query('select count(*)::int as lines from condition_products')
    const {
      rows: [{ offers }],
    } = await raw.query(
      `select count(*)::int as offers from condition_products cp join conditions c on c.id = cp.condition_id where c.organization_id <= $1`,
      [REACH],
    )
    console.log(
      `Dados: ${PRODUCTS.toLocaleString('pt-BR')} produtos, ${lines.toLocaleString('pt-BR')} linhas de condição (${SELLERS} vendedores × ${PER_SELLER} condições); ` +
        `o comprador está em ${REACH * PER_SELLER} condições (${offers.toLocaleString('pt-BR')} linhas), em ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    )

    const api = createApi(benchDeps(database.db, '/tmp/bench-market'))
    const token = await issueToken(database.db, 1, 'bench')
    const call = async (i: number) => {
      const res = await api.fetch(
        new Request(`http://bench.local/api/checkout/restoreProdutosCondicoes_v2/${buyerId}/20/todos/null/${encodeURIComponent(TERMS[i % TERMS.length])}?page=${1 + (i % 3)}`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        }),
        { clientIp: '127.0.0.1' },
      )
      if (res.status !== 200) throw new Error(`restoreProdutosCondicoes_v2 ${res.status}: ${await res.text()}`)
      return ((await res.json()) as { produtos: { total: number } }).produtos
    }
    const first = await call(0)
    if (first.total === 0) throw new Error('A busca por "sabao" não achou "Sabão em Pó".')
    const totals = await Promise.all(TERMS.map((_, i) => call(i).then((p) => p.total)))
    console.log(`Produtos achados por termo: ${TERMS.map((term, i) => `${term} ${totals[i]}`).join(', ')}`)
    for (let i = 0; i < 30; i++) await call(i)

    const timed = async (n: number, run: (i: number) => Promise<unknown>) => {
      const times: number[] = []
      for (let i = 0; i < n; i++) {
        t0 = performance.now()
        await run(i)
        times.push(performance.now() - t0)
      }
      return times.sort((a, b) => a - b)
    }
    // The market page asks for its list, its brands and its verticals at once, as app/routes/market.tsx does.
    const facet = async (name: string) => {
      const res = await api.fetch(new Request(`http://bench.local/api/checkout/${name}/${buyerId}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }), { clientIp: '127.0.0.1' })
      if (res.status !== 200) throw new Error(`${name} ${res.status}: ${await res.text()}`)
      await res.json()
    }
    const facets = () => Promise.all([facet('showMarcasCategorias'), facet('showVerticalCategorias')])
    await facets()
    // The search alone and the whole view, one after the other with the same terms and pages, so both meet the
    // same database and machine state.
    const apiTimes: number[] = []
    const viewTimes: number[] = []
    for (let i = 0; i < REQUESTS; i++) {
      apiTimes.push(...(await timed(1, () => call(i))))
      viewTimes.push(...(await timed(1, () => Promise.all([call(i), facets()]))))
    }
    apiTimes.sort((a, b) => a - b)
    viewTimes.sort((a, b) => a - b)
    const facetTimes = await timed(FACETS, facets)
    // After a write that may change what the buyer may buy (a condition hidden and shown again), the next read
    // recomputes the facets from the offers.
    const recomputeTimes: number[] = []
    for (let i = 0; i < RECOMPUTES; i++) {
      await raw.query('update conditions set visivel = not visivel where id = (select min(id) from conditions)')
      await raw.query('update conditions set visivel = not visivel where id = (select min(id) from conditions)')
      recomputeTimes.push(...(await timed(1, facets)))
    }
    recomputeTimes.sort((a, b) => a - b)
    // What the handler runs after the membership check: the page with its total, then the page's offers.
    const queryTimes = await timed(REQUESTS, async (i) => {
      const open = await openOffers(database.db, buyerId)
      const { ids } = await marketPage(database.db, open, buyerId, { search: TERMS[i % TERMS.length] }, 1 + (i % 3), 20)
      await offersOfProducts(database.db, buyerId, ids, open)
    })
    // The same page and total as a plain join of the lines with every index off: what the search costs
    // without the trigram index and without products.ofertas (decision 030).
    const seqTimes = await timed(UNINDEXED, (i) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_indexscan = off`)
        await tx.execute(sql`set local enable_bitmapscan = off`)
        await tx.execute(sql`set local enable_indexonlyscan = off`)
        const words = searchWords(TERMS[i % TERMS.length]).map((w) => sql`p.busca like f_unaccent(lower(${likePattern(w)}))`)
        await tx.execute(sql`with o as materialized ${offersOf(buyerId)}
          select p.id, count(*) over () as total from products p
          where p.ativo and ${sql.join(words, sql` and `)}
            and p.id in (select cp.product_id from condition_products cp join o on o.condition_id = cp.condition_id where cp.ativo)
          order by p.busca, p.id limit 20 offset ${(i % 3) * 20}`)
      }),
    )
    const [a50, a95, s50, s95] = [percentile(apiTimes, 50), percentile(apiTimes, 95), percentile(seqTimes, 50), percentile(seqTimes, 95)]
    const [v50, v95] = [percentile(viewTimes, 50), percentile(viewTimes, 95)]
    console.log(`\nrestoreProdutosCondicoes_v2 (PostgreSQL ${(await raw.query('show server_version')).rows[0].server_version}), 20 por página, busca (${TERMS.join(', ')})`)
    console.log(`  pela API (com índices)            ${REQUESTS} pedidos     p50 ${ms(a50)}   p95 ${ms(a95)}`)
    console.log(`  só as consultas (página + ofertas) ${REQUESTS} vezes      p50 ${ms(percentile(queryTimes, 50))}   p95 ${ms(percentile(queryTimes, 95))}`)
    console.log(`  a mesma página, junção sem índice ${UNINDEXED} consultas   p50 ${ms(s50)}   p95 ${ms(s95)}`)
    console.log(`  ganho: p50 ${(s50 / a50).toFixed(0)}×, p95 ${(s95 / a95).toFixed(0)}×   (meta: p95 ≤ 25 ms)`)
    console.log(`\nPágina /market: a busca e as facetas (showMarcasCategorias + showVerticalCategorias), como a página as pede`)
    console.log(`  só a busca                        ${REQUESTS} vezes      p50 ${ms(a50)}   p95 ${ms(a95)}`)
    console.log(`  busca + facetas juntas            ${REQUESTS} vezes      p50 ${ms(v50)}   p95 ${ms(v95)}`)
    console.log(`  razão página / busca              p50 ${(v50 / a50).toFixed(2)}×   p95 ${(v95 / a95).toFixed(2)}×   (meta: ≤ 1,5×)`)
    console.log(`  só as facetas, guardadas          ${FACETS} vezes       p50 ${ms(percentile(facetTimes, 50))}   p95 ${ms(percentile(facetTimes, 95))}`)
    console.log(`  só as facetas, recalculadas após uma escrita ${RECOMPUTES} vezes   p50 ${ms(percentile(recomputeTimes, 50))}   p95 ${ms(percentile(recomputeTimes, 95))}`)
    if (args.keep) console.log(`\nBanco mantido: ${bench.name}`)
  } finally {
    await raw.end()
    await database.close()
    if (!args.keep) await bench.drop()
  }
}

await main()
