import { expect, type APIRequestContext } from '@playwright/test'
import { NEW_PASSWORD, uniqueEmail } from './helpers.ts'
import { uniqueCnpj, verificationCodeFor } from './organization-helpers.ts'

/**
 * A seller of its own for the condition specs, made through the public API (the demo data stays
 * untouched): a new person, a verified distributor, products, and a condition created with
 * createCondicao — the calls any client of the API makes.
 */
export type Seller = { email: string; password: string; orgId: number; nome: string; token: string; conditionId: number; conditionName: string }

export async function newSellerWithCondition(request: APIRequestContext, options: { tipoTabela?: 'D' | 'L'; products?: { nome: string; codigo: string; preco: string }[] } = {}): Promise<Seller> {
  const email = uniqueEmail('condicao')
  const nome = `Distribuidora Condição ${email.slice(8, 14)}`
  expect((await request.post('/api/register', { data: { name: 'Pessoa Vendedora', email, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD } })).status()).toBe(201)
  const login = await request.post('/api/login', { data: { email, password: NEW_PASSWORD } })
  const token = (await login.json()).token as string
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' }
  const verticais = await (await request.get('/api/organizacao/showVerticais', { headers })).json()
  const created = await request.post('/api/seletor/create', {
    headers,
    data: { tipo: 'f', cnpj: uniqueCnpj(), razao_social: `${nome} Ltda`, nome, vertical_id: verticais.verticais[0].id, cep: '01310100', endereco: 'Avenida Paulista', cidade: 'São Paulo', uf: 'SP' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const orgId = (await created.json()).organizacao.organizacao_id as number
  const verified = await request.post('/api/empresas/verifyValidationCode', { headers, data: { organizacao_id: orgId, code: await verificationCodeFor(email) } })
  expect(verified.status(), await verified.text()).toBe(200)
  for (const p of options.products ?? []) {
    const res = await request.post('/api/condicoes/createProduct', { headers, data: { organizacao_id: orgId, nome: p.nome, codigo: p.codigo, preco: p.preco } })
    expect(res.status(), await res.text()).toBe(201)
  }
  const conditionName = `Tabela ${email.slice(8, 14)}`
  const condition = await request.post('/api/condicoes/createCondicao', { headers, data: { organizacao_id: orgId, nome: conditionName, tipo_tabela: options.tipoTabela ?? 'D', visivel: true } })
  expect(condition.status(), await condition.text()).toBe(201)
  return { email, password: NEW_PASSWORD, orgId, nome, token, conditionId: (await condition.json()).condicao.id as number, conditionName }
}

/** The condition page's address, section Produtos. */
export const productsSection = (s: Seller) => `/conditionDetails/${s.conditionId}/${encodeURIComponent(s.conditionName)}/${encodeURIComponent(s.nome)}?aba=produtos`
