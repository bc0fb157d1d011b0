import { expect, test } from 'vitest'
import { safeRedirect } from '~/lib/safe-redirect.ts'

test('a path of this site is kept, query and fragment with it', () => {
  expect(safeRedirect('/orders?status=A&q=farm%C3%A1cia#lista')).toBe('/orders?status=A&q=farm%C3%A1cia#lista')
  expect(safeRedirect('/update-order-status/12/F', '')).toBe('/update-order-status/12/F')
})

test('anything a browser would read as another site falls back', () => {
  for (const to of ['//evil.example/x', '/\\evil.example', '/\t/evil.example/x', '/\t\\evil.example', '/\n/evil.example', '/\r\n/x', '/%09/x'.replace('%09', '\t'), 'https://evil.example', 'javascript:alert(1)', ' /orders', '']) {
    expect(safeRedirect(to, 'fallback'), JSON.stringify(to)).toBe('fallback')
  }
  expect(safeRedirect(null)).toBe('/personal-environment')
})
