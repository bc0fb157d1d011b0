import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createApi } from '../../server/api/index.ts'
import { loadConfig } from '../../server/config.ts'
import { openDatabase } from '../../server/db/client.ts'
import { createFileStore } from '../../server/files/file-store.ts'
import { createMailer } from '../../server/mail/mailer.ts'

/**
 * The real API on a real database: an in-memory PGlite by default, or a fresh
 * PostgreSQL database (created and dropped here) when DATABASE_URL is set.
 */
export async function createTestApi() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'api-test-'))
  const config = loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', NODE_ENV: 'test' })
  let dropDatabase: (() => Promise<void>) | undefined
  let url: string | undefined
  if (process.env.DATABASE_URL) {
    const name = `api_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const target = new URL(process.env.DATABASE_URL)
    target.pathname = `/${name}`
    url = target.toString()
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    }
  }
  const database = await openDatabase({ url })
  const api = createApi({
    db: database.db,
    config,
    mailer: createMailer({ mailDir: config.mailDir, from: 'teste@pedidos.local' }),
    files: createFileStore({ uploadsDir: config.uploadsDir, publicBaseUrl: config.appUrl }),
  })

  let ipCounter = 0
  /** Each call can say which address it comes from (the throttle keys on it). */
  async function call(method: string, url: string, options: { json?: unknown; form?: FormData; token?: string; ip?: string } = {}) {
    const headers = new Headers({ accept: 'application/json' })
    if (options.token) headers.set('authorization', `Bearer ${options.token}`)
    let body: BodyInit | undefined
    if (options.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(options.json)
    } else if (options.form) body = options.form
    const res = await api.fetch(new Request(`http://api.test${url}`, { method, headers, body }), {
      clientIp: options.ip ?? '203.0.113.1',
    })
    const text = await res.text()
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null }
  }

  return {
    api,
    db: database.db,
    config,
    get: (url: string, options?: { token?: string; ip?: string }) => call('GET', url, options),
    post: (url: string, json?: unknown, options?: { token?: string; ip?: string }) => call('POST', url, { ...options, json }),
    postForm: (url: string, form: FormData, options?: { token?: string; ip?: string }) => call('POST', url, { ...options, form }),
    del: (url: string, options?: { token?: string; ip?: string }) => call('DELETE', url, options),
    /** A new address, so a test's failed logins do not throttle another test. */
    nextIp: () => `198.51.100.${++ipCounter}`,
    /** Mails written by the embedded mailer, newest last, with quoted-printable undone. */
    async mails() {
      const files = (await readdir(config.mailDir).catch(() => [])).sort()
      return Promise.all(
        files.map(async (f) => {
          const raw = await readFile(path.join(config.mailDir, f), 'utf8')
          return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))
        }),
      )
    },
    async close() {
      await database.close()
      await dropDatabase?.()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>

let userCounter = 0
/** Registers and logs in a fresh user; returns its token and profile. */
export async function newUser(t: TestApi, name = 'Usuário Teste') {
  const email = `usuario${++userCounter}.${Date.now()}@teste.com.br`
  const password = 'senhaForte123'
  const reg = await t.post('/api/register', { name, email, password, confirm_password: password })
  if (reg.status !== 201) throw new Error(`register ${reg.status} ${JSON.stringify(reg.body)}`)
  const login = await t.post('/api/login', { email, password }, { ip: t.nextIp() })
  if (login.status !== 200) throw new Error(`login ${login.status}`)
  return { email, password, token: login.body.token as string, id: login.body.user_id as number }
}
