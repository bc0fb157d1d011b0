import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createApi } from '../../server/api/index.ts'
import { issueToken } from '../../server/api/http.ts'
import { likePattern } from '../../server/api/pagination.ts'
import { loadConfig } from '../../server/config.ts'
import { openDatabase } from '../../server/db/client.ts'
import { createFileStore } from '../../server/files/file-store.ts'
import { createMailer } from '../../server/mail/mailer.ts'

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
    'postgres-url': { type: 'string', default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
  },
})
const PRODUCTS = Number(args.products)
const SELLERS = Number(args.sellers)
const REQUESTS = Number(args.requests)
const UNINDEXED = Number(args.unindexed)

/** Terms a person types: accents left out, parts of words, a brand. */
const TERMS = ['sabao', 'dipirona 500', 'protetor solar', 'shampoo', 'granado', 'vitamina c', 'fralda', 'paracetamol']

const adminUrl = args['postgres-url']
const dbName = `bench_search_${process.pid}`
const target = new URL(adminUrl)
target.pathname = `/${dbName}`

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const ms = (n: number) => `${n.toFixed(2)} ms`

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function main() {
  await admin(`create database ${dbName}`)
  const database = await openDatabase({ url: target.toString() })
  const raw = new pg.Client({ connectionString: target.toString() })
  await raw.connect()
  try {
    let t0 = performance.now()
    await raw.query(`insert into users (name, email, password_hash) values ('Bench', 'bench@bench.local', 'x')`)
    await raw.query(
      `insert into organizations (tipo, nome, cnpj, active) select 'f', 'Vendedor ' || i, lpad(i::text, 14, '0'), true from generate_series(1, $1) i`,
      [SELLERS],
    )
    await raw.query(`insert into memberships (user_id, organization_id, is_admin, active) select 1, id, true, true from organizations`)
    // The trigram index is built once after the rows, as a bulk load would, not row by row.
    const {
      rows: [{ indexdef }],
    } = await raw.query(`select indexdef from pg_indexes where indexname = 'products_org_busca_trgm_idx'`)
    await raw.query('drop index products_org_busca_trgm_idx')
    await raw.query(
      `insert into products (organization_id, ean, codigo, nome, marca, categoria, ncm, preco_centavos, unidade, embalagem, ativo, imposto)
       select least($2, 1 + (i - 1) / ($1 / $2)),
              lpad(i::text, 13, '0'),
              'P' || i,
              (array['Dipirona Sódica', 'Paracetamol', 'Sabão em Pó', 'Sabonete Glicerinado', 'Protetor Solar', 'Shampoo Anticaspa',
                     'Creme Dental', 'Fralda Infantil', 'Vitamina C', 'Hidratante Corporal', 'Ibuprofeno', 'Água Oxigenada'])[1 + (i * 7) % 12]
                || ' ' || (array['500 mg', '1 g', '200 ml', '90 g', 'FPS 50', '350 ml', 'M', 'G', '30 comprimidos'])[1 + (i * 13) % 9]
                || ' ' || i,
              (array['Medley', 'EMS', 'Granado', 'Nivea', 'Pampers', 'Colgate', 'Dove', 'Cimed', 'Eurofarma', 'Neo Química'])[1 + (i * 11) % 10],
              (array['Analgésicos', 'Higiene Pessoal', 'Dermocosméticos', 'Bebês', 'Vitaminas', 'Primeiros Socorros'])[1 + (i * 5) % 6],
              '30049099', (i * 37) % 100000, 'UN', 1 + i % 24, i % 17 <> 0, i % 5 = 0
       -- A seller's products lie together, as its import writes them; within a seller, every name, brand and category.
       from generate_series(1, $1) i`,
      [PRODUCTS, SELLERS],
    )
    await raw.query(`set maintenance_work_mem = '512MB'`)
    await raw.query(indexdef)
    await raw.query('analyze products')
    console.log(`Dados: ${PRODUCTS.toLocaleString('pt-BR')} produtos em ${SELLERS} vendedores, gerados e indexados em ${((performance.now() - t0) / 1000).toFixed(1)} s`)

    const config = loadConfig({ DATA_DIR: '/tmp/bench-search', APP_URL: 'http://localhost:3000', NODE_ENV: 'production' })
    const api = createApi({
      db: database.db,
      config,
      mailer: createMailer({ mailDir: config.mailDir, from: 'bench@pedidos.local' }),
      files: createFileStore({ uploadsDir: config.uploadsDir, publicBaseUrl: config.appUrl }),
    })
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
    if (!args.keep) await admin(`drop database if exists ${dbName} with (force)`)
  }
}

await main()
