import pg from 'pg'
import type { Deps } from '../../server/api/http.ts'
import { loadConfig } from '../../server/config.ts'
import type { Db } from '../../server/db/client.ts'
import { createFileStore } from '../../server/files/file-store.ts'
import { createMailer } from '../../server/mail/mailer.ts'

/** What the benches on PostgreSQL share: their database, the API in-process, the figures' format. */

/** The administrative connection a bench creates its database with (`--postgres-url`). */
export const DEFAULT_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** The p-th percentile of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

export const ms = (n: number, digits = 2) => `${n.toFixed(digits)} ms`

async function runAsAdmin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A new database `bench_<kind>_<pid>` on the server of `adminUrl`, its address, and how to drop it. */
export async function benchDatabase(adminUrl: string, kind: string) {
  const name = `bench_${kind}_${process.pid}`
  await runAsAdmin(adminUrl, `create database ${name}`)
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString()
  return { name, url, drop: () => runAsAdmin(adminUrl, `drop database if exists ${name} with (force)`) }
}

/** One token from one address, thousands of calls a minute: rate limits no run reaches, still counted. */
export const UNTHROTTLED = { RATE_LIMIT_PER_TOKEN: '100000000', RATE_LIMIT_PER_ADDRESS: '100000000' }

/** The API's dependencies as the product builds them, on `db`, with mail and uploads under `dataDir`. */
export function benchDeps(db: Db, dataDir: string): Deps {
  const config = loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', NODE_ENV: 'production', ...UNTHROTTLED })
  return {
    db,
    config,
    mailer: createMailer({ mailDir: config.mailDir, from: 'bench@pedidos.local' }),
    files: createFileStore({ uploadsDir: config.uploadsDir, publicBaseUrl: config.appUrl }),
  }
}
