import { describe, expect, test } from 'vitest'
import { conditionMessages as m } from '~/domain/conditions/messages.ts'

describe("a condition's messages", () => {
  test('name it once, also when its name begins with the word', () => {
    expect(m.created('Verão 2026')).toBe('Condição Verão 2026 criada.')
    expect(m.created('Condição Teste')).toBe('Condição Teste criada.')
    expect(m.created('condicao de natal')).toBe('condicao de natal criada.')
    expect(m.deleted('Condição Teste')).toBe('Condição Teste excluída.')
    // Another word that begins the same is not the word.
    expect(m.created('Condicional')).toBe('Condição Condicional criada.')
  })
})
