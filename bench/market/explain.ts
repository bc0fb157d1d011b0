import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { pageQuery } from '../../server/api/market/catalog.ts'
import { openDatabase } from '../../server/db/client.ts'
import { openOffers } from '../../server/api/market/offers.ts'

// EXPLAIN ANALYZE of the market's page query on a database left by `npm run bench:market -- --keep`:
// `tsx bench/market/explain.ts <database url> <buyer id> <term>`.
const [url, buyer, term] = process.argv.slice(2)
const database = await openDatabase({ url })
const offers = await openOffers(database.db, Number(buyer))
await database.close()
const query = new PgDialect().sqlToQuery(pageQuery(offers, Number(buyer), { search: term }, 1, 20))
const client = new pg.Client({ connectionString: url })
await client.connect()
const { rows } = await client.query(`explain (analyze, buffers) ${query.sql}`, query.params)
console.log(rows.map((r) => r['QUERY PLAN']).join('\n'))
await client.end()
