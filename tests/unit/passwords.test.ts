import { describe, expect, test } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH } from '../../server/db/seed.ts'
import { hashPassword, verifyPassword } from '../../server/security/passwords.ts'

/** OWASP's minimum-memory argon2id: 19 MiB, 2 passes, 1 lane. */
const PRODUCTION_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$'

describe('password hash cost', () => {
  test('the production parameters are pinned: a hash made under the production config is OWASP argon2id and verifies', async () => {
    const config = loadConfig({ NODE_ENV: 'production' })
    expect(config.passwordHashCost).toBe('production')
    const hash = await hashPassword('senhaForte123', config.passwordHashCost)
    expect(hash.startsWith(PRODUCTION_PREFIX), hash).toBe(true)
    expect(await verifyPassword(hash, 'senhaForte123', config.passwordHashCost)).toBe(true)
    expect(await verifyPassword(hash, 'senhaErrada123', config.passwordHashCost)).toBe(false)
  })

  test('without PASSWORD_HASH_COST every environment hashes at the production cost', () => {
    for (const NODE_ENV of [undefined, 'development', 'test', 'production']) {
      expect(loadConfig({ NODE_ENV }).passwordHashCost).toBe('production')
    }
    expect(loadConfig({}).passwordHashCost).toBe('production')
  })

  test('the test cost is cheaper argon2id, still verifies, and is refused under NODE_ENV=production', async () => {
    const config = loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' })
    const hash = await hashPassword('senhaForte123', config.passwordHashCost)
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/)
    expect(await verifyPassword(hash, 'senhaForte123', config.passwordHashCost)).toBe(true)
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: 'test' })).toThrow(/PASSWORD_HASH_COST=test/)
  })

  test('an unknown e-mail (no stored hash) never verifies, at either cost', async () => {
    expect(await verifyPassword(undefined, 'qualquer', 'production')).toBe(false)
    expect(await verifyPassword(undefined, 'qualquer', 'test')).toBe(false)
  })

  test('the demo users’ precomputed hash is the demo password with the production parameters', async () => {
    expect(DEMO_PASSWORD_HASH.startsWith(PRODUCTION_PREFIX)).toBe(true)
    expect(await verifyPassword(DEMO_PASSWORD_HASH, DEMO_PASSWORD)).toBe(true)
    expect(await verifyPassword(DEMO_PASSWORD_HASH, 'outra-senha')).toBe(false)
  })
})
