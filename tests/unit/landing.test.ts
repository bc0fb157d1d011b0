import { describe, expect, test } from 'vitest'
import { landingPath } from '~/lib/company.server.ts'

describe('entering an organization routes by type', () => {
  test.each([
    ['v', '/market'],
    ['f', '/orders'],
    ['b', '/units'],
    ['r', '/orders'],
  ] as const)('type %s lands on %s', (tipo, path) => {
    expect(landingPath({ tipo, restricoes: [] })).toBe(path)
  })

  test.each(['VENDAS-M', 'MERCADO-M'])('restriction %s sends to /Chat instead, whatever the type', (restricao) => {
    for (const tipo of ['v', 'f', 'b', 'r'] as const) expect(landingPath({ tipo, restricoes: [{ restricao }] })).toBe('/Chat')
  })

  test('PAINEL-M changes nothing (the flag is unused)', () => {
    expect(landingPath({ tipo: 'f', restricoes: [{ restricao: 'PAINEL-M' }] })).toBe('/orders')
  })
})
