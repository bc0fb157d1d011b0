import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { apiSession } from './condition-helpers.ts'
import { BRUNO, login, test } from './helpers.ts'
import { uniqueCnpj, verificationCodeFor } from './organization-helpers.ts'

/**
 * Two tabs of one browser share the session, and so the company it entered: a page acts only for the company it
 * shows (docs/decisions/048-company-per-page.md). Bruno opens Farmácia Central in one tab and enters his other
 * retail company in another; the first tab's 'Adicionar ao carrinho' is refused, nothing is added to either
 * company's carts, and the first tab keeps showing Farmácia Central until it is reloaded. Bruno's carts are demo
 * data (DEMO_DATA_SPECS). His other demo company, Drogaria da Praça, cannot be entered: its 'Sua opinião' stays
 * unanswered for new-user-findings.spec.ts, so the second company is one of his own made here, once per run.
 */

const CENTRAL = 'Farmácia Central'
const OTHER = `Drogaria Outra Aba ${Date.now().toString(36)}`

/** The texts of the refusal, word for word (not imported from the app, so a changed text fails). */
const REFUSED = `Esta página é de ${CENTRAL}, mas outra aba entrou em ${OTHER}. Recarregue a página para continuar.`
const REFUSED_TITLE = 'A empresa mudou em outra aba'
const RELOAD = 'Recarregar a página'

const cards = (page: Page) => page.getByRole('list', { name: /^Produtos, página/ }).getByRole('listitem')
const headerCompany = (page: Page, nome: string) => page.getByRole('banner').getByRole('link', { name: `Cartão de visita de ${nome}` })

/** Every cart line of Bruno in a company, with its quantity: what a refused post must leave as it was. */
async function cartLines(request: APIRequestContext, headers: Record<string, string>, orgId: number) {
  const res = await request.get(`/api/checkout/showCheckoutItens/${orgId}`, { headers })
  expect(res.ok()).toBe(true)
  const { carrinhos } = (await res.json()) as { carrinhos: { id: number; itens: { id: number; quantidade: number }[] }[] }
  return carrinhos.flatMap((c) => c.itens.map((i) => `${c.id}:${i.id}:${i.quantidade}`)).sort()
}

/** Bruno's second retail company, created and verified through the API the first time a test needs it. */
let other: Promise<number> | undefined
async function otherCompany(request: APIRequestContext) {
  other ??= (async () => {
    const { headers } = await apiSession(request, BRUNO)
    const verticais = (await (await request.get('/api/organizacao/showVerticais', { headers })).json()) as { verticais: { id: number }[] }
    const data = { tipo: 'v', cnpj: uniqueCnpj(), razao_social: `${OTHER} Ltda`, nome: OTHER, vertical_id: verticais.verticais[0].id, cep: '01310100', endereco: 'Avenida Paulista', cidade: 'São Paulo', uf: 'SP' }
    const created = await request.post('/api/seletor/create', { headers, data })
    expect(created.status(), await created.text()).toBe(201)
    const orgId = ((await created.json()) as { organizacao: { organizacao_id: number } }).organizacao.organizacao_id
    const verified = await request.post('/api/empresas/verifyValidationCode', { headers, data: { organizacao_id: orgId, code: await verificationCodeFor(BRUNO.email) } })
    expect(verified.status(), await verified.text()).toBe(200)
    return orgId
  })()
  return other
}

async function enter(page: Page, nome: string) {
  await page.goto('/personal-environment')
  await page.getByRole('button', { name: `Entrar em ${nome}` }).click()
  await expect(page).toHaveURL(/\/market$/)
  await expect(headerCompany(page, nome)).toBeVisible()
}

async function addFromOtherTab(page: Page, request: APIRequestContext) {
  const second = await otherCompany(request)
  const bruno = await apiSession(request, BRUNO)
  const central = bruno.orgId(CENTRAL)
  await login(page, BRUNO.email, BRUNO.password)
  await enter(page, CENTRAL)
  const card = cards(page).first()
  await expect(card).toBeVisible()
  const name = (await card.getByRole('heading').textContent())!

  const tab = await page.context().newPage()
  await enter(tab, OTHER)
  const before = { central: await cartLines(request, bruno.headers, central), second: await cartLines(request, bruno.headers, second) }

  await card.getByRole('button', { name: `Adicionar ao carrinho ${name}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: REFUSED_TITLE })).toBeVisible()
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(REFUSED)
  // The first tab still shows the company it showed: its header did not turn into the other tab's.
  await expect(headerCompany(page, CENTRAL)).toBeVisible()
  await expect(headerCompany(page, OTHER)).toHaveCount(0)
  expect(await cartLines(request, bruno.headers, central)).toEqual(before.central)
  expect(await cartLines(request, bruno.headers, second)).toEqual(before.second)

  // Reloaded, the page is the session's company's; the other tab still is.
  await page.getByRole('link', { name: RELOAD }).click()
  await expect(headerCompany(page, OTHER)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Mercado' })).toBeVisible()
  await tab.reload()
  await expect(headerCompany(tab, OTHER)).toBeVisible()
  await tab.close()
}

test("a tab's 'Adicionar ao carrinho' after another tab entered another company is refused, and changes nothing", async ({ page, request }) => {
  await addFromOtherTab(page, request)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("the same post is refused the same way, as a plain form's", async ({ page, request }) => {
    await addFromOtherTab(page, request)
  })
})

test("the live counters of a page name its company: the one another tab left gets a refusal, not the other company's numbers", async ({ page, request }) => {
  const second = await otherCompany(request)
  const central = (await apiSession(request, BRUNO)).orgId(CENTRAL)
  await login(page, BRUNO.email, BRUNO.password)
  await enter(page, CENTRAL)
  // The page's realtime client reads the header's counters once it listens: for the company the page shows.
  const counters = page.waitForRequest((r) => new URL(r.url()).pathname === '/cabecalho/contadores')
  await page.goto('/market')
  expect((await counters).headers()['x-empresa']).toBe(String(central))

  const tab = await page.context().newPage()
  await enter(tab, OTHER)
  await tab.close()

  // The same browser's cookies: the session is in the other company now.
  const json = (company: number) => ({ headers: { accept: 'application/json', 'X-Empresa': String(company) } })
  const refused = await page.request.get('/cabecalho/contadores', json(central))
  expect(refused.status()).toBe(409)
  expect(await refused.json()).toEqual({ message: REFUSED })
  const orders = await page.request.get('/pedidos/contadores', json(central))
  expect(orders.status()).toBe(409)
  expect(await orders.json()).toEqual({ message: REFUSED })
  // The page of the company in session reads its own.
  const current = await page.request.get('/cabecalho/contadores', json(second))
  expect(current.status()).toBe(200)
  expect(Object.keys(await current.json()).sort()).toEqual(['msg_atraso', 'msg_atraso_tipos', 'notificacoes_chat'])
})

test("the chat island's own posts name the page's company: a message sent after another tab entered another company is refused, not sent", async ({ page, request }) => {
  await otherCompany(request)
  const bruno = await apiSession(request, BRUNO)
  const central = bruno.orgId(CENTRAL)
  await login(page, BRUNO.email, BRUNO.password)
  await enter(page, CENTRAL)
  await page.goto('/Chat?tipo=F')
  await page.getByRole('complementary', { name: 'Conversas' }).getByRole('link', { name: /^Distribuidora Sol/ }).click()
  await expect(page).toHaveURL(/[?&]canal=\d+/)
  const channelId = Number(new URL(page.url()).searchParams.get('canal'))

  const tab = await page.context().newPage()
  await enter(tab, OTHER)
  await tab.close()

  const text = `Mensagem de outra aba ${Date.now().toString(36)}`
  await page.getByPlaceholder('Escreva uma mensagem').fill(text)
  await page.getByPlaceholder('Escreva uma mensagem').press('Enter')
  await expect(page.locator('.chat-send-error')).toContainText(REFUSED)
  const stored = await request.get(`/api/chat/mensagens/${central}/${channelId}`, { headers: bruno.headers })
  expect(stored.ok()).toBe(true)
  expect(JSON.stringify(await stored.json())).not.toContain(text)
})

test.describe('without JavaScript, the side menu', () => {
  test.use({ javaScriptEnabled: false })

  test("'Sair da organização' of a page whose company another tab left does not leave the other tab's company", async ({ page, request }) => {
    await otherCompany(request)
    await login(page, BRUNO.email, BRUNO.password)
    await enter(page, CENTRAL)
    const tab = await page.context().newPage()
    await enter(tab, OTHER)

    await page.getByRole('button', { name: 'Sair da organização' }).click()
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(REFUSED)
    await expect(headerCompany(page, CENTRAL)).toBeVisible()
    await tab.reload()
    await expect(headerCompany(tab, OTHER)).toBeVisible()
    await tab.close()
  })
})
