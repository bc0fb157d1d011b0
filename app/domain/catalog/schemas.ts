import { z } from 'zod'
import { booleanField } from '../shared/fields.ts'
import { positiveIdField } from '../shared/ids.ts'
import { catalogMessages as m, MAX_BULK_IDS } from './messages.ts'
import { numberAsBrlInput } from './money.ts'
import { categoriaRule, codigoRule, eanRule, embalagemRule, marcaRule, ncmRule, nomeRule, precoRule, unidadeRule, type Rule } from './rules.ts'

/**
 * The product forms' schemas, one per form, shared by the screen's action and the product calls'
 * bodies (contract.ts builds them from these fields): the same rules (rules.ts), the same texts.
 * Conform turns an empty input into `undefined`; a JSON client may send null: both mean "empty".
 */

/**
 * A field read by a rule, from text (a JSON number is read as its text, or through `fromNumber`); missing and
 * null are empty. Conform's own coercion turns an empty input into `undefined`, which `.optional()` lets through
 * to the rule as empty. Built only of zod parts the other forms use, so the browser's shared zod chunk (on Login
 * too) does not grow.
 */
function ruled<T>(rule: (value: string) => Rule<T>, invalidType: string, options: { type?: 'string' | ['string', 'number']; fromNumber?: (n: number) => string } = {}) {
  const { type = 'string', fromNumber = String } = options
  return z
    .preprocess(
      (input) => (input === undefined || input === null ? '' : typeof input === 'number' ? fromNumber(input) : input),
      z
        .string({ error: invalidType })
        .optional()
        .transform((value, ctx): T => {
          const result = rule(value ?? '')
          if (result.ok) return result.value
          ctx.addIssue({ code: 'custom', message: result.reason })
          return undefined as never
        }),
    )
    .meta({ type })
}

export const eanField = ruled(eanRule, m.eanInvalid, { type: ['string', 'number'] })
export const codigoField = ruled(codigoRule, m.codigoTooLong, { type: ['string', 'number'] })
export const nomeField = ruled(nomeRule, m.nomeRequired)
export const marcaField = ruled(marcaRule, m.marcaTooLong)
export const categoriaField = ruled(categoriaRule, m.categoriaTooLong)
export const ncmField = ruled(ncmRule, m.ncmInvalid)
export const unidadeField = ruled(unidadeRule, m.unidadeTooLong)
export const embalagemField = ruled(embalagemRule, m.embalagemInvalid, { type: ['string', 'number'] })
/** pt-BR text '1.234,56' from the form; a JSON client may also send a number of reais (12.5). */
export const precoField = ruled(precoRule, m.precoInvalid, {
  type: ['string', 'number'],
  fromNumber: numberAsBrlInput,
})

export const productIdField = positiveIdField(m.productRequired, m.productInvalid)

/** What a product is made of, in the form and in the create and edit calls. */
export const productFields = {
  ean: eanField,
  codigo: codigoField,
  nome: nomeField,
  marca: marcaField,
  categoria: categoriaField,
  ncm: ncmField,
  preco: precoField,
  unidade: unidadeField,
  embalagem: embalagemField,
}

/** A product is found again (re-import) by EAN, else by code: it needs one of them (decision 015). */
export const needsIdentifier = (p: { ean: string | null; codigo: string | null }, ctx: z.RefinementCtx) => {
  if (!p.ean && !p.codigo) {
    ctx.addIssue({
      code: 'custom',
      message: m.identifierRequired,
      path: ['ean'],
    })
    ctx.addIssue({
      code: 'custom',
      message: m.identifierRequired,
      path: ['codigo'],
    })
  }
}

/** The 'Novo produto' and 'Editar' form (`produto_id` when editing): POST createProduct / updateProdutos. */
export const ProductFormSchema = z
  .object({
    produto_id: productIdField.optional(),
    ...productFields,
    ativo: z.boolean({ error: m.ativoInvalid }).optional(),
    imposto: z.boolean({ error: m.impostoInvalid }).optional(),
  })
  .superRefine(needsIdentifier)

/** Ids ticked in the table: one checkbox posts a lone value, several a list. */
const idList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(productIdField, { error: m.idsRequired })
    .min(1, m.idsRequired)
    .max(MAX_BULK_IDS, m.idsTooMany)
    .transform((ids) => [...new Set(ids)]),
)

/** 'excluir' opens the delete confirmation for the ticked products. */
export const BULK_ACTIONS = ['ativar', 'desativar', 'com-imposto', 'sem-imposto', 'excluir'] as const

/** The table's bulk bar: an action for the ticked products (POST updateProdutosList). */
export const BulkFormSchema = z.object({
  ids: idList,
  acao: z.enum(BULK_ACTIONS, { error: m.bulkNothing }),
})

/** The delete confirmation: one or many ids (POST deleteProdutos). */
export const DeleteFormSchema = z.object({ ids: idList })

/** A row's switch (active, tax): the product and the value it gets. */
export const ToggleFormSchema = z.object({
  produto_id: productIdField,
  valor: z.enum(['0', '1'], { error: m.valorInvalid }),
})

/** Bodies of the bulk calls take the same list. */
export const productIdsField = idList
export const flagField = (message: string) => booleanField(message)
