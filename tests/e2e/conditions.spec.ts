import { expect, type Page } from '@playwright/test'
import { test, DEMO, login } from './helpers.ts'
import { createAndVerifyOrganization, newLoggedInUser } from './organization-helpers.ts'
import { enterAsSeller, newConditionSeller } from './condition-helpers.ts'

// Condições (/conditions): a seller creates a condition in the modal, finds it without accents,
// deactivates it and deletes it; the 'Nova condição' form posts without JavaScript; Logística Express
// sees Sol's condition in its 'Como OL' tab.

const ORG = 'Distribuidora Sol'

/** The texts of the condition calls, word for word (kept here, not imported from the app, so a changed text fails). */
const TEXTS = {
  created: (nome: string) => `Condição ${nome} criada.`,
  deactivated: 'Condição desativada.',
  deleted: (nome: string) => `Condição ${nome} excluída.`,
  nameRequired: 'Informe o nome da condição.',
  fimBeforeInicio: 'O fim da vigência não pode ser antes do início.',
}

async function enter(page: Page) {
  await login(page, DEMO.email, DEMO.password)
  await page.getByRole('button', { name: `Entrar em ${ORG}` }).click()
  await expect(page.getByRole('banner').getByText(ORG)).toBeVisible()
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) })

test('a seller creates a condition, finds it searching without accents, deactivates it and deletes it', async ({ page }) => {
  const suffix = String(Date.now()).slice(-6)
  const name = `Promoção Ótica Verão ${suffix}`
  await enter(page)
  await page.getByRole('navigation').getByRole('link', { name: 'Condições' }).click()
  await expect(page.getByRole('heading', { name: 'Condições', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Minhas condições' })).toHaveAttribute('aria-current', 'page')

  await page.getByRole('link', { name: 'Nova condição' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nova condição' })
  await dialog.getByLabel('Nome').fill(name)
  await dialog.getByLabel('Tipo de tabela').selectOption('L')
  await dialog.getByLabel('Início da vigência (opcional)').fill('2026-12-01')
  await dialog.getByLabel('Fim da vigência (opcional)').fill('2026-12-31')
  await dialog.getByRole('button', { name: 'Criar condição' }).click()
  await expect(page.getByText(TEXTS.created(name))).toBeVisible()
  await expect(dialog).toBeHidden()

  await page.getByRole('search', { name: 'Filtros de condições' }).getByLabel('Buscar').fill(`otica verao ${suffix}`)
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/q=otica/)
  await expect(page.getByRole('rowheader')).toHaveCount(1)
  await expect(row(page, name)).toContainText('Preço líquido')
  await expect(row(page, name)).toContainText('01/12/2026')
  await expect(row(page, name).getByRole('link', { name, exact: true })).toHaveAttribute('href', /^\/conditionDetails\/\d+\/.+\/C$/)

  await expect(row(page, name).getByRole('button', { name: /^Ativa/ })).toHaveAccessibleName(`Ativa: ${name}. Desativar`)
  await row(page, name).getByRole('button', { name: /^Ativa/ }).click()
  await expect(page.getByText(TEXTS.deactivated)).toBeVisible()
  await expect(row(page, name).getByRole('button', { name: /^Inativa/ })).toHaveAccessibleName(`Inativa: ${name}. Ativar`)
  // The list comes back with the focus on the switch that was pressed.
  await expect(row(page, name).getByRole('button', { name: /^Inativa/ })).toBeFocused()
  await page.getByRole('combobox', { name: 'Situação' }).selectOption('ativas')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page.getByText('Nenhuma condição encontrada com esses filtros.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Filtrar' })).toBeFocused()
  await page.getByRole('combobox', { name: 'Situação' }).selectOption('inativas')
  await page.getByRole('button', { name: 'Filtrar' }).click()

  await row(page, name).getByRole('link', { name: `Excluir ${name}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Excluir condição' })
  await expect(confirm).toContainText(name)
  await confirm.getByRole('button', { name: 'Excluir' }).click()
  await expect(page.getByText(TEXTS.deleted(name))).toBeVisible()
  await expect(row(page, name)).toHaveCount(0)
})

test("the demo's OL sees Sol's generics condition under 'Como OL', linking to its OL page", async ({ page }) => {
  await login(page, 'eduardo@logisticaexpress.com.br', DEMO.password)
  await page.getByRole('button', { name: 'Entrar em Logística Express' }).click()
  await page.waitForURL((url) => url.pathname !== '/personal-environment')
  await page.goto('/conditions?aba=ol')
  await expect(page.getByRole('link', { name: 'Como OL' })).toHaveAttribute('aria-current', 'page')
  const generics = row(page, 'Tabela Genéricos Novembro')
  await expect(generics).toContainText(ORG)
  await expect(generics).toContainText('2%')
  await expect(generics).toContainText('Aceito')
  await expect(generics.getByRole('link', { name: 'Tabela Genéricos Novembro' })).toHaveAttribute('href', /^\/olDetails\/\d+\/Log%C3%ADstica%20Express\/\d+\/\d+\/2\.0000$/)
})

test("a new seller on the Básico plan: its visible condition is suspended, the header says so and opens 'Condições Suspensas', which leads to the plans", async ({ page }) => {
  const user = await newLoggedInUser(page, 'cond-basico')
  await createAndVerifyOrganization(page, user.email, 'f')
  await page.goto('/conditions?modal=novo')
  const dialog = page.getByRole('dialog', { name: 'Nova condição' })
  await dialog.getByLabel('Nome').fill('Tabela de Boas-vindas')
  await dialog.getByRole('button', { name: 'Criar condição' }).click()
  await expect(page.getByText(TEXTS.created('Tabela de Boas-vindas'))).toBeVisible()

  const notice = page.getByRole('banner').getByRole('link', { name: '1 condição suspensa' })
  await notice.click()
  const suspended = page.getByRole('dialog', { name: 'Condições Suspensas' })
  await expect(suspended).toContainText('não deixa as condições criadas visíveis para os clientes')
  await suspended.getByRole('link', { name: 'Ok,entendi' }).click()
  await expect(suspended).toBeHidden()
  await notice.click()
  await page.getByRole('dialog', { name: 'Condições Suspensas' }).getByRole('link', { name: 'Ir para Planos' }).click()
  await expect(page.getByRole('dialog', { name: 'Pedidos Pro' })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("the 'Nova condição' form posts, shows server-side errors, and saves; the bulk bar deactivates with checkboxes", async ({ page }) => {
    // A name that begins with the word: the messages do not say it twice ('Condição Condição…').
    const name = `Condição Sem Script ${String(Date.now()).slice(-6)}`
    await login(page, DEMO.email, DEMO.password)
    await page.getByRole('button', { name: `Entrar em ${ORG}` }).click()
    await page.waitForURL((url) => url.pathname !== '/personal-environment')
    await page.goto('/conditions?modal=novo')
    await page.getByRole('dialog', { name: 'Nova condição' }).getByRole('button', { name: 'Criar condição' }).click()
    const form = page.getByRole('dialog', { name: 'Nova condição' })
    await expect(form.getByLabel('Nome')).toHaveAccessibleDescription(TEXTS.nameRequired)

    await form.getByLabel('Nome').fill(name)
    await form.getByLabel('Início da vigência (opcional)').fill('2026-12-31')
    await form.getByLabel('Fim da vigência (opcional)').fill('2026-12-01')
    await form.getByRole('button', { name: 'Criar condição' }).click()
    await expect(form.getByLabel('Fim da vigência (opcional)')).toHaveAccessibleDescription(TEXTS.fimBeforeInicio)
    await expect(form.getByLabel('Nome')).toHaveValue(name)
    await form.getByLabel('Fim da vigência (opcional)').fill('2027-01-31')
    await form.getByRole('button', { name: 'Criar condição' }).click()
    await expect(page.getByText(`${name} criada.`, { exact: true })).toBeVisible()

    await page.goto(`/conditions?q=${encodeURIComponent('condicao sem script')}&filtro=ativas`)
    await row(page, name).getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Desativar', exact: true }).click()
    await expect(page.getByText(TEXTS.deactivated)).toBeVisible()
    await page.goto(`/conditions?q=${encodeURIComponent(name)}`)
    await expect(row(page, name).getByRole('button', { name: /^Inativa/ })).toBeVisible()

    await row(page, name).getByRole('link', { name: `Excluir ${name}` }).click()
    await page.getByRole('dialog', { name: 'Excluir condição' }).getByRole('button', { name: 'Excluir' }).click()
    await expect(page.getByText(`${name} excluída.`, { exact: true })).toBeVisible()
  })
})

test('a page past the end of the conditions opens their last page', async ({ page }) => {
  await enter(page)
  await page.goto('/conditions?page=100000')
  await expect(page).toHaveURL(/\/conditions\?page=\d+$/)
  expect(Number(new URL(page.url()).searchParams.get('page'))).toBeLessThan(100000)
  await expect(page.getByRole('row').nth(1)).toBeVisible()
})

test("'Editar condição' on a condition's page opens the edit modal and comes back to that page, closed or saved", async ({ page, request }) => {
  const seller = await newConditionSeller(request, { prefix: 'editvolta' })
  await enterAsSeller(page, seller)
  await page.goto(`${seller.path}?aba=pagamentos`)
  await page.getByRole('link', { name: 'Editar condição' }).click()
  const dialog = page.getByRole('dialog', { name: /^Editar / })
  await expect(dialog).toBeVisible()
  // Escape is the enhancement layer's: a page shows its modal before its script has run.
  await expect(page.locator('.side-menu[data-enhanced]')).toBeAttached()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/conditionDetails/') && url.search === '?aba=pagamentos')
  await page.getByRole('link', { name: 'Editar condição' }).click()
  await dialog.getByLabel('Nome').fill(`${seller.conditionName} revista`)
  await dialog.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/conditionDetails/') && url.search === '?aba=pagamentos')
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${seller.conditionName} revista`)
})
