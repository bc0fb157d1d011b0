import { randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileTypeFromBuffer } from 'file-type'

export type StoredFile = { url: string; mime: string; size: number; path: string }

export type FileStore = {
  /**
   * Stores the file when its content (magic bytes, not its name) is one of the
   * allowed types and it is not larger than `maxBytes`; otherwise returns the reason.
   */
  saveChecked: (
    file: File,
    options: { folder: string; allowed: Record<string, string>; maxBytes: number },
  ) => Promise<StoredFile | { error: 'too-big' | 'bad-type' }>
  /** Removes a file this store saved (e.g. when the change it belonged to was refused). */
  remove: (file: StoredFile) => Promise<void>
}

export function createFileStore(options: { uploadsDir: string; publicBaseUrl: string }): FileStore {
  return {
    async saveChecked(file, { folder, allowed, maxBytes }) {
      if (file.size > maxBytes) return { error: 'too-big' }
      const bytes = Buffer.from(await file.arrayBuffer())
      const type = await fileTypeFromBuffer(bytes)
      const ext = type && allowed[type.mime]
      if (!type || !ext) return { error: 'bad-type' }
      const name = `${randomUUID()}.${ext}`
      const dir = path.join(options.uploadsDir, folder)
      await mkdir(dir, { recursive: true })
      await writeFile(path.join(dir, name), bytes)
      return { url: `${options.publicBaseUrl}/uploads/${folder}/${name}`, mime: type.mime, size: bytes.length, path: path.join(dir, name) }
    },
    async remove(file) {
      await rm(file.path, { force: true })
    },
  }
}

export const IMAGE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const
export const AVATAR_TYPES = { ...IMAGE_TYPES, 'image/gif': 'gif' } as const
