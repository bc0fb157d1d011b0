import { expect, test } from '@playwright/test'
import { DEMO, login } from './helpers.ts'

// On the fresh e2e database the seed writes Ana first: user 1, and Distribuidora Sol is organization 1.
const ANA_ID = 1
const SOL_ID = 1

test('the web app authorizes the logged-in user’s private channels through the API, never others', async ({ page }) => {
  const anonymous = await page.request.post('/broadcasting/auth', { form: { socket_id: '1.2', channel_name: `private-${ANA_ID}_chat` } })
  expect(anonymous.status()).toBe(401)

  await login(page, DEMO.email, DEMO.password)
  const own = await page.request.post('/broadcasting/auth', { form: { socket_id: '123.456', channel_name: `private-${ANA_ID}_chat` } })
  expect(own.status()).toBe(200)
  expect((await own.json()).auth).toMatch(/^pedidos-key:[0-9a-f]{64}$/)

  const orders = await page.request.post('/broadcasting/auth', { form: { socket_id: '123.456', channel_name: `private-organizacao.ped.${SOL_ID}` } })
  expect(orders.status()).toBe(200)

  const someoneElse = await page.request.post('/broadcasting/auth', { form: { socket_id: '123.456', channel_name: 'private-999_chat' } })
  expect(someoneElse.status()).toBe(403)
  expect((await someoneElse.json()).message).toBe('Você não tem acesso a este canal.')
})
