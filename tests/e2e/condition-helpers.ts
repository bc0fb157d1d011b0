import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { NEW_PASSWORD, uniqueEmail } from './helpers.ts'
import { uniqueCnpj, verificationCodeFor } from './organization-helpers.ts'

/**
 * What the condition specs (and a11y.spec.ts) share: sellers of their own made through the public
 * API — the calls any client of the API makes — so the demo data stays untouched; an API session of
 * any user; and the addresses of the condition screens.
 */

type Headers = Record<string, string>

/** A bearer token of `user` from the API's own login, and the ids of its organizations by name. */
export async function apiSession(request: APIRequestContext, user: { email: string; password: string }) {
  const login = await request.post('/api/login', { data: { email: user.email, password: user.password } })
  expect(login.ok(), `API login of ${user.email}`).toBe(true)
  const headers: Headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}`, accept: 'application/json' }
  const list = (await (await request.get('/api/OrgProfile/50/null/null', { headers })).json()) as {
    organizacoes: { data: { organizacao_id: number; organizacao: { nome: string } }[] }
  }
  const orgs = new Map(list.organizacoes.data.map((o) => [o.organizacao.nome, o.organizacao_id]))
  return { headers, orgId: (nome: string) => orgs.get(nome)! }
}

export type CatalogProduct = { nome: string; codigo: string; preco: string }

/** A person with a verified distributor (type f) of its own, and that person's API headers. */
export type Seller = { email: string; password: string; orgId: number; nome: string; headers: Headers }

/**
 * A new person, a verified distributor, its catalogue products (createProduct, `preco` as typed in
 * pt-BR) and, when given, its tokenbase code (storeTokenBase; it unlocks payment formulas).
 */
export async function newSeller(request: APIRequestContext, options: { prefix?: string; nome?: string; products?: CatalogProduct[]; tokenbase?: string } = {}): Promise<Seller> {
  const email = uniqueEmail(options.prefix ?? 'condicao')
  expect((await request.post('/api/register', { data: { name: 'Pessoa Vendedora', email, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD } })).status()).toBe(201)
  const { headers } = await apiSession(request, { email, password: NEW_PASSWORD })
  const verticais = await (await request.get('/api/organizacao/showVerticais', { headers })).json()
  const cnpj = uniqueCnpj()
  const nome = options.nome ?? `Distribuidora Condição ${cnpj.slice(4, 10)}`
  const created = await request.post('/api/seletor/create', {
    headers,
    data: { tipo: 'f', cnpj, razao_social: `${nome} Ltda`, nome, vertical_id: verticais.verticais[0].id, cep: '01310100', endereco: 'Avenida Paulista', cidade: 'São Paulo', uf: 'SP' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const orgId = (await created.json()).organizacao.organizacao_id as number
  const verified = await request.post('/api/empresas/verifyValidationCode', { headers, data: { organizacao_id: orgId, code: await verificationCodeFor(email) } })
  expect(verified.status(), await verified.text()).toBe(200)
  for (const p of options.products ?? []) {
    const res = await request.post('/api/condicoes/createProduct', { headers, data: { organizacao_id: orgId, nome: p.nome, codigo: p.codigo, preco: p.preco } })
    expect(res.status(), await res.text()).toBe(201)
  }
  if (options.tokenbase) {
    const token = await request.post('/api/empresas/storeTokenBase', { headers, data: { organizacao_id: orgId, tokenbase: options.tokenbase } })
    expect(token.status(), await token.text()).toBe(200)
  }
  return { email, password: NEW_PASSWORD, orgId, nome, headers }
}

/** A condition of `sellerId`, made with createCondicao and `headers` of one of its members. */
export async function createCondition(request: APIRequestContext, headers: Headers, sellerId: number, nome: string, tipoTabela: 'D' | 'L' = 'D') {
  const res = await request.post('/api/condicoes/createCondicao', { headers, data: { organizacao_id: sellerId, nome, tipo_tabela: tipoTabela, visivel: true } })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { condicao: { id: number; nome: string } }).condicao
}

/** A seller of its own (see `newSeller`) with one condition; `path` is the condition's page. */
export type ConditionSeller = Seller & { conditionId: number; conditionName: string; path: string }

export async function newConditionSeller(
  request: APIRequestContext,
  options: Parameters<typeof newSeller>[1] & { conditionName?: string; tipoTabela?: 'D' | 'L' } = {},
): Promise<ConditionSeller> {
  const seller = await newSeller(request, options)
  const condition = await createCondition(request, seller.headers, seller.orgId, options.conditionName ?? `Tabela ${seller.nome.slice(-6)}`, options.tipoTabela)
  return { ...seller, conditionId: condition.id, conditionName: condition.nome, path: conditionAddress(condition, seller.orgId) }
}

/** Logs in through the Login route and enters the seller's organization, as the personal environment's button does. */
export async function enterAsSeller(page: Page, seller: Seller) {
  const origin = test.info().project.use.baseURL!
  const login = await page.request.post('/?index', { form: { email: seller.email, password: seller.password }, headers: { origin }, maxRedirects: 0 })
  expect(login.status(), 'login').toBe(302)
  const enter = await page.request.post('/personal-environment', { form: { organizacao_id: String(seller.orgId) }, headers: { origin }, maxRedirects: 0 })
  expect(enter.status(), 'entering the organization').toBe(302)
}

/** /conditionDetails/{conditionId}/{conditionName}/{owner}: the condition's page (its sections with `?aba=`). */
export const conditionAddress = (condition: { id: number; nome: string }, ownerId: number) =>
  `/conditionDetails/${condition.id}/${encodeURIComponent(condition.nome)}/${ownerId}`

/** One section of a seller's own condition. */
export const conditionSection = (seller: ConditionSeller, aba: 'produtos' | 'parceiros' | 'compradores' | 'vendedores' | 'pagamentos' | 'regras') => `${seller.path}?aba=${aba}`

/** /olDetails/{olId}/{olName}/{owner}/{conditionId}/{discount}: the condition as the OL serves it. */
export const olAddress = (olId: number, olName: string, sellerId: number, conditionId: number, discount: string) =>
  `/olDetails/${olId}/${encodeURIComponent(olName)}/${sellerId}/${conditionId}/${encodeURIComponent(discount)}`
