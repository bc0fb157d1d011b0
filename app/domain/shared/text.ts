import { z } from 'zod'
import { sharedMessages } from './messages.ts'

/**
 * The one rule for text typed by people, shared by every schema of the web forms and the API
 * alike: normalized to NFC and trimmed, then refused when it holds NUL or another control
 * character (PostgreSQL refuses NUL outright; the others only hide text) or a lone surrogate
 * (not valid UTF-8), and limited in length after normalization, so "é" typed either way counts once.
 * Tab and line breaks are allowed only in a text area (`multiline`).
 */
export type TextOptions = {
  /** Said when the value is missing or not a string (Conform turns an empty input into `undefined`); given = the field is required. */
  required?: string
  /** Said when the value is not a string, for a field that is not required; the shared text when absent. */
  invalidType?: string
  max: number
  tooLong: string
  multiline?: boolean
  /** Said for a control character; the shared text when absent. */
  invalid?: string
}

/** C0 controls, DEL and C1 controls. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/
/** The same, less tab, line feed and carriage return. */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** True when the text holds no character the rule refuses. */
export function hasOnlyValidCharacters(value: string, multiline = false) {
  return !(multiline ? CONTROL_BUT_LINES : CONTROL).test(value) && !LONE_SURROGATE.test(value)
}

/** A required text with the field's own "required" and "too long" messages, or an optional one (chain `.nullish()`). */
export function text({ required, invalidType, max, tooLong, multiline = false, invalid = sharedMessages.invalidCharacters }: TextOptions) {
  const typeError = required ?? invalidType ?? sharedMessages.notText
  const base = z
    .string({ error: typeError })
    .normalize('NFC')
    .trim()
    .refine((v) => hasOnlyValidCharacters(v, multiline), { error: invalid, abort: true })
  return (required ? base.min(1, required) : base).max(max, tooLong)
}

/**
 * A value that is not typed prose but still reaches a query (a token, a code, a path segment):
 * no normalization beyond trimming, the same refused characters, a length limit.
 */
export function tokenText({ required, max, tooLong, invalid = sharedMessages.invalidCharacters }: Omit<TextOptions, 'multiline' | 'invalidType'> & { required: string }) {
  return z
    .string({ error: required })
    .trim()
    .refine((v) => hasOnlyValidCharacters(v), { error: invalid, abort: true })
    .min(1, required)
    .max(max, tooLong)
}
