import { expect, type APIRequestContext, type Locator } from '@playwright/test'
import { apiSession } from './condition-helpers.ts'
import { DEMO } from './helpers.ts'

/**
 * Orders of the demo data, made through the public API as the market's client makes them: Bruno's
 * Farmácia Central buys from Distribuidora Sol's open generics table (server/db/seed-conditions.ts),
 * a cart (addCheckoutProdutoCondicao), its payment term, then enviaPedido. Specs that use it change
 * demo data: they are in DEMO_DATA_SPECS of playwright.config.ts.
 */
export const BUYER = { email: 'bruno@farmaciacentral.com.br', password: DEMO.password, org: 'Farmácia Central' }
/** Part of the name of a company's order events channel (private-organizacao.ped.{id}), for watchRealtime. */
export const ORDER_CHANNEL = 'organizacao.ped.'

export const SELLER = { email: DEMO.email, password: DEMO.password, org: 'Distribuidora Sol' }

type Offer = { condicao_id: number; parceiro_id: number | null; vendedor: { nome: string }; preco_unitario_centavos: number; qtd_min: number; multiplo: number }

/** Sends one order of `lines` products (the first direct offers of Distribuidora Sol); answers its id and lines. */
export async function sendDemoOrder(request: APIRequestContext, lines = 2) {
  const buyer = await apiSession(request, BUYER)
  const orgId = buyer.orgId(BUYER.org)
  const market = await request.get(`/api/checkout/restoreProdutosCondicoes_v2/${orgId}/50/null/null/null`, { headers: buyer.headers })
  expect(market.status(), await market.text()).toBe(200)
  const products = ((await market.json()) as { produtos: { data: { id: number; nome: string; melhor_oferta: Offer }[] } }).produtos.data
  const direct = products.filter((p) => p.melhor_oferta.parceiro_id === null && p.melhor_oferta.vendedor.nome === SELLER.org).slice(0, lines)
  expect(direct.length).toBe(lines)
  let checkoutId = 0
  for (const p of direct) {
    // Enough units to pass the condition's and the payment term's minimums (R$ 300 and R$ 500).
    const step = Math.max(p.melhor_oferta.multiplo, 1)
    const quantity = Math.ceil(Math.max(p.melhor_oferta.qtd_min, Math.ceil(60_000 / lines / p.melhor_oferta.preco_unitario_centavos)) / step) * step
    const res = await request.post('/api/checkout/addCheckoutProdutoCondicao', {
      headers: buyer.headers,
      data: { organizacao_id: orgId, condicao_id: p.melhor_oferta.condicao_id, parceiro_id: null, produto_id: p.id, quantidade: quantity },
    })
    expect(res.ok(), await res.text()).toBe(true)
    checkoutId = ((await res.json()) as { checkout_id: number }).checkout_id
  }
  const terms = (await (await request.get(`/api/checkout/RestoreCondicoesPagamentos/${checkoutId}`, { headers: buyer.headers })).json()) as { pagamentos: { id: number }[] }
  if (terms.pagamentos.length) {
    const chosen = await request.post('/api/checkout/definePagamentoCheckout', { headers: buyer.headers, data: { organizacao_id: orgId, checkout_id: checkoutId, pagamento_id: terms.pagamentos[0].id } })
    expect(chosen.ok(), await chosen.text()).toBe(true)
  }
  const sent = await request.post('/api/pedidos/enviaPedido', {
    headers: buyer.headers,
    data: { organizacao_id: orgId, checkout_id: checkoutId, chave: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`, confirmar_precos: true },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  const order = ((await sent.json()) as { pedido: { id: number } }).pedido
  return { id: order.id, products: direct.map((p) => p.nome) }
}

/**
 * 'Faturar com quebra' on an order's detail, then its confirmation: final, it asks once more as F and N do. After a
 * refused try the question is still open (the page was not loaded again), its confirmation at hand.
 */
export async function invoiceWithBreak(detail: Locator) {
  const confirm = detail.getByRole('button', { name: 'Sim, faturar com quebra' })
  if (!(await confirm.isVisible())) await detail.locator('summary', { hasText: 'Faturar com quebra' }).click()
  await confirm.click()
}
