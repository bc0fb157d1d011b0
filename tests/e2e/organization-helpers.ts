import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import { maskCnpj } from '../../app/domain/shared/masks.ts'
import { login, mailsTo, NEW_PASSWORD, signUp, uniqueEmail } from './helpers.ts'

/** Shared by organizations.spec.ts, flag.spec.ts and partner-invite.spec.ts. */

export type OrgType = 'v' | 'f' | 'b' | 'r'

/** The type labels of the new-organization form (radio names start with them). */
export const TYPE_LABEL: Record<OrgType, string> = { v: 'Varejo', f: 'Fornecedor', b: 'Bandeira', r: 'Revenda' }

/** The landing screen by type (a revenda sells, like f). */
export const LANDING: Record<OrgType, RegExp> = { v: /\/market$/, f: /\/orders$/, b: /\/units$/, r: /\/orders$/ }

/** Texts of the organization and flag screens, word for word (not imported, so a changed text fails). */
export const ORG_MSG = {
  created: 'Organização criada! Enviamos um código de verificação para o seu e-mail.',
  verified: 'Organização verificada com sucesso!',
  wrongCode: 'Código inválido. Restam 4 tentativas.',
  cnpjInvalid: 'CNPJ inválido.',
  cnpjTaken: 'Este CNPJ já está cadastrado.',
  flagAdded: 'Bandeira adicionada com sucesso!',
  flagRemoved: 'Bandeira removida com sucesso!',
  flagRequired: 'Código de bandeira obrigatório',
  flagNotFound: 'Código de bandeira não encontrado.',
  tokenbaseUpdated: 'Tokenbase atualizado!!!',
  tokenbaseRequired: 'Código Tokenbase obrigatório',
} as const

/** Demo organizations of server/db/seed.ts that the tests read (never change). */
export const DEMO_ORGS = {
  sol: { nome: 'Distribuidora Sol', cnpj: withCheckDigits('112223330001') },
  rede: { nome: 'Rede Farma Mais', cnpj: withCheckDigits('223334440001'), code: 'FARMAMAIS' },
  central: { nome: 'Farmácia Central', cnpj: withCheckDigits('334445550001') },
} as const

let cnpjCounter = 0
/**
 * A valid CNPJ no other test uses: twelve characters from the clock and a counter, plus
 * the two check digits. With `alphanumeric`, the first two are letters (CNPJ issued since July 2026).
 */
export function uniqueCnpj(alphanumeric = false) {
  const clock = String(Date.now() % 1e8).padStart(8, '0')
  const serial = String(++cnpjCounter % 1e4).padStart(4, '0')
  const base = alphanumeric ? `ZX${clock.slice(2)}${serial}` : `${clock}${serial}`
  return withCheckDigits(base)
}

export { maskCnpj }

/** A person who signed up through /signup and is now logged in (personal environment). */
export async function newLoggedInUser(page: Page, prefix = 'org') {
  const user = { name: `Pessoa ${prefix}`, email: uniqueEmail(prefix), password: NEW_PASSWORD }
  await signUp(page, user)
  await login(page, user.email, user.password)
  await expect(page).toHaveURL(/\/personal-environment$/)
  return user
}

export type NewOrg = { tipo: OrgType; cnpj: string; razao: string; nome: string }

/** Opens 'Criar organização' and fills the form as a person would, typing the address by hand. */
export async function fillNewOrganization(page: Page, org: NewOrg, options: { javaScript?: boolean } = {}) {
  const javaScript = options.javaScript ?? true
  await page.getByRole('link', { name: 'Criar organização' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nova organização' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('radio', { name: new RegExp(`^${TYPE_LABEL[org.tipo]}`) }).check()
  const cnpj = dialog.getByLabel('CNPJ')
  // With JavaScript the mask formats the bare characters; without it the person types the mask.
  await cnpj.fill(javaScript ? org.cnpj : maskCnpj(org.cnpj))
  if (javaScript) await expect(cnpj).toHaveValue(maskCnpj(org.cnpj))
  await dialog.getByLabel('Razão social').fill(org.razao)
  await dialog.getByLabel('Nome fantasia (opcional)').fill(org.nome)
  await dialog.getByLabel('Vertical').selectOption({ label: 'Farma' })
  const cep = dialog.getByLabel('CEP')
  await cep.fill(javaScript ? '01310100' : '01.310-100')
  if (javaScript) {
    await expect(cep).toHaveValue('01.310-100')
    // Leaving the CEP looks it up; with no internet here the form says to type the address by hand.
    await cep.press('Tab')
    await expect(dialog.getByText('Não foi possível consultar o CEP agora. Preencha o endereço manualmente.')).toBeVisible()
  }
  await dialog.getByLabel('Endereço').fill('Avenida Paulista')
  await dialog.getByLabel('Número (opcional)').fill('1000')
  await dialog.getByLabel('Bairro (opcional)').fill('Bela Vista')
  await dialog.getByLabel('UF').selectOption('SP')
  await dialog.getByLabel('Cidade').fill('São Paulo')
  return dialog
}

/** The six-digit code of the last verification mail sent to `email` for `orgName`. */
export async function lastVerificationCode(email: string) {
  const mails = (await mailsTo(email)).filter((m) => m.includes('ativar a organiza'))
  return mails.at(-1)?.match(/^(\d{6})\r?$/m)?.[1]
}

/** Waits for the verification mail and returns its code. */
export async function verificationCodeFor(email: string) {
  await expect.poll(() => lastVerificationCode(email), { message: `the verification code mailed to ${email}` }).toMatch(/^\d{6}$/)
  return (await lastVerificationCode(email))!
}

/** A code of six digits that is not `code`. */
export function otherCode(code: string) {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0')
}

/**
 * The whole path of a new organization: form, creation, code from the mail, verification,
 * landing on the type's screen. Returns the organization as created.
 */
export async function createAndVerifyOrganization(
  page: Page,
  email: string,
  tipo: OrgType,
  options: { javaScript?: boolean; alphanumeric?: boolean; nome?: string } = {},
) {
  const cnpj = uniqueCnpj(options.alphanumeric)
  const nome = options.nome ?? `${TYPE_LABEL[tipo]} Teste ${cnpj.slice(4, 10)}`
  const org: NewOrg = { tipo, cnpj, nome, razao: `${nome} Ltda` }
  const dialog = await fillNewOrganization(page, org, options)
  await dialog.getByRole('button', { name: 'Criar organização' }).click()
  const verify = page.getByRole('dialog', { name: 'Aguardando verificação' })
  await expect(verify).toBeVisible()
  await expect(page.getByText(ORG_MSG.created)).toBeVisible()
  await verify.getByLabel('Código de verificação').fill(await verificationCodeFor(email))
  await verify.getByRole('button', { name: 'Verificar' }).click()
  await expect(page).toHaveURL(LANDING[tipo])
  await expect(page.getByText(ORG_MSG.verified)).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: `Cartão de visita de ${nome}` })).toBeVisible()
  return org
}

/** The main side menu ('Menu principal'). */
export function sideMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Menu principal' })
}

/** A second browser (its own cookies), whose page errors count as the test's browser errors. */
export async function otherBrowser(browser: Browser, browserErrors: string[], options: Parameters<Browser['newContext']>[0] = {}) {
  const context: BrowserContext = await browser.newContext(options)
  context.on('weberror', (e) => browserErrors.push(`uncaught (2nd browser): ${e.error().message}`))
  context.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) browserErrors.push(`console (2nd browser): ${m.text()}`)
  })
  return { context, page: await context.newPage() }
}
