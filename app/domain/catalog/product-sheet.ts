import type { CellResult, CellValue, SheetColumn, SheetSpec } from '../spreadsheets/sheet.ts'
import { catalogMessages as m } from './messages.ts'
import { centavosToReais } from './money.ts'
import { formatNcm } from './ncm.ts'
import { categoriaRule, codigoRule, eanRule, embalagemRule, flagRule, marcaRule, ncmRule, nomeRule, precoRule, unidadeRule, type Rule } from './rules.ts'

/**
 * The products spreadsheet (import, export, template): one column per field of the product form,
 * each cell read by the same rule as the form (rules.ts). A row needs an EAN or a code; the import
 * kind (server/api/products/product-import.ts) checks that, and finds products again by them.
 */
export type ProductRow = {
  ean: string | null
  codigo: string | null
  nome: string
  marca: string | null
  categoria: string | null
  ncm: string | null
  preco_centavos: number
  unidade: string
  embalagem: number
  /** Empty cell or no column: a new product is active, an existing one keeps its state. */
  ativo: boolean | null
  /** Empty cell or no column: a new product has no tax, an existing one keeps its flag. */
  imposto: boolean | null
}

export const DATE_NOT_EXPECTED = 'Data não esperada nesta coluna.'

const asResult = <T>(rule: Rule<T>): CellResult<T> => (rule.ok ? { ok: true, value: rule.value } : { ok: false, reason: rule.reason })

/** A cell read as text (numbers as written, e.g. an EAN kept as a number), or why it cannot be. */
function cellText<T>(cell: CellValue, rule: (value: string) => Rule<T>): CellResult<T> {
  if (cell instanceof Date) return { ok: false, reason: DATE_NOT_EXPECTED }
  return asResult(rule(cell === null ? '' : String(cell)))
}

/** A cell that may hold a number (the rule reads numbers its own way, e.g. reais or NCM digits). */
function cellNumberOrText<T>(cell: CellValue, rule: (value: string | number) => Rule<T>): CellResult<T> {
  if (cell instanceof Date) return { ok: false, reason: DATE_NOT_EXPECTED }
  if (typeof cell === 'boolean') return asResult(rule(String(cell)))
  return asResult(rule(cell ?? ''))
}

function cellFlag(cell: CellValue, invalid: string): CellResult<boolean | null> {
  if (cell === null || (typeof cell === 'string' && !cell.trim())) return { ok: true, value: null }
  if (cell instanceof Date) return { ok: false, reason: DATE_NOT_EXPECTED }
  return asResult(flagRule(cell, invalid))
}

const yesNo = (value: boolean | null) => (value === null ? null : value ? 'Sim' : 'Não')

type Column = SheetColumn<ProductRow>

const columns: Column[] = [
  {
    key: 'ean',
    header: 'EAN',
    aliases: ['EAN-13', 'EAN13', 'GTIN', 'Código de barras', 'Cód. barras', 'Cod barras'],
    format: 'text',
    width: 16,
    // An EAN typed into Excel becomes a number: it is read back digit for digit (13 digits fit a double).
    parse: (cell) => cellNumberOrText(cell, eanRule),
    write: (row) => row.ean,
    example: '7891234567895',
  },
  {
    key: 'codigo',
    header: 'Código',
    aliases: ['Código interno', 'Cód. interno', 'Cod interno', 'SKU', 'Referência'],
    format: 'text',
    width: 14,
    parse: (cell) => cellNumberOrText(cell, codigoRule),
    write: (row) => row.codigo,
    example: 'DIP-500',
  },
  {
    key: 'nome',
    header: 'Nome',
    aliases: ['Descrição', 'Produto', 'Nome do produto', 'Descrição do produto'],
    required: true,
    format: 'text',
    width: 45,
    parse: (cell) => cellText(cell, nomeRule),
    write: (row) => row.nome,
    example: 'Dipirona Sódica 500 mg 20 comprimidos',
  },
  {
    key: 'marca',
    header: 'Marca',
    aliases: ['Fabricante', 'Laboratório'],
    format: 'text',
    width: 20,
    parse: (cell) => cellText(cell, marcaRule),
    write: (row) => row.marca,
    example: 'Medley',
  },
  {
    key: 'categoria',
    header: 'Categoria',
    aliases: ['Grupo', 'Departamento', 'Seção'],
    format: 'text',
    width: 20,
    parse: (cell) => cellText(cell, categoriaRule),
    write: (row) => row.categoria,
    example: 'Analgésicos',
  },
  {
    key: 'ncm',
    header: 'NCM',
    aliases: ['Classificação fiscal', 'Código NCM'],
    format: 'text',
    width: 12,
    parse: (cell) => cellNumberOrText(cell, ncmRule),
    write: (row) => (row.ncm ? formatNcm(row.ncm) : null),
    example: '3004.90.99',
  },
  {
    key: 'preco_centavos',
    header: 'Preço',
    aliases: ['Preço unitário', 'Preço de venda', 'Valor', 'Valor unitário', 'Preço (R$)'],
    required: true,
    format: 'money',
    width: 14,
    parse: (cell) => cellNumberOrText(cell, precoRule),
    write: (row) => centavosToReais(row.preco_centavos),
    example: 12.9,
  },
  {
    key: 'unidade',
    header: 'Unidade',
    aliases: ['Un', 'Unid', 'Unidade de medida'],
    format: 'text',
    width: 10,
    parse: (cell) => cellText(cell, unidadeRule),
    write: (row) => row.unidade,
    example: 'CX',
  },
  {
    key: 'embalagem',
    header: 'Embalagem',
    aliases: ['Qtd. embalagem', 'Quantidade por embalagem', 'Quantidade por caixa', 'Caixa com', 'Emb'],
    format: 'integer',
    width: 12,
    parse: (cell) => cellNumberOrText(cell, embalagemRule),
    write: (row) => row.embalagem,
    example: 20,
  },
  {
    key: 'ativo',
    header: 'Ativo',
    aliases: ['Situação', 'Status', 'Ativo?'],
    format: 'text',
    width: 8,
    parse: (cell) => cellFlag(cell, m.ativoSheetInvalid),
    write: (row) => yesNo(row.ativo),
    example: 'Sim',
  },
  {
    key: 'imposto',
    header: 'Imposto',
    aliases: ['Com imposto', 'Tributado', 'Imposto?'],
    format: 'text',
    width: 9,
    parse: (cell) => cellFlag(cell, m.impostoSheetInvalid),
    write: (row) => yesNo(row.imposto),
    example: 'Não',
  },
]

export const productSheet: SheetSpec<ProductRow> = {
  kind: 'produtos',
  sheetName: 'Produtos',
  fileName: 'produtos',
  columns,
}
