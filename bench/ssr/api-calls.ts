import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { issueToken } from '../../server/api/http.ts'
import { createApi } from '../../server/api/index.ts'
import { openDatabase } from '../../server/db/client.ts'
import { seedDemo } from '../../server/db/seed.ts'
import { ordersSeedSql } from './seed-orders.ts'
import { benchDatabase, benchDeps, DEFAULT_ADMIN_URL } from '../shared/postgres.ts'

// The API calls behind /orders, alone: `npm run bench:ssr:api`. The SSR bench's figures mix the API with React
// Router and React in one process; this one times each call in-process, one after another, on the orders
// scenario's data, and prints its wall time and the process's CPU time per call. See bench/ssr/README.md.

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    buyers: { type: 'string', default: '5000' },
    calls: { type: 'string', default: '2000' },
    'postgres-url': { type: 'string', default: DEFAULT_ADMIN_URL },
  },
})
const [orderCount, buyerCount, calls] = [Number(args.orders), Number(args.buyers), Number(args.calls)]
if (![orderCount, buyerCount, calls].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('--orders, --buyers e --calls: inteiros positivos.')
  process.exit(2)
}

const bench = await benchDatabase(args['postgres-url'], 'api_calls')
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-calls-'))
const database = await openDatabase({ url: bench.url })
try {
  await seedDemo(database.db)
  const raw = new pg.Client({ connectionString: bench.url })
  await raw.connect()
  for (const script of ordersSeedSql(orderCount, buyerCount)) await raw.query(script)
  const {
    rows: [{ user_id: userId, org_id: orgId }],
  } = await raw.query(
    `select (select id from users where email = 'ana@distribuidorasol.com.br') as user_id, (select id from organizations where nome = 'Distribuidora Sol') as org_id`,
  )
  await raw.end()

  const api = createApi(benchDeps(database.db, dataDir))
  const token = await issueToken(database.db, userId, 'bench')
  const CALLS = [
    ['GET api/empresas/profile/{id} (the company shell)', `api/empresas/profile/${orgId}`],
    ['GET api/pedidos/restorePedidos (received, page 1)', `api/pedidos/restorePedidos/${orgId}/20/null/null/V?page=1`],
  ] as const
  console.log(`Distribuidora Sol com ${orderCount} pedidos de ${buyerCount} compradores; ${calls} chamadas de cada, uma após a outra`)
  for (const [label, address] of CALLS) {
    const call = async () => {
      const res = await api.fetch(new Request(`http://api.local/${address}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }), {
        clientIp: '127.0.0.1',
      })
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${await res.text()}`)
      return res.json()
    }
    for (let i = 0; i < 300; i++) await call()
    const cpu0 = process.cpuUsage()
    const t0 = performance.now()
    for (let i = 0; i < calls; i++) await call()
    const cpu = process.cpuUsage(cpu0)
    console.log(`  ${label.padEnd(52)} ${((performance.now() - t0) / calls).toFixed(2)} ms por chamada, CPU ${((cpu.user + cpu.system) / 1000 / calls).toFixed(2)} ms`)
  }
} finally {
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
  await bench.drop()
}
