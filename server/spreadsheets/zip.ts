import { Readable } from 'node:stream'
import { createInflateRaw } from 'node:zlib'

/**
 * Just enough of the zip format to read an xlsx: the entry list
 * from the central directory, and one entry's bytes as a stream (inflated as they are read, never
 * whole). Throws on anything that is not a readable zip; the caller turns that into "unreadable".
 */
export type ZipEntry = { name: string; method: number; compressedSize: number; size: number; offset: number }

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

export function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  // The end record sits in the last 22 bytes plus a comment of at most 64 KB.
  let end = -1
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i
      break
    }
  }
  if (end < 0) throw new Error('zip: no end of central directory')
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const entries = new Map<string, ZipEntry>()
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new Error('zip: bad central directory')
    const method = zip.readUInt16LE(at + 10)
    const compressedSize = zip.readUInt32LE(at + 20)
    const size = zip.readUInt32LE(at + 24)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const offset = zip.readUInt32LE(at + 42)
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
    entries.set(name, { name, method, compressedSize, size, offset })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

function entryData(zip: Buffer, entry: ZipEntry) {
  if (entry.offset + 30 > zip.length || zip.readUInt32LE(entry.offset) !== LOCAL) throw new Error('zip: bad local header')
  const start = entry.offset + 30 + zip.readUInt16LE(entry.offset + 26) + zip.readUInt16LE(entry.offset + 28)
  const end = start + entry.compressedSize
  if (end > zip.length) throw new Error('zip: entry past the end')
  return zip.subarray(start, end)
}

/** The entry's content, in chunks as it inflates. */
export async function* entryBytes(zip: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const data = entryData(zip, entry)
  if (entry.method === 0) {
    for (let i = 0; i < data.length; i += 1 << 16) yield data.subarray(i, Math.min(data.length, i + (1 << 16)))
    return
  }
  if (entry.method !== 8) throw new Error(`zip: method ${entry.method}`)
  const inflater = Readable.from([data], { objectMode: false }).pipe(createInflateRaw({ chunkSize: 1 << 16 }))
  try {
    for await (const chunk of inflater) yield chunk as Buffer
  } finally {
    inflater.destroy()
  }
}

/** A small entry (workbook.xml, its rels) as UTF-8 text. */
export async function entryString(zip: Buffer, entry: ZipEntry) {
  const parts: Buffer[] = []
  for await (const part of entryBytes(zip, entry)) parts.push(part)
  return Buffer.concat(parts).toString('utf8')
}
