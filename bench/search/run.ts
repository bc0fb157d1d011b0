import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createApi } from '../../server/api/index.ts'
import { issueToken } from '../../server/api/http.ts'
import { likePattern } from '../../server/api/pagination.ts'
import { openDatabase } from '../../server/db/client.ts'
import { benchDatabase, benchDeps, DEFAULT_ADMIN_URL, ms, percentile } from '../shared/postgres.ts'
import { insertProducts } from '../shared/products.ts'

// The products list's search on a big catalogue: `npm run bench:search`. See bench/search/README.md.
// 1,000,000 products across 500 sellers in a fresh PostgreSQL database; the list call
// (GET api/condicoes/restoreCatalogo) through the real API handler in-process, against the same
// query with every index turned off (the ILIKE a table without the trigram index would run).

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    sellers: { type: 'string', default: '500' },
    requests: { type: 'string', default: '400' },
    unindexed: { type: 'string', default: '20' },
    'postgres-url': { type: 'string', default: DEFAULT_ADMIN_URL },
    keep: { type: 'boolean', default: false },
  },
})
const PRODUCTS = Number(args.products)
const SELLERS = Number(args.sellers)
const REQUESTS = Number(args.requests)
const UNINDEXED = Number(args.unindexed)

/** Terms a person types: accents left out, parts of words, a brand. */
const TERMS = ['sabao', 'dipirona 500', 'protetor solar', 'shampoo', 'granado', 'vitamina c', 'fralda', 'paracetamol']

async function main() {
  const bench = await benchDatabase(args['postgres-url'], 'search')
  const database = await openDatabase({ url: bench.url })
  const raw = new pg.Client({ connectionString: bench.url })
  await raw.connect()
  try {
    let t0 = performance.now()
    await raw.query(`insert into users (name, email, password_hash) values ('Bench', 'bench@bench.local', 'x')`)
    await raw.query(
      `insert into organizations (tipo, nome, cnpj, active) select 'f', 'Vendedor ' || i, lpad(i::text, 14, '0'), true from generate_series(1, $1) i`,
      [SELLERS],
    )
    await raw.query(`insert into memberships (user_id, organization_id, is_admin, active) select 1, id, true, true from organizations`)
    await insertProducts(raw, PRODUCTS, SELLERS)
    await raw.query('analyze products')
    console.log(`Dados: ${PRODUCTS.toLocaleString('pt-BR')} produtos em ${SELLERS} vendedores, gerados e indexados em ${((performance.now() - t0) / 1000).toFixed(1)} s`)

    const api = createApi(benchDeps(database.db, '/tmp/bench-search'))
    const token = await issueToken(database.db, 1, 'bench')
    const call = async (orgId: number, term: string) => {
      const res = await api.fetch(
        new Request(`http://bench.local/api/condicoes/restoreCatalogo/${orgId}?search=${encodeURIComponent(term)}&per_page=20`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        }),
        { clientIp: '127.0.0.1' },
      )
      if (res.status !== 200) throw new Error(`restoreCatalogo ${res.status}: ${await res.text()}`)
      return (await res.json()) as { total: number }
    }

    // Warm-up, and a check that the search finds what it should.
    const sample = await call(1, 'sabao')
    if (sample.total === 0) throw new Error('A busca por "sabao" não achou "Sabão em Pó".')
    for (let i = 0; i < 30; i++) await call(1 + (i % SELLERS), TERMS[i % TERMS.length])

    const indexed: number[] = []
    for (let i = 0; i < REQUESTS; i++) {
      const orgId = 1 + ((i * 97) % SELLERS)
      t0 = performance.now()
      await call(orgId, TERMS[i % TERMS.length])
      indexed.push(performance.now() - t0)
    }

    // The same count and page, with the planner forbidden every index: a sequential ILIKE over the table.
    const unindexed: number[] = []
    for (let i = 0; i < UNINDEXED; i++) {
      const orgId = 1 + ((i * 97) % SELLERS)
      const pattern = likePattern(TERMS[i % TERMS.length])
      await raw.query('begin')
      await raw.query('set local enable_indexscan = off; set local enable_bitmapscan = off; set local enable_indexonlyscan = off')
      t0 = performance.now()
      await raw.query(`select count(*) from products where organization_id = $1 and busca ilike f_unaccent(lower($2))`, [orgId, pattern])
      await raw.query(
        `select * from products where organization_id = $1 and busca ilike f_unaccent(lower($2)) order by f_unaccent(lower(nome)), id limit 20`,
        [orgId, pattern],
      )
      unindexed.push(performance.now() - t0)
      await raw.query('commit')
    }

    indexed.sort((a, b) => a - b)
    unindexed.sort((a, b) => a - b)
    const [i50, i95, u50, u95] = [percentile(indexed, 50), percentile(indexed, 95), percentile(unindexed, 50), percentile(unindexed, 95)]
    console.log(`\nBusca na lista de produtos (PostgreSQL ${(await raw.query('show server_version')).rows[0].server_version}), termos: ${TERMS.join(', ')}`)
    console.log(`  restoreCatalogo pela API (índice trigram)  ${REQUESTS} pedidos   p50 ${ms(i50)}   p95 ${ms(i95)}`)
    console.log(`  mesma consulta, ILIKE sem índice            ${UNINDEXED} consultas   p50 ${ms(u50)}   p95 ${ms(u95)}`)
    console.log(`  ganho: p50 ${(u50 / i50).toFixed(0)}×, p95 ${(u95 / i95).toFixed(0)}×   (meta: p95 ≤ 25 ms e ≥ 100×)`)
  } finally {
    await raw.end()
    await database.close()
    if (!args.keep) await bench.drop()
  }
}

await main()
