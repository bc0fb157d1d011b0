import { expect, test } from 'vitest'
import { minimumsText } from '../../app/domain/conditions/tabs.ts'

test("a condition's minimums name only what it has", () => {
  expect(minimumsText(0, 12)).toBe('12 un.')
  expect(minimumsText(30000, 0)).toBe('R$\u00a0300,00')
  expect(minimumsText(30000, 12)).toBe('R$\u00a0300,00 · 12 un.')
  expect(minimumsText(0, 0)).toBe('Sem mínimo')
})
