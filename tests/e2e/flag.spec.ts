import { expect, type Page } from '@playwright/test'
import { test, BRUNO, DEMO, login } from './helpers.ts'
import { createAndVerifyOrganization, DEMO_ORGS, maskCnpj, newLoggedInUser, ORG_MSG, sideMenu } from './organization-helpers.ts'

/**
 * The flag code modal ('Minha bandeira', type v) and the tokenbase modal.
 * Each test that changes something works on an organization it creates, so the demo
 * data other tests read stays as seeded (Rede Farma Mais keeps its code FARMAMAIS).
 */

const REDE = DEMO_ORGS.rede

/** A new person with a new, verified Varejo, on /market. */
async function newRetailer(page: Page, prefix: string, javaScript = true) {
  const user = await newLoggedInUser(page, prefix)
  const org = await createAndVerifyOrganization(page, user.email, 'v', { javaScript })
  return { user, org }
}

function flagModal(page: Page) {
  return page.getByRole('dialog', { name: 'Minha bandeira' })
}

/** The toast of a page-level message: errors interrupt (alert), the rest are polite (status). */
function toast(page: Page, kind: 'alert' | 'status', text: string) {
  return page.getByRole(kind).filter({ hasText: text })
}

async function joinWithCode(page: Page, code: string) {
  const modal = flagModal(page)
  await modal.getByLabel('Código da bandeira').fill(code)
  await modal.getByRole('button', { name: 'Entrar na bandeira' }).click()
}

/** The flag's visiting card inside the modal: name, masked CNPJ and its admin. */
async function expectRedeCard(page: Page) {
  const card = flagModal(page).getByRole('article', { name: `Cartão de visita de ${REDE.nome}` })
  await expect(card).toBeVisible()
  await expect(card.getByRole('heading', { name: REDE.nome })).toBeVisible()
  await expect(card).toContainText(`CNPJ ${maskCnpj(REDE.cnpj)}`)
  await expect(card).toContainText(`${DEMO.name} · ${DEMO.email}`)
  await expect(flagModal(page).getByLabel('Código da bandeira')).toHaveCount(0)
}

async function leaveAfterConfirming(page: Page) {
  const modal = flagModal(page)
  // 'Não' keeps the flag.
  await modal.getByRole('link', { name: 'Sair da bandeira' }).click()
  const confirm = modal.getByRole('alertdialog')
  await expect(confirm).toContainText(`Por favor, confirme: deseja mesmo sair da bandeira ${REDE.nome}?`)
  await expect(confirm.getByRole('button', { name: 'Sim' })).toBeVisible()
  await confirm.getByRole('link', { name: 'Não' }).click()
  await expect(modal.getByRole('alertdialog')).toHaveCount(0)
  await expectRedeCard(page)
  // 'Sim' leaves it: the modal asks for a code again.
  await modal.getByRole('link', { name: 'Sair da bandeira' }).click()
  await modal.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click()
  await expect(toast(page, 'status', ORG_MSG.flagRemoved)).toBeVisible()
  await expect(modal.getByLabel('Código da bandeira')).toBeVisible()
  await expect(modal.getByRole('article')).toHaveCount(0)
}

test('a Varejo joins Rede Farma Mais with its code, sees the flag card, and leaves it after confirming', async ({ page }) => {
  await newRetailer(page, 'bandeira')
  await sideMenu(page).getByRole('link', { name: 'Minha bandeira' }).click()
  await expect(flagModal(page)).toContainText('Informe o código que a sua bandeira (rede) enviou')

  await joinWithCode(page, REDE.code)
  await expect(toast(page, 'status', ORG_MSG.flagAdded)).toBeVisible()
  await expectRedeCard(page)

  // Kept: the modal opened again later still shows the flag.
  await flagModal(page).getByRole('link', { name: 'Fechar' }).click()
  await expect(flagModal(page)).toHaveCount(0)
  await page.reload()
  await sideMenu(page).getByRole('link', { name: 'Minha bandeira' }).click()
  await expectRedeCard(page)

  await leaveAfterConfirming(page)
  // And it stays out after a reload.
  await page.reload()
  await expect(flagModal(page).getByLabel('Código da bandeira')).toBeVisible()
})

test('a wrong flag code and an empty one show their errors and link nothing', async ({ page }) => {
  await newRetailer(page, 'bandeira-erro')
  await sideMenu(page).getByRole('link', { name: 'Minha bandeira' }).click()
  const modal = flagModal(page)
  const input = modal.getByLabel('Código da bandeira')

  await joinWithCode(page, 'NAOEXISTE')
  await expect(toast(page, 'alert', ORG_MSG.flagNotFound)).toBeVisible()
  await expect(input).toBeVisible()

  // Empty, or only spaces: the server answers with the spec message (the field's description says the code is needed).
  await expect(input).toHaveAccessibleDescription(`${ORG_MSG.flagRequired}: peça-o à sua rede.`)
  await input.fill('')
  await modal.getByRole('button', { name: 'Entrar na bandeira' }).click()
  await expect(toast(page, 'alert', ORG_MSG.flagRequired)).toBeVisible()
  await joinWithCode(page, '   ')
  await expect(toast(page, 'alert', ORG_MSG.flagRequired)).toBeVisible()
  await expect(modal.getByRole('article')).toHaveCount(0)
  await expect(input).toBeVisible()
})

test('the flag admin sees the flag code on the visiting card', async ({ page }) => {
  await login(page, DEMO.email, DEMO.password)
  await page.getByRole('button', { name: `Entrar em ${REDE.nome}` }).click()
  await expect(page).toHaveURL(/\/units$/)
  await sideMenu(page).getByRole('link', { name: 'Cartão de visita' }).click()
  await expect(page).toHaveURL(/\/visiting-card$/)
  await expect(page.getByText('Código da bandeira, para as unidades entrarem na rede:')).toBeVisible()
  await expect(page.getByLabel('Código da bandeira')).toHaveText(REDE.code)
  // Regenerating would break every other test that joins with FARMAMAIS: only its presence is checked.
  await expect(page.getByRole('button', { name: 'Gerar novo código (o atual deixa de valer)' })).toBeVisible()
})

test('a unit already in a flag sees its card in Minha bandeira; a Varejo has no flag code of its own', async ({ page }) => {
  await login(page, BRUNO.email, BRUNO.password)
  await page.getByRole('button', { name: `Entrar em ${DEMO_ORGS.central.nome}` }).click()
  await expect(page).toHaveURL(/\/market$/)
  await sideMenu(page).getByRole('link', { name: 'Minha bandeira' }).click()
  await expectRedeCard(page)
  await expect(flagModal(page).getByRole('link', { name: 'Sair da bandeira' })).toBeVisible()
  await flagModal(page).getByRole('link', { name: 'Fechar' }).click()

  await sideMenu(page).getByRole('link', { name: 'Cartão de visita' }).click()
  await expect(page.getByRole('heading', { name: 'Códigos' })).toBeVisible()
  await expect(page.getByText('Código da bandeira, para as unidades entrarem na rede:')).toHaveCount(0)
})

/** The tokenbase modal opened from /visiting-card ('Cadastrar' or 'Ver ou alterar'), with its two states. */
function tokenbaseModal(page: Page) {
  const modal = page.getByRole('dialog', { name: 'Código Tokenbase' })
  const input = modal.getByLabel('Código Tokenbase')
  return {
    modal,
    input,
    async expectEditable() {
      await expect(input).toBeEditable()
      await expect(modal.getByRole('link', { name: 'Cancelar' })).toBeVisible()
      await expect(modal.getByRole('button', { name: 'Confirma' })).toBeVisible()
      await expect(modal.getByRole('button', { name: 'Excluir' })).toHaveCount(0)
      await expect(modal.getByRole('link', { name: 'Alterar' })).toHaveCount(0)
    },
    async expectLocked(value: string) {
      await expect(input).toHaveValue(value)
      await expect(input).not.toBeEditable()
      await expect(modal.getByRole('button', { name: 'Excluir' })).toBeVisible()
      await expect(modal.getByRole('link', { name: 'Alterar' })).toBeVisible()
      await expect(modal.getByRole('link', { name: 'Cancelar' })).toHaveCount(0)
      await expect(modal.getByRole('button', { name: 'Confirma' })).toHaveCount(0)
    },
    async store(value: string) {
      await input.fill(value)
      await modal.getByRole('button', { name: 'Confirma' }).click()
      await expect(toast(page, 'status', ORG_MSG.tokenbaseUpdated)).toBeVisible()
      await this.expectLocked(value)
    },
  }
}

/** A new Varejo on its /visiting-card, without a tokenbase code. */
async function visitingCardOfNewOrg(page: Page, prefix: string) {
  await newRetailer(page, prefix)
  await sideMenu(page).getByRole('link', { name: 'Cartão de visita' }).click()
  await expect(page).toHaveURL(/\/visiting-card$/)
  await expect(page.getByText('Tokenbase: não cadastrado.')).toBeVisible()
}

test('tokenbase modal: Cancelar/Confirma while empty, then locked with Excluir/Alterar, changed and deleted', async ({ page }) => {
  await visitingCardOfNewOrg(page, 'tokenbase')
  const tb = tokenbaseModal(page)

  await page.getByRole('link', { name: 'Cadastrar' }).click()
  await expect(tb.input).toHaveValue('')
  await tb.expectEditable()
  // Confirming nothing: the spec message, and the modal stays as it was.
  await tb.modal.getByRole('button', { name: 'Confirma' }).click()
  await expect(toast(page, 'alert', ORG_MSG.tokenbaseRequired)).toBeVisible()
  await tb.expectEditable()
  // 'Cancelar' closes it; nothing was stored.
  await tb.modal.getByRole('link', { name: 'Cancelar' }).click()
  await expect(tb.modal).toHaveCount(0)
  await expect(page.getByText('Tokenbase: não cadastrado.')).toBeVisible()

  // Stored: the input is locked, with 'Excluir' and 'Alterar'.
  await page.getByRole('link', { name: 'Cadastrar' }).click()
  await tb.store('TKB-FARMA-2026')

  // 'Alterar' unlocks it with the stored code; 'Cancelar' locks it again.
  await tb.modal.getByRole('link', { name: 'Alterar' }).click()
  await expect(tb.input).toHaveValue('TKB-FARMA-2026')
  await tb.expectEditable()
  await tb.modal.getByRole('link', { name: 'Cancelar' }).click()
  await tb.expectLocked('TKB-FARMA-2026')

  // 'Alterar' then 'Confirma' stores a new code.
  await tb.modal.getByRole('link', { name: 'Alterar' }).click()
  await tb.store('TKB-NOVO-77')

  // Kept: the page says so, and the modal opens locked on it.
  await tb.modal.getByRole('link', { name: 'Fechar' }).click()
  await expect(page.getByText('Tokenbase: cadastrado.')).toBeVisible()
  await page.getByRole('link', { name: 'Ver ou alterar' }).click()
  await tb.expectLocked('TKB-NOVO-77')

  // 'Excluir' deletes it (null): back to 'Cancelar' and 'Confirma'; the page says it is gone.
  await tb.modal.getByRole('button', { name: 'Excluir' }).click()
  await expect(toast(page, 'status', ORG_MSG.tokenbaseUpdated)).toBeVisible()
  await tb.expectEditable()
  await tb.modal.getByRole('link', { name: 'Cancelar' }).click()
  await expect(tb.modal).toHaveCount(0)
  await expect(page.getByText('Tokenbase: não cadastrado.')).toBeVisible()
  await page.getByRole('link', { name: 'Cadastrar' }).click()
  await expect(tb.input).toHaveValue('')
})

test.describe('the tokenbase input shows the stored code in every state', () => {
  test('after Alterar, typing and Cancelar, the locked input shows the stored code, not the discarded text', async ({ page }) => {
    await visitingCardOfNewOrg(page, 'tokenbase-cancelar')
    const tb = tokenbaseModal(page)
    await page.getByRole('link', { name: 'Cadastrar' }).click()
    await tb.store('TKB-GUARDADO')
    await tb.modal.getByRole('link', { name: 'Alterar' }).click()
    await tb.input.fill('TKB-DESISTI')
    await tb.modal.getByRole('link', { name: 'Cancelar' }).click()
    await expect(tb.modal.getByRole('link', { name: 'Alterar' })).toBeVisible()
    await expect(tb.input).toHaveValue('TKB-GUARDADO', { timeout: 2000 })
  })

  test('after Excluir, the input is empty, not the deleted code', async ({ page }) => {
    await visitingCardOfNewOrg(page, 'tokenbase-excluir')
    const tb = tokenbaseModal(page)
    await page.getByRole('link', { name: 'Cadastrar' }).click()
    await tb.store('TKB-APAGAR')
    await tb.modal.getByRole('button', { name: 'Excluir' }).click()
    await expect(toast(page, 'status', ORG_MSG.tokenbaseUpdated)).toBeVisible()
    await tb.expectEditable()
    await expect(tb.input).toHaveValue('', { timeout: 2000 })
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a Varejo created without JavaScript joins the flag, gets a wrong code refused, and leaves after confirming', async ({ page }) => {
    await newRetailer(page, 'bandeira-semjs', false)
    await sideMenu(page).getByRole('link', { name: 'Minha bandeira' }).click()
    await expect(page).toHaveURL(/\/market\?modal=bandeira$/)

    await joinWithCode(page, 'CODIGOERRADO')
    await expect(toast(page, 'alert', ORG_MSG.flagNotFound)).toBeVisible()
    await joinWithCode(page, REDE.code)
    await expect(toast(page, 'status', ORG_MSG.flagAdded)).toBeVisible()
    await expectRedeCard(page)

    await leaveAfterConfirming(page)
    await expect(page).toHaveURL(/\/market\?modal=bandeira$/)
  })
})

test("the card shows its administrator to other companies only when the company ticks it, and the choice is kept", async ({ page }) => {
  await visitingCardOfNewOrg(page, 'cartao-admin')
  const publish = page.getByLabel('Mostrar o administrador (nome e e-mail) no cartão às outras empresas')
  await expect(publish).not.toBeChecked()
  await publish.check()
  await page.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Dados da empresa atualizados!' })).toBeVisible()
  await page.reload()
  await expect(publish).toBeChecked()
  await publish.uncheck()
  await page.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Dados da empresa atualizados!' })).toBeVisible()
  await page.reload()
  await expect(publish).not.toBeChecked()
})
