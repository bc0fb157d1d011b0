import { hash, verify } from '@node-rs/argon2'

// @node-rs/argon2 defaults to argon2id; these are OWASP's minimum-memory settings.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string) => hash(password, OPTIONS)

/** A hash of nothing, checked when the e-mail is unknown so both paths take the same time. */
const dummyHash = hash('senha-que-nao-existe', OPTIONS)

export async function verifyPassword(passwordHash: string | undefined, password: string) {
  if (!passwordHash) {
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  return verify(passwordHash, password).catch(() => false)
}
