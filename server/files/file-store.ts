import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileTypeFromBuffer } from 'file-type'

export type StoredFile = { url: string; mime: string; size: number; path: string; /** `folder/name`, what readPrivate takes. */ key: string }

export type FileStore = {
  /**
   * Stores the file when its content (magic bytes, not its name) is one of the
   * allowed types and it is not larger than `maxBytes`; otherwise returns the reason.
   */
  saveChecked: (
    file: File,
    options: { folder: string; allowed: Record<string, string>; maxBytes: number; private?: boolean },
  ) => Promise<StoredFile | { error: 'too-big' | 'bad-type' }>
  /** A private file's bytes (null when gone): private files are served only by calls that check who asks. */
  readPrivate: (key: string) => Promise<Buffer | null>
  /** Removes a file this store saved (e.g. when the change it belonged to was refused). */
  remove: (file: StoredFile) => Promise<void>
  /**
   * Stores bytes privately that the caller has checked by content itself (a CSV has no magic
   * bytes for saveChecked to see): spreadsheet uploads waiting for their import.
   */
  savePrivate: (bytes: Buffer, options: { folder: string; ext: string }) => Promise<StoredFile>
  /** Removes a private file by its key (once the job it waited for is over); a gone file is no error. */
  removePrivate: (key: string) => Promise<void>
  /**
   * Where to write a private file the product makes itself, streamed to disk rather than held in memory (the
   * billing job's receipts): its key and path, the folder created. The caller writes it, and removes it by
   * its key when the write fails.
   */
  privateTarget: (options: { folder: string; ext: string }) => Promise<{ key: string; path: string }>
}

const PRIVATE_KEY = /^[a-z-]+\/[0-9a-f-]{36}\.[a-z0-9]+$/

/**
 * Public files (logos, avatars) under `uploadsDir`, served as they are at /uploads; private ones
 * (chat attachments) beside it in `private/`, never served statically.
 */
export function createFileStore(options: { uploadsDir: string; publicBaseUrl: string }): FileStore {
  const privateDir = path.join(path.dirname(options.uploadsDir), 'private')
  /** The folders privateTarget made: a job writing thousands of files makes each once. */
  const made = new Set<string>()
  return {
    async saveChecked(file, { folder, allowed, maxBytes, private: isPrivate = false }) {
      if (file.size > maxBytes) return { error: 'too-big' }
      const bytes = Buffer.from(await file.arrayBuffer())
      const type = await fileTypeFromBuffer(bytes)
      const ext = type && allowed[type.mime]
      if (!type || !ext) return { error: 'bad-type' }
      const name = `${randomUUID()}.${ext}`
      const dir = path.join(isPrivate ? privateDir : options.uploadsDir, folder)
      await mkdir(dir, { recursive: true })
      await writeFile(path.join(dir, name), bytes)
      const url = isPrivate ? '' : `${options.publicBaseUrl}/uploads/${folder}/${name}`
      return { url, mime: type.mime, size: bytes.length, path: path.join(dir, name), key: `${folder}/${name}` }
    },
    async readPrivate(key) {
      // Keys are made by saveChecked; anything else (../, absolute) is refused.
      if (!PRIVATE_KEY.test(key)) return null
      return readFile(path.join(privateDir, key)).catch(() => null)
    },
    async remove(file) {
      await rm(file.path, { force: true })
    },
    async savePrivate(bytes, { folder, ext }) {
      const name = `${randomUUID()}.${ext}`
      const dir = path.join(privateDir, folder)
      await mkdir(dir, { recursive: true })
      await writeFile(path.join(dir, name), bytes)
      return { url: '', mime: 'application/octet-stream', size: bytes.length, path: path.join(dir, name), key: `${folder}/${name}` }
    },
    async removePrivate(key) {
      if (!PRIVATE_KEY.test(key)) return
      await rm(path.join(privateDir, key), { force: true })
    },
    async privateTarget({ folder, ext }) {
      const name = `${randomUUID()}.${ext}`
      const dir = path.join(privateDir, folder)
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true })
        made.add(dir)
      }
      return { key: `${folder}/${name}`, path: path.join(dir, name) }
    },
  }
}

export const IMAGE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const
export const AVATAR_TYPES = { ...IMAGE_TYPES, 'image/gif': 'gif' } as const

/** Chat attachments (the chat's media view): images, documents and recorded audio, checked by content. */
export const CHAT_IMAGE_TYPES = { ...AVATAR_TYPES, 'image/webp': 'webp' } as const
export const CHAT_AUDIO_TYPES = {
  'audio/webm': 'weba',
  // file-type cannot tell an audio-only WebM (Chromium's MediaRecorder) from a video one.
  'video/webm': 'weba',
  'audio/ogg': 'ogg',
  'audio/ogg; codecs=opus': 'opus',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  // Safari records MP4 audio, which file-type may name by its container.
  'video/mp4': 'm4a',
  'audio/wav': 'wav',
} as const
export const CHAT_FILE_TYPES = {
  ...CHAT_IMAGE_TYPES,
  ...CHAT_AUDIO_TYPES,
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/zip': 'zip',
} as const
