import { z } from 'zod'
import { booleanField } from '../shared/fields.ts'
import { positiveIdField } from '../shared/ids.ts'
import { catalogMessages as m, MAX_BULK_IDS } from './messages.ts'
import { categoriaRule, codigoRule, eanRule, embalagemRule, marcaRule, ncmRule, nomeRule, precoRule, unidadeRule, type Rule } from './rules.ts'

/**
 * The product forms' schemas, one per form, shared by the screen's action and the product calls'
 * bodies (contract.ts builds them from these fields): the same rules (rules.ts), the same texts.
 * Conform turns an empty input into `undefined`; a JSON client may send null: both mean "empty".
 */

/**
 * A field read by a rule: text (or a number where JSON gives one); missing and null are empty. Built
 * on `unknown` so that Conform's own coercion (an empty string becomes `undefined`) leaves it alone.
 */
function ruled<T>(rule: (value: string | number) => Rule<T>, invalidType: string, type: 'string' | ['string', 'number'] = 'string') {
  const read = z.unknown().transform((value, ctx): T => {
    if (typeof value !== 'string' && typeof value !== 'number') {
      ctx.addIssue({ code: 'custom', message: invalidType })
      return z.NEVER
    }
    const result = rule(value)
    if (result.ok) return result.value
    ctx.addIssue({ code: 'custom', message: result.reason })
    return z.NEVER
  })
  // A missing key reaches the preprocess (an object key of `unknown` alone would be "optional" to zod).
  return z.preprocess((input) => (input === undefined || input === null ? '' : input), read).meta({ type })
}

const asText =
  <T>(rule: (value: string) => Rule<T>) =>
  (value: string | number) =>
    rule(String(value))

export const eanField = ruled(eanRule, m.eanInvalid, ['string', 'number'])
export const codigoField = ruled(codigoRule, m.codigoTooLong, ['string', 'number'])
export const nomeField = ruled(asText(nomeRule), m.nomeRequired)
export const marcaField = ruled(asText(marcaRule), m.marcaTooLong)
export const categoriaField = ruled(asText(categoriaRule), m.categoriaTooLong)
export const ncmField = ruled(asText(ncmRule), m.ncmInvalid)
export const unidadeField = ruled(asText(unidadeRule), m.unidadeTooLong)
export const embalagemField = ruled(embalagemRule, m.embalagemInvalid, ['string', 'number'])
/** pt-BR text '1.234,56' from the form; a JSON client may also send a number of reais (12.5). */
export const precoField = ruled(precoRule, m.precoInvalid, ['string', 'number'])

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
