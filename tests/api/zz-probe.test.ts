import { afterAll, beforeAll, test } from 'vitest'
import { createTestApi, newUser, type TestApi } from './harness.ts'
let t: TestApi
beforeAll(async () => { t = await createTestApi() })
afterAll(() => t.close())
test('probe', async () => {
  const raw = async (method: string, url: string, body?: BodyInit, headers: Record<string,string> = {}) => {
    const res = await t.api.fetch(new Request(`http://api.test${url}`, { method, headers, body }), { clientIp: '1.1.1.1' })
    return [res.status, await res.text(), [...res.headers]]
  }
  console.log('malformed', await raw('POST', '/api/register', '{bad', { 'content-type': 'application/json' }))
  console.log('text', await raw('POST', '/api/register', 'name=x', { 'content-type': 'text/plain' }))
  console.log('urlenc', await raw('POST', '/api/register', 'name=x&email=a@b.com', { 'content-type': 'application/x-www-form-urlencoded' }))
  console.log('nobody', await raw('POST', '/api/register'))
  console.log('null', await t.post('/api/register', null))
  console.log('arr', await t.post('/api/register', []))
  console.log('empty', await t.post('/api/register', {}))
  console.log('csrf', await raw('GET', '/sanctum/csrf-cookie'))
  const u = await newUser(t)
  console.log('orgp', await t.get('/api/OrgProfile/10/null/null', { token: u.token }))
  console.log('orgp0', await t.get('/api/OrgProfile/0/null/null?page=0', { token: u.token }))
  console.log('orgpx', await t.get('/api/OrgProfile/10/null/x', { token: u.token }))
  console.log('orgp-noauth', await t.get('/api/OrgProfile/10/null/null'))
  console.log('emp', await t.get('/api/empresas/profile/abc', { token: u.token }))
  console.log('emp', await t.get('/api/empresas/profile/99', { token: u.token }))
  console.log('routes', t.api.routes.map(r => r.method + ' ' + r.path))
  const fd = new FormData(); fd.append('avatar', new Blob(['hello']), 'x.png')
  console.log('av', await t.postForm('/api/saveavatar', fd, { token: u.token }))
  const fd2 = new FormData()
  console.log('av2', await t.postForm('/api/saveavatar', fd2, { token: u.token }))
  console.log('del', await t.post('/api/deletedetail', {}, { token: u.token }))
  console.log('co', await t.postForm('/api/createOrgAutoLogin', new FormData()))
  const doc = await t.get('/api/openapi.json')
  console.log(JSON.stringify(doc.body, null, 1).slice(0, 200000))
})
