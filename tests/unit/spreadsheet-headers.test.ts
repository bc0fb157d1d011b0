import { describe, expect, test } from 'vitest'
import { matchHeaders, normalizeHeader } from '../../app/domain/spreadsheets/headers.ts'
import { spreadsheetMessages as m } from '../../app/domain/spreadsheets/messages.ts'
import type { SheetColumn } from '../../app/domain/spreadsheets/sheet.ts'

type Row = { ean: string; nome: string; preco: number; marca: string }
const column = (key: keyof Row, header: string, options: Partial<SheetColumn<Row>> = {}): SheetColumn<Row> => ({
  key,
  header,
  format: 'text',
  parse: (cell) => ({ ok: true, value: cell as never }),
  write: (row) => row[key],
  example: null,
  ...options,
})
const columns = [
  column('ean', 'EAN', { required: true, aliases: ['Código de barras', 'GTIN'] }),
  column('nome', 'Nome', { required: true }),
  column('preco', 'Preço unitário (R$)', { required: true, aliases: ['Preço'] }),
  column('marca', 'Marca'),
]

describe('normalizeHeader', () => {
  test('drops accents, case, spaces and punctuation', () => {
    expect(normalizeHeader('  Preço Unitário (R$) ')).toBe('precounitarior')
    expect(normalizeHeader('CÓDIGO-DE_BARRAS')).toBe('codigodebarras')
    expect(normalizeHeader('Ação')).toBe(normalizeHeader('acao'))
    expect(normalizeHeader('   ')).toBe('')
  })
})

describe('matchHeaders', () => {
  test('matches by title or alias, whatever the accents, case and spaces; order free', () => {
    const match = matchHeaders(columns, ['preco', 'codigo de barras', 'NOME'])
    expect(match.ok).toBe(true)
    if (match.ok) expect(match.columns.map((c) => c?.key)).toEqual(['preco', 'ean', 'nome'])
  })

  test('a blank title is left out (a trailing empty cell)', () => {
    const match = matchHeaders(columns, ['EAN', '', 'Nome', 'Preço', ' '])
    expect(match.ok && match.columns.map((c) => c?.key ?? null)).toEqual(['ean', null, 'nome', 'preco', null])
  })

  test('an optional column may be missing', () => {
    expect(matchHeaders(columns, ['GTIN', 'Nome', 'Preço unitario r$']).ok).toBe(true)
  })

  test('missing required, unknown and repeated titles are named together', () => {
    expect(matchHeaders(columns, ['Nome', 'Cor', 'gtin', 'EAN', 'Tamanho'])).toEqual({
      ok: false,
      message: `${m.missingColumns(['Preço unitário (R$)'])} ${m.unknownColumns(['Cor', 'Tamanho'])} ${m.duplicatedColumns(['EAN'])}`,
    })
  })

  test('an empty header row misses every required column', () => {
    expect(matchHeaders(columns, [])).toEqual({ ok: false, message: m.missingColumns(['EAN', 'Nome', 'Preço unitário (R$)']) })
  })
})
