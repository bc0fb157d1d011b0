import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createApi } from '../../server/api/index.ts'
import { issueToken } from '../../server/api/http.ts'
import { linesPage } from '../../server/api/conditions/products/lines.ts'
import { likePattern } from '../../server/api/pagination.ts'
import { openDatabase } from '../../server/db/client.ts'
import { benchDatabase, benchDeps, DEFAULT_ADMIN_URL, ms, percentile } from '../shared/postgres.ts'
import { insertProducts } from '../shared/products.ts'

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
    'postgres-url': { type: 'string', default: DEFAULT_ADMIN_URL },
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

/** The same WHERE as server/api/conditions/products/lines.ts, for the unindexed side and EXPLAIN. */
const LINES_FROM = `from condition_products cp join products p on p.id = cp.product_id where cp.condition_id = $1 and p.organization_id = $2`

async function main() {
  const bench = await benchDatabase(args['postgres-url'], 'condition_products')
  const database = await openDatabase({ url: bench.url })
  const raw = new pg.Client({ connectionString: bench.url })
  await raw.connect()
  try {
    let t0 = performance.now()
    await raw.query(`insert into users (name, email, password_hash) values ('Bench', 'bench@bench.local', 'x')`)
    await raw.query(`insert into organizations (tipo, nome, cnpj, active) select 'f', 'Vendedor ' || i, lpad(i::text, 14, '0'), true from generate_series(1, $1) i`, [SELLERS])
    await raw.query(`insert into memberships (user_id, organization_id, is_admin, active) select 1, id, true, true from organizations`)
    await insertProducts(raw, PRODUCTS, SELLERS)
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
    const api = createApi(benchDeps(database.db, '/tmp/bench-condition-products'))
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
    if (args.keep) console.log(`\nBanco mantido: ${bench.name}`)
  } finally {
    await raw.end()
    await database.close()
    if (!args.keep) await bench.drop()
  }
}

await main()
