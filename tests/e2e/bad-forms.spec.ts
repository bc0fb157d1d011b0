import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test'
import routes from '../../app/routes.ts'
import { NEW_PASSWORD, uniqueEmail } from './helpers.ts'
import { uniqueCnpj, verificationCodeFor } from './organization-helpers.ts'

/**
 * Every route of app/routes.ts whose module exports an `action` gets garbage form
 * posts (missing fields, NUL, 100 KB values, unknown intents, wrong content types, broken
 * multipart, bad path parameters), once with the session of a member of a verified
 * organization and once without a session. No answer may be a 5xx or a dropped connection.
 * The list comes from the route files, so a route added later is covered without being named.
 */

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] }
type ActionRoute = { url: string; file: string; params: string[]; fields: string[]; intents: string[] }

const APP = path.resolve('app')
const ACTION_EXPORT = /export\s+(async\s+)?function\s+action\b|export\s+(const|let)\s+action\b|export\s*\{[^}]*\baction\b[^}]*\}/

/** The names a route module reads from its form: literal names and the keys of the domain schemas it imports. */
async function formFieldsOf(source: string) {
  const names = new Set<string>(['intent', 'organizacao_id', 'redirectTo'])
  for (const m of source.matchAll(/\.get\('([^']+)'\)|name="([^"{]+)"/g)) names.add(m[1] ?? m[2])
  for (const m of source.matchAll(/import\s*\{([^}]+)\}\s*from\s*'~\/(domain\/[^']+)'/g)) {
    const module = await import(path.join(APP, m[2]))
    for (const imported of m[1].split(',').map((s) => s.replace(/\btype\b/, '').trim()).filter(Boolean)) {
      const shape = (module[imported] as { shape?: Record<string, unknown> } | undefined)?.shape
      if (shape && typeof shape === 'object') for (const key of Object.keys(shape)) names.add(key)
    }
  }
  return [...names]
}

/** The intents a route module tells apart. */
function intentsOf(source: string) {
  const intents = new Set<string>()
  for (const m of source.matchAll(/intent\s*===\s*'([^']+)'|case\s+'([^']+)'\s*:|name="intent"\s+value="([^"]+)"|(?:upload|remove):\s*'([^']+)'/g)) {
    intents.add(m[1] ?? m[2] ?? m[3] ?? m[4])
  }
  return [...intents]
}

async function actionRoutes(): Promise<ActionRoute[]> {
  const found: ActionRoute[] = []
  async function walk(entries: RouteEntry[], parent: string) {
    for (const entry of entries) {
      const full = [parent, entry.path ?? ''].filter(Boolean).join('/')
      if (entry.children) await walk(entry.children, full)
      const source = await readFile(path.join(APP, entry.file), 'utf8')
      if (!ACTION_EXPORT.test(source)) continue
      const params = [...full.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1])
      let url = `/${full.replace(/\*/g, 'caminho/desconhecido')}`
      // A post to an index route's address goes to its parent unless it says `?index`.
      if (entry.index) url += '?index'
      // One module under several addresses (Login) is posted to once, plus once where the address has parameters.
      if (found.some((r) => r.file === entry.file && (r.params.length > 0) === (params.length > 0))) continue
      found.push({ url, file: entry.file, params, fields: await formFieldsOf(source), intents: intentsOf(source) })
    }
  }
  await walk(routes as RouteEntry[], '')
  return found
}

const withParams = (route: ActionRoute, value: (name: string) => string) =>
  route.params.reduce((url, name) => url.replace(`:${name}`, value(name)), route.url)

/** A plausible path parameter: digits where the name says id, a word otherwise. */
const goodParam = (name: string) => (/id$|Id$/.test(name) ? '1' : name === 'email' ? encodeURIComponent('pessoa@teste.com.br') : 'valor')

/** Given to the fields in turn (field i gets value i, i+1...), so each field meets each kind over the variants. */
const MIXED_VALUES = ['', 'Nome\u0000Teste', '\u0007\u001b[31m\u0085', '😀🇧🇷 São José', '-1', '99999999999999999999', '../../../etc/passwd', 'null']
const BIG = 'x'.repeat(100_000)
const BOUNDARY = '----badFormsBoundary9XyZ'

type Post = { name: string; url: string; options: Parameters<APIRequestContext['post']>[1] }

/**
 * `page`: the fields every post of a page carries, here the company it shows (decision 048), so that a member's
 * garbage reaches the action behind the check of the page's company.
 */
function posts(route: ActionRoute, page: Record<string, string>): Post[] {
  const url = withParams(route, goodParam)
  const list: Post[] = []
  const formWith = (intent: string, value: (i: number) => string) => {
    const form: Record<string, string> = {}
    route.fields.forEach((field, i) => (form[field] = value(i)))
    form.intent = intent
    return { ...form, ...page }
  }
  list.push({ name: 'empty form', url, options: { form: {} } })
  for (const intent of ['intencao-que-nao-existe', '\u0000', BIG]) {
    const label = intent.length > 40 ? '100 KB intent' : `intent ${JSON.stringify(intent)}`
    list.push({ name: `${label}, fields missing`, url, options: { form: { intent, ...page } } })
    list.push({ name: `${label}, every field NUL`, url, options: { form: formWith(intent, () => '\u0000') } })
  }
  for (const intent of route.intents.length ? route.intents : ['']) {
    const label = `intent ${JSON.stringify(intent)}`
    list.push({ name: `${label}, fields missing`, url, options: { form: { intent, ...page } } })
    list.push({ name: `${label}, every field NUL inside`, url, options: { form: formWith(intent, () => 'a\u0000b') } })
    for (let shift = 0; shift < MIXED_VALUES.length; shift += 2) {
      list.push({ name: `${label}, mixed values from ${shift}`, url, options: { form: formWith(intent, (i) => MIXED_VALUES[(i + shift) % MIXED_VALUES.length]) } })
    }
    list.push({ name: `${label}, every field 100 KB`, url, options: { form: formWith(intent, () => BIG) } })
    list.push({
      name: `${label}, multipart with NUL and files in the text fields`,
      url,
      options: {
        multipart: Object.fromEntries([
          ...route.fields.map((f, i) => [f, i % 2 ? 'a\u0000b' : { name: '../x\u0000.png', mimeType: 'image/png', buffer: Buffer.from('não é imagem') }]),
          ['intent', intent],
          ...Object.entries(page),
        ]),
      },
    })
  }
  const raw: Record<string, { data: string; type?: string }> = {
    JSON: { data: '{"intent":"save","nome":"\\u0000"}', type: 'application/json' },
    'invalid JSON': { data: '{"intent":', type: 'application/json' },
    'text/plain': { data: 'intent=save&nome=a', type: 'text/plain' },
    XML: { data: '<intent>save</intent>', type: 'application/xml' },
    'garbage multipart': { data: 'isto não é multipart\u0000\r\n--', type: `multipart/form-data; boundary=${BOUNDARY}` },
    'multipart without boundary': { data: `--${BOUNDARY}\r\n`, type: 'multipart/form-data' },
    'multipart cut short': { data: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave`, type: `multipart/form-data; boundary=${BOUNDARY}` },
    'multipart with a broken header': {
      data: `--${BOUNDARY}\r\nContent-Disposition: form-data; name=\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
      type: `multipart/form-data; boundary=${BOUNDARY}`,
    },
    'urlencoded garbage': { data: '%%%&=&intent=%E0%A4%A&nome=%00&a[b][c]=1', type: 'application/x-www-form-urlencoded' },
    'no content type': { data: 'intent=save' },
  }
  for (const [name, r] of Object.entries(raw)) list.push({ name, url, options: { data: r.data, headers: r.type ? { 'content-type': r.type } : {} } })
  if (route.params.length) {
    for (const [name, value] of Object.entries({ NUL: '%00', '5000 characters': 'x'.repeat(5000), 'path traversal': '..%2F..%2Fetc%2Fpasswd', 'bad encoding': '%E0%A4%A' })) {
      list.push({ name: `path parameters ${name}`, url: withParams(route, () => value), options: { form: { intent: route.intents[0] ?? 'x', ...page } } })
    }
  }
  return list
}

type Account = { email: string; password: string; orgId: number }

/** A new person with a verified organization of their own, made through the API (the demo data stays untouched). */
async function newAccount(request: APIRequestContext): Promise<Account> {
  const email = uniqueEmail('formas')
  const reg = await request.post('/api/register', { data: { name: 'Pessoa Formas', email, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD } })
  expect(reg.status()).toBe(201)
  const login = await request.post('/api/login', { data: { email, password: NEW_PASSWORD } })
  const headers = { authorization: `Bearer ${(await login.json()).token}` }
  const verticais = await (await request.get('/api/organizacao/showVerticais', { headers })).json()
  const created = await request.post('/api/seletor/create', {
    headers,
    data: {
      tipo: 'f',
      cnpj: uniqueCnpj(),
      razao_social: 'Formas Estranhas Ltda',
      nome: 'Formas Estranhas',
      vertical_id: verticais.verticais[0].id,
      cep: '01310100',
      endereco: 'Avenida Paulista',
      cidade: 'São Paulo',
      uf: 'SP',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const orgId = (await created.json()).organizacao.organizacao_id as number
  const verified = await request.post('/api/empresas/verifyValidationCode', { headers, data: { organizacao_id: orgId, code: await verificationCodeFor(email) } })
  expect(verified.status(), await verified.text()).toBe(200)
  return { email, password: NEW_PASSWORD, orgId }
}

/** Logs in through the Login form and enters the organization: the session cookie stays in `request`. */
async function signIn(request: APIRequestContext, account: Account) {
  const login = await request.post('/?index', { form: { email: account.email, password: account.password }, maxRedirects: 0 })
  expect(login.status(), 'login form answers with a redirect').toBe(302)
  const enter = await request.post('/personal-environment', { form: { organizacao_id: String(account.orgId) }, maxRedirects: 0 })
  expect(enter.status(), 'entering the organization answers with a redirect').toBe(302)
}

test('no garbage form post to any route action answers 5xx, with or without a session', async ({ playwright, baseURL }) => {
  test.setTimeout(600_000)
  const found = await actionRoutes()
  expect(found.length, 'route modules with an action').toBeGreaterThan(5)

  const member = await playwright.request.newContext({ baseURL })
  const anonymous = await playwright.request.newContext({ baseURL })
  const account = await newAccount(member)
  const problems: string[] = []
  let requests = 0
  const started = Date.now()
  for (const route of found) {
    for (const [who, request] of [['with session', member], ['without session', anonymous]] as const) {
      if (who === 'with session') await signIn(request, account)
      const all = posts(route, who === 'with session' ? { _empresa: String(account.orgId) } : {})
      requests += all.length
      // A few at a time: the server is one process, and its database is the embedded one.
      for (let i = 0; i < all.length; i += 4) {
        await Promise.all(
          all.slice(i, i + 4).map(async (post) => {
            let res: APIResponse
            try {
              res = await request.post(post.url, { ...post.options, maxRedirects: 0, failOnStatusCode: false })
            } catch (error) {
              problems.push(`${route.file} ${who} — ${post.name}: ${String(error).split('\n')[0]}`)
              return
            }
            if (res.status() >= 500) problems.push(`${route.file} ${who} — ${post.name}: ${res.status()}`)
          }),
        )
      }
    }
  }
  console.log(`bad-forms: ${requests} posts to ${found.length} route actions in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  expect(problems).toEqual([])

  // The product still answers, and the person can still log in.
  await signIn(member, account)
  expect((await member.get('/personal-environment')).status()).toBe(200)
  await member.dispose()
  await anonymous.dispose()
})

test('every route action refuses a form posted from another origin, or from a page without one', async ({ playwright, baseURL }) => {
  const found = await actionRoutes()
  const member = await playwright.request.newContext({ baseURL })
  const account = await newAccount(member)
  await signIn(member, account)
  const problems: string[] = []
  for (const route of found) {
    const url = withParams(route, goodParam)
    for (const origin of ['http://evil.example', 'null', `${new URL(baseURL!).protocol}//${new URL(baseURL!).hostname}:1`]) {
      const res = await member.post(url, { form: { intent: route.intents[0] ?? 'enviar', text: 'de outro site' }, headers: { origin }, maxRedirects: 0, failOnStatusCode: false })
      if (res.status() !== 400) problems.push(`${route.file} from ${origin}: ${res.status()}`)
    }
  }
  expect(problems).toEqual([])
  // A page's action is refused by React Router itself ('Bad Request'); a resource route's, such as the chat's, by ours.
  const chat = await member.post('/Chat/acoes', { form: { intent: 'enviar', text: 'de outro site' }, headers: { origin: 'http://evil.example' }, failOnStatusCode: false })
  expect(await chat.text()).toContain('Este formulário não foi enviado por esta página.')
  // The same session, from the product's own origin, still acts: the check did not end it.
  expect((await member.get('/personal-environment')).status()).toBe(200)
  await member.dispose()
})
