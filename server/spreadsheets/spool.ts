import { randomUUID } from 'node:crypto'
import { open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { deserialize, serialize } from 'node:v8'

/**
 * The rows parsed so far, kept on disk rather than in memory until the whole file is known to be
 * good: batches in V8's serialization (dates, numbers and nulls come back as they went in), each
 * prefixed by its length. A 100,000-row import then holds one batch in memory, not the file.
 */
export async function createSpool<T>() {
  const file = path.join(tmpdir(), `importacao-${randomUUID()}.bin`)
  const handle = await open(file, 'w+')
  let batches = 0
  return {
    get batches() {
      return batches
    },
    async write(batch: T[]) {
      const bytes = serialize(batch)
      const length = Buffer.alloc(4)
      length.writeUInt32LE(bytes.length)
      await handle.write(Buffer.concat([length, bytes]))
      batches++
    },
    async *read(): AsyncGenerator<T[]> {
      let position = 0
      const length = Buffer.alloc(4)
      for (let i = 0; i < batches; i++) {
        await handle.read(length, 0, 4, position)
        const bytes = Buffer.alloc(length.readUInt32LE())
        await handle.read(bytes, 0, bytes.length, position + 4)
        position += 4 + bytes.length
        yield deserialize(bytes) as T[]
      }
    },
    async dispose() {
      await handle.close().catch(() => {})
      await rm(file, { force: true })
    },
  }
}
