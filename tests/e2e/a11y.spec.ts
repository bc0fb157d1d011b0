import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { BRUNO, CARLA, DEMO, login, test } from './helpers.ts'
import { axeChecker, DESKTOP, gotoWithoutScripts, PHONE, visit, withoutPageScripts } from './axe-helpers.ts'
import { orgIdsOf, screens, type DemoIds } from './screens.ts'
import { apiSession, conditionAddress, conditionSection, createCondition, enterAsSeller, newConditionSeller, olAddress } from './condition-helpers.ts'
import { createAndVerifyOrganization, fillNewOrganization, LANDING, newLoggedInUser, uniqueCnpj, type OrgType } from './organization-helpers.ts'

/**
 * Accessibility as a test: every screen of app/routes.ts, logged out and as a member
 * of each organization type, with and without a modal open, has no serious or critical axe-core
 * violation. The screens come from the route config, so a new route joins this test by itself;
 * a new path parameter only needs a value in PARAM_VALUES.
 */

const COMPANY_MODALS = ['bandeira', 'convite', 'tokenbase', 'cartao', 'planos', 'condicoes-suspensas', 'acesso-restrito', 'loja', 'emails']
/** Modals of a screen's own, opened by the address; checked where the organization reaches the screen. */
const SCREEN_MODALS = ['/products?modal=novo', '/products?modal=excluir&ids=1', '/conditions?modal=novo']
const CHAT_PANELS = ['perfil', 'pesquisa', 'midia']
/** A screen's other states: an address of its own, or, for a row's modal, the first link so named on it. */
const SCREEN_STATES: { screen: string; path: string; link?: RegExp }[] = [
  { screen: '/customers', path: '/customers?modal=novo-cliente' },
  { screen: '/customers', path: '/customers', link: /^Editar / },
  { screen: '/customers', path: '/customers', link: /^Pagamentos de / },
  { screen: '/customers', path: '/customers', link: /^Bloquear / },
  { screen: '/customers', path: '/customers?aba=pagamentos' },
  { screen: '/customers', path: '/customers?aba=pagamentos&modal=nova-forma' },
  { screen: '/customers', path: '/customers?aba=pagamentos', link: /^Excluir / },
  { screen: '/conditions', path: '/conditions', link: /^Editar / },
  { screen: '/conditions', path: '/conditions', link: /^Mínimos de / },
  { screen: '/conditions', path: '/conditions', link: /^Excluir / },
  { screen: '/conditions', path: '/conditions?aba=ol' },
  { screen: '/orders', path: '/orders?aba=feitos' },
  { screen: '/orders', path: '/orders?aba=recebidos&status=A&de=2026-01-01' },
  { screen: '/market', path: '/market', link: /^Ver ofertas/ },
  { screen: '/market', path: '/market?aba=lista' },
]

/**
 * Enters `company` from the personal environment and checks every private screen, each company
 * modal, the phone drawer, the user menu, the chat panels and the emoji picker.
 */
async function checkCompany(page: Page, axe: Awaited<ReturnType<typeof axeChecker>>, company: { nome: string; tipo: OrgType }, ids: DemoIds) {
  await visit(page, '/personal-environment')
  await page.getByRole('button', { name: `Entrar em ${company.nome}` }).click()
  await expect(page).toHaveURL(LANDING[company.tipo])
  const landing = new URL(page.url()).pathname
  const who = `${company.nome} (${company.tipo})`

  for (const screen of screens(ids, true)) {
    await visit(page, screen.path)
    await axe.check(`${who} ${screen.path}`)
  }

  for (const state of SCREEN_STATES) {
    await visit(page, state.path)
    // A screen this type's menu does not show sends it elsewhere, checked above.
    if (new URL(page.url()).pathname !== state.screen) continue
    if (state.link) {
      const link = page.getByRole('link', { name: state.link }).first()
      if (!(await link.count())) continue
      await link.click()
      await expect(page.getByRole('dialog')).toBeVisible()
    }
    await axe.check(`${who} ${state.path}${state.link ? ` ${state.link.source}` : ''}`)
  }

  for (const modal of COMPANY_MODALS) {
    await visit(page, `${landing}?modal=${modal}`)
    // A modal this type has not (the flag's, for a varejo only) leaves the landing screen, checked above.
    if (await page.getByRole('dialog').count()) await axe.check(`${who} ${landing}?modal=${modal}`)
  }

  for (const path of SCREEN_MODALS) {
    await visit(page, path)
    // Without the screen in its menu (or the permission to change), the organization sees no modal there.
    if (await page.getByRole('dialog').count()) await axe.check(`${who} ${path}`)
  }

  await visit(page, landing)
  const userMenu = page.getByRole('banner').getByLabel(/^Menu do usuário/)
  await userMenu.click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Perfil' })).toBeVisible()
  await axe.check(`${who} user menu`)
  await userMenu.press('Escape')

  await page.setViewportSize(PHONE)
  await page.getByRole('button', { name: 'Menu principal' }).click()
  await expect(page.getByRole('button', { name: 'Fechar menu' })).toBeFocused()
  await axe.check(`${who} side menu drawer (phone)`)
  // Tab goes round the drawer: the header behind it is dimmed and out of reach.
  for (const key of ['Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Tab', 'Tab', 'Tab']) {
    await page.keyboard.press(key)
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.side-menu'))), `${who}: ${key} in the drawer`).toBe(true)
  }
  await page.setViewportSize(DESKTOP)

  // The chat with a conversation open: the first channel of the first tab that has one.
  for (const tipo of ['I', 'B', 'F']) {
    await visit(page, `/Chat?tipo=${tipo}`)
    const channel = page.getByRole('complementary', { name: 'Conversas' }).locator('a.chat-channel').first()
    if (!(await channel.count())) continue
    await channel.click()
    await expect(page).toHaveURL(/[?&]canal=\d+/)
    await expect(page.getByRole('log')).toBeVisible()
    const open = page.url()
    await axe.check(`${who} /Chat channel open`)
    for (const painel of CHAT_PANELS) {
      await visit(page, `${open}&painel=${painel}`)
      await axe.check(`${who} /Chat?painel=${painel}`)
    }
    // The picker over the last panel: the same composer, one page load fewer.
    await page.locator('.chat-emoji > summary').click()
    await expect(page.locator('.chat-emoji-panel')).toBeVisible()
    await axe.check(`${who} /Chat emoji picker`)
    break
  }
}

let ids: DemoIds & { praca: number }

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  const ana = await orgIdsOf(api, DEMO)
  const bruno = await orgIdsOf(api, BRUNO)
  await api.dispose()
  ids = { sol: ana.get('Distribuidora Sol')!, central: bruno.get('Farmácia Central')!, praca: bruno.get('Drogaria da Praça')! }
})

test.describe('accessibility (axe-core): no serious or critical violation', () => {
  test.describe.configure({ timeout: 480_000 })
  test.use({ viewport: DESKTOP })

  test('logged out: every public screen', async ({ page }) => {
    const axe = await axeChecker(page)
    for (const screen of screens(ids, false)) {
      await visit(page, screen.path)
      await axe.check(`logged out ${screen.path}`)
    }
    expect(axe.checked).toBeGreaterThan(5)
    expect(axe.problems, axe.problems.join('\n')).toEqual([])
  })

  test('Ana: every screen of Distribuidora Sol (f) and Rede Farma Mais (b)', async ({ page }) => {
    const axe = await axeChecker(page)
    await login(page, DEMO.email, DEMO.password)
    await axe.check('Ana /personal-environment')
    await checkCompany(page, axe, { nome: 'Distribuidora Sol', tipo: 'f' }, ids)
    await checkCompany(page, axe, { nome: 'Rede Farma Mais', tipo: 'b' }, ids)
    expect(axe.problems, axe.problems.join('\n')).toEqual([])
  })

  test('Bruno: every screen of Farmácia Central (v), and the feedback modal', async ({ page }) => {
    const axe = await axeChecker(page)
    await login(page, BRUNO.email, BRUNO.password)
    await visit(page, `/personal-environment?modal=avaliar&org=${ids.praca}`)
    await expect(page.getByRole('dialog')).toBeVisible()
    await axe.check('Bruno /personal-environment?modal=avaliar')
    await checkCompany(page, axe, { nome: 'Farmácia Central', tipo: 'v' }, ids)
    expect(axe.problems, axe.problems.join('\n')).toEqual([])
  })

  test('Carla: every screen of Revenda Norte (r)', async ({ page }) => {
    const axe = await axeChecker(page)
    await login(page, CARLA.email, CARLA.password)
    await checkCompany(page, axe, { nome: 'Revenda Norte', tipo: 'r' }, ids)
    expect(axe.problems, axe.problems.join('\n')).toEqual([])
  })

  test("a seller of its own: the condition page's Pagamentos and Regras sections, the simulation and their modals, on a desktop and a phone", async ({ page }) => {
    const axe = await axeChecker(page)
    const seller = await newConditionSeller(page.request, { prefix: 'a11ycond', tokenbase: 'TKB-A11Y-1' })
    const term = await page.request.post('/api/condicoes/addPagamento', { headers: seller.headers, data: { condicao_id: seller.conditionId, nome: 'Boleto 30', prazo_dias: 30, formula: 'desconto / 2' } })
    expect(term.status()).toBe(201)
    const rule = await page.request.post('/api/condicoes/addRules', { headers: seller.headers, data: { condicao_id: seller.conditionId, nome: 'Volume', tipo: 'Q', minimo: '50', desconto: '2' } })
    expect(rule.status()).toBe(201)
    await enterAsSeller(page, seller)
    const termId = (await term.json()).pagamento.id
    const ruleId = (await rule.json()).regra.id
    const states = [
      '?aba=pagamentos',
      '?aba=pagamentos&desconto=10&total=1.000,00',
      '?aba=pagamentos&desconto=abc&total=',
      '?aba=pagamentos&modal=novo-prazo',
      `?aba=pagamentos&modal=editar-prazo&id=${termId}`,
      `?aba=pagamentos&modal=excluir-prazo&id=${termId}`,
      '?aba=regras',
      '?aba=regras&modal=nova-regra',
      `?aba=regras&modal=editar-regra&id=${ruleId}`,
      `?aba=regras&modal=excluir-regra&id=${ruleId}`,
    ]
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport)
      for (const state of states) {
        await visit(page, `${seller.path}${state}`)
        await axe.check(`condition ${state} (${viewport.width} px)`)
      }
    }
    expect(axe.problems, axe.problems.join('\n')).toEqual([])
  })

  test("a condition's products: the section and its modals, on a desktop and a phone", async ({ page, request }) => {
    const axe = await axeChecker(page)
    const seller = await newConditionSeller(request, { products: [{ nome: 'Produto Acessível', codigo: 'ACE-1', preco: '9,90' }, { nome: 'Outro Acessível', codigo: 'ACE-2', preco: '5,00' }] })
    const { headers } = seller
    const catalogue = await (await request.get(`/api/condicoes/restoreCatalogo/${seller.orgId}`, { headers })).json()
    const [first] = catalogue.data as { id: number }[]
    expect((await request.post('/api/condicoes/importCondicao', { headers, data: { condicao_id: seller.conditionId, produtos: [first.id], desconto: '10' } })).status()).toBe(200)
    await login(page, seller.email, seller.password)
    await page.getByRole('button', { name: `Entrar em ${seller.nome}` }).click()
    await expect(page.getByRole('banner').getByText(seller.nome)).toBeVisible()
    const section = conditionSection(seller, 'produtos')
    for (const suffix of ['', '&modal=adicionar', `&modal=editar&id=${first.id}`, `&modal=editar-varios&ids=${first.id}`, `&modal=remover&ids=${first.id}`]) {
      await visit(page, `${section}${suffix}`)
      if (suffix) await expect(page.getByRole('dialog')).toBeVisible()
      await axe.check(`condition products${suffix || ' section'}`)
    }
    await page.setViewportSize(PHONE)
    await visit(page, section)
    await axe.check('condition products section (phone)')
    expect(axe.problems, axe.problems.join('\n')).toEqual([])
  })

  test('a new person: empty personal environment, new organization and verification modals', async ({ page }) => {
    const axe = await axeChecker(page)
    await newLoggedInUser(page, 'a11y')
    await axe.check('new person /personal-environment')
    await visit(page, '/personal-environment?modal=nova')
    await expect(page.getByRole('dialog', { name: 'Nova organização' })).toBeVisible()
    await axe.check('new person /personal-environment?modal=nova')
    await visit(page, '/personal-environment')
    const dialog = await fillNewOrganization(page, { tipo: 'v', cnpj: uniqueCnpj(), razao: 'Acessível Ltda', nome: 'Acessível' })
    await dialog.getByRole('button', { name: 'Criar organização' }).click()
    await expect(page.getByRole('dialog', { name: 'Aguardando verificação' })).toBeVisible()
    await axe.check('new person /personal-environment?modal=verificar')
    expect(axe.problems, axe.problems.join('\n')).toEqual([])
  })

  test("a condition's OLs: the section and its modals as the seller, /olDetails pending and accepted with its modals as the OL", async ({ page, request }) => {
    // One new person owns both distributors (seller and OL), so no demo data changes.
    const axe = await axeChecker(page)
    const person = await newLoggedInUser(page, 'a11y-ol')
    const seller = await createAndVerifyOrganization(page, person.email, 'f', { nome: `Vendedor Acessível ${Date.now() % 1e6}` })
    await visit(page, '/personal-environment')
    const ol = await createAndVerifyOrganization(page, person.email, 'f', { nome: `OL Acessível ${Date.now() % 1e6}` })
    const api = await apiSession(request, person)
    const [sellerId, olId] = [api.orgId(seller.nome), api.orgId(ol.nome)]
    const condition = await createCondition(request, api.headers, sellerId, 'Condição Acessível')
    const invited = await request.post('/api/condicoes/addParceiros', { headers: api.headers, data: { condicao_id: condition.id, parceiros: [{ organizacao_id: olId, desconto_extra: '2,5' }] } })
    expect(invited.ok()).toBe(true)
    const olPage = olAddress(olId, ol.nome, sellerId, condition.id, '2.5000')

    // As the OL (the company in session): the pending invitation.
    await visit(page, olPage)
    await expect(page.getByRole('button', { name: 'Aceitar' })).toBeVisible()
    await axe.check('/olDetails pending')

    await visit(page, '/personal-environment')
    await page.getByRole('button', { name: `Entrar em ${seller.nome}` }).click()
    const section = `${conditionAddress(condition, sellerId)}?aba=parceiros`
    await visit(page, section)
    await expect(page.getByRole('row', { name: new RegExp(ol.nome) })).toBeVisible()
    await axe.check('/conditionDetails?aba=parceiros')
    for (const modal of ['modal=convidar-ol', `modal=convidar-ol&busca=${encodeURIComponent('acessivel')}`]) {
      await visit(page, `${section}&${modal}`)
      await expect(page.getByRole('dialog')).toBeVisible()
      await axe.check(`/conditionDetails?aba=parceiros&${modal}`)
    }
    for (const link of [/^Remover /, /^Espelhar/]) {
      await visit(page, section)
      await page.getByRole('link', { name: link }).first().click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await axe.check(`/conditionDetails?aba=parceiros ${link.source}`)
    }

    await visit(page, '/personal-environment')
    await page.getByRole('button', { name: `Entrar em ${ol.nome}` }).click()
    const accepted = await request.get(`/api/condicoes/aceiteParceiro/${condition.id}/${olId}`, { headers: api.headers })
    expect(accepted.ok()).toBe(true)
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport)
      await visit(page, olPage)
      await expect(page.getByRole('heading', { name: 'Compradores bloqueados' })).toBeVisible()
      await axe.check(`/olDetails accepted ${viewport.width}px`)
    }
    await page.setViewportSize(DESKTOP)
    for (const modal of ['modal=deixar', 'modal=bloquear', `modal=bloquear&busca=${encodeURIComponent('farmacia')}`]) {
      await visit(page, `${olPage}?${modal}`)
      await expect(page.getByRole('dialog')).toBeVisible()
      await axe.check(`/olDetails?${modal}`)
    }
    expect(axe.problems, axe.problems.join('\n')).toEqual([])
  })
})

/**
 * Without JavaScript every screen is the server's markup alone (no enhancement layer, no island): each one, logged out
 * and in a company of each type, with the company modals opened by their addresses.
 */
test.describe('accessibility without JavaScript: no serious or critical violation', () => {
  test.describe.configure({ timeout: 480_000 })
  test.use({ viewport: DESKTOP })

  async function checkServerMarkup(page: Page, axe: Awaited<ReturnType<typeof axeChecker>>, companies: { nome: string; tipo: OrgType }[]) {
    for (const company of companies) {
      await gotoWithoutScripts(page, '/personal-environment')
      await page.getByRole('button', { name: `Entrar em ${company.nome}` }).click()
      await expect(page).toHaveURL(LANDING[company.tipo])
      const landing = new URL(page.url()).pathname
      for (const screen of screens(ids, true)) {
        await gotoWithoutScripts(page, screen.path)
        await axe.check(`${company.nome} sem JavaScript ${screen.path}`)
      }
      for (const modal of COMPANY_MODALS) {
        await gotoWithoutScripts(page, `${landing}?modal=${modal}`)
        if (await page.getByRole('dialog').count()) await axe.check(`${company.nome} sem JavaScript ${landing}?modal=${modal}`)
      }
    }
  }

  test('logged out: every public screen', async ({ page }) => {
    await withoutPageScripts(page)
    const axe = await axeChecker(page)
    for (const screen of screens(ids, false)) {
      await gotoWithoutScripts(page, screen.path)
      await axe.check(`sem JavaScript ${screen.path}`)
    }
    expect(axe.checked).toBeGreaterThan(5)
    expect(axe.problems, axe.problems.join('\n')).toEqual([])
  })

  for (const [person, companies] of [
    [DEMO, [{ nome: 'Distribuidora Sol', tipo: 'f' }, { nome: 'Rede Farma Mais', tipo: 'b' }]],
    [BRUNO, [{ nome: 'Farmácia Central', tipo: 'v' }]],
    [CARLA, [{ nome: 'Revenda Norte', tipo: 'r' }]],
  ] as const) {
    test(`${person.email}: every screen of ${companies.map((c) => `${c.nome} (${c.tipo})`).join(' and ')}`, async ({ page }) => {
      await withoutPageScripts(page)
      const axe = await axeChecker(page)
      await login(page, person.email, person.password)
      await checkServerMarkup(page, axe, [...companies])
      expect(axe.checked).toBeGreaterThan(15)
      expect(axe.problems, axe.problems.join('\n')).toEqual([])
    })
  }
})

/**
 * The condition page's buyers and sellers sections, with their modals (and the CNPJ lookup's
 * answer), on a condition of Distribuidora Sol made for this test through the API, at desktop and
 * phone width.
 */
test('a condition: the buyers and sellers sections and their modals', async ({ page, request }) => {
  test.setTimeout(240_000)
  const axe = await axeChecker(page)
  const token = ((await (await request.post('/api/login', { data: { email: DEMO.email, password: DEMO.password } })).json()) as { token: string }).token
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' }
  const created = await request.post('/api/condicoes/createCondicao', { headers, data: { organizacao_id: ids.sol, nome: `Acessível ${Date.now()}`, tipo_tabela: 'D', visivel: true } })
  const condition = ((await created.json()) as { condicao: { id: number } }).condicao
  const customers = (await (await request.get(`/api/empresas/restoreClientes/${ids.sol}/5/null/null/null`, { headers })).json()) as { clientes: { data: { id: number; cnpj: string }[] } }
  const first = customers.clientes.data[0]
  await request.post('/api/condicoes/addCompradores', { headers, data: { condicao_id: condition.id, compradores: [{ cliente_id: first.id }] } })
  await request.post('/api/logout', { headers })

  await login(page, DEMO.email, DEMO.password)
  await visit(page, '/personal-environment')
  await page.getByRole('button', { name: 'Entrar em Distribuidora Sol' }).click()
  await expect(page).toHaveURL(LANDING.f)
  const base = `/conditionDetails/${condition.id}/Acessivel/${ids.sol}`
  const states = [
    '?aba=compradores',
    '?aba=compradores&modal=adicionar-comprador',
    `?aba=compradores&modal=adicionar-comprador&cnpj=${first.cnpj}`,
    '?aba=vendedores',
    '?aba=vendedores&modal=adicionar-vendedor',
  ]
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    for (const state of states) {
      await visit(page, `${base}${state}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      if (state.includes('modal=')) await expect(page.getByRole('dialog')).toBeVisible()
      if (state.includes('cnpj=')) await expect(page.getByRole('dialog').getByText(/^Cliente: /)).toBeVisible()
      await axe.check(`${viewport.width}px ${state}`)
      // Nothing wider than the phone's screen but the tables' own scrolling regions.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, `${viewport.width}px ${state}`).toBeLessThanOrEqual(0)
    }
  }
  expect(axe.problems, axe.problems.join('\n')).toEqual([])
})
