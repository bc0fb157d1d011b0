import { createHash, randomBytes } from 'node:crypto'

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export function randomToken(bytes = 30) {
  return randomBytes(bytes).toString('base64url')
}
