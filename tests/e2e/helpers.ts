import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'

export const DEMO = { email: 'ana@distribuidorasol.com.br', password: 'demo12345', name: 'Ana Paula Lima' }
export const MAIL_DIR = path.join(process.env.E2E_DATA_DIR ?? '.e2e-data', 'mail')

/** Mails the product wrote to the embedded mail folder for `to`, decoded from quoted-printable. */
export async function mailsTo(to: string) {
  const files = (await readdir(MAIL_DIR).catch(() => [])).filter((f) => f.includes(to)).sort()
  return Promise.all(
    files.map(async (f) =>
      (await readFile(path.join(MAIL_DIR, f), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    ),
  )
}

let counter = 0
export function uniqueEmail(prefix = 'pessoa') {
  return `${prefix}.${Date.now()}.${++counter}@teste.com.br`
}

export async function login(page: Page, email: string, password: string, remember = false) {
  await page.goto('/')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha').fill(password)
  if (remember) await page.getByLabel('Lembrar de mim').check()
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).toHaveURL(/\/personal-environment|\/market|\/orders|\/units/)
}
