import { writeFileSync } from 'node:fs'
import pg from 'pg'

// Loaded into the measured server (`--import`) on PostgreSQL: counts every statement sent through
// node-postgres (begin and commit of a transaction included). On SIGUSR2 it writes the count to
// BENCH_QUERY_COUNT_FILE, which bench/ssr/run.ts reads before and after loading a page. Plain JavaScript:
// the server runs compiled, with Node alone (decision 035).

const file = process.env.BENCH_QUERY_COUNT_FILE
if (!file) throw new Error('BENCH_QUERY_COUNT_FILE não definido.')

let count = 0
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (...args) {
  count++
  return query.apply(this, args)
}

process.on('SIGUSR2', () => writeFileSync(file, String(count)))
