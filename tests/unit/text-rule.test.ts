import { describe, expect, test } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import { sharedMessages } from '../../app/domain/shared/messages.ts'
import { hasOnlyValidCharacters, text, tokenText } from '../../app/domain/shared/text.ts'
import { userNameField } from '../../app/domain/auth/schemas.ts'
import { ProfileNameSchema } from '../../app/domain/auth/profile-schemas.ts'
import { CompanyDetailsSchema } from '../../app/domain/organization/company-schemas.ts'
import { FeedbackSchema } from '../../app/domain/organization/feedback-schema.ts'
import { ChatSendSchema } from '../../app/domain/chat/schemas.ts'

const name = text({ required: 'Nome obrigatório.', max: 5, tooLong: 'Nome longo.' })
const notes = text({ max: 20, tooLong: 'Texto longo.', multiline: true })
const messages = (schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? []

describe('the string rule', () => {
  test('trims and keeps ordinary text, accents and emoji', () => {
    expect(name.parse('  Ana  ')).toBe('Ana')
    expect(notes.parse('Olá 👋 ção')).toBe('Olá 👋 ção')
  })

  test('normalizes to NFC before counting, so a decomposed accent counts once', () => {
    const decomposed = 'e\u0301'.repeat(5)
    expect(decomposed.length).toBe(10)
    expect(name.parse(decomposed)).toBe('\u00e9'.repeat(5))
  })

  test('refuses NUL, other C0 controls, DEL and C1 controls with the shared message', () => {
    for (const ch of ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(messages(name, `a${ch}b`)).toEqual([sharedMessages.invalidCharacters])
    }
  })

  test('refuses a lone surrogate, which is not valid UTF-8', () => {
    expect(messages(name, 'a\ud800')).toEqual([sharedMessages.invalidCharacters])
    expect(messages(name, '\udc00a')).toEqual([sharedMessages.invalidCharacters])
    expect(hasOnlyValidCharacters('😀')).toBe(true)
  })

  test('allows tab and line breaks only in a text area', () => {
    expect(notes.parse('um\r\ndois\tsim')).toBe('um\r\ndois\tsim')
    expect(messages(name, 'a\nb')).toEqual([sharedMessages.invalidCharacters])
    expect(messages(name, 'a\tb')).toEqual([sharedMessages.invalidCharacters])
    expect(messages(notes, 'a\u0000b')).toEqual([sharedMessages.invalidCharacters])
  })

  test('edge line breaks are trimmed away rather than refused', () => {
    expect(name.parse('\n Ana \t')).toBe('Ana')
  })

  test('keeps the field\'s own "required" and "too long" messages', () => {
    expect(messages(name, undefined)).toEqual(['Nome obrigatório.'])
    expect(messages(name, '   ')).toEqual(['Nome obrigatório.'])
    expect(messages(name, 42)).toEqual(['Nome obrigatório.'])
    expect(messages(name, 'abcdef')).toEqual(['Nome longo.'])
    expect(messages(name, 'x'.repeat(100_000))).toEqual(['Nome longo.'])
  })

  test('an optional field accepts empty and says the value must be text otherwise', () => {
    expect(notes.parse('')).toBe('')
    expect(messages(notes, 12)).toEqual([sharedMessages.notText])
    expect(messages(notes, ['a'])).toEqual([sharedMessages.notText])
  })

  test('says one thing for a bad character even when the value is also too long', () => {
    expect(messages(name, '\u0000'.repeat(50))).toEqual([sharedMessages.invalidCharacters])
  })

  test('tokens are trimmed, never normalized, and refused with their own message', () => {
    const t = tokenText({ required: 'Token obrigatório.', max: 10, tooLong: 'Token inválido.', invalid: 'Token inválido.' })
    expect(t.parse(' e\u0301 ')).toBe('e\u0301')
    expect(messages(t, 'a\u0000')).toEqual(['Token inválido.'])
    expect(messages(t, '')).toEqual(['Token obrigatório.'])
    expect(messages(t, 'x'.repeat(11))).toEqual(['Token inválido.'])
  })
})

describe('the schemas use it', () => {
  test('a name, a company, a feedback and a chat text refuse NUL', () => {
    expect(messages(userNameField, 'Ana\u0000')).toEqual([sharedMessages.invalidCharacters])
    expect(CompanyDetailsSchema.safeParse({ razao_social: 'Sol\u0000', sobre: 'x' }).success).toBe(false)
    expect(CompanyDetailsSchema.safeParse({ razao_social: 'Sol', sobre: 'linha 1\nlinha 2' }).success).toBe(true)
    expect(FeedbackSchema.safeParse({ nota: 5, comentario: 'bom\u0000' }).success).toBe(false)
    expect(ChatSendSchema.safeParse({ channel_id: 1, client_id: 'abcdefgh', text: 'oi\u0000' }).success).toBe(false)
    expect(ChatSendSchema.safeParse({ channel_id: 1, client_id: 'abcdefgh', text: 'oi\ntudo bem?' }).success).toBe(true)
  })

  test('Conform still shows the field\'s own "required" text for an empty input, and ours for NUL', () => {
    const form = (nome: string) => {
      const data = new FormData()
      data.set('nome', nome)
      return parseWithZod(data, { schema: ProfileNameSchema }).reply().error
    }
    expect(form('')).toEqual({ nome: ['O Nome é obrigatório.'] })
    expect(form('Ana\u0000')).toEqual({ nome: [sharedMessages.invalidCharacters] })
  })
})
