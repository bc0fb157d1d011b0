import { expect, type APIRequestContext } from '@playwright/test'
import { apiSession } from './condition-helpers.ts'
import { BRUNO, DEMO } from './helpers.ts'

/**
 * A cart of Bruno's Farmácia Central in the demo condition 'Tabela Líquida Rede' of Distribuidora Sol
 * (server/db/seed-conditions.ts: at least 12 units, 'Boleto 28 dias' from R$ 500,00 and 'Tokenbase à
 * vista'), made through the API: the ids are read as Ana (the seller), the line added as Bruno.
 */
export async function demoCart(request: APIRequestContext, quantidade = 5) {
  const ana = await apiSession(request, DEMO)
  const sol = ana.orgId('Distribuidora Sol')
  const conditions = (await (await request.get(`/api/condicoes/restoreCondicoesAcoes/${sol}/1`, { headers: ana.headers })).json()) as { condicoes: { id: number; nome: string }[] }
  const condition = conditions.condicoes.find((c) => c.nome === 'Tabela Líquida Rede')!
  const lines = (await (await request.get(`/api/condicoes/restoreCondicaoProdutos/${sol}/${condition.id}/50/null/null/null`, { headers: ana.headers })).json()) as {
    produtos: { data: { id: number; nome: string; qtd_min: number; multiplo: number; preco_liquido_centavos: number | null }[] }
  }
  const product = lines.produtos.data.find((p) => p.qtd_min === 1 && p.multiplo === 1)!
  const bruno = await apiSession(request, BRUNO)
  const central = bruno.orgId('Farmácia Central')
  const added = await request.post('/api/checkout/addCheckoutProdutoCondicao', {
    headers: bruno.headers,
    data: { organizacao_id: central, condicao_id: condition.id, parceiro_id: null, produto_id: product.id, quantidade },
  })
  expect(added.status(), await added.text()).toBeLessThan(300)
  const cartId = ((await added.json()) as { checkout_id: number }).checkout_id
  return { headers: bruno.headers, central, cartId, product, conditionId: condition.id }
}

/** Deletes every cart of Bruno in Farmácia Central, so a run leaves the demo as it found it. */
export async function clearDemoCarts(request: APIRequestContext, cart: Pick<Awaited<ReturnType<typeof demoCart>>, 'headers' | 'central'>) {
  const list = (await (await request.get(`/api/checkout/showCheckoutItens/${cart.central}`, { headers: cart.headers })).json()) as { carrinhos: { id: number }[] }
  for (const c of list.carrinhos) await request.get(`/api/checkout/deleteCheckoutPedido/${c.id}`, { headers: cart.headers })
}

/** Gives the cart the demo's 'Tokenbase à vista' term (no minimum), so that it can be sent. */
export async function chooseTokenbaseTerm(request: APIRequestContext, cart: Pick<Awaited<ReturnType<typeof demoCart>>, 'headers' | 'central' | 'cartId'>) {
  const list = (await (await request.get(`/api/checkout/RestoreCondicoesPagamentos/${cart.cartId}`, { headers: cart.headers })).json()) as { pagamentos: { id: number; nome: string }[] }
  const term = list.pagamentos.find((p) => p.nome === 'Tokenbase à vista')!
  const res = await request.post('/api/checkout/definePagamentoCheckout', { headers: cart.headers, data: { organizacao_id: cart.central, checkout_id: cart.cartId, pagamento_id: term.id } })
  expect(res.status(), await res.text()).toBeLessThan(300)
}
