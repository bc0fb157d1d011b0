import { hash, verify, type Options } from '@node-rs/argon2'

/**
 * How much work a new password hash costs. `production`: OWASP's minimum-memory argon2id
 * (19 MiB, 2 passes). `test`: the same algorithm at the smallest cost, for the API tests that
 * register hundreds of users; config.ts refuses it under NODE_ENV=production.
 */
export type PasswordHashCost = 'production' | 'test'

// @node-rs/argon2 defaults to argon2id.
const OPTIONS: Record<PasswordHashCost, Options> = {
  production: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { memoryCost: 1_024, timeCost: 1, parallelism: 1 },
}

export const hashPassword = (password: string, cost: PasswordHashCost = 'production') => hash(password, OPTIONS[cost])

/** A hash of nothing per cost, checked when the e-mail is unknown so both paths take the same time. */
const dummyHashes = new Map<PasswordHashCost, Promise<string>>()
function dummyHash(cost: PasswordHashCost) {
  let found = dummyHashes.get(cost)
  if (!found) dummyHashes.set(cost, (found = hashPassword('senha-que-nao-existe', cost)))
  return found
}

/** A stored hash carries its own parameters; `cost` only sets the dummy checked for an unknown e-mail. */
export async function verifyPassword(passwordHash: string | undefined, password: string, cost: PasswordHashCost = 'production') {
  if (!passwordHash) {
    await verify(await dummyHash(cost), password).catch(() => false)
    return false
  }
  return verify(passwordHash, password).catch(() => false)
}
