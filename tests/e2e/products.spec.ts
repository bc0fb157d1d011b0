import { expect, type Page } from '@playwright/test'
import { test, CARLA, DEMO, login } from './helpers.ts'

// Produtos (/products): a seller creates a product, edits it, finds it without accents; the form posts without JavaScript.

const ORG = 'Distribuidora Sol'

/** The texts of the product calls, word for word (kept here, not imported from the app, so a changed text fails). */
const TEXTS = {
  created: 'Produto cadastrado com sucesso!',
  updated: 'Produto atualizado com sucesso!',
  checkDigit: 'O EAN tem o dígito verificador errado: confira o número.',
  nameRequired: 'O nome do produto é obrigatório.',
  eanTaken: 'Já existe um produto com este EAN.',
  deactivated: 'Produto desativado.',
}

/** A valid EAN-13 never used before: the run's time in the item digits, the GS1 check digit computed. */
function freshEan() {
  const body = `789${String(Date.now()).slice(-9)}`
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(body[11 - i]) * (i % 2 === 0 ? 3 : 1)
  return `${body}${(10 - (sum % 10)) % 10}`
}

async function enter(page: Page, user: { email: string; password: string }) {
  await login(page, user.email, user.password)
  await expect(page).toHaveURL(/\/personal-environment$/)
  await page.getByRole('button', { name: `Entrar em ${ORG}` }).click()
  await expect(page.getByRole('banner').getByText(ORG)).toBeVisible()
}

async function openProducts(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Produtos' }).click()
  await expect(page.getByRole('heading', { name: 'Produtos', level: 1 })).toBeVisible()
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) })

test('a seller creates a product, edits it, and finds it searching without accents', async ({ page }) => {
  const ean = freshEan()
  const name = `Sabão de Glicerina Pêssego ${ean.slice(-5)}`
  await enter(page, DEMO)
  await openProducts(page)

  await page.getByRole('link', { name: 'Novo produto' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo produto' })
  await dialog.getByLabel('Nome').fill(name)
  // A wrong check digit is said at the field.
  await dialog.getByLabel('EAN').fill(`${ean.slice(0, 12)}${(Number(ean[12]) + 1) % 10}`)
  await dialog.getByLabel('EAN').blur()
  await expect(dialog.getByLabel('EAN')).toHaveAccessibleDescription(new RegExp(TEXTS.checkDigit))
  await dialog.getByLabel('EAN').fill(ean)
  await dialog.getByLabel('Marca').fill('Granado')
  await dialog.getByLabel('Categoria').fill('Higiene Pessoal')
  // The price is typed as it is read ('10' is ten reais, the comma the decimals) and written out once left; the NCM gets its dots.
  await dialog.getByLabel('Preço (R$)').pressSequentially('10')
  await expect(dialog.getByLabel('Preço (R$)')).toHaveValue('10')
  await dialog.getByLabel('Preço (R$)').fill('')
  await dialog.getByLabel('Preço (R$)').pressSequentially('R$ 1234,56')
  await expect(dialog.getByLabel('Preço (R$)')).toHaveValue('1234,56')
  await dialog.getByLabel('Preço (R$)').blur()
  await expect(dialog.getByLabel('Preço (R$)')).toHaveValue('1.234,56')
  await dialog.getByLabel('NCM').pressSequentially('34011190')
  await expect(dialog.getByLabel('NCM')).toHaveValue('3401.11.90')
  await dialog.getByRole('button', { name: 'Cadastrar produto' }).click()
  await expect(page.getByText(TEXTS.created)).toBeVisible()
  await expect(dialog).toBeHidden()

  // Found without accents nor case.
  await page.getByLabel('Buscar').fill('sabao de glicerina pessego')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/[?&]q=sabao/)
  // The filtered list opens with the focus where it was: on the filter's button.
  await expect(page.getByRole('button', { name: 'Filtrar' })).toBeFocused()
  await expect(row(page, name)).toHaveCount(1)
  await expect(row(page, name)).toContainText('R$ 1.234,56')
  await expect(row(page, name)).toContainText('3401.11.90')

  await row(page, name).getByRole('link', { name: /^Editar/ }).click()
  const edit = page.getByRole('dialog', { name: `Editar ${name}` })
  await expect(edit.getByLabel('Preço (R$)')).toHaveValue('1.234,56')
  await edit.getByLabel('Preço (R$)').fill('')
  await edit.getByLabel('Preço (R$)').pressSequentially('9,9')
  await edit.getByLabel('Preço (R$)').blur()
  await expect(edit.getByLabel('Preço (R$)')).toHaveValue('9,90')
  await edit.getByLabel('Com imposto').check()
  await edit.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(page.getByText(TEXTS.updated)).toBeVisible()
  await expect(row(page, name)).toContainText('R$ 9,90')
  await expect(row(page, name).getByRole('button', { name: /^Sim/ })).toHaveAttribute('aria-pressed', 'true')

  // The row's switch deactivates it, pressed from the keyboard; the search and filters stay, and so does the focus
  // (a disabled button while sending had dropped it, and the page went to its heading at the top).
  await row(page, name).getByRole('button', { name: /^Ativo/ }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(TEXTS.deactivated)).toBeVisible()
  await expect(page).toHaveURL(/[?&]q=sabao/)
  await expect(row(page, name).getByRole('button', { name: /^Inativo/ })).toHaveAttribute('aria-pressed', 'false')
  await expect(row(page, name).getByRole('button', { name: /^Inativo/ })).toBeFocused()

  // The same EAN again is refused on the field.
  await page.getByRole('link', { name: 'Novo produto' }).click()
  const again = page.getByRole('dialog', { name: 'Novo produto' })
  await again.getByLabel('Nome').fill('Outro produto')
  await again.getByLabel('EAN').fill(ean)
  await again.getByLabel('Preço (R$)').pressSequentially('100')
  await again.getByRole('button', { name: 'Cadastrar produto' }).click()
  await expect(again.getByLabel('EAN')).toHaveAccessibleDescription(new RegExp(TEXTS.eanTaken))
})

test('a member without the "produtos" permission reads the products but has no change buttons', async ({ page }) => {
  await enter(page, CARLA)
  await openProducts(page)
  await expect(page.getByText('Você pode consultar os produtos.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Novo produto' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^Editar/ })).toHaveCount(0)
  await expect(page.getByRole('table')).toBeVisible()
  await page.goto('/products?modal=novo')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the product form posts, shows server-side errors, and saves; bulk actions post with checkboxes', async ({ page }) => {
    const ean = freshEan()
    const name = `Creme Dental Sem Script ${ean.slice(-5)}`
    await login(page, DEMO.email, DEMO.password)
    await page.getByRole('button', { name: `Entrar em ${ORG}` }).click()
    await page.waitForURL((url) => url.pathname !== '/personal-environment')
    await page.goto('/products?modal=novo')
    const dialog = page.getByRole('dialog', { name: 'Novo produto' })
    await dialog.getByLabel('EAN').fill(`${ean.slice(0, 12)}${(Number(ean[12]) + 1) % 10}`)
    await dialog.getByLabel('Preço (R$)').fill('12,5x')
    await dialog.getByRole('button', { name: 'Cadastrar produto' }).click()
    const form = page.getByRole('dialog', { name: 'Novo produto' })
    await expect(form.getByLabel('Nome')).toHaveAccessibleDescription(TEXTS.nameRequired)
    await expect(form.getByLabel('EAN')).toHaveAccessibleDescription(new RegExp(TEXTS.checkDigit))
    // A refused field shows exactly what was typed, beside the reason.
    await expect(form.getByLabel('Preço (R$)')).toHaveAccessibleDescription('Preço inválido: use o formato 1.234,56.')
    await expect(form.getByLabel('Preço (R$)')).toHaveValue('12,5x')

    await form.getByLabel('Nome').fill(name)
    await form.getByLabel('EAN').fill(ean)
    // Typed as a person writes it; a form refused for another field gives it back as typed: ten reais, not R$ 0,10.
    await form.getByLabel('Preço (R$)').fill('10')
    await form.getByLabel('NCM').fill('3306')
    await form.getByRole('button', { name: 'Cadastrar produto' }).click()
    const again = page.getByRole('dialog', { name: 'Novo produto' })
    await expect(again.getByLabel('NCM')).toHaveAttribute('aria-invalid', 'true')
    await expect(again.getByLabel('Preço (R$)')).toHaveValue('10')
    await again.getByLabel('NCM').fill('3306.10.00')
    await again.getByRole('button', { name: 'Cadastrar produto' }).click()
    await expect(page.getByText(TEXTS.created)).toBeVisible()

    await page.goto(`/products?q=${encodeURIComponent('creme dental sem script')}`)
    await expect(row(page, name)).toContainText('R$ 10,00')
    await row(page, name).getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Desativar', exact: true }).click()
    await expect(page.getByText('1 produto atualizado.')).toBeVisible()
    await expect(row(page, name).getByRole('button', { name: /^Inativo/ })).toBeVisible()

    // Delete goes through its confirmation.
    await row(page, name).getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Excluir', exact: true }).click()
    const confirm = page.getByRole('dialog', { name: 'Excluir produtos' })
    await expect(confirm).toContainText(name)
    await confirm.getByRole('button', { name: 'Excluir' }).click()
    await expect(page.getByText('Produto excluído.')).toBeVisible()
    await expect(row(page, name)).toHaveCount(0)
  })
})

test("a product's edit link opens its form whatever list is behind it", async ({ page }) => {
  await enter(page, DEMO)
  // The last product by name is not on the list's first page, in its usual order.
  await page.goto('/products?ordem=nome&direcao=desc')
  const last = page.getByRole('row').nth(1)
  const name = (await last.getByRole('rowheader').innerText()).split('\n')[0].trim()
  const link = await last.getByRole('link', { name: /^Editar/ }).getAttribute('href')
  const id = new URL(link!, 'http://x').searchParams.get('id')
  await page.goto('/products')
  await expect(row(page, name)).toHaveCount(0)
  await page.goto(`/products?modal=editar&id=${id}`)
  const edit = page.getByRole('dialog', { name: `Editar ${name}` })
  await expect(edit.getByLabel('Nome')).toHaveValue(name)
})

test('a page past the end of the catalogue opens its last page', async ({ page }) => {
  await enter(page, DEMO)
  await page.goto('/products?q=&page=100000')
  await expect(page).toHaveURL(/[?&]page=\d+$/)
  const last = Number(new URL(page.url()).searchParams.get('page'))
  expect(last).toBeLessThan(100000)
  await expect(page.getByRole('row').nth(1)).toBeVisible()
})
