import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createApi } from '../../server/api/index.ts'
import { issueToken } from '../../server/api/http.ts'
import { openDatabase } from '../../server/db/client.ts'
import { benchDatabase, benchDeps, DEFAULT_ADMIN_URL, ms, percentile } from '../shared/postgres.ts'

// Sending orders under load: `npm run bench:orders`. See bench/orders/README.md.
// One seller, one condition listing every buyer; one client per buyer fills a cart, chooses its payment term
// and sends it (enviaPedido) in a loop, retrying about 1 send in 10 with the same key; then every key is
// checked against the orders in the database: none lost, none duplicated.

const { values: args } = parseArgs({
  options: {
    buyers: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    products: { type: 'string', default: '40' },
    'postgres-url': { type: 'string', default: DEFAULT_ADMIN_URL },
    keep: { type: 'boolean', default: false },
  },
})
const BUYERS = Number(args.buyers)
const SECONDS = Number(args.seconds)
const PRODUCTS = Number(args.products)
/** Share of sends sent again with the same key, half at once with the first, half after its answer. */
const RETRY_SHARE = 0.1

const int = (n: number) => n.toLocaleString('pt-BR')

/** A small seeded generator: each client's carts and retries are the same from run to run. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Answer = { status: number; body: unknown }
type Cart = { id: number; tem_pagamentos: boolean; pagamento: { id: number } | null }
type KeyRecord = { buyerId: number; ok: boolean; orderIds: Set<number> }

async function main() {
  const bench = await benchDatabase(args['postgres-url'], 'orders')
  // The product's pool (10 connections): 200 clients share it as they would share one app node.
  const database = await openDatabase({ url: bench.url })
  const raw = new pg.Client({ connectionString: bench.url })
  await raw.connect()
  try {
    const t0 = performance.now()
    await raw.query(`insert into users (name, email, password_hash) select 'Usuário ' || i, 'u' || i || '@bench.local', 'x' from generate_series(0, $1) i`, [BUYERS])
    const {
      rows: [seller],
    } = await raw.query<{ id: number }>(`insert into organizations (tipo, nome, cnpj, active, plano, tokenbase) values ('f', 'Distribuidora Bench', '99999999000199', true, 'P', 'TK-BENCH') returning id`)
    await raw.query(`insert into organizations (tipo, nome, cnpj, active) select 'v', 'Farmácia ' || i, lpad(i::text, 14, '0'), true from generate_series(1, $1) i`, [BUYERS])
    // users 1 = the seller's member; user i + 1 = the member of buyer i (organizations are numbered the same way).
    await raw.query(
      `insert into memberships (user_id, organization_id, is_admin, active)
       select u.id, o.id, true, true from users u join organizations o on o.cnpj = case when u.id = 1 then '99999999000199' else lpad((u.id - 1)::text, 14, '0') end`,
    )
    await raw.query(`insert into customers (seller_id, customer_org_id, cnpj, nome) select $1, id, cnpj, nome from organizations where tipo = 'v'`, [seller.id])
    const {
      rows: [condition],
    } = await raw.query<{ id: number }>(`insert into conditions (organization_id, nome) values ($1, 'Tabela Bench') returning id`, [seller.id])
    await raw.query(
      `insert into products (organization_id, codigo, nome, marca, categoria, preco_centavos)
       select $1, 'P' || i, 'Produto ' || i, (array['Sol', 'Lua', 'Mar', 'Céu'])[1 + i % 4], 'Bench', 150 + (i * 379) % 9000 from generate_series(1, $2) i`,
      [seller.id, PRODUCTS],
    )
    await raw.query(`insert into condition_products (condition_id, product_id, desconto) select $1, id, (id % 15)::numeric from products`, [condition.id])
    await raw.query(`insert into condition_buyers (condition_id, customer_id) select $1, id from customers`, [condition.id])
    const { rows: terms } = await raw.query<{ id: number; nome: string }>(
      `insert into condition_payment_terms (condition_id, nome, prazo_dias, formula) values
         ($1, 'Boleto 28 dias', 28, null), ($1, 'Tokenbase 7 dias', 7, 'desconto / 2'), ($1, 'À vista', 0, null)
       returning id, nome`,
      [condition.id],
    )
    await raw.query('analyze')
    const { rows: productRows } = await raw.query<{ id: number }>('select id from products order by id')
    const { rows: buyerRows } = await raw.query<{ id: number; user_id: number }>(
      `select o.id, m.user_id from organizations o join memberships m on m.organization_id = o.id where o.tipo = 'v' order by o.id`,
    )
    const clients: { buyerId: number; token: string; termId: number }[] = []
    for (const [i, b] of buyerRows.entries()) clients.push({ buyerId: b.id, token: await issueToken(database.db, b.user_id, 'bench'), termId: terms[i % terms.length].id })
    console.log(
      `Dados: 1 vendedor, 1 condição com ${int(PRODUCTS)} produtos e ${terms.length} formas de pagamento (uma com fórmula tokenbase), ${int(BUYERS)} compradores com um membro e um token cada, em ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    )

    const api = createApi(benchDeps(database.db, '/tmp/bench-orders'))
    const post = async (token: string, path: string, body: unknown): Promise<Answer> => {
      const res = await api.fetch(
        new Request(`http://bench.local${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
        { clientIp: '127.0.0.1' },
      )
      return { status: res.status, body: await res.json().catch(() => null) }
    }

    const sendTimes: number[] = []
    const addTimes: number[] = []
    const keys = new Map<string, KeyRecord>()
    const statuses = new Map<string, number>()
    const unexpected: string[] = []
    let sends = 0
    let concurrentRetries = 0
    let laterRetries = 0
    let loops = 0
    const note = (what: string, a: Answer) => {
      statuses.set(`${what} ${a.status}`, (statuses.get(`${what} ${a.status}`) ?? 0) + 1)
      if (a.status >= 300 && unexpected.length < 5) unexpected.push(`${what} ${a.status}: ${JSON.stringify(a.body).slice(0, 300)}`)
      return a.status < 300
    }

    const runClient = async (c: (typeof clients)[number], index: number, deadline: number) => {
      const rand = random(index + 1)
      let n = 0
      while (performance.now() < deadline) {
        loops++
        const lines = 2 + Math.floor(rand() * 3)
        const start = Math.floor(rand() * productRows.length)
        let cart: Cart | null = null
        for (let k = 0; k < lines; k++) {
          const t = performance.now()
          const a = await post(c.token, '/api/checkout/addCheckoutProdutoCondicao', {
            organizacao_id: c.buyerId,
            condicao_id: condition.id,
            parceiro_id: null,
            produto_id: productRows[(start + k * 7) % productRows.length].id,
            quantidade: 1 + Math.floor(rand() * 24),
          })
          addTimes.push(performance.now() - t)
          if (!note('addCheckoutProdutoCondicao', a)) return
          cart = (a.body as { carrinho: Cart }).carrinho
        }
        // At least two lines were added.
        const checkoutId = cart!.id
        if (cart!.tem_pagamentos && cart!.pagamento?.id !== c.termId) {
          const a = await post(c.token, '/api/checkout/definePagamentoCheckout', { organizacao_id: c.buyerId, checkout_id: checkoutId, pagamento_id: c.termId })
          if (!note('definePagamentoCheckout', a)) return
        }
        const chave = `bench-${process.pid}-${c.buyerId}-${++n}`
        const record: KeyRecord = { buyerId: c.buyerId, ok: false, orderIds: new Set() }
        keys.set(chave, record)
        const send = async () => {
          sends++
          const t = performance.now()
          const a = await post(c.token, '/api/pedidos/enviaPedido', { organizacao_id: c.buyerId, checkout_id: checkoutId, chave })
          sendTimes.push(performance.now() - t)
          if (note('enviaPedido', a)) {
            record.ok = true
            record.orderIds.add((a.body as { pedido: { id: number } }).pedido.id)
          }
        }
        const roll = rand()
        if (roll < RETRY_SHARE / 2) {
          // The retry leaves while the first is still running (a timeout on the client, the server still working).
          concurrentRetries++
          await Promise.all([send(), send()])
        } else if (roll < RETRY_SHARE) {
          laterRetries++
          await send()
          await send()
        } else await send()
      }
    }

    console.log(`\n${int(BUYERS)} clientes enviando pedidos por ${SECONDS} s (pool de 10 conexões, API em processo)…`)
    const started = performance.now()
    const deadline = started + SECONDS * 1000
    await Promise.all(clients.map((c, i) => runClient(c, i, deadline)))
    const elapsed = (performance.now() - started) / 1000

    const { rows: orderRows } = await raw.query<{ id: number; buyer_id: number; chave: string }>('select id, buyer_id, chave from orders')
    const byKey = new Map<string, typeof orderRows>()
    for (const o of orderRows) byKey.set(`${o.buyer_id}|${o.chave}`, [...(byKey.get(`${o.buyer_id}|${o.chave}`) ?? []), o])
    let lost = 0
    let duplicated = 0
    let answeredOther = 0
    for (const [chave, r] of keys) {
      const found = byKey.get(`${r.buyerId}|${chave}`) ?? []
      if (r.ok && found.length === 0) lost++
      if (found.length > 1) duplicated++
      // Every answer to one key names the one order the database holds for it.
      if (r.orderIds.size > 1 || (found.length === 1 && [...r.orderIds].some((id) => id !== found[0].id))) answeredOther++
    }
    const unsent = orderRows.filter((o) => keys.get(o.chave)?.buyerId !== o.buyer_id).length
    const okKeys = [...keys.values()].filter((r) => r.ok).length
    const {
      rows: [counters],
    } = await raw.query<{ seller_total: number | null; seller_count: number; buyers_total: number | null; buyers_count: number }>(
      `select (select total from order_counters where organization_id = $1 and status = 'A') as seller_total,
              (select count(*)::int from orders where seller_id = $1 and status = 'A') as seller_count,
              (select sum(total)::int from order_counters where organization_id <> $1 and status = 'A') as buyers_total,
              (select count(*)::int from orders where status = 'A') as buyers_count`,
      [seller.id],
    )
    const {
      rows: [left],
    } = await raw.query<{ n: number }>('select count(*)::int as n from checkouts')

    const sorted = sendTimes.sort((a, b) => a - b)
    const adds = addTimes.sort((a, b) => a - b)
    const created = statuses.get('enviaPedido 201') ?? 0
    console.log(`\nenviaPedido (PostgreSQL ${(await raw.query('show server_version')).rows[0].server_version}), ${elapsed.toFixed(1)} s, ${int(loops)} carrinhos montados`)
    console.log(`  pedidos/s                 ${(orderRows.length / elapsed).toFixed(1)}`)
    console.log(`  enviaPedido               p50 ${ms(percentile(sorted, 50))}   p99 ${ms(percentile(sorted, 99))}   (${int(sorted.length)} envios)`)
    console.log(`  addCheckoutProdutoCondicao p50 ${ms(percentile(adds, 50))}   p99 ${ms(percentile(adds, 99))}   (${int(adds.length)} linhas)`)
    console.log(`  envios feitos             ${int(sends)} (${int(concurrentRetries)} chaves reenviadas ao mesmo tempo, ${int(laterRetries)} depois da resposta)`)
    console.log(`  chaves distintas          ${int(keys.size)} (${int(okKeys)} com resposta 2xx)`)
    console.log(`  pedidos no banco          ${int(orderRows.length)} (${int(created)} respostas 201, ${int(statuses.get('enviaPedido 200') ?? 0)} respostas 200 "já enviado")`)
    console.log(`  respostas                 ${[...statuses].map(([k, v]) => `${k}: ${int(v)}`).join(', ')}`)
    console.log(`  carrinhos restantes       ${int(left.n)}`)
    const countersOk = counters.seller_total === counters.seller_count && counters.buyers_total === counters.buyers_count
    console.log(
      `  order_counters            vendedor ${counters.seller_total ?? 0} × count(*) ${counters.seller_count}; compradores Σ ${counters.buyers_total ?? 0} × count(*) ${counters.buyers_count}: ${countersOk ? 'consistentes' : 'DIVERGENTES'}`,
    )
    const checkOk = lost === 0 && duplicated === 0 && unsent === 0 && answeredOther === 0 && unexpected.length === 0
    console.log(`\n${lost} perdidos, ${duplicated} duplicados${unsent ? `, ${unsent} pedidos sem envio` : ''}${answeredOther ? `, ${answeredOther} chaves com resposta de outro pedido` : ''}${checkOk ? '' : ': FALHOU'}`)
    for (const u of unexpected) console.log(`  resposta inesperada: ${u}`)
    if (!checkOk || !countersOk) process.exitCode = 1
    if (args.keep) console.log(`\nBanco mantido: ${bench.name}`)
  } finally {
    await raw.end()
    await database.close()
    if (!args.keep) await bench.drop()
  }
}

await main()
