import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { memberships } from '../../server/db/schema/index.ts'
import { ibgeHandlers } from '../mocks/ibge.ts'
import { viaCepHandlers } from '../mocks/viacep.ts'
import { binaryFields, exampleOf, operationsOf, resolveSchema, type Operation } from './openapi-walk.ts'
import { createOrganization, createTestApi, fileOf, newUser, tinyPng, type TestApi } from './harness.ts'

/**
 * Issue #8: every operation of /api/openapi.json, as a logged-in member (admin) of an
 * organization, gets malformed variants of its path, query and body. No answer may be a
 * 5xx and no call may throw; afterwards the API still answers. A call added later is in the
 * document, so it is covered here without being listed.
 */

/** The address calls reach IBGE and ViaCEP: their stand-ins answer here, never the real services. */
const outside = setupServer(...ibgeHandlers, ...viaCepHandlers)

type Op = Operation
type Variant = { name: string; url: string; init: { body?: BodyInit; headers?: Record<string, string> } }

let t: TestApi
let doc: any
let session: Awaited<ReturnType<typeof newUser>>
let orgId: number
let otherUserId: number

beforeAll(async () => {
  outside.listen({ onUnhandledRequest: 'error' })
  // A secret, so broadcasting/auth reaches its checks instead of answering "not configured" (503).
  t = await createTestApi({ env: { PUSHER_APP_SECRET: 'segredo-de-teste' } })
  doc = (await t.get('/api/openapi.json')).body
  session = await newUser(t, 'Pessoa Fuzz')
  const other = await newUser(t, 'Outra Pessoa')
  otherUserId = other.id
  const org = await createOrganization(t, { nome: 'Fuzz Distribuidora' }, [
    { userId: session.id, isAdmin: true },
    { userId: other.id },
  ])
  orgId = org.id
  await createOrganization(t, { nome: 'Fuzz Varejo', tipo: 'v' }, [{ userId: session.id, isAdmin: true }])
  // Two sign-ups hash two passwords: slow on a busy machine.
}, 60_000)

afterAll(async () => {
  outside.close()
  await t?.close()
})

function operations(): Op[] {
  // Logging out ends the session the other calls need: last.
  return operationsOf(doc).sort((a, b) => Number(a.path === '/api/logout') - Number(b.path === '/api/logout'))
}

/** The ids of the created data where a name says which id it is, so the call gets past "not a member". */
function goodInteger(name: string) {
  if (/user/i.test(name)) return otherUserId
  if (/org|company|^id$|target/i.test(name)) return orgId
  return 1
}

function goodParam(p: any): string {
  const type = [p.schema?.type].flat()
  if (type.includes('integer') || type.includes('number')) return String(goodInteger(p.name))
  return String(p.schema?.example ?? p.example ?? p.schema?.enum?.[0] ?? 'exemplo')
}

/** Values put into a path segment or a query parameter, already URL-encoded. */
const BAD_SEGMENTS: Record<string, string> = {
  negative: '-1',
  zero: '0',
  huge: '99999999999999999999999999',
  'past int4': '2147483648',
  float: '1.5',
  exponent: '1e309',
  'non-numeric': 'abc',
  '5000 characters': 'x'.repeat(5000),
  'path traversal': '..%2F..%2F..%2Fetc%2Fpasswd',
  'dot dot': '..',
  NUL: '%00',
  'NUL inside': 'a%00b',
  'control character': '%1B%5B31m',
  emoji: encodeURIComponent('😀🇧🇷'),
  'bad percent-encoding': '%E0%A4%A',
  'overlong UTF-8': '%C0%AF',
  'lone surrogate (CESU)': '%ED%A0%80',
  blank: '%20',
  'the word null': 'null',
  'SQL-ish': encodeURIComponent("1' OR '1'='1"),
  'like wildcards': '%25_%5C',
}

/** Values for a field of a body. */
const BAD_VALUES: Record<string, unknown> = {
  null: null,
  zero: 0,
  negative: -1,
  float: 1.5,
  huge: 1e308,
  'past int4': 2_147_483_648,
  true: true,
  false: false,
  'empty array': [],
  array: ['a', 1],
  'empty object': {},
  object: { a: 1 },
  'empty string': '',
  blank: '   ',
  '100 KB string': 'x'.repeat(100_000),
  NUL: '\u0000',
  'NUL inside': 'Nome\u0000Teste',
  'control characters': '\u0007\u001b[31m\u0085',
  emoji: '😀 Empresa 🇧🇷',
  'lone surrogate': 'a\ud800b',
  'decomposed accents': 'Sa\u0303o Jose\u0301',
  'numeric string': '123',
  'SQL-ish': "'; drop table users; --",
}

/** Paths to the leaves of an example body (a link list's first item included), to vary one at a time. */
function leafPaths(value: any, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 3 || value === null || typeof value !== 'object') return prefix.length ? [prefix] : []
  if (Array.isArray(value)) return [prefix, ...(value.length ? leafPaths(value[0], [...prefix, 0], depth + 1) : [])]
  const out: (string | number)[][] = prefix.length ? [prefix] : []
  for (const [k, v] of Object.entries(value)) out.push(...leafPaths(v, [...prefix, k], depth + 1))
  return out
}

function withValue(base: any, path: (string | number)[], value: unknown, remove = false): any {
  const copy = structuredClone(base)
  let node = copy
  for (const step of path.slice(0, -1)) node = node[step]
  const last = path[path.length - 1]
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1)
    else delete node[last]
  } else node[last] = value
  return copy
}

/** The example body pointed at the created organization. */
function baseBody(example: any) {
  const body = structuredClone(example ?? {})
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const key of Object.keys(body)) {
      if (key === 'organizacao_id') body[key] = orgId
      if (key === 'user_id') body[key] = otherUserId
    }
  }
  return body
}

const JSON_HEADERS = { 'content-type': 'application/json' }
const BOUNDARY = '----fuzzBoundary7MA4YWxkTrZu0gW'

function multipartOf(fields: Record<string, unknown>, binary: Set<string>): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) {
    if (binary.has(k)) continue
    if (v === undefined) continue
    form.append(k, typeof v === 'string' ? v : JSON.stringify(v))
  }
  for (const k of binary) if (k in fields) form.append(k, fileOf(tinyPng(), 'foto.png', 'image/png'))
  return form
}

function formValue(v: unknown) {
  return typeof v === 'string' ? v : JSON.stringify(v)
}

/** Every malformed request for one operation. */
function variants({ method, path, op }: Op): Variant[] {
  const params: any[] = op.parameters ?? []
  const good = new Map(params.map((p) => [p.name, encodeURIComponent(goodParam(p))]))
  const urlWith = (override: Record<string, string> = {}, query?: string) => {
    let url = path
    for (const p of params.filter((x) => x.in === 'path')) url = url.replace(`{${p.name}}`, override[p.name] ?? good.get(p.name)!)
    const q = query ?? params.filter((x) => x.in === 'query').map((x) => `${x.name}=${good.get(x.name)}`).join('&')
    return q ? `${url}?${q}` : url
  }
  const list: Variant[] = []
  const url = urlWith()

  for (const p of params.filter((x) => x.in === 'path')) {
    for (const [name, value] of Object.entries(BAD_SEGMENTS)) list.push({ name: `path ${p.name} ${name}`, url: urlWith({ [p.name]: value }), init: {} })
  }
  for (const p of params.filter((x) => x.in === 'query')) {
    const others = params.filter((x) => x.in === 'query' && x.name !== p.name).map((x) => `${x.name}=${good.get(x.name)}`)
    for (const [name, value] of Object.entries(BAD_SEGMENTS)) {
      list.push({ name: `query ${p.name} ${name}`, url: urlWith({}, [...others, `${p.name}=${value}`].join('&')), init: {} })
    }
    list.push({ name: `query ${p.name} repeated`, url: urlWith({}, [...others, `${p.name}=1`, `${p.name}=2`].join('&')), init: {} })
    list.push({ name: `query ${p.name} as a list`, url: urlWith({}, [...others, `${p.name}[]=1`, `${p.name}[a]=2`].join('&')), init: {} })
  }
  list.push({ name: 'unknown query garbage', url: `${url}${url.includes('?') ? '&' : '?'}%00=%00&__proto__=1&constructor[prototype]=1`, init: {} })

  const content = op.requestBody?.content ?? {}
  for (const [mediaType, media] of Object.entries<any>(content)) {
    const base = baseBody(exampleOf(doc, media))
    const binary = binaryFields(doc, media)
    const leaves = leafPaths(base)
    const bodies: { name: string; value: any }[] = []
    for (const leaf of leaves) {
      const label = leaf.join('.')
      bodies.push({ name: `${label} missing`, value: withValue(base, leaf, undefined, true) })
      for (const [name, value] of Object.entries(BAD_VALUES)) bodies.push({ name: `${label} ${name}`, value: withValue(base, leaf, value) })
    }
    bodies.push({ name: 'every field missing', value: {} })
    const pollution = JSON.parse('{"__proto__":{"is_admin":true},"constructor":{"prototype":{"is_admin":true}}}')
    bodies.push({ name: 'unknown fields', value: Object.assign(pollution, base, { extra: 'x'.repeat(1000) }) })

    if (mediaType === 'application/json') {
      for (const b of bodies) list.push({ name: `json ${b.name}`, url, init: { body: JSON.stringify(b.value), headers: JSON_HEADERS } })
      const raw: Record<string, string> = {
        'invalid JSON': '{"a": ',
        'JSON null': 'null',
        'JSON array': '[1,2]',
        'JSON string': '"texto"',
        'JSON number': '42',
        'empty body': '',
        'NUL byte in JSON': '{"a":"\u0000"}',
        'escaped NUL everywhere': JSON.stringify(Object.fromEntries(Object.keys(base).map((k) => [k, '\u0000']))),
        'deep nesting': '['.repeat(5000) + ']'.repeat(5000),
        'BOM first': '\ufeff' + JSON.stringify(base),
        'duplicate keys': `{"organizacao_id":1,"organizacao_id":"x"}`,
      }
      for (const [name, body] of Object.entries(raw)) list.push({ name, url, init: { body, headers: JSON_HEADERS } })
      list.push({ name: 'no content type', url, init: { body: JSON.stringify(base) } })
      list.push({ name: 'text/plain', url, init: { body: JSON.stringify(base), headers: { 'content-type': 'text/plain' } } })
      list.push({ name: 'JSON in UTF-16', url, init: { body: JSON.stringify(base), headers: { 'content-type': 'application/json; charset=utf-16' } } })
      list.push({ name: 'urlencoded', url, init: { body: new URLSearchParams({ a: 'b' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } } })
      list.push({ name: 'multipart', url, init: { body: multipartOf(base, binary) } })
      list.push({ name: 'XML', url, init: { body: '<a>1</a>', headers: { 'content-type': 'application/xml' } } })
    } else if (mediaType === 'multipart/form-data' || mediaType === 'application/x-www-form-urlencoded') {
      const multipart = mediaType === 'multipart/form-data'
      const encode = (value: any): BodyInit => {
        const fields: Record<string, unknown> = value && typeof value === 'object' && !Array.isArray(value) ? value : { campo: value }
        if (multipart) return multipartOf(fields, binary)
        const form = new URLSearchParams()
        for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, formValue(v))
        return form
      }
      for (const b of bodies) list.push({ name: `form ${b.name}`, url, init: { body: encode(b.value) } })
      for (const field of Object.keys(resolveSchema(doc, media.schema)?.properties ?? base)) {
        if (binary.has(field)) {
          const asText = multipartOf({ ...base }, new Set())
          asText.set(field, 'não sou um arquivo')
          list.push({ name: `form ${field} as text`, url, init: { body: asText } })
          const empty = multipartOf({ ...base }, new Set())
          empty.set(field, new File([], ''))
          list.push({ name: `form ${field} empty file`, url, init: { body: empty } })
          const fake = multipartOf({ ...base }, new Set())
          fake.set(field, fileOf(Buffer.from('%PDF-1.4 não é imagem'), '../../etc/passwd.png', 'image/png'))
          list.push({ name: `form ${field} disguised file`, url, init: { body: fake } })
        } else if (multipart) {
          const asFile = multipartOf({ ...base }, binary)
          asFile.set(field, fileOf(Buffer.from('x\u0000y'), 'campo.txt', 'text/plain'))
          list.push({ name: `form ${field} as a file`, url, init: { body: asFile } })
          const twice = multipartOf({ ...base }, binary)
          twice.append(field, 'segundo')
          list.push({ name: `form ${field} twice`, url, init: { body: twice } })
        }
      }
      const garbage: Record<string, { body: string; type: string }> = {
        'garbage multipart': { body: 'isto não é multipart\u0000\r\n--', type: `multipart/form-data; boundary=${BOUNDARY}` },
        'multipart without boundary': { body: `--${BOUNDARY}\r\n`, type: 'multipart/form-data' },
        'multipart cut short': {
          body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="nome"\r\n\r\nAna`,
          type: `multipart/form-data; boundary=${BOUNDARY}`,
        },
        'multipart with a bad header': {
          body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name=\r\n\r\nAna\r\n--${BOUNDARY}--\r\n`,
          type: `multipart/form-data; boundary=${BOUNDARY}`,
        },
        'multipart, NUL in the field name': {
          body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a\u0000b"\r\n\r\nAna\r\n--${BOUNDARY}--\r\n`,
          type: `multipart/form-data; boundary=${BOUNDARY}`,
        },
        'urlencoded garbage': { body: '%%%&=&a=%E0%A4%A&b=%00', type: 'application/x-www-form-urlencoded' },
        JSON: { body: JSON.stringify(base), type: 'application/json' },
        'text/plain': { body: 'olá', type: 'text/plain' },
      }
      for (const [name, g] of Object.entries(garbage)) list.push({ name, url, init: { body: g.body, headers: { 'content-type': g.type } } })
      list.push({ name: 'no body', url, init: {} })
    }
  }
  if (op.requestBody === undefined && method !== 'get') {
    list.push({ name: 'unexpected JSON body', url, init: { body: '{"a":', headers: JSON_HEADERS } })
  }
  return list
}

/** The session may end during the run (a variant of logout, a removed membership): a new login puts it back. */
async function ensureSession() {
  const res = await t.get('/api/profile', { token: session.token })
  if (res.status === 200) return
  const login = await t.post('/api/login', { email: session.email, password: session.password }, { ip: t.nextIp() })
  session.token = login.body.token
  await t.db
    .insert(memberships)
    .values({ organizationId: orgId, userId: session.id, isAdmin: true, level: 1, active: true })
    .onConflictDoNothing()
}

test('no malformed request to any operation of the document answers 5xx or throws, and the API still answers', async () => {
  const started = performance.now()
  const problems: string[] = []
  let requests = 0
  for (const operation of operations()) {
    await ensureSession()
    for (const v of variants(operation)) {
      const method = operation.method.toUpperCase()
      if (method === 'GET' || method === 'HEAD') delete v.init.body
      requests++
      try {
        const res = await t.raw(method, v.url, { ...v.init, token: session.token, ip: t.nextIp() })
        if (res.status >= 500) problems.push(`${operation.key} — ${v.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
      } catch (error) {
        problems.push(`${operation.key} — ${v.name}: threw ${String(error).slice(0, 200)}`)
      }
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`bad-input: ${requests} requests over ${operations().length} operations in ${seconds} s`)
  expect(problems).toEqual([])

  const after = await t.get('/api/openapi.json')
  expect(after.status).toBe(200)
  const login = await t.post('/api/login', { email: session.email, password: session.password }, { ip: t.nextIp() })
  expect(login.status).toBe(200)
  expect((await t.get('/api/profile', { token: login.body.token })).status).toBe(200)
}, 600_000)
