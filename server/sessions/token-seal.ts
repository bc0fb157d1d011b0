import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

const INFO = 'pedidos-b2b web session: API token'

/** Keys derived lately: a session is read on every view, and the derivation was a tenth of reading it. */
const recentKeys = new Map<string, Buffer>()
const RECENT_KEYS = 10_000

/** A key only the holder of the session id can derive: the database alone cannot open the token. */
function keyOf(sessionId: string) {
  let key = recentKeys.get(sessionId)
  if (!key) {
    if (recentKeys.size >= RECENT_KEYS) recentKeys.delete(recentKeys.keys().next().value!)
    key = Buffer.from(hkdfSync('sha256', sessionId, '', INFO, 32))
    recentKeys.set(sessionId, key)
  }
  return key
}

/** AES-256-GCM of `plain` under the session id's key: `iv.tag.ciphertext`, base64url. */
export function sealToken(sessionId: string, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionId), iv)
  const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), text].map((part) => part.toString('base64url')).join('.')
}

/** The token back, or null when the id is not the one it was sealed with or the text was altered. */
export function unsealToken(sessionId: string, sealed: string): string | null {
  const [iv, tag, text] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !tag || !text || iv.length !== 12 || tag.length !== 16) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionId), iv)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
