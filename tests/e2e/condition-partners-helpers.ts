import { expect, type APIRequestContext } from '@playwright/test'

/** Shared by condition-partners.spec.ts and a11y.spec.ts. */

/** A bearer token of `user` from the API's own login, and the ids of its organizations by name. */
export async function apiSession(request: APIRequestContext, user: { email: string; password: string }) {
  const login = await request.post('/api/login', { data: { email: user.email, password: user.password } })
  expect(login.ok(), `API login of ${user.email}`).toBe(true)
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}`, Accept: 'application/json' }
  const list = (await (await request.get('/api/OrgProfile/50/null/null', { headers })).json()) as {
    organizacoes: { data: { organizacao_id: number; organizacao: { nome: string } }[] }
  }
  const orgs = new Map(list.organizacoes.data.map((o) => [o.organizacao.nome, o.organizacao_id]))
  return { headers, orgId: (nome: string) => orgs.get(nome)! }
}

/**
 * A condition of `sellerId`, made through the API (POST createCondicao) with the seller's token: the
 * conditions screen that creates one is another part of issue #10.
 */
export async function createCondition(request: APIRequestContext, headers: Record<string, string>, sellerId: number, nome: string) {
  const res = await request.post('/api/condicoes/createCondicao', {
    headers,
    data: { organizacao_id: sellerId, nome, tipo_tabela: 'D', inicio: null, fim: null, visivel: true },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { condicao: { id: number; nome: string } }).condicao
}

export const conditionAddress = (condition: { id: number; nome: string }, sellerId: number) =>
  `/conditionDetails/${condition.id}/${encodeURIComponent(condition.nome)}/${sellerId}`

export const olAddress = (olId: number, olName: string, sellerId: number, conditionId: number, discount: string) =>
  `/olDetails/${olId}/${encodeURIComponent(olName)}/${sellerId}/${conditionId}/${encodeURIComponent(discount)}`
