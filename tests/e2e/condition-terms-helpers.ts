import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { NEW_PASSWORD, uniqueEmail } from './helpers.ts'
import { uniqueCnpj, verificationCodeFor } from './organization-helpers.ts'

/**
 * A seller of its own for the condition's payment terms and rules (the demo data stays untouched):
 * a new person, a verified type-f organization with a tokenbase code, and one condition, all made
 * through the API. `path` is the condition's page.
 */
export type ConditionSeller = { email: string; password: string; orgId: number; orgName: string; conditionId: number; path: string; headers: Record<string, string> }

export async function newConditionSeller(request: APIRequestContext, prefix: string, options: { tokenbase?: string } = {}): Promise<ConditionSeller> {
  const email = uniqueEmail(prefix)
  const reg = await request.post('/api/register', { data: { name: 'Pessoa Condições', email, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD } })
  expect(reg.status()).toBe(201)
  const login = await request.post('/api/login', { data: { email, password: NEW_PASSWORD } })
  const headers = { authorization: `Bearer ${(await login.json()).token}`, accept: 'application/json' }
  const verticais = await (await request.get('/api/organizacao/showVerticais', { headers })).json()
  const cnpj = uniqueCnpj()
  const orgName = `Distribuidora Prazos ${cnpj.slice(4, 10)}`
  const created = await request.post('/api/seletor/create', {
    headers,
    data: { tipo: 'f', cnpj, razao_social: `${orgName} Ltda`, nome: orgName, vertical_id: verticais.verticais[0].id, cep: '01310100', endereco: 'Avenida Paulista', cidade: 'São Paulo', uf: 'SP' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const orgId = (await created.json()).organizacao.organizacao_id as number
  const verified = await request.post('/api/empresas/verifyValidationCode', { headers, data: { organizacao_id: orgId, code: await verificationCodeFor(email) } })
  expect(verified.status(), await verified.text()).toBe(200)
  const token = await request.post('/api/empresas/storeTokenBase', { headers, data: { organizacao_id: orgId, tokenbase: options.tokenbase ?? 'TKB-PRAZOS-1' } })
  expect(token.status(), await token.text()).toBe(200)
  const condition = await request.post('/api/condicoes/createCondicao', { headers, data: { organizacao_id: orgId, nome: 'Tabela Prazos', tipo_tabela: 'D', visivel: true } })
  expect(condition.status(), await condition.text()).toBe(201)
  const conditionId = (await condition.json()).condicao.id as number
  return { email, password: NEW_PASSWORD, orgId, orgName, conditionId, path: `/conditionDetails/${conditionId}/Tabela%20Prazos/${orgId}`, headers }
}

/** Logs in through the Login route and enters the seller's organization, as the personal environment's button does. */
export async function enterAsSeller(page: Page, seller: ConditionSeller) {
  const origin = test.info().project.use.baseURL!
  const login = await page.request.post('/?index', { form: { email: seller.email, password: seller.password }, headers: { origin }, maxRedirects: 0 })
  expect(login.status(), 'login').toBe(302)
  const enter = await page.request.post('/personal-environment', { form: { organizacao_id: String(seller.orgId) }, headers: { origin }, maxRedirects: 0 })
  expect(enter.status(), 'entering the organization').toBe(302)
}
