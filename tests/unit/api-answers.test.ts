import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { keepAvatar } from '~/domain/shared/avatar.ts'
import { apiErrorMessages } from '~/lib/api.server.ts'
import { validationBody, zodErrors } from '../../server/api/http.ts'

describe('avatar rule', () => {
  test.each([
    ['https://cdn.exemplo.com/a.png', true],
    ['http://x.com/b/c.JPEG', true],
    ['https://x.com/a.svg', true],
    ['https://x.com/a.blob', true],
    ['https://x.com/a.webp', false],
    ['ftp://x.com/a.png', false],
    ['/uploads/a.png', false],
    ['', false],
  ])('%s kept: %s', (url, kept) => {
    expect(keepAvatar(url)).toBe(kept ? url : null)
  })
  test('null stays null', () => expect(keepAvatar(null)).toBeNull())
})

describe('error messages of an API answer', () => {
  test('each message of errors shows separately', () => {
    expect(apiErrorMessages({ message: 'x', errors: { a: ['um', 'dois'], b: ['três'] } })).toEqual(['um', 'dois', 'três'])
  })
  test('then message, message_status, erro, else Erro inesperado', () => {
    expect(apiErrorMessages({ message: 'm', message_status: 's', erro: 'e' })).toEqual(['m'])
    expect(apiErrorMessages({ message_status: 's', erro: 'e' })).toEqual(['s'])
    expect(apiErrorMessages({ erro: 'e' })).toEqual(['e'])
    expect(apiErrorMessages({})).toEqual(['Erro inesperado'])
  })
})

describe("Laravel's 422 body", () => {
  test('message is the first error and counts the rest', () => {
    expect(validationBody({ email: ['a'], password: ['b', 'c'] })).toEqual({
      message: 'a (e mais 2 erros)',
      errors: { email: ['a'], password: ['b', 'c'] },
    })
    expect(validationBody({ email: ['a'] }).message).toBe('a')
  })
  test('zod issues become field lists with nested paths joined by dots', () => {
    const r = z.object({ a: z.string(), b: z.object({ c: z.number() }) }).safeParse({ b: { c: 'x' } })
    expect(Object.keys(zodErrors(r.error!))).toEqual(['a', 'b.c'])
  })
})
