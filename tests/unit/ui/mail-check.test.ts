import { describe, expect, test } from 'vitest'
import { isMailLike } from '~/lib/ui/mail-check.ts'

describe("mail check: something @ something followed by '.co'", () => {
  test.each(['a@b.co', 'fulano@empresa.com', 'compras@farmaciacentral.com.br', 'x@y.coop', 'FULANO@EMPRESA.COM.BR'])('%s passes', (value) => {
    expect(isMailLike(value)).toBe(true)
  })
  test.each(['', 'fulano', 'fulano@', '@empresa.com', 'fulano@empresa', 'fulano@.co', 'fulano@empresa.org', 'fulano@prefeitura.sp.gov.br', 'fulano@empresaco'])(
    '%j fails',
    (value) => {
      expect(isMailLike(value)).toBe(false)
    },
  )
})
