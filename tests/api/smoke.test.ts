import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApi, newUser, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

test('a registered user logs in and reads the profile', async () => {
  const u = await newUser(t, 'Beatriz')
  const res = await t.get('/api/profile', { token: u.token })
  expect(res.status).toBe(200)
  expect(res.body).toMatchObject({ user_id: u.id, nome: 'Beatriz', avatar: null })
})
