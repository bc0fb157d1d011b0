import { z } from 'zod'
import { precoField } from '../catalog/schemas.ts'
import { booleanField } from '../shared/fields.ts'
import { positiveIdField } from '../shared/ids.ts'
import { conditionProductsMessages as m, MAX_LINE_IDS, MAX_QTD } from './products-messages.ts'
import { readPercent } from './percent.ts'

/**
 * The fields and forms of a condition's lines, shared by the calls' bodies (products-contract.ts)
 * and the section's forms (Conform): the same rules, the same texts.
 */

export const descontoField = z
  .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: m.descontoInvalid }))
  .transform((value, ctx) => {
    const percent = readPercent(value)
    if (percent === null) ctx.addIssue({ code: 'custom', message: m.descontoInvalid })
    return percent as string
  })
  .meta({ type: ['string', 'number'], example: '12,5', description: 'Percentual de 0 a 100 (até 4 casas), para condições de tabela D' })

export const precoLiquidoField = precoField.meta({ type: ['string', 'number'], example: '10,90', description: 'Preço líquido em reais pt-BR, para condições de tabela L' })

const qtd = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: m.qtdInvalid }).int(m.qtdInvalid).min(1, m.qtdInvalid).max(MAX_QTD, m.qtdInvalid),
)

export const qtdMinField = qtd.meta({ type: 'integer', example: 1 })
/** Empty or null: no maximum. */
export const qtdMaxField = z
  .preprocess((v) => (v === '' || v === undefined ? null : v), qtd.nullable())
  .meta({ type: ['integer', 'null'], example: 120, description: 'null: sem máximo' })
export const multiploField = qtd.meta({ type: 'integer', example: 1, description: 'Vende-se em múltiplos deste número' })
export const lineFlagField = booleanField(m.flagInvalid)

export const conditionIdField = positiveIdField(m.conditionRequired, m.conditionInvalid)

/** Ids ticked in a table: one checkbox posts a lone value, several a list. */
export const lineIdsField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(positiveIdField(m.idsRequired, m.productInvalid), { error: m.idsRequired })
    .min(1, m.idsRequired)
    .max(MAX_LINE_IDS, m.idsTooMany)
    .transform((ids) => [...new Set(ids)]),
)

/**
 * The quantity rule of a line (decided here, checked on every write): at least 1; the maximum, when
 * set, not below the minimum; and both multiples of `multiplo`, or the line could never be bought at
 * its own limits (a box of 12 with a minimum of 5 cannot be ordered).
 */
export function quantityProblem(line: { qtd_min: number; qtd_max: number | null; multiplo: number }): { field: 'qtd_max' | 'qtd_min'; message: string } | null {
  if (line.qtd_max !== null && line.qtd_max < line.qtd_min) return { field: 'qtd_max', message: m.qtdMaxBelowMin }
  if (line.qtd_min % line.multiplo !== 0) return { field: 'qtd_min', message: m.qtdNotMultiple('A quantidade mínima') }
  if (line.qtd_max !== null && line.qtd_max % line.multiplo !== 0) return { field: 'qtd_max', message: m.qtdNotMultiple('A quantidade máxima') }
  return null
}

/** The changes of one or many lines: each field absent keeps the line's value. */
export const lineChangeFields = {
  desconto: descontoField.optional(),
  preco_liquido: precoLiquidoField.optional(),
  qtd_min: qtdMinField.optional(),
  qtd_max: qtdMaxField.optional(),
  multiplo: multiploField.optional(),
  imposto: lineFlagField.optional().meta({ type: 'boolean' }),
  ativo: lineFlagField.optional().meta({ type: 'boolean' }),
}

export type LineChanges = {
  desconto?: string
  preco_liquido?: number
  qtd_min?: number
  qtd_max?: number | null
  multiplo?: number
  imposto?: boolean
  ativo?: boolean
}

export const hasChanges = (b: LineChanges) => Object.values(b).some((v) => v !== undefined)

// Forms of the section (one schema per form)

/** 'Adicionar produtos': the ticked catalogue products. */
export const AddLinesFormSchema = z.object({ ids: lineIdsField })

/** A line's edit modal and the bulk edit of the ticked lines: an empty field keeps the lines' values; 'Sem quantidade máxima' clears the maximum. */
export const EditLinesFormSchema = z
  .object({ ids: lineIdsField, ...lineChangeFields, sem_maximo: lineFlagField.optional() })
  .refine(({ ids: _ids, ...changes }) => hasChanges(changes), { message: m.bulkNothing, path: ['desconto'] })

/** The remove confirmation. */
export const RemoveLinesFormSchema = z.object({ ids: lineIdsField })
