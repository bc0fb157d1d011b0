/**
 * The `message` string of a chat message: plain text, or JSON with `type` and, as the
 * kind needs, `audioBars`, `duration`, `answerTo`, and the attachment's name, type, size and url.
 * Plain text that would read as such JSON is sent as JSON too, so decoding is never ambiguous.
 */

export type AnswerRef = { id: number; nome: string; message: string }

export type Attachment = { url: string; name: string; mime: string; size: number }

export type ChatBody =
  | { type: 'text'; text: string; answerTo?: AnswerRef }
  | ({ type: 'image' | 'file'; text: string; answerTo?: AnswerRef } & Attachment)
  | ({ type: 'audio'; text: string; duration: number; audioBars: number[]; answerTo?: AnswerRef } & Attachment)

const KINDS = new Set(['text', 'image', 'file', 'audio'])

function parseStructured(message: string): Record<string, unknown> | null {
  if (!message.startsWith('{')) return null
  try {
    const value: unknown = JSON.parse(message)
    if (value && typeof value === 'object' && !Array.isArray(value) && KINDS.has((value as { type?: unknown }).type as string)) {
      return value as Record<string, unknown>
    }
  } catch {
    // not JSON: plain text that starts with a brace
  }
  return null
}

export function encodeBody(body: ChatBody): string {
  if (body.type === 'text' && !body.answerTo && parseStructured(body.text) === null) return body.text
  return JSON.stringify(body)
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)

function answerRef(v: unknown): AnswerRef | undefined {
  if (!v || typeof v !== 'object') return undefined
  const r = v as Record<string, unknown>
  return typeof r.id === 'number' ? { id: r.id, nome: str(r.nome), message: str(r.message) } : undefined
}

/** Reads any `message` string; unknown or damaged JSON falls back to showing it as text. */
export function decodeBody(message: string): ChatBody {
  const o = parseStructured(message)
  if (!o) return { type: 'text', text: message }
  const answerTo = answerRef(o.answerTo)
  const base = { text: str(o.text), ...(answerTo ? { answerTo } : {}) }
  if (o.type === 'text') return { type: 'text', ...base }
  const attachment = { url: str(o.url), name: str(o.name), mime: str(o.mime), size: num(o.size) }
  if (o.type === 'audio') {
    const bars = Array.isArray(o.audioBars) ? o.audioBars.filter((b): b is number => typeof b === 'number') : []
    return { type: 'audio', ...base, ...attachment, duration: num(o.duration), audioBars: bars }
  }
  return { type: o.type as 'image' | 'file', ...base, ...attachment }
}

const EXCERPT_LENGTH = 80

/** One line that stands for a message: in a reply, the channel list and notifications. */
export function bodySummary(
  body: { type: ChatBody['type']; text: string; name?: string },
  labels: { image: string; file: string; audio: string },
): string {
  const text = body.text.replace(/\s+/g, ' ').trim()
  const shown =
    body.type === 'text' ? text : body.type === 'audio' ? labels.audio : `${body.type === 'image' ? labels.image : labels.file}: ${text || body.name}`
  return shown.length > EXCERPT_LENGTH ? `${shown.slice(0, EXCERPT_LENGTH - 1)}…` : shown
}
