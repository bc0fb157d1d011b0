import { describe, expect, test } from 'vitest'
import { formatDate, formatDateTime } from '~/components/team/format.ts'

// The zone database through Intl's own pt-BR short date and time ('23/11/2026, 11:05').
const reference = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' })
const asTheZoneDatabaseSays = (date: Date) => reference.format(date).replace(', ', ' ')

describe('formatDateTime: dd/mm/yyyy HH:mm in São Paulo', () => {
  test('agrees with the time-zone database minute by minute across a daylight-saving change and the years since', () => {
    // Brazil's last DST ended 2019-02-17 (00:00 local became 23:00 of the 16th); it began 2018-11-04.
    for (const start of [Date.UTC(2018, 10, 4, 0, 0), Date.UTC(2019, 1, 16, 23, 0)]) {
      for (let m = 0; m < 8 * 60; m += 7) {
        const date = new Date(start + m * 60_000)
        expect(formatDateTime(date.toISOString())).toBe(asTheZoneDatabaseSays(date))
      }
    }
    for (let t = Date.UTC(2015, 0, 1); t < Date.UTC(2031, 0, 1); t += 12_345_678_901 / 97) {
      const date = new Date(Math.floor(t / 60_000) * 60_000)
      expect(formatDateTime(date.toISOString())).toBe(asTheZoneDatabaseSays(date))
    }
  })

  test('examples, and a date without its time', () => {
    expect(formatDateTime('2026-11-23T14:05:00Z')).toBe('23/11/2026 11:05')
    expect(formatDateTime('2026-01-01T02:59:00.000Z')).toBe('31/12/2025 23:59')
    expect(formatDate('2026-01-01T03:00:00Z')).toBe('01/01/2026')
  })

  test('a value that is not a date is refused, as before', () => {
    expect(() => formatDateTime('ontem')).toThrow(RangeError)
  })
})
