import { z } from 'zod'
import { numberAsBrlInput, readBrl } from '../catalog/money.ts'
import { positiveIdField } from '../shared/ids.ts'
import { text } from '../shared/text.ts'
import { conditionMessages as m } from './messages.ts'

/**
 * The conditions list's forms, one schema per form, shared by the /conditions screen (Conform) and the
 * calls' bodies (contract.ts adds `organizacao_id` / `condicao_id` and the examples). Conform turns an
 * empty input into `undefined`; a JSON client may send null: both mean "no date".
 */

/** 'D' discounts the list price, 'L' sets a net price per product (condition.ts's CondicaoSchema reads the same). */
export const TABLE_TYPES = ['D', 'L'] as const

export const CONDITION_FILTERS = ['todos', 'ativas', 'inativas', 'vigentes'] as const
export type ConditionFilter = (typeof CONDITION_FILTERS)[number]

export const CONDITION_ORDER_FIELDS = ['nome', 'created_at', 'inicio', 'fim', 'tipo_tabela'] as const
export type ConditionOrderField = (typeof CONDITION_ORDER_FIELDS)[number]

/** 'C' the company's own conditions; 'O' other sellers' conditions this company serves as an invited OL. */
export const CONDITION_LIST_TYPES = ['C', 'O'] as const
export type ConditionListType = (typeof CONDITION_LIST_TYPES)[number]

/** The columns a condition's product table may show (updateShortViews), in the order they show. */
export const CONDITION_COLUMNS = [
  { id: 'ean', label: 'EAN' },
  { id: 'codigo', label: 'Código' },
  { id: 'marca', label: 'Marca' },
  { id: 'categoria', label: 'Categoria' },
  { id: 'preco_lista', label: 'Preço de tabela' },
  { id: 'desconto', label: 'Desconto' },
  { id: 'preco_final', label: 'Preço final' },
  { id: 'qtd_min', label: 'Qtd. mínima' },
  { id: 'qtd_max', label: 'Qtd. máxima' },
  { id: 'multiplo', label: 'Múltiplo' },
  { id: 'imposto', label: 'Imposto' },
  { id: 'ativo', label: 'Ativo' },
] as const
export type ConditionColumnId = (typeof CONDITION_COLUMNS)[number]['id']
export const CONDITION_COLUMN_IDS = CONDITION_COLUMNS.map((c) => c.id) as ConditionColumnId[]

export const NOME_MAX = 120
export const MAX_BULK_CONDITIONS = 500
export const MAX_MINIMO_QUANTIDADE = 1_000_000

export const conditionNomeField = text({ required: m.nomeRequired, max: NOME_MAX, tooLong: m.nomeTooLong })

export const tipoTabelaField = z.enum(TABLE_TYPES, { error: m.tipoTabelaInvalid })

/** 'YYYY-MM-DD' of a real calendar day (what `<input type="date">` posts); empty and null are "no date". */
export const conditionDateField = z
  .string({ error: m.dateInvalid })
  .nullish()
  .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()))
  .refine((v) => v === null || isCalendarDate(v), m.dateInvalid)
  .meta({ type: ['string', 'null'], format: 'date' })

function isCalendarDate(v: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return year >= 2000 && year <= 2999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

export const visivelField = z.boolean({ error: m.visivelInvalid })

export const conditionIdField = positiveIdField(m.conditionRequired, m.conditionInvalid)

/** pt-BR money text ('1.234,56') as the products' price; a JSON client may also send a number of reais. */
export const minimoValorField = z
  .preprocess(
    (input) => {
      if (input === undefined || input === null || input === '') return '0'
      return typeof input === 'number' ? numberAsBrlInput(input) : input
    },
    z.string({ error: m.minimoValorInvalid }).transform((value, ctx): number => {
      const read = readBrl(value)
      if (read.ok) return read.centavos
      ctx.addIssue({ code: 'custom', message: read.reason === 'too-high' ? m.minimoValorTooHigh : m.minimoValorInvalid })
      return z.NEVER
    }),
  )
  .meta({ type: ['string', 'number'] })

export const minimoQuantidadeField = z
  .preprocess(
    (input) => (input === undefined || input === null || input === '' ? 0 : typeof input === 'string' && /^\s*\d+\s*$/.test(input) ? Number(input) : input),
    z.number({ error: m.minimoQuantidadeInvalid }).int(m.minimoQuantidadeInvalid).min(0, m.minimoQuantidadeInvalid).max(MAX_MINIMO_QUANTIDADE, m.minimoQuantidadeInvalid),
  )
  .meta({ type: ['integer', 'string'] })

/** The validity's end may not come before its start (the table's check says the same). */
export const vigenciaInOrder = (v: { inicio: string | null; fim: string | null }, ctx: z.RefinementCtx) => {
  if (v.inicio && v.fim && v.fim < v.inicio) ctx.addIssue({ code: 'custom', message: m.fimBeforeInicio, path: ['fim'] })
}

/**
 * The dates' order is checked once both dates parsed, even when another field (the name) failed: one submit says
 * every problem. Not when the value is no object at all (null, a list: an issue at the root).
 */
export const whenDatesParsed = {
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => !issue.path?.length || issue.path[0] === 'inicio' || issue.path[0] === 'fim'),
}

export const conditionFields = {
  nome: conditionNomeField,
  inicio: conditionDateField,
  fim: conditionDateField,
  visivel: visivelField.optional(),
}

/** 'Nova condição' (POST createCondicao). */
export const NewConditionFormSchema = z.object({ ...conditionFields, tipo_tabela: tipoTabelaField }).superRefine(vigenciaInOrder, whenDatesParsed)

/** 'Editar' (POST updateCondicao); the table type changes on its own call (changeTableType). */
export const EditConditionFormSchema = z.object({ condicao_id: conditionIdField, ...conditionFields }).superRefine(vigenciaInOrder, whenDatesParsed)

/** 'Mínimos do pedido' (POST updateCondicaoMinimos). */
export const MinimumsFormSchema = z.object({ condicao_id: conditionIdField, minimo_valor: minimoValorField, minimo_quantidade: minimoQuantidadeField })

/** Ids ticked in the table: one checkbox posts a lone value, several a list. */
export const conditionIdList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(conditionIdField, { error: m.idsRequired })
    .min(1, m.idsRequired)
    .max(MAX_BULK_CONDITIONS, m.idsTooMany)
    .transform((ids) => [...new Set(ids)]),
)

/** The bulk bar: activate or deactivate the ticked conditions (POST condicoesAtivaInativaMassa). */
export const BulkConditionsFormSchema = z.object({ ids: conditionIdList, acao: z.enum(['ativar', 'desativar'], { error: m.idsRequired }) })

/** A row's switch and the delete confirmation: one condition. */
export const OneConditionFormSchema = z.object({ condicao_id: conditionIdField })
