import { centavosToReais } from '../catalog/money.ts'
import { categoriaRule, codigoRule, eanRule, flagRule, marcaRule, nomeRule, precoRule, type Rule } from '../catalog/rules.ts'
import { integerCell } from '../spreadsheets/cells.ts'
import type { CellResult, CellValue, SheetColumn, SheetSpec } from '../spreadsheets/sheet.ts'
import { conditionProductsMessages as m, MAX_QTD } from './products-messages.ts'
import { readPercent } from './percent.ts'

/**
 * The condition lines spreadsheet (import, export, template). A row names the seller's product by EAN
 * or code; desconto is read for a table 'D' condition, preço líquido for 'L'. Nome, marca, categoria
 * and preço de tabela are read only to create a product that is not in the catalogue yet
 * (importSemCadastro); `Preço final` is written by the export and ignored on import.
 */
export type ConditionLineRow = {
  ean: string | null
  codigo: string | null
  nome: string | null
  marca: string | null
  categoria: string | null
  preco_tabela_centavos: number | null
  desconto: string | null
  preco_liquido_centavos: number | null
  qtd_min: number | null
  qtd_max: number | null
  multiplo: number | null
  imposto: boolean | null
  ativo: boolean | null
  preco_final_centavos: number | null
}

const asResult = <T>(rule: Rule<T>): CellResult<T> => (rule.ok ? { ok: true, value: rule.value } : { ok: false, reason: rule.reason })
const DATE_NOT_EXPECTED = 'Data não esperada nesta coluna.'

/** An optional cell read by a catalogue rule: empty is null (the rule may refuse empty, e.g. nome). */
function optional<T>(cell: CellValue, rule: (value: string) => Rule<T>): CellResult<T | null> {
  if (cell === null || (typeof cell === 'string' && !cell.trim())) return { ok: true, value: null }
  if (cell instanceof Date) return { ok: false, reason: DATE_NOT_EXPECTED }
  return asResult(rule(String(cell)))
}

function money(cell: CellValue): CellResult<number | null> {
  if (cell === null) return { ok: true, value: null }
  if (cell instanceof Date || typeof cell === 'boolean') return { ok: false, reason: m.precoInvalid }
  return asResult(precoRule(cell))
}

function percent(cell: CellValue): CellResult<string | null> {
  if (cell === null) return { ok: true, value: null }
  if (typeof cell !== 'number' && typeof cell !== 'string') return { ok: false, reason: m.descontoInvalid }
  const value = readPercent(typeof cell === 'number' ? String(Number(cell.toFixed(4))) : cell.replace(/\s*%$/, ''))
  return value === null ? { ok: false, reason: m.descontoInvalid } : { ok: true, value }
}

function flag(cell: CellValue): CellResult<boolean | null> {
  if (cell === null || (typeof cell === 'string' && !cell.trim())) return { ok: true, value: null }
  if (cell instanceof Date) return { ok: false, reason: DATE_NOT_EXPECTED }
  return asResult(flagRule(cell, m.flagInvalid))
}

const quantity = integerCell({ min: 1, max: MAX_QTD })
const yesNo = (value: boolean | null) => (value === null ? null : value ? 'Sim' : 'Não')
const reais = (centavos: number | null) => (centavos === null ? null : centavosToReais(centavos))

type Column = SheetColumn<ConditionLineRow>

const columns: Column[] = [
  { key: 'ean', header: 'EAN', aliases: ['EAN-13', 'GTIN', 'Código de barras'], format: 'text', width: 16, parse: (c) => optional(c, (v) => eanRule(v)), write: (r) => r.ean, example: '7891234567895' },
  { key: 'codigo', header: 'Código', aliases: ['Código interno', 'SKU', 'Referência'], format: 'text', width: 14, parse: (c) => optional(c, (v) => codigoRule(v)), write: (r) => r.codigo, example: 'DIP-500' },
  { key: 'nome', header: 'Nome', aliases: ['Descrição', 'Produto'], format: 'text', width: 40, parse: (c) => optional(c, nomeRule), write: (r) => r.nome, example: 'Dipirona Sódica 500 mg 20 comprimidos' },
  { key: 'marca', header: 'Marca', aliases: ['Fabricante', 'Laboratório'], format: 'text', width: 18, parse: (c) => optional(c, marcaRule), write: (r) => r.marca, example: 'Medley' },
  { key: 'categoria', header: 'Categoria', aliases: ['Grupo'], format: 'text', width: 18, parse: (c) => optional(c, categoriaRule), write: (r) => r.categoria, example: 'Analgésicos' },
  { key: 'preco_tabela_centavos', header: 'Preço de tabela', aliases: ['Preço', 'Preço lista', 'Preço de lista'], format: 'money', width: 14, parse: money, write: (r) => reais(r.preco_tabela_centavos), example: 12.9 },
  { key: 'desconto', header: 'Desconto (%)', aliases: ['Desconto', '% Desconto', 'Desc.'], format: 'decimal', width: 12, parse: percent, write: (r) => (r.desconto === null ? null : Number(r.desconto)), example: 10 },
  { key: 'preco_liquido_centavos', header: 'Preço líquido', aliases: ['Preço liquido', 'Preço net', 'Líquido'], format: 'money', width: 14, parse: money, write: (r) => reais(r.preco_liquido_centavos), example: null },
  { key: 'qtd_min', header: 'Qtd mínima', aliases: ['Quantidade mínima', 'Qtd. mínima', 'Mínimo'], format: 'integer', width: 11, parse: quantity, write: (r) => r.qtd_min, example: 1 },
  { key: 'qtd_max', header: 'Qtd máxima', aliases: ['Quantidade máxima', 'Qtd. máxima', 'Máximo'], format: 'integer', width: 11, parse: quantity, write: (r) => r.qtd_max, example: null },
  { key: 'multiplo', header: 'Múltiplo', aliases: ['Multiplo', 'Múltiplo de venda'], format: 'integer', width: 9, parse: quantity, write: (r) => r.multiplo, example: 1 },
  { key: 'imposto', header: 'Imposto', aliases: ['Com imposto'], format: 'text', width: 9, parse: flag, write: (r) => yesNo(r.imposto), example: 'Não' },
  { key: 'ativo', header: 'Ativo', aliases: ['Situação'], format: 'text', width: 8, parse: flag, write: (r) => yesNo(r.ativo), example: 'Sim' },
  { key: 'preco_final_centavos', header: 'Preço final', format: 'money', width: 14, parse: () => ({ ok: true, value: null }), write: (r) => reais(r.preco_final_centavos), example: null },
]

export const conditionLineSheet: SheetSpec<ConditionLineRow> = {
  kind: 'condicao',
  sheetName: 'Produtos da condição',
  fileName: 'condicao-produtos',
  columns,
}
