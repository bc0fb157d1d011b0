import { expect } from '@playwright/test'
import { CARLA, DEMO, login, test } from './helpers.ts'
import { apiSession, conditionAddress, createCondition, olAddress } from './condition-helpers.ts'
import { createAndVerifyOrganization, newLoggedInUser, otherBrowser } from './organization-helpers.ts'

/** Texts of the OL screens, word for word (not imported, so a changed text fails). */
const TEXT = {
  invited: 'OL convidado. Ele precisa aceitar o convite.',
  accepted: 'Convite aceito: sua empresa agora atende esta condição.',
  blocked: 'Comprador bloqueado.',
  unblocked: 'Comprador desbloqueado.',
  left: 'Sua empresa deixou de atender esta condição.',
  removed: 'OL removido da condição.',
}

test('a seller invites an OL, who accepts in another browser, blocks a buyer, and later leaves; the seller sees each answer', async ({ page, browser, browserErrors, request }) => {
  test.setTimeout(120_000)
  // The OL: a new person with a new distributor (type f), in a second browser.
  const other = await otherBrowser(browser, browserErrors)
  const olUser = await newLoggedInUser(other.page, 'ol')
  const ol = await createAndVerifyOrganization(other.page, olUser.email, 'f', { nome: `Logística Parceira ${Date.now() % 1e6}` })

  // Distribuidora Sol's condition, made with Ana's token.
  const ana = await apiSession(request, DEMO)
  const solId = ana.orgId('Distribuidora Sol')
  const condition = await createCondition(request, ana.headers, solId, `Tabela OL ${Date.now() % 1e6}`)

  await login(page, DEMO.email, DEMO.password)
  await page.getByRole('button', { name: 'Entrar em Distribuidora Sol' }).click()
  await page.waitForURL((url) => url.pathname !== '/personal-environment')
  await page.goto(`${conditionAddress(condition, solId)}?aba=parceiros`)
  await expect(page.getByRole('link', { name: 'OLs' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText('Nenhum OL nesta condição.', { exact: false })).toBeVisible()

  await page.getByRole('link', { name: 'Convidar OL' }).click()
  const invite = page.getByRole('dialog', { name: 'Convidar OL' })
  await invite.getByLabel('Buscar distribuidor por nome ou CNPJ').fill(ol.nome.toLowerCase().replace('í', 'i'))
  await invite.getByRole('button', { name: 'Buscar' }).click()
  await invite.getByRole('radio', { name: new RegExp(ol.nome) }).check()
  await invite.getByLabel('Desconto extra (%)').fill('2,5')
  await invite.getByRole('button', { name: 'Enviar convite' }).click()
  await expect(page.getByText(TEXT.invited)).toBeVisible()
  const row = page.getByRole('row', { name: new RegExp(ol.nome) })
  await expect(row).toContainText('Pendente')
  await expect(row).toContainText('2,5%')

  // The OL opens the condition as it serves it (the conditions list links here) and accepts.
  const olId = (await apiSession(request, olUser)).orgId(ol.nome)
  await other.page.goto(olAddress(olId, ol.nome, solId, condition.id, '2.5000'))
  await expect(other.page.getByRole('heading', { level: 1, name: `${ol.nome} como OL` })).toBeVisible()
  await expect(other.page.getByText('Distribuidora Sol')).toBeVisible()
  await expect(other.page.getByText('Pendente')).toBeVisible()
  await other.page.getByRole('button', { name: 'Aceitar' }).click()
  await expect(other.page.getByText(TEXT.accepted)).toBeVisible()
  await expect(other.page.getByText('Aceito', { exact: true })).toBeVisible()
  await expect(other.page.getByRole('link', { name: 'Ver os produtos da condição' })).toHaveAttribute('href', new RegExp(`/conditionDetails/${condition.id}/`))

  // Its blacklist: block a demo pharmacy, find it in the list, unblock it.
  await other.page.getByRole('link', { name: 'Bloquear comprador' }).click()
  const block = other.page.getByRole('dialog', { name: 'Bloquear comprador' })
  await block.getByLabel('Buscar loja ou bandeira por nome ou CNPJ').fill('farmacia central')
  await block.getByRole('button', { name: 'Buscar' }).click()
  await block.getByRole('button', { name: 'Bloquear Farmácia Central' }).click()
  await expect(other.page.getByText(TEXT.blocked)).toBeVisible()
  const blocked = other.page.getByRole('list', { name: 'Compradores bloqueados' })
  await expect(blocked).toContainText('Farmácia Central')
  await expect(blocked).toContainText('Loja')
  await blocked.getByRole('button', { name: 'Desbloquear Farmácia Central' }).click()
  await expect(other.page.getByText(TEXT.unblocked)).toBeVisible()
  await expect(other.page.getByText('Nenhum comprador bloqueado.')).toBeVisible()

  // The seller sees the answer.
  await page.reload()
  await expect(row).toContainText('Aceito')

  // The OL leaves, confirming; it loses the condition.
  await other.page.getByRole('link', { name: 'Deixar de atender' }).click()
  await other.page.getByRole('dialog', { name: 'Deixar de atender' }).getByRole('button', { name: 'Sim, deixar de atender' }).click()
  await expect(other.page).toHaveURL(/\/conditions$/)
  await expect(other.page.getByText(TEXT.left)).toBeVisible()
  await other.page.goto(olAddress(olId, ol.nome, solId, condition.id, '2.5000'))
  await expect(other.page).toHaveURL(/\/conditions$/)
  await expect(other.page.getByText('Condição não encontrada.')).toBeVisible()

  await page.reload()
  await expect(row).toContainText('Recusado')
  // The seller removes it, confirming.
  await row.getByRole('link', { name: `Remover ${ol.nome}` }).click()
  await page.getByRole('dialog', { name: `Remover ${ol.nome}` }).getByRole('button', { name: 'Sim, remover' }).click()
  await expect(page.getByText(TEXT.removed)).toBeVisible()
  await expect(row).toHaveCount(0)
  await other.context.close()
})

test('without JavaScript: the seller invites an OL and the OL accepts, through plain forms and redirects', async ({ browser, browserErrors, request }) => {
  test.setTimeout(120_000)
  const setup = await otherBrowser(browser, browserErrors)
  const olUser = await newLoggedInUser(setup.page, 'ol-sem-js')
  const ol = await createAndVerifyOrganization(setup.page, olUser.email, 'f', { nome: `Logística Sem Script ${Date.now() % 1e6}` })
  const olId = (await apiSession(request, olUser)).orgId(ol.nome)
  const ana = await apiSession(request, DEMO)
  const solId = ana.orgId('Distribuidora Sol')
  const condition = await createCondition(request, ana.headers, solId, `Tabela Sem Script ${Date.now() % 1e6}`)

  const seller = await otherBrowser(browser, browserErrors, { javaScriptEnabled: false })
  await login(seller.page, DEMO.email, DEMO.password)
  await seller.page.getByRole('button', { name: 'Entrar em Distribuidora Sol' }).click()
  await seller.page.waitForURL((url) => url.pathname !== '/personal-environment')
  await seller.page.goto(`${conditionAddress(condition, solId)}?aba=parceiros&modal=convidar-ol`)
  const invite = seller.page.getByRole('dialog', { name: 'Convidar OL' })
  await invite.getByLabel('Buscar distribuidor por nome ou CNPJ').fill('sem script')
  await invite.getByRole('button', { name: 'Buscar' }).click()
  await invite.getByRole('radio', { name: new RegExp(ol.nome) }).check()
  // A discount out of range comes back from the server on the field, with the modal still open.
  await invite.getByLabel('Desconto extra (%)').fill('120')
  await invite.getByRole('button', { name: 'Enviar convite' }).click()
  await expect(invite.getByText('O desconto extra deve ser um percentual entre 0 e 100, com até 4 casas decimais (ex.: 2,5).')).toBeVisible()
  await invite.getByRole('radio', { name: new RegExp(ol.nome) }).check()
  await invite.getByLabel('Desconto extra (%)').fill('1,75')
  await invite.getByRole('button', { name: 'Enviar convite' }).click()
  await expect(seller.page.getByText(TEXT.invited)).toBeVisible()
  await expect(seller.page.getByRole('row', { name: new RegExp(ol.nome) })).toContainText('1,75%')

  const olBrowser = await otherBrowser(browser, browserErrors, { javaScriptEnabled: false, storageState: await setup.context.storageState() })
  await setup.context.close()
  await olBrowser.page.goto(olAddress(olId, ol.nome, solId, condition.id, '1.7500'))
  await olBrowser.page.getByRole('button', { name: 'Aceitar' }).click()
  await expect(olBrowser.page.getByText(TEXT.accepted)).toBeVisible()
  await seller.page.reload()
  await expect(seller.page.getByRole('row', { name: new RegExp(ol.nome) })).toContainText('Aceito')
  await seller.context.close()
  await olBrowser.context.close()
})

test("a member without 'Gerenciar condições' sees the condition's OLs without the buttons that would refuse, and says why", async ({ page, request }) => {
  const ana = await apiSession(request, DEMO)
  const solId = ana.orgId('Distribuidora Sol')
  const condition = await createCondition(request, ana.headers, solId, `Tabela Leitura ${Date.now() % 1e6}`)
  // Carla's role in Distribuidora Sol has 'Ver condições', not 'Gerenciar condições' (server/db/seed-roles.ts).
  await login(page, CARLA.email, CARLA.password)
  await page.getByRole('button', { name: 'Entrar em Distribuidora Sol' }).click()
  await page.waitForURL((url) => url.pathname !== '/personal-environment')
  await page.goto(`${conditionAddress(condition, solId)}?aba=parceiros`)
  await expect(page.getByText('Você pode ver os OLs desta condição, mas convidar, espelhar ou remover depende da permissão "Gerenciar condições".')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Convidar OL' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Editar condição' })).toHaveCount(0)
})
