import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '../../server/db/schema/index.ts'
import { createTestApi, newUser, type TestApi } from './harness.ts'

/** What the API stores for a new user, by the cost its config says. */
async function storedHash(t: TestApi) {
  const user = await newUser(t)
  const [row] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id))
  return row.passwordHash
}

describe('the API under the production config', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi({ env: { PASSWORD_HASH_COST: 'production' } })
  })
  afterAll(() => t.close())

  test('stores OWASP argon2id (19 MiB, t=2, p=1) hashes that log the user in', async () => {
    // newUser logs in with the password, so the stored hash verifies.
    expect(await storedHash(t)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })
})

describe('the API tests’ own config', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi()
  })
  afterAll(() => t.close())

  test('hashes at the test cost, so hundreds of test users stay cheap', async () => {
    expect(await storedHash(t)).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/)
  })
})
