import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ZodType } from 'zod'
import { authMessages as m } from '../../app/domain/auth/messages.ts'
import { ibgeHandlers } from '../mocks/ibge.ts'
import { viaCepHandlers } from '../mocks/viacep.ts'
import { exampleOf, operationsOf, resolveSchema } from './openapi-walk.ts'
import { createTestApi, fileOf, newUser, tinyPng, type TestApi } from './harness.ts'

/** The address calls reach IBGE and ViaCEP: their stand-ins answer here, never the real services. */
const outside = setupServer(...ibgeHandlers, ...viaCepHandlers)

let t: TestApi
let doc: any
beforeAll(async () => {
  outside.listen({ onUnhandledRequest: 'error' })
  t = await createTestApi()
  const res = await t.get('/api/openapi.json')
  expect(res.status).toBe(200)
  doc = res.body
})
afterAll(async () => {
  outside.close()
  await t.close()
})

const operations = () => operationsOf(doc)
const resolve = (schema: any) => resolveSchema(doc, schema)

/** A path without its trailing slash: `/x/` and `/x` are one call (the spec writes some paths with the slash). */
const bare = (key: string) => key.replace(/(.)\/$/, '$1')

/** The routes Hono really serves, in OpenAPI spelling; middleware (ALL) and the document itself left out. */
function servedRoutes() {
  const keys = new Set<string>()
  for (const r of t.api.routes) {
    if (r.method === 'ALL' || r.path === '/api/openapi.json') continue
    keys.add(`${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`)
  }
  return [...keys].sort()
}

/** The zod schema each route validates its body with, from the same registry the document is built from. */
function bodySchema(method: string, path: string, mediaType: string): ZodType | undefined {
  for (const def of t.api.openAPIRegistry.definitions as any[]) {
    if (def.type === 'route' && def.route.method === method && def.route.path === path) return def.route.request?.body?.content?.[mediaType]?.schema
  }
  return undefined
}

/** A URL for the operation: path parameters from their examples, query parameters too. */
function urlFor(path: string, op: any) {
  let url = path
  const query = new URLSearchParams()
  for (const p of op.parameters ?? []) {
    const value = p.schema?.example ?? p.example ?? (p.schema?.type === 'integer' || p.schema?.type === 'number' ? 1 : 'exemplo')
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)))
    if (p.in === 'query' && (p.required || p.schema?.example !== undefined)) query.set(p.name, String(value))
  }
  return query.size ? `${url}?${query}` : url
}

/** The calls of the account and organization API and the ones the product added beside them. */
const EXPECTED = [
  'GET /sanctum/csrf-cookie',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/register',
  'POST /api/forgot-password',
  'POST /api/reset-password',
  'GET /api/profile',
  'POST /api/updateprofile',
  'POST /api/saveavatar',
  'POST /api/deletedetail',
  'GET /api/restoreInvite/{token}',
  'POST /api/createOrgAutoLogin',
  'GET /api/OrgProfile/{regPerPage}/{search}/{filter}',
  'GET /api/empresas/profile/{id}',
]


describe('GET /api/openapi.json', () => {
  test('is an OpenAPI 3.1 document with a title, a version and the bearer scheme', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.info.title).toBeTruthy()
    expect(doc.info.version).toBeTruthy()
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
  })

  test('is served as JSON without a login', async () => {
    const res = await t.raw('GET', '/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
  })

  test('describes every account and organization call, OrgProfile, empresas/profile and logout', () => {
    const documented = operations().map((o) => o.key)
    for (const key of EXPECTED) expect(documented, key).toContain(key)
  })

  test('every route the app serves is in the document with its method', () => {
    const routes = servedRoutes()
    expect(routes.length).toBeGreaterThanOrEqual(EXPECTED.length)
    const documented = new Set(operations().map((o) => bare(o.key)))
    const missing = routes.filter((r) => !documented.has(bare(r)))
    expect(missing).toEqual([])
  })

  test('the document lists no call the app does not serve', () => {
    const routes = new Set(servedRoutes().map(bare))
    expect(operations().map((o) => o.key).filter((k) => !routes.has(bare(k)))).toEqual([])
  })

  test('every path parameter is declared, required, and no undeclared one is used', () => {
    const problems: string[] = []
    for (const { key, path, op } of operations()) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((x) => x[1]).sort()
      const declared = (op.parameters ?? []).filter((p: any) => p.in === 'path')
      const names = declared.map((p: any) => p.name).sort()
      if (JSON.stringify(inPath) !== JSON.stringify(names)) problems.push(`${key}: path has ${inPath}, declared ${names}`)
      for (const p of declared) {
        if (p.required !== true) problems.push(`${key}: ${p.name} not required`)
        if (!p.schema) problems.push(`${key}: ${p.name} has no schema`)
      }
    }
    expect(problems).toEqual([])
  })

  test('every operation documents at least one success answer', () => {
    for (const { key, op } of operations()) {
      expect(Object.keys(op.responses ?? {}).some((s) => /^2\d\d$/.test(s)), key).toBe(true)
    }
  })

  test('every $ref points to a component that exists', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((x) => x[1])
    for (const name of new Set(refs)) expect(doc.components.schemas, name).toHaveProperty(name)
  })

  test('every request body has an example (on the media type, the schema or the component it references)', () => {
    const missing: string[] = []
    for (const { key, op } of operations()) {
      for (const [mediaType, media] of Object.entries<any>(op.requestBody?.content ?? {})) {
        if (exampleOf(doc, media) === undefined) missing.push(`${key} ${mediaType}`)
      }
    }
    expect(missing).toEqual([])
  })

  test('a call that answers 401 without a token declares the bearer security, and the reverse', async () => {
    const problems: string[] = []
    for (const { key, method, path, op } of operations()) {
      const res = await t.raw(method.toUpperCase(), urlFor(path, op))
      const secured = (op.security ?? doc.security ?? []).some((s: any) => 'bearerAuth' in s)
      if (res.status === 401 && !secured) problems.push(`${key}: answers 401 but declares no security`)
      if (secured && res.status !== 401) problems.push(`${key}: declares security but answers ${res.status} without a token`)
      if (secured && !op.responses?.['401']) problems.push(`${key}: declares security but documents no 401`)
    }
    expect(problems).toEqual([])
  })

  test('the example of each request body, sent by a fresh user, passes the validator (business refusals only)', async () => {
    /** The refusals the examples meet on an empty database: the data they name does not exist there. */
    const BUSINESS: Record<string, Record<string, string[]>> = {
      // No user ana@distribuidora.com.br on a fresh database.
      'POST /api/login': { email: [m.badCredentials] },
      // The token is a placeholder for the one of the mailed link.
      'POST /api/reset-password': { token: [m.resetTokenInvalid] },
      // No invite "convite-demo-farmacia" on a fresh database (only the demo seed has it).
      'POST /api/createOrgAutoLogin': { token: [m.inviteInvalid] },
    }
    const results: string[] = []
    const problems: string[] = []
    for (const { key, method, path, op } of operations()) {
      for (const [mediaType, media] of Object.entries<any>(op.requestBody?.content ?? {})) {
        const example = exampleOf(doc, media)
        if (example === undefined) continue // reported by the test above
        const user = await newUser(t)
        const url = urlFor(path, op)
        let res
        let sent: unknown = example
        if (mediaType === 'application/json') {
          res = await t.raw(method.toUpperCase(), url, { body: JSON.stringify(example), headers: { 'content-type': 'application/json' }, token: user.token, ip: t.nextIp() })
        } else if (mediaType === 'multipart/form-data' || mediaType === 'application/x-www-form-urlencoded') {
          const form = new FormData()
          const fields: Record<string, string> = {}
          const properties = resolve(media.schema)?.properties ?? {}
          const files: Record<string, File> = {}
          for (const [k, v] of Object.entries<any>(example)) {
            // A file field's example only describes the file: a real small PNG goes in its place.
            if (properties[k]?.format === 'binary') {
              files[k] = fileOf(tinyPng(), 'exemplo.png', 'image/png')
              form.append(k, files[k])
              continue
            }
            fields[k] = typeof v === 'string' ? v : JSON.stringify(v)
            form.append(k, fields[k])
          }
          sent = { ...fields, ...files }
          res = await t.raw(method.toUpperCase(), url, { body: form, token: user.token, ip: t.nextIp() })
        } else {
          problems.push(`${key}: media type ${mediaType} not handled by this test`)
          continue
        }
        results.push(`${key} → ${res.status}${res.status === 422 ? ` ${JSON.stringify(res.body.errors)}` : ''}`)
        // 500 is our own crash; 502-504 only say an outside service (CEP, IBGE...) is unreachable from the test machine.
        if (res.status === 500) problems.push(`${key}: ${res.status} ${JSON.stringify(res.body)}`)
        if (res.status === 422) {
          // A 422 is fine only when it comes from the handler: the validator's own schema must accept the example.
          const schema = bodySchema(method, path, mediaType)
          const parsed = schema ? await schema.safeParseAsync(sent) : undefined
          if (!parsed?.success) problems.push(`${key}: the example fails the validator: ${JSON.stringify(res.body.errors)}`)
          else if (BUSINESS[key] && JSON.stringify(res.body.errors) !== JSON.stringify(BUSINESS[key])) {
            problems.push(`${key}: unexpected refusal ${JSON.stringify(res.body.errors)}`)
          }
        } else if (BUSINESS[key]) {
          problems.push(`${key}: expected the business refusal ${JSON.stringify(BUSINESS[key])}, got ${res.status}`)
        }
      }
    }
    expect(problems, results.join('\n')).toEqual([])
    // The examples of the account and organization API that the validator takes and the handler carries out.
    const accepted = results.filter((r) => /→ 2\d\d/.test(r)).map((r) => r.split(' → ')[0])
    for (const key of ['POST /api/register', 'POST /api/forgot-password', 'POST /api/updateprofile', 'POST /api/deletedetail']) expect(accepted).toContain(key)
  })

  test('each documented path-parameter example is accepted by the validator', async () => {
    const user = await newUser(t)
    const problems: string[] = []
    for (const { key, method, path, op } of operations()) {
      if (!(op.parameters ?? []).length || op.requestBody) continue
      const res = await t.raw(method.toUpperCase(), urlFor(path, op), { token: user.token })
      const fields = Object.keys(res.body?.errors ?? {})
      const paramNames = (op.parameters ?? []).map((p: any) => p.name)
      if (res.status === 422 && fields.some((f) => paramNames.includes(f))) problems.push(`${key}: ${JSON.stringify(res.body.errors)}`)
      if (res.status === 500) problems.push(`${key}: ${res.status}`)
    }
    expect(problems).toEqual([])
  })
})
