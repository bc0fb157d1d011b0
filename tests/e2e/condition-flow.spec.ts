import { expect, type Page } from '@playwright/test'
import { maskCnpj } from '../../app/domain/shared/masks.ts'
import { newSeller } from './condition-helpers.ts'
import { login, test } from './helpers.ts'
import { otherBrowser, sideMenu, uniqueCnpj } from './organization-helpers.ts'

/**
 * The whole conditions flow, through the screens only: a seller creates a condition, adds 3
 * products and sets their discounts, invites an OL who accepts in a second browser, adds a buyer and
 * a payment term with a tokenbase formula; the OL sees the prices less its extra discount. The seller,
 * its catalogue and customer, and the OL are made through the public API beforehand (their own
 * screens have their own specs), so no demo data is read or changed.
 */

const PRODUCTS = [
  { nome: 'Sabonete Glicerina 90 g', codigo: 'FLX-SAB', preco: '12,90' },
  { nome: 'Dipirona 500 mg 10 comprimidos', codigo: 'FLX-DIP', preco: '10,01' },
  { nome: 'Paracetamol 750 mg 20 comprimidos', codigo: 'FLX-PAR', preco: '10,30' },
] as const
const [SABONETE, DIPIRONA, PARACETAMOL] = PRODUCTS.map((p) => p.nome)

/** Texts of the screens, word for word (not imported, so a changed text fails). */
const TEXT = {
  created: (nome: string) => `Condição ${nome} criada.`,
  added: '3 produtos adicionados à condição.',
  lineUpdated: '1 produto da condição atualizado.',
  invited: 'OL convidado. Ele precisa aceitar o convite.',
  accepted: 'Convite aceito: sua empresa agora atende esta condição.',
  buyerAdded: '1 comprador adicionado.',
  tokenbase: 'Tokenbase atualizado!!!',
  termAdded: (nome: string) => `Prazo de pagamento ${nome} adicionado.`,
}

const productRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) })
const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Seções da condição' }).getByRole('link', { name, exact: true })

async function setDiscount(page: Page, product: string, discount: string) {
  await productRow(page, product).getByRole('link', { name: /^Editar/ }).click()
  const dialog = page.getByRole('dialog', { name: `Editar ${product}` })
  await dialog.getByLabel('Desconto (%)').fill(discount)
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByText(TEXT.lineUpdated)).toBeVisible()
  await expect(dialog).toBeHidden()
}

test('a seller creates a condition, prices 3 products, an OL accepts in another browser, a buyer and a tokenbase payment term are added, and each side sees its prices', async ({ page, browser, browserErrors, request }) => {
  test.setTimeout(180_000)
  const run = String(Date.now()).slice(-6)
  const seller = await newSeller(request, { prefix: 'fluxo', nome: `Distribuidora Fluxo ${run}`, products: [...PRODUCTS] })
  const ol = await newSeller(request, { prefix: 'fluxo-ol', nome: `Logística Fluxo ${run}` })
  const customer = { cnpj: uniqueCnpj(), nome: `Drogaria Fluxo ${run}` }
  const createdCustomer = await request.post('/api/empresas/createCliente', { headers: seller.headers, data: { organizacao_id: seller.orgId, cnpj: customer.cnpj, nome: customer.nome } })
  expect(createdCustomer.status(), await createdCustomer.text()).toBe(201)

  // The seller enters its company and creates the condition in the 'Nova condição' modal.
  await login(page, seller.email, seller.password)
  await page.getByRole('button', { name: `Entrar em ${seller.nome}` }).click()
  await expect(page.getByRole('banner').getByText(seller.nome)).toBeVisible()
  await sideMenu(page).getByRole('link', { name: 'Condições' }).click()
  await expect(page.getByRole('heading', { name: 'Condições', level: 1 })).toBeVisible()
  const conditionName = `Tabela Fluxo ${run}`
  await page.getByRole('link', { name: 'Nova condição' }).click()
  const create = page.getByRole('dialog', { name: 'Nova condição' })
  await create.getByLabel('Nome').fill(conditionName)
  await create.getByLabel('Tipo de tabela').selectOption('D')
  await create.getByRole('button', { name: 'Criar condição' }).click()
  await expect(page.getByText(TEXT.created(conditionName))).toBeVisible()
  await expect(create).toBeHidden()

  // Opened from the list: its products section comes first.
  await page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: conditionName }) }).getByRole('link', { name: conditionName, exact: true }).click()
  await expect(page).toHaveURL(/\/conditionDetails\/\d+\//)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(conditionName)
  await expect(page.getByRole('heading', { name: 'Produtos da condição', exact: true })).toBeVisible()
  await expect(page.getByText('Nenhum produto nesta condição.')).toBeVisible()

  await page.getByRole('link', { name: 'Adicionar produtos' }).click()
  const add = page.getByRole('dialog', { name: 'Adicionar produtos à condição' })
  for (const name of [SABONETE, DIPIRONA, PARACETAMOL]) await add.getByLabel(new RegExp(`^${name}`)).check()
  await add.getByRole('button', { name: 'Adicionar selecionados' }).click()
  await expect(page.getByText(TEXT.added)).toBeVisible()
  await expect(productRow(page, SABONETE)).toContainText('R$ 12,90')
  await expect(productRow(page, DIPIRONA)).toContainText('R$ 10,01')
  await expect(productRow(page, PARACETAMOL)).toContainText('R$ 10,30')

  await setDiscount(page, SABONETE, '10')
  await setDiscount(page, DIPIRONA, '12,5')
  await setDiscount(page, PARACETAMOL, '5')
  // 12,90 × 0,90 = 11,61; 10,01 × 0,875 = 8,75875 → 8,76; 10,30 × 0,95 = 9,785 → 9,79 (half a centavo, up).
  await expect(productRow(page, SABONETE)).toContainText('R$ 11,61')
  await expect(productRow(page, DIPIRONA)).toContainText('R$ 8,76')
  await expect(productRow(page, PARACETAMOL)).toContainText('R$ 9,79')
  const conditionPage = new URL(page.url()).pathname

  // The OL is invited with 2,5 % extra discount…
  await section(page, 'OLs').click()
  await expect(page.getByText('Nenhum OL nesta condição.', { exact: false })).toBeVisible()
  await page.getByRole('link', { name: 'Convidar OL' }).click()
  const invite = page.getByRole('dialog', { name: 'Convidar OL' })
  await invite.getByLabel('Buscar distribuidor por nome ou CNPJ').fill(`logistica fluxo ${run}`)
  await invite.getByRole('button', { name: 'Buscar' }).click()
  await invite.getByRole('radio', { name: new RegExp(ol.nome) }).check()
  await invite.getByLabel('Desconto extra (%)').fill('2,5')
  await invite.getByRole('button', { name: 'Enviar convite' }).click()
  await expect(page.getByText(TEXT.invited)).toBeVisible()
  const olRow = page.getByRole('row', { name: new RegExp(ol.nome) })
  await expect(olRow).toContainText('Pendente')
  await expect(olRow).toContainText('2,5%')

  // …and accepts in a browser of its own, from its 'Como OL' list.
  const other = await otherBrowser(browser, browserErrors)
  const olPage = other.page
  await login(olPage, ol.email, ol.password)
  await olPage.getByRole('button', { name: `Entrar em ${ol.nome}` }).click()
  await expect(olPage.getByRole('banner').getByText(ol.nome)).toBeVisible()
  await sideMenu(olPage).getByRole('link', { name: 'Condições' }).click()
  await olPage.getByRole('link', { name: 'Como OL' }).click()
  const invitation = olPage.getByRole('row').filter({ has: olPage.getByRole('rowheader', { name: conditionName }) })
  await expect(invitation).toContainText(seller.nome)
  await expect(invitation).toContainText('2,5%')
  await invitation.getByRole('link', { name: conditionName }).click()
  await expect(olPage).toHaveURL(/\/olDetails\//)
  await expect(olPage.getByRole('heading', { level: 1, name: `${ol.nome} como OL` })).toBeVisible()
  await olPage.getByRole('button', { name: 'Aceitar' }).click()
  await expect(olPage.getByText(TEXT.accepted)).toBeVisible()
  await expect(olPage.getByText('Aceito', { exact: true })).toBeVisible()

  await page.reload()
  await expect(olRow).toContainText('Aceito')

  // A buyer: the seller's customer, found by its CNPJ.
  await section(page, 'Compradores').click()
  await expect(page.getByText('Nenhum comprador nesta lista.')).toBeVisible()
  await page.getByRole('link', { name: 'Adicionar comprador' }).click()
  const buyer = page.getByRole('dialog', { name: 'Adicionar comprador' })
  await buyer.getByLabel('CNPJ do cliente ou da bandeira').fill(customer.cnpj)
  await expect(buyer.getByLabel('CNPJ do cliente ou da bandeira')).toHaveValue(maskCnpj(customer.cnpj))
  await buyer.getByRole('button', { name: 'Buscar CNPJ' }).click()
  await expect(buyer.getByText(`Cliente: ${customer.nome}`)).toBeVisible()
  await buyer.getByRole('button', { name: 'Adicionar cliente' }).click()
  await expect(page.getByText(TEXT.buyerAdded)).toBeVisible()
  const buyerRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: customer.nome }) })
  await expect(buyerRow).toContainText('Convite pendente')

  // Payment formulas need the company's tokenbase code, registered on its visiting card.
  await sideMenu(page).getByRole('link', { name: 'Cartão de visita' }).click()
  await expect(page.getByText('Tokenbase: não cadastrado.')).toBeVisible()
  await page.getByRole('link', { name: 'Cadastrar' }).click()
  const tokenbase = page.getByRole('dialog', { name: 'Código Tokenbase' })
  await tokenbase.getByLabel('Código Tokenbase').fill(`TKB-FLUXO-${run}`)
  await tokenbase.getByRole('button', { name: 'Confirma' }).click()
  await expect(page.getByText(TEXT.tokenbase)).toBeVisible()

  await page.goto(`${conditionPage}?aba=pagamentos`)
  await expect(page.getByRole('heading', { name: 'Prazos de pagamento' })).toBeVisible()
  await page.getByRole('link', { name: 'Novo prazo' }).click()
  const term = page.getByRole('dialog', { name: 'Novo prazo de pagamento' })
  await term.getByLabel('Nome').fill('Boleto 28 dias')
  await term.getByLabel('Prazo em dias').fill('28')
  await term.getByLabel('Fórmula tokenbase (opcional)').fill('desconto * 0,5 + 1')
  await expect(term.getByLabel('Fórmula tokenbase (opcional)')).toHaveValue('desconto * 0.5 + 1')
  await term.getByRole('button', { name: 'Adicionar prazo' }).click()
  await expect(page.getByText(TEXT.termAdded('Boleto 28 dias'))).toBeVisible()
  await expect(page.getByRole('row', { name: /Boleto 28 dias/ })).toContainText('desconto * 0.5 + 1')

  await page.getByLabel('Desconto (%)').fill('7,5')
  await page.getByLabel('Total do pedido (R$)').fill('2.345,67')
  await page.getByRole('button', { name: 'Simular' }).click()
  // percent = 7,5 × 0,5 + 1 = 4,75; fator = 0,04750; valor = 2.345,67 × 0,0475 = 111,419325 → 111,42;
  // valor_total = 2.345,67 − 111,42 = 2.234,25.
  const simulated = page.getByRole('region', { name: 'Resultado da simulação' }).getByRole('row', { name: /Boleto 28 dias/ })
  await expect(simulated).toContainText('4,75%')
  await expect(simulated).toContainText('0,04750')
  await expect(simulated).toContainText('R$ 111,42')
  await expect(simulated).toContainText('R$ 2.234,25')

  // The OL sees the products less its 2,5 %, taken from the unrounded table price: 10,30 × 0,95 × 0,975
  // = 9,540375 → 9,54 (from the rounded 9,79 it would be 9,55); 10,01 × 0,875 × 0,975 = 8,5397… → 8,54.
  await olPage.getByRole('link', { name: 'Ver os produtos da condição' }).click()
  await expect(olPage.getByRole('heading', { name: 'Produtos da condição', exact: true })).toBeVisible()
  await expect(olPage.getByText('Preço final já com o seu desconto extra de 2,5%.')).toBeVisible()
  await expect(productRow(olPage, PARACETAMOL)).toContainText('R$ 9,54')
  await expect(productRow(olPage, DIPIRONA)).toContainText('R$ 8,54')
  await other.context.close()
})
