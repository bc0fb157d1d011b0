import { isDeepStrictEqual } from 'node:util'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createApi } from '../../server/api/index.ts'
import { issueToken } from '../../server/api/http.ts'
import { rebuildChatCounters } from '../../server/db/chat-counters.ts'
import { openDatabase } from '../../server/db/client.ts'
import { benchDatabase, benchDeps, DEFAULT_ADMIN_URL, ms, percentile } from '../shared/postgres.ts'

// The company layout's header on a big supplier: `npm run bench:header`. See bench/header/README.md.
// A supplier with 5,000 customers, each with its F chat channel and a few messages, and 50,000 orders from
// them, in a fresh PostgreSQL database; GET api/empresas/profile/{id} through the real API in-process, with the header's chat counters
// computed from every channel (as before migration 0010) and read from the counters kept on write.

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '5000' },
    messages: { type: 'string', default: '4' },
    orders: { type: 'string', default: '50000' },
    requests: { type: 'string', default: '300' },
    'postgres-url': { type: 'string', default: DEFAULT_ADMIN_URL },
    keep: { type: 'boolean', default: false },
  },
})
const CUSTOMERS = Number(args.customers)
const MESSAGES = Number(args.messages)
const ORDERS = Number(args.orders)
const REQUESTS = Number(args.requests)

/** The supplier's three members (users 1–3) and one member per customer (user 3 + n of customer n). */
const SUPPLIER_MEMBERS = 3

/**
 * The data set, on a freshly migrated database (ids start at 1). Each part is one step, run in order: the
 * chat's channels and messages, then the supplier's order history with the order counters it keeps, so that
 * one run measures the header with both.
 */
async function buildDataSet(raw: pg.Client) {
  for (const [label, step] of [
    ['empresas, pessoas e vínculos de cliente', companies],
    ['canais e mensagens', chat],
    [`${ORDERS.toLocaleString('pt-BR')} pedidos`, orderHistory],
  ] as const) {
    const t0 = performance.now()
    await step(raw)
    console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  }
  await raw.query('analyze')
}

/** Organization 1 the supplier (Pro), 2…N+1 its customers; the links and customer records linkCustomer writes. */
async function companies(raw: pg.Client) {
  await raw.query(`insert into users (name, email, password_hash) select 'Pessoa ' || i, 'pessoa' || i || '@bench.local', 'x' from generate_series(1, $1) i`, [SUPPLIER_MEMBERS + CUSTOMERS])
  await raw.query(`insert into organizations (tipo, nome, cnpj, active, plano) values ('f', 'Fornecedor Grande', lpad('0', 14, '0'), true, 'P')`)
  await raw.query(`insert into organizations (tipo, nome, cnpj, active) select 'v', 'Cliente ' || i, lpad(i::text, 14, '0'), true from generate_series(1, $1) i`, [CUSTOMERS])
  // The supplier's other members have a role that may read its orders (decision 031): the menu's badge reads them.
  await raw.query(`insert into cargos (organization_id, nome) values (1, 'Vendas')`)
  await raw.query(`insert into cargo_permissions (cargo_id, permissao) values (1, 'pedidos_ver')`)
  await raw.query(`insert into memberships (user_id, organization_id, is_admin, cargo_id) select i, 1, i = 1, case when i = 1 then null else 1 end from generate_series(1, $1) i`, [SUPPLIER_MEMBERS])
  await raw.query(`insert into memberships (user_id, organization_id, is_admin) select $1 + i, 1 + i, true from generate_series(1, $2) i`, [SUPPLIER_MEMBERS, CUSTOMERS])
  await raw.query(`insert into organization_links (organization_id, partner_id, relacao) select 1, 1 + i, 'cliente' from generate_series(1, $1) i`, [CUSTOMERS])
  await raw.query(`insert into customers (seller_id, cnpj, nome, customer_org_id) select 1, cnpj, nome, id from organizations where id > 1`)
}

/**
 * Each organization's team channel and one F channel per customer. Customer n's channel: the customer and the
 * supplier's members take turns, MESSAGES messages, one more from the customer in every third channel (waiting
 * for the supplier's answer); ages rotate by channel from under an hour to three days. The supplier's members
 * have read 9 channels in 10 up to the end; customers, every other one. A few team messages at the supplier.
 */
async function chat(raw: pg.Client) {
  await raw.query(`insert into chat_channels (padrao, organization_id) select 'I', id from organizations`)
  await raw.query(`insert into chat_channels (padrao, organization_id, partner_id) select 'F', 1, 1 + i from generate_series(1, $1) i`, [CUSTOMERS])
  await raw.query(
    `insert into chat_messages (channel_id, user_id, organization_id, client_id, kind, text, created_at)
     select c.id,
            case when j % 2 = 1 or j > $2 then $1 + (c.partner_id - 1) else 1 + (c.partner_id + j) % $1 end,
            case when j % 2 = 1 or j > $2 then c.partner_id else 1 end,
            'bench-' || c.id || '-' || j, 'text', 'Mensagem ' || j,
            now() - make_interval(mins => ((c.partner_id * 37) % 4320) + ($2 + 1 - j) * 5)
     from chat_channels c, generate_series(1, $2 + 1) j
     where c.padrao = 'F' and (j <= $2 or c.partner_id % 3 = 0)
     order by c.id, j`,
    [SUPPLIER_MEMBERS, MESSAGES],
  )
  await raw.query(
    `insert into chat_messages (channel_id, user_id, organization_id, client_id, kind, text, created_at)
     select 1, 1 + j % $1, 1, 'bench-team-' || j, 'text', 'Equipe ' || j, now() - make_interval(mins => 200 - j)
     from generate_series(1, 50) j`,
    [SUPPLIER_MEMBERS],
  )
  await raw.query(
    `insert into chat_reads (channel_id, user_id, last_read_id)
     select c.id, u, (select max(id) from chat_messages m where m.channel_id = c.id)
     from chat_channels c, generate_series(1, $1) u
     where c.padrao = 'F' and c.partner_id % 10 <> 0`,
    [SUPPLIER_MEMBERS],
  )
  await raw.query(
    `insert into chat_reads (channel_id, user_id, last_read_id)
     select c.id, $1 + (c.partner_id - 1), (select max(id) from chat_messages m where m.channel_id = c.id)
     from chat_channels c where c.padrao = 'F' and c.partner_id % 2 = 0`,
    [SUPPLIER_MEMBERS],
  )
}

/**
 * ORDERS orders of the customers to the supplier under one condition, oldest first, one in ten still 'A', then
 * F, Q and N; with their first history row, and order_counters as enviaPedido and updateStatus keep them. No
 * lines: the header reads none.
 */
async function orderHistory(raw: pg.Client) {
  await raw.query(`insert into conditions (organization_id, nome, tipo_tabela) values (1, 'Condição Geral', 'D')`)
  await raw.query(
    `insert into orders (buyer_id, seller_id, condition_id, chave, status, condicao_nome, pagamento_nome, quantidade_total, subtotal_centavos, total_centavos, created_at, updated_at)
     select 2 + i % $2, 1, 1, 'bench-' || i, case when i % 10 = 0 then 'A' when i % 10 = 1 then 'Q' when i % 10 = 2 then 'N' else 'F' end,
            'Condição Geral', 'Boleto 28 dias', 10, 10000 + i % 5000, 10000 + i % 5000, now() - ($1 - i) * interval '10 minutes', now() - ($1 - i) * interval '10 minutes'
     from generate_series(1, $1) i`,
    [ORDERS, CUSTOMERS],
  )
  await raw.query(`insert into order_status_history (order_id, de, para, organization_id, created_at) select id, null, 'A', buyer_id, created_at from orders`)
  await raw.query(
    `insert into order_counters (organization_id, status, total)
     select org, status, count(*)::int from (select buyer_id as org, status from orders union all select seller_id, status from orders) parties group by org, status`,
  )
}

async function main() {
  const bench = await benchDatabase(args['postgres-url'], 'header')
  const database = await openDatabase({ url: bench.url })
  const raw = new pg.Client({ connectionString: bench.url })
  await raw.connect()
  try {
    console.log(`Dados: 1 fornecedor, ${CUSTOMERS.toLocaleString('pt-BR')} clientes`)
    await buildDataSet(raw)
    let t0 = performance.now()
    // Written straight into the tables above: the counters from them, as migration 0010's backfill does.
    await rebuildChatCounters(database.db)
    await raw.query('analyze chat_unread_counters, chat_awaiting_answer')
    const counts = await raw.query<{ messages: number; channels: number; unread: number; awaiting: number }>(
      `select (select count(*)::int from chat_messages) as messages, (select count(*)::int from chat_channels) as channels,
              (select count(*)::int from chat_unread_counters) as unread, (select count(*)::int from chat_awaiting_answer) as awaiting`,
    )
    const c = counts.rows[0]
    console.log(
      `  contadores: ${((performance.now() - t0) / 1000).toFixed(1)} s (${c.channels.toLocaleString('pt-BR')} canais, ${c.messages.toLocaleString('pt-BR')} mensagens; ` +
        `${c.unread.toLocaleString('pt-BR')} linhas de não lidas, ${c.awaiting.toLocaleString('pt-BR')} canais aguardando resposta)`,
    )

    const deps = benchDeps(database.db, '/tmp/bench-header')
    const apis = { antes: createApi({ ...deps, recountHeaderCounters: true }), agora: createApi(deps) }
    const tokens = new Map<number, string>()
    const tokenOf = async (userId: number) => tokens.get(userId) ?? tokens.set(userId, await issueToken(database.db, userId, 'bench')).get(userId)!
    const get = async (which: keyof typeof apis, url: string, userId: number) => {
      const res = await apis[which].fetch(
        new Request(`http://bench.local${url}`, { headers: { authorization: `Bearer ${await tokenOf(userId)}`, accept: 'application/json' } }),
        { clientIp: '127.0.0.1' },
      )
      if (res.status !== 200) throw new Error(`${url} ${res.status}: ${await res.text()}`)
      return (await res.json()) as { notificacoes_chat: number; msg_atraso: number }
    }

    // The two computations answer the same, for the supplier's members and a sample of customers.
    const viewers = Array.from({ length: SUPPLIER_MEMBERS }, (_, i) => ({ userId: i + 1, orgId: 1 }))
    for (let n = 1; n <= CUSTOMERS; n += Math.max(1, Math.floor(CUSTOMERS / 30))) viewers.push({ userId: SUPPLIER_MEMBERS + n, orgId: 1 + n })
    for (const v of viewers) {
      const [before, now] = [await get('antes', `/api/empresas/profile/${v.orgId}`, v.userId), await get('agora', `/api/empresas/profile/${v.orgId}`, v.userId)]
      if (!isDeepStrictEqual(before, now)) throw new Error(`Perfil diferente para a pessoa ${v.userId} na empresa ${v.orgId}`)
    }
    const header = await get('agora', '/api/empresas/profile/1', 1)
    console.log(`  cabeçalho do fornecedor (pessoa 1): ${header.notificacoes_chat} não lidas, ${header.msg_atraso} aguardando resposta; iguais antes e agora para ${viewers.length} pessoas`)

    const supplierMembers = Array.from({ length: SUPPLIER_MEMBERS }, (_, i) => i + 1)
    const measure = async (which: keyof typeof apis, url: string, requests: number) => {
      for (let i = 0; i < 20; i++) await get(which, url, supplierMembers[i % SUPPLIER_MEMBERS])
      const times: number[] = []
      for (let i = 0; i < requests; i++) {
        t0 = performance.now()
        await get(which, url, supplierMembers[i % SUPPLIER_MEMBERS])
        times.push(performance.now() - t0)
      }
      return times.sort((x, y) => x - y)
    }
    const line = (label: string, times: number[]) => console.log(`  ${label.padEnd(58)} ${String(times.length).padStart(4)} pedidos   p50 ${ms(percentile(times, 50))}   p95 ${ms(percentile(times, 95))}`)
    const version = (await raw.query('show server_version')).rows[0].server_version
    console.log(`\nGET api/empresas/profile/{id} do fornecedor (PostgreSQL ${version}), membros do fornecedor alternando`)
    const before = await measure('antes', '/api/empresas/profile/1', REQUESTS)
    const now = await measure('agora', '/api/empresas/profile/1', REQUESTS)
    line('antes: contadores contados em cada canal', before)
    line('agora: contadores mantidos na escrita', now)
    console.log(`  ganho: p50 ${(percentile(before, 50) / percentile(now, 50)).toFixed(0)}×, p95 ${(percentile(before, 95) / percentile(now, 95)).toFixed(0)}×`)
    line(`o contador de pedidos do menu: GET api/pedidos/contadores/1 (${ORDERS.toLocaleString('pt-BR')} pedidos)`, await measure('agora', '/api/pedidos/contadores/1', REQUESTS))
    line('para comparar: GET api/chat/notificacoes/1 (mapa por canal)', await measure('agora', '/api/chat/notificacoes/1', Math.min(REQUESTS, 50)))
    if (args.keep) console.log(`\nBanco mantido: ${bench.name}`)
  } finally {
    await raw.end()
    await database.close()
    if (!args.keep) await bench.drop()
  }
}

await main()
