import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { migrationsFolder, openDatabase, PGLITE_EXTENSIONS } from '../../server/db/client.ts'

/**
 * Runs once per `vitest run`, before any API test file: migrates one database that every
 * createTestApi() then clones (tests/api/harness.ts), instead of migrating one per file.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data folder (PGlite's dumpDataDir). */
    pgliteTemplateFile: string
    /** The migrated PostgreSQL database that `CREATE DATABASE … TEMPLATE` copies, when DATABASE_URL is set. */
    postgresTemplate: string | undefined
  }
}

/** Any constant: one builder at a time when several runs (or people) share a PostgreSQL server. */
const TEMPLATE_LOCK = 727_002

export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), 'api-template-'))
  const file = path.join(folder, 'pglite.tar')
  await writeFile(file, Buffer.from(await (await migratedPglite()).arrayBuffer()))
  project.provide('pgliteTemplateFile', file)
  project.provide('postgresTemplate', process.env.DATABASE_URL ? await postgresTemplate(process.env.DATABASE_URL) : undefined)
  return () => rm(folder, { recursive: true, force: true })
}

async function migratedPglite() {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS })
  await migrate(drizzle({ client }), { migrationsFolder })
  const tarball = await client.dumpDataDir('none')
  await client.close()
  return tarball
}

/** Every migration file, so that a changed or added migration names (and builds) a new template. */
async function migrationsHash() {
  const files = (await readdir(migrationsFolder, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())
  const paths = files.map((e) => path.join(e.parentPath, e.name)).sort()
  const hash = createHash('sha256')
  for (const file of paths) hash.update(path.relative(migrationsFolder, file)).update('\0').update(await readFile(file))
  return hash.digest('hex').slice(0, 16)
}

/**
 * `api_test_template_<hash of the migrations>`, built when missing. It is migrated under a
 * temporary name and renamed when complete, so a database with the final name is always whole.
 * Old templates (of earlier migrations) are left alone: a run of another branch may be using them.
 */
async function postgresTemplate(databaseUrl: string) {
  const name = `api_test_template_${await migrationsHash()}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK])
    const found = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) {
      const building = `${name}_building`
      await admin.query(`drop database if exists ${building} with (force)`)
      await admin.query(`create database ${building}`)
      const target = new URL(databaseUrl)
      target.pathname = `/${building}`
      await (await openDatabase({ url: target.toString() })).close()
      await renameWhenFree(admin, building, name)
    }
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK])
  } finally {
    await admin.end()
  }
  return name
}

/** The pool's connections to the new database may still be closing on the server side for a moment. */
async function renameWhenFree(admin: pg.Client, from: string, to: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`alter database ${from} rename to ${to}`)
      return
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006'
      if (!inUse || attempt === 20) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}
