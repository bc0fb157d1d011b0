import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import pg from 'pg'
import { expect, inject } from 'vitest'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import { sha256 } from '../../server/security/tokens.ts'
import { createApi } from '../../server/api/index.ts'
import { loadConfig } from '../../server/config.ts'
import { openOrganizationChannels } from '../../server/db/chat-counters.ts'
import { openDatabase } from '../../server/db/client.ts'
import { linkCustomer } from '../../server/db/customer-link.ts'
import { cargoPermissions, cargos, memberships, organizationInvites, organizations } from '../../server/db/schema/index.ts'
import { createFileStore } from '../../server/files/file-store.ts'
import type { RateLimitStore } from '../../server/api/rate-limits/store.ts'
import { createMailer } from '../../server/mail/mailer.ts'
import type { Publisher } from '../../server/realtime/publisher.ts'

/**
 * The suites call the API far more often from one address, with one token, than a person would: limits no
 * suite reaches, still counted. tests/api/rate-limit.test.ts sets its own.
 */
const UNTHROTTLED = {
  RATE_LIMIT_PER_TOKEN: '1000000',
  RATE_LIMIT_PER_ADDRESS: '1000000',
  RATE_LIMIT_ENUMERATION_PER_TOKEN: '1000000',
  RATE_LIMIT_ENUMERATION_PER_ADDRESS: '1000000',
}

/** Read once per test file (each file runs in its own module scope). */
let pgliteTemplate: Promise<Blob> | undefined

/**
 * The real API on a real database: an in-memory PGlite by default, or a fresh
 * PostgreSQL database (created and dropped here) when DATABASE_URL is set. Either
 * is a copy of the database tests/api/global-setup.ts migrated once for the run.
 * Passwords are hashed at the test cost unless `env` says PASSWORD_HASH_COST=production.
 */
export async function createTestApi(options: { env?: NodeJS.ProcessEnv; publisher?: Publisher; rateLimitStore?: RateLimitStore } = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'api-test-'))
  const config = loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', NODE_ENV: 'test', PASSWORD_HASH_COST: 'test', ...UNTHROTTLED, ...options.env })
  let dropDatabase: (() => Promise<void>) | undefined
  let url: string | undefined
  let template: Blob | undefined
  if (process.env.DATABASE_URL) {
    const name = `api_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`)
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
  } else {
    pgliteTemplate ??= readFile(inject('pgliteTemplateFile')).then((bytes) => new Blob([new Uint8Array(bytes)]))
    template = await pgliteTemplate
  }
  const database = await openDatabase({ url, template })
  const api = createApi({
    db: database.db,
    config,
    mailer: createMailer({ mailDir: config.mailDir, from: 'teste@pedidos.local' }),
    files: createFileStore({ uploadsDir: config.uploadsDir, publicBaseUrl: config.appUrl }),
    publisher: options.publisher,
    rateLimitStore: options.rateLimitStore,
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
    /** The PostgreSQL database's address (DATABASE_URL runs): a second pool on it acts as another server node. */
    databaseUrl: url,
    config,
    get: (url: string, options?: { token?: string; ip?: string }) => call('GET', url, options),
    post: (url: string, json?: unknown, options?: { token?: string; ip?: string }) => call('POST', url, { ...options, json }),
    postForm: (url: string, form: FormData, options?: { token?: string; ip?: string }) => call('POST', url, { ...options, form }),
    del: (url: string, options?: { token?: string; ip?: string }) => call('DELETE', url, options),
    /** Any body with any headers (malformed JSON, wrong content type...). */
    async raw(method: string, url: string, options: { body?: BodyInit; headers?: Record<string, string>; token?: string; ip?: string } = {}) {
      const headers = new Headers({ accept: 'application/json', ...options.headers })
      if (options.token) headers.set('authorization', `Bearer ${options.token}`)
      const res = await api.fetch(new Request(`http://api.test${url}`, { method, headers, body: options.body }), {
        clientIp: options.ip ?? '203.0.113.1',
      })
      const text = await res.text()
      let body: any = text
      try {
        body = text ? JSON.parse(text) : null
      } catch {}
      return { status: res.status, headers: res.headers, body }
    },
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
    /** Every file stored under the uploads folder, as paths relative to it. */
    async uploads() {
      const found = await readdir(config.uploadsDir, { recursive: true, withFileTypes: true }).catch(() => [])
      return found.filter((e) => e.isFile()).map((e) => path.relative(config.uploadsDir, path.join(e.parentPath, e.name)))
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

/** A fresh user, member of the organization through a role of its own holding these permissions. */
export async function memberWith(t: TestApi, orgId: number, permissions: string[]) {
  const user = await newUser(t, 'Membro')
  const [cargo] = await t.db.insert(cargos).values({ organizationId: orgId, nome: `Cargo ${Math.random().toString(36).slice(2, 8)}` }).returning()
  if (permissions.length) await t.db.insert(cargoPermissions).values(permissions.map((permissao) => ({ cargoId: cargo.id, permissao })))
  await t.db.insert(memberships).values({ organizationId: orgId, userId: user.id, cargoId: cargo.id, isAdmin: false })
  return user
}

// ---------------------------------------------------------------------------
// Data the tests put straight into the database, and files they upload.

let uniqueCounter = 0
/** A day (yyyy-mm-dd) `days` after `date` (before, when negative). */
export const shiftDay = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** A fresh, never used e-mail address. */
export function uniqueEmail(prefix = 'pessoa') {
  return `${prefix}${++uniqueCounter}.${process.pid}.${Date.now()}@teste.com.br`
}

/** A valid, never used CNPJ (14 digits, check digits right), unmasked. */
export function uniqueCnpj() {
  const base = `${(Date.now() % 1e8) + ++uniqueCounter}`.padStart(8, '0').slice(-8)
  return withCheckDigits(`${base}${String(uniqueCounter % 10000).padStart(4, '0')}`)
}

/** 00.000.000/0000-00 */
export function maskCnpj(cnpj: string) {
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
}

type OrgValues = typeof organizations.$inferInsert
type Member = { userId: number; isAdmin?: boolean; level?: number; active?: boolean }

/** An organization with its members and its chat channels, written directly (quicker than the sign-up and verification calls). */
export async function createOrganization(t: TestApi, values: Partial<OrgValues> & { nome: string }, members: Member[] = []) {
  return t.db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ tipo: 'f', razaoSocial: `${values.nome} Ltda`, cnpj: uniqueCnpj(), active: true, ...values })
      .returning()
    for (const m of members) {
      await tx.insert(memberships).values({ organizationId: org.id, userId: m.userId, isAdmin: m.isAdmin ?? false, level: m.level ?? 1, active: m.active ?? true })
    }
    await openOrganizationChannels(tx, org)
    return org
  })
}

/** `customerId` a customer of `sellerId`, as the customer calls and invites make one (link, customer record, F channel). */
export function linkCustomerOf(t: TestApi, sellerId: number, customerId: number) {
  return t.db.transaction((tx) => linkCustomer(tx, sellerId, customerId))
}

type InviteValues = typeof organizationInvites.$inferInsert
/** An invite as a partner would have sent it; returns the plain token of the link and the row. */
export async function createInvite(t: TestApi, values: Partial<Omit<InviteValues, 'tokenHash'>> & { token?: string } = {}) {
  const { token = `convite-${++uniqueCounter}-${randomBytes(8).toString('hex')}`, ...rest } = values
  const [invite] = await t.db
    .insert(organizationInvites)
    .values({
      nome: 'Farmácia Convidada',
      cnpj: uniqueCnpj(),
      tipo: 'v',
      relacao: 'cliente',
      expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60_000),
      ...rest,
      tokenHash: sha256(token),
    })
    .returning()
  return { token, invite }
}

// Real image files, built byte by byte: the API checks content, not names.

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid 1×1 RGBA PNG (opaque indigo). */
export function tinyPng() {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0) // width
  header.writeUInt32BE(1, 4) // height
  header[8] = 8 // bit depth
  header[9] = 6 // colour type RGBA
  const pixels = deflateSync(Buffer.from([0, 0x4f, 0x46, 0xe5, 0xff])) // filter byte + one pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A valid 1×1 GIF89a. */
export function tinyGif() {
  return Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex')
}

/** The start of a JFIF JPEG (SOI + APP0), enough for a content check, ended by EOI. */
export function tinyJpeg() {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'ascii'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.from([0xff, 0xd9]),
  ])
}

/** A WebP header: a real image type the API does not accept. */
export function tinyWebp() {
  const vp8 = Buffer.from('9d012a0100010002003425a400037000fefb94000000', 'hex')
  const chunk = Buffer.concat([Buffer.from('VP8 ', 'ascii'), Buffer.from([vp8.length, 0, 0, 0]), vp8])
  const size = Buffer.alloc(4)
  size.writeUInt32LE(4 + chunk.length)
  return Buffer.concat([Buffer.from('RIFF', 'ascii'), size, Buffer.from('WEBP', 'ascii'), chunk])
}

/** The same image followed by zero bytes up to `size` (a real image of exactly that many bytes). */
export function paddedTo(image: Buffer, size: number) {
  return Buffer.concat([image, Buffer.alloc(size - image.length)])
}

export function fileOf(bytes: Buffer | string, name: string, type = '') {
  return new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type })
}

/** A FormData from plain fields (undefined ones left out) and files. */
export function formOf(fields: Record<string, string | File | undefined>) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value)
  return form
}

// ---------------------------------------------------------------------------
// Assertions on Laravel-shaped answers.

type Answer = { status: number; body: any; headers: Headers }

/**
 * A 422 exactly as Laravel writes it: `errors` holds these fields and messages and
 * nothing else; `message` is the first one plus "(e mais N erros)". List the fields
 * in the order of the schema: the first message comes from the first field.
 */
export function expectValidation(res: Answer, errors: Record<string, string[]>) {
  expect(res.status, JSON.stringify(res.body)).toBe(422)
  expect(res.body.errors).toEqual(errors)
  const all = Object.values(errors).flat()
  const rest = all.length - 1
  expect(res.body.message).toBe(rest > 0 ? `${all[0]} (e mais ${rest} erro${rest > 1 ? 's' : ''})` : all[0])
  expect(Object.keys(res.body).sort()).toEqual(['errors', 'message'])
}

/** Texts a library writes in English when nobody gave it a Portuguese one. */
export const ENGLISH_MESSAGE = /invalid input|expected|received|too (small|big)|unsupported media type|malformed|not found|unauthorized|bad request/i

/** Every message of the answer (message and each field error) reads as ours, not a library's English default. */
export function expectPortuguese(res: Answer) {
  const messages = [res.body?.message, ...Object.values<string[]>(res.body?.errors ?? {}).flat()].filter((x) => typeof x === 'string')
  expect(messages.length).toBeGreaterThan(0)
  for (const text of messages) expect(text).not.toMatch(ENGLISH_MESSAGE)
}
