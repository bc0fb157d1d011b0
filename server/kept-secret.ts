import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * A secret from the environment, else one made on first start and kept in DATA_DIR, so a
 * restart neither logs everyone out (session) nor breaks signed realtime channels.
 */
export async function keptSecret(dataDir: string, fromEnv: string | undefined, fileName: string) {
  if (fromEnv) return fromEnv
  const file = path.join(dataDir, fileName)
  if (!existsSync(file)) {
    await mkdir(dataDir, { recursive: true })
    await writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600 })
  }
  return (await readFile(file, 'utf8')).trim()
}
