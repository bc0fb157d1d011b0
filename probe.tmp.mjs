import { chromium } from 'playwright'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const p = await b.newPage({ baseURL: 'http://localhost:3199' })
for (const [url, link] of [['/', 'Crie sua conta'], ['/', 'Esqueceu a senha?'], ['/signup', 'Entrar'], ['/forgot-password', 'Voltar ao Login']]) {
  await p.goto(url)
  await p.locator('button[type=submit]:disabled').waitFor()
  const before = await p.getByRole('link', { name: link }).boundingBox()
  await p.getByRole('link', { name: link }).click()
  await p.waitForTimeout(800)
  console.log(url, link, '->', p.url(), 'box y before', before.y)
}
await b.close()
