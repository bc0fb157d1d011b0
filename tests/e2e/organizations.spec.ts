import { expect, type Page } from '@playwright/test'
import { test, BRUNO, DEMO, login } from './helpers.ts'
import {
  createAndVerifyOrganization,
  DEMO_ORGS,
  fillNewOrganization,
  LANDING,
  maskCnpj,
  newLoggedInUser,
  ORG_MSG,
  otherCode,
  sideMenu,
  TYPE_LABEL,
  uniqueCnpj,
  verificationCodeFor,
  type OrgType,
} from './organization-helpers.ts'

/**
 * Create an organization of each type from the personal environment, verify it with
 * the mailed code, land on the type's screen and see exactly the type's side menu.
 */

type MenuGroup = [title: string | null, items: string[]]

/** The side menu as an ARIA snapshot that must match exactly (no item more, none less, same order). */
function menuSnapshot(groups: MenuGroup[]) {
  const lines = ['- navigation "Menu principal":', '  - /children: deep-equal']
  for (const [title, items] of groups) {
    const indent = title ? '    ' : '  '
    if (title) lines.push(`  - group "${title}":`, `    - text: ${title}`)
    lines.push(`${indent}- list:`)
    for (const item of items) lines.push(`${indent}  - listitem:`, `${indent}    - link "${item}"`)
  }
  return lines.join('\n')
}

const VENDAS: MenuGroup = ['VENDAS', ['Produtos', 'Condições', 'Clientes', 'Pedidos', 'Simulador']]
const INTELIGENCIA: MenuGroup = ['INTELIGÊNCIA', ['Painel']]

/**
 * The main side menu by type, for a new organization: on the Básico plan without a trial,
 * so permissions.type is B and a bandeira has no BANDEIRA group (Unidades, Movimentação).
 */
const MENU: Record<OrgType, MenuGroup[]> = {
  v: [['Empresa', ['Meu Time', 'Cartão de visita', 'Minha bandeira']], [null, ['Convidar fornecedor']], ['COMPRAS', ['Mercado', 'Pedidos']], INTELIGENCIA],
  f: [['Empresa', ['Meu Time', 'Cartão de visita']], [null, ['Convidar cliente']], VENDAS, INTELIGENCIA],
  b: [['Empresa', ['Meu Time', 'Cartão de visita']], [null, ['Convidar unidade', 'Chat']], VENDAS, INTELIGENCIA],
  r: [['Empresa', ['Meu Time', 'Cartão de visita', 'Pedidos Pro']], [null, ['Convidar fornecedor']], VENDAS, INTELIGENCIA],
}

async function expectMenu(page: Page, groups: MenuGroup[]) {
  const menu = sideMenu(page)
  await expect(menu).toMatchAriaSnapshot(menuSnapshot(groups))
  // The footer of the menu takes the person back to the personal environment.
  await expect(page.getByRole('complementary').getByRole('button', { name: 'Sair da organização' })).toBeVisible()
}

for (const tipo of ['v', 'f', 'b', 'r'] as const) {
  test(`a new person creates a ${TYPE_LABEL[tipo]} (${tipo}), verifies it with the mailed code and sees its landing page and menu`, async ({ page }) => {
    const user = await newLoggedInUser(page, `org-${tipo}`)
    // The revenda gets an alphanumeric CNPJ: both kinds are accepted.
    const org = await createAndVerifyOrganization(page, user.email, tipo, { alphanumeric: tipo === 'r' })
    await expect(page).toHaveURL(LANDING[tipo])
    await expectMenu(page, MENU[tipo])

    // The type's own items open the modal of the same name.
    const menu = sideMenu(page)
    if (tipo === 'v') {
      await menu.getByRole('link', { name: 'Minha bandeira' }).click()
      const flag = page.getByRole('dialog', { name: 'Minha bandeira' })
      await expect(flag.getByLabel('Código da bandeira')).toBeVisible()
      await flag.getByRole('link', { name: 'Fechar' }).click()
    }
    if (tipo === 'r') {
      const pill = menu.getByRole('link', { name: 'Pedidos Pro' })
      await expect(pill.locator('.pill')).toHaveText('Pedidos Pro')
      await pill.click()
      const plans = page.getByRole('dialog', { name: 'Pedidos Pro' })
      await expect(plans).toBeVisible()
      await plans.getByRole('link', { name: 'Fechar' }).click()
    }
    const invite = { v: 'Convidar fornecedor', f: 'Convidar cliente', b: 'Convidar unidade', r: 'Convidar fornecedor' }[tipo]
    await menu.getByRole('link', { name: invite }).click()
    await expect(page.getByRole('dialog', { name: invite })).toBeVisible()
    await page.getByRole('dialog', { name: invite }).getByRole('link', { name: 'Fechar' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // The organization is listed, active, with its masked CNPJ; 'Sair da organização' goes back there.
    await page.getByRole('button', { name: 'Sair da organização' }).click()
    await expect(page).toHaveURL(/\/personal-environment$/)
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: org.nome }) })
    await expect(card).toContainText(`${TYPE_LABEL[tipo]} · CNPJ ${maskCnpj(org.cnpj)} · Administrador`)
    await expect(card).not.toContainText('Aguardando verificação')
    await card.getByRole('button', { name: `Entrar em ${org.nome}` }).click()
    await expect(page).toHaveURL(LANDING[tipo])
  })
}

test('a flag on a paid plan (permissions.type P) has the BANDEIRA group above VENDAS', async ({ page }) => {
  await login(page, DEMO.email, DEMO.password)
  await page.getByRole('button', { name: `Entrar em ${DEMO_ORGS.rede.nome}` }).click()
  await expect(page).toHaveURL(/\/units$/)
  await expectMenu(page, [
    ['Empresa', ['Meu Time', 'Cartão de visita']],
    [null, ['Convidar unidade', 'Chat']],
    ['BANDEIRA', ['Unidades', 'Movimentação']],
    VENDAS,
    INTELIGENCIA,
  ])
})

test('a wrong code shows the Portuguese error; an unverified organization asks for the code again when entered', async ({ page }) => {
  const user = await newLoggedInUser(page, 'org-codigo')
  const cnpj = uniqueCnpj()
  const nome = `Bandeira Código ${cnpj.slice(6, 12)}`
  const dialog = await fillNewOrganization(page, { tipo: 'b', cnpj, nome, razao: `${nome} Ltda` })
  await dialog.getByRole('button', { name: 'Criar organização' }).click()
  const verify = page.getByRole('dialog', { name: 'Aguardando verificação' })
  await expect(verify).toContainText(nome)
  const code = await verificationCodeFor(user.email)

  const input = verify.getByLabel('Código de verificação')
  await input.fill(otherCode(code))
  await verify.getByRole('button', { name: 'Verificar' }).click()
  await expect(input).toHaveAccessibleDescription(ORG_MSG.wrongCode)
  await expect(page).toHaveURL(/\/personal-environment\?modal=verificar&org=\d+$/)

  // Closed without verifying: listed as waiting; entering it shows the wait-for-verification modal.
  await verify.getByRole('link', { name: 'Fechar' }).click()
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: nome }) })
  await expect(card).toContainText('Aguardando verificação')
  await card.getByRole('button', { name: `Entrar em ${nome}` }).click()
  await expect(verify).toBeVisible()
  await expect(page).toHaveURL(/\/personal-environment\?modal=verificar&org=\d+$/)

  await verify.getByLabel('Código de verificação').fill(code)
  await verify.getByRole('button', { name: 'Verificar' }).click()
  await expect(page).toHaveURL(/\/units$/)
  await expect(page.getByText(ORG_MSG.verified)).toBeVisible()
})

test('an invalid CNPJ shows "CNPJ inválido." and a registered one "Este CNPJ já está cadastrado."', async ({ page }) => {
  await newLoggedInUser(page, 'org-cnpj')
  const dialog = await fillNewOrganization(page, { tipo: 'f', cnpj: DEMO_ORGS.sol.cnpj, nome: 'Sol Repetida', razao: 'Sol Repetida Ltda' })
  const cnpj = dialog.getByLabel('CNPJ')
  const submit = dialog.getByRole('button', { name: 'Criar organização' })

  // A wrong check digit: refused as it is typed, and the button stays disabled.
  const valid = DEMO_ORGS.sol.cnpj
  const wrong = `${valid.slice(0, 13)}${(Number(valid[13]) + 1) % 10}`
  await cnpj.fill(wrong)
  await cnpj.press('Tab')
  await expect(cnpj).toHaveAccessibleDescription(ORG_MSG.cnpjInvalid)
  await expect(submit).toBeDisabled()

  // A CNPJ that is valid but already registered (Distribuidora Sol): the server refuses it.
  await cnpj.fill(valid)
  await expect(cnpj).not.toHaveAttribute('aria-invalid', 'true')
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(dialog.getByLabel('CNPJ')).toHaveAccessibleDescription(ORG_MSG.cnpjTaken)
  await expect(page.getByRole('dialog', { name: 'Aguardando verificação' })).toHaveCount(0)
  // What was typed stays.
  await expect(dialog.getByLabel('Razão social')).toHaveValue('Sol Repetida Ltda')

  // Nothing was created.
  await dialog.getByRole('link', { name: 'Fechar' }).click()
  await expect(page.getByText('Você ainda não participa de nenhuma organização.')).toBeVisible()
})

// Found trying the product: the CEP was looked up when its field was left by Tab, not by a click elsewhere.
test('the CEP is looked up however its field is left: by Tab, a click on another field, or a click on the modal', async ({ page }) => {
  await login(page, BRUNO.email, BRUNO.password)
  await page.goto('/personal-environment?modal=nova')
  const dialog = page.getByRole('dialog', { name: 'Nova organização' })
  const cep = dialog.getByLabel('CEP')
  const lookup = (digits: string) => page.waitForRequest((req) => req.url().endsWith(`/acoes/endereco?cep=${digits}`))
  const unavailable = dialog.getByRole('status').filter({ hasText: 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.' })

  await cep.fill('01310100')
  let asked = lookup('01310100')
  await dialog.getByLabel('Endereço').click()
  await asked
  // The click landed where it was aimed, and the note says to type by hand (no internet here).
  await expect(dialog.getByLabel('Endereço')).toBeFocused()
  await expect(unavailable).toBeVisible()

  await cep.fill('20040002')
  asked = lookup('20040002')
  await dialog.getByText('Tipo', { exact: true }).click()
  await asked
  await expect(unavailable).toBeVisible()

  await cep.fill('30130010')
  asked = lookup('30130010')
  await cep.press('Tab')
  await asked
  await expect(unavailable).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('an organization is created, verified and entered with plain form posts', async ({ page }) => {
    const user = await newLoggedInUser(page, 'org-semjs')
    await createAndVerifyOrganization(page, user.email, 'f', { javaScript: false })
    await expect(page).toHaveURL(/\/orders$/)
    await expectMenu(page, MENU.f)
  })
})
