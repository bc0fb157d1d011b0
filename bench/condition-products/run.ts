import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createApi } from '../../server/api/index.ts'
import { issueToken } from '../../server/api/http.ts'
import { linesPage } from '../../server/api/conditions/products/lines.ts'
import { likePattern } from '../../server/api/pagination.ts'
import { loadConfig } from '../../server/config.ts'
import { openDatabase } from '../../server/db/client.ts'
import { createFileStore } from '../../server/files/file-store.ts'
import { createMailer } from '../../server/mail/mailer.ts'

// A condition's products list on big data: `npm run bench:condition-products`. See bench/condition-products/README.md.
// 1,000,000 condition lines over 200,000 products in a fresh PostgreSQL database; GET
// api/condicoes/restoreCondicaoProdutos through the real API in-process, with a search term and with a
// brand filter, against the same queries with every index turned off.

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '200000' },
    sellers: { type: 'string', default: '20' },
    conditions: { type: 'string', default: '5' },
    requests: { type: 'string', default: '300' },
    unindexed: { type: 'string', default: '20' },
    'postgres-url': { type: 'string', default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
  },
})
const PRODUCTS = Number(args.products)
const SELLERS = Number(args.sellers)
const PER_SELLER = Number(args.conditions)
const REQUESTS = Number(args.requests)
const UNINDEXED = Number(args.unindexed)

const TERMS = ['sabao', 'dipirona 500', 'protetor solar', 'shampoo', 'granado', 'vitamina c', 'fralda', 'paracetamol']
const BRANDS = ['Medley', 'EMS', 'Granado', 'Nivea', 'Pampers', 'Colgate', 'Dove', 'Cimed', 'Eurofarma', 'Neo Química']

const adminUrl = args['postgres-url']
const dbName = `bench_condition_products_${process.pid}`
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

/** The same WHERE as server/api/conditions/products/lines.ts, for the unindexed side and EXPLAIN. */
const LINES_FROM = `from condition_products cp join products p on p.id = cp.product_id where cp.condition_id = $1 and p.organization_id = $2`

async function main() {
  await admin(`create database ${dbName}`)
  const database = await openDatabase({ url: target.toString() })
  const raw = new pg.Client({ connectionString: target.toString() })
  await raw.connect()
  try {
    let t0 = performance.now()
    await raw.query(`insert into users (name, email, password_hash) values ('Bench', 'bench@bench.local', 'x')`)
    await raw.query(`insert into organizations (tipo, nome, cnpj, active) select 'f', 'Vendedor ' || i, lpad(i::text, 14, '0'), true from generate_series(1, $1) i`, [SELLERS])
    await raw.query(`insert into memberships (user_id, organization_id, is_admin, active) select 1, id, true, true from organizations`)
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
              '30049099', 100 + (i * 37) % 100000, 'UN', 1 + i % 24, i % 17 <> 0, i % 5 = 0
       from generate_series(1, $1) i`,
      [PRODUCTS, SELLERS],
    )
    await raw.query(`set maintenance_work_mem = '512MB'`)
    await raw.query(indexdef)
    // Each seller's conditions list every product of the seller (the lines of one condition stored together, as an import writes them).
    await raw.query(`insert into conditions (organization_id, nome, tipo_tabela) select o.id, 'Condição ' || c, 'D' from organizations o, generate_series(1, $1) c order by o.id, c`, [PER_SELLER])
    await raw.query(
      `insert into condition_products (condition_id, product_id, desconto, qtd_min, multiplo, ativo)
       select c.id, p.id, ((p.id * 7) % 3000) / 100.0, 1, 1, p.id % 13 <> 0
       from conditions c join products p on p.organization_id = c.organization_id order by c.id, p.id`,
    )
    await raw.query('analyze')
    const {
      rows: [{ lines }],
    } = await raw.query('select count(*)::int as lines from condition_products')
    console.log(`Dados: ${PRODUCTS.toLocaleString('pt-BR')} produtos, ${lines.toLocaleString('pt-BR')} linhas de condição (${SELLERS} vendedores × ${PER_SELLER} condições), em ${((performance.now() - t0) / 1000).toFixed(1)} s`)

    const { rows: conds } = await raw.query<{ id: number; organization_id: number }>('select id, organization_id from conditions order by id')
    const config = loadConfig({ DATA_DIR: '/tmp/bench-condition-products', APP_URL: 'http://localhost:3000', NODE_ENV: 'production' })
    const api = createApi({
      db: database.db,
      config,
      mailer: createMailer({ mailDir: config.mailDir, from: 'bench@pedidos.local' }),
      files: createFileStore({ uploadsDir: config.uploadsDir, publicBaseUrl: config.appUrl }),
    })
    const token = await issueToken(database.db, 1, 'bench')
    const call = async (i: number, kind: 'busca' | 'filtro') => {
      const c = conds[(i * 37) % conds.length]
      const tail = kind === 'busca' ? `todos/null/${encodeURIComponent(TERMS[i % TERMS.length])}` : `marca/${encodeURIComponent(BRANDS[i % BRANDS.length])}/null`
      const res = await api.fetch(
        new Request(`http://bench.local/api/condicoes/restoreCondicaoProdutos/${c.organization_id}/${c.id}/20/${tail}`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        }),
        { clientIp: '127.0.0.1' },
      )
      if (res.status !== 200) throw new Error(`restoreCondicaoProdutos ${res.status}: ${await res.text()}`)
      return ((await res.json()) as { produtos: { total: number } }).produtos.total
    }
    if ((await call(0, 'busca')) === 0) throw new Error('A busca por "sabao" não achou "Sabão em Pó".')
    for (let i = 0; i < 30; i++) await call(i, i % 2 ? 'busca' : 'filtro')

    const measure = async (kind: 'busca' | 'filtro') => {
      const times: number[] = []
      for (let i = 0; i < REQUESTS; i++) {
        t0 = performance.now()
        await call(i, kind)
        times.push(performance.now() - t0)
      }
      return times.sort((a, b) => a - b)
    }
    // The page and total alone (linesPage, what the handler runs after the access check), to tell the query from the call around it.
    const queryAlone = async (kind: 'busca' | 'filtro') => {
      const times: number[] = []
      for (let i = 0; i < REQUESTS; i++) {
        const c = conds[(i * 37) % conds.length]
        const filters = kind === 'busca' ? { search: TERMS[i % TERMS.length] } : { filterType: 'marca' as const, filter: BRANDS[i % BRANDS.length] }
        t0 = performance.now()
        await linesPage(database.db, c.organization_id, c.id, filters, 1, 20)
        times.push(performance.now() - t0)
      }
      return times.sort((a, b) => a - b)
    }
    const unindexed = async (kind: 'busca' | 'filtro') => {
      const times: number[] = []
      for (let i = 0; i < UNINDEXED; i++) {
        const c = conds[(i * 37) % conds.length]
        const [clause, value] = kind === 'busca' ? ['p.busca like f_unaccent(lower($3))', likePattern(TERMS[i % TERMS.length])] : ['p.marca = $3', BRANDS[i % BRANDS.length]]
        await raw.query('begin')
        await raw.query('set local enable_indexscan = off; set local enable_bitmapscan = off; set local enable_indexonlyscan = off')
        t0 = performance.now()
        await raw.query(`select count(*) ${LINES_FROM} and ${clause}`, [c.id, c.organization_id, value])
        await raw.query(`select cp.*, p.nome ${LINES_FROM} and ${clause} order by p.nome, p.id limit 20`, [c.id, c.organization_id, value])
        times.push(performance.now() - t0)
        await raw.query('commit')
      }
      return times.sort((a, b) => a - b)
    }
    const results = {
      busca: { api: await measure('busca'), query: await queryAlone('busca'), seq: await unindexed('busca') },
      filtro: { api: await measure('filtro'), query: await queryAlone('filtro'), seq: await unindexed('filtro') },
    }
    console.log(`\nrestoreCondicaoProdutos (PostgreSQL ${(await raw.query('show server_version')).rows[0].server_version}), 20 por página`)
    for (const [kind, label] of [
      ['busca', `busca (${TERMS.join(', ')})`],
      ['filtro', 'filtro marca'],
    ] as const) {
      const r = results[kind]
      const [a50, a95, s50, s95] = [percentile(r.api, 50), percentile(r.api, 95), percentile(r.seq, 50), percentile(r.seq, 95)]
      console.log(`  ${label}`)
      console.log(`    pela API (com índices)     ${REQUESTS} pedidos     p50 ${ms(a50)}   p95 ${ms(a95)}`)
      console.log(`    só a consulta (linesPage)  ${REQUESTS} consultas   p50 ${ms(percentile(r.query, 50))}   p95 ${ms(percentile(r.query, 95))}`)
      console.log(`    mesma consulta sem índice  ${UNINDEXED} consultas   p50 ${ms(s50)}   p95 ${ms(s95)}`)
      console.log(`    ganho: p50 ${(s50 / a50).toFixed(0)}×, p95 ${(s95 / a95).toFixed(0)}×   (meta: p95 ≤ 25 ms)`)
    }
    if (args.keep) console.log(`\nBanco mantido: ${dbName}`)
  } finally {
    await raw.end()
    await database.close()
    if (!args.keep) await admin(`drop database if exists ${dbName} with (force)`)
  }
}

await main()
