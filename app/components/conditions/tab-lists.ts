import { BUYER_TYPES } from '~/domain/conditions/buyer-types.ts'
import { defineList, matching, oneOf, optionalId, search, type ListState } from '~/lib/list-state.ts'

/**
 * The lists of a condition's page (/conditionDetails), each in its section (`aba`): the condition's products, its
 * buyers and its sellers. Their server parts (app/lib/conditions/) parse them, their views link to them.
 */

/** The products: words, and one filter ('marca:Medley', 'categoria:X', 'ativo:1', 'imposto:0'). */
export const LINE_LIST = defineList({ q: search(), filtro: matching(/^(marca|categoria|ativo|imposto):.{1,80}$/) }, { fixed: { aba: 'produtos' } })
export type LineListState = ListState<typeof LINE_LIST>

/** The buyers: whose list (`lista`, an OL's organization; none, the seller's own), words and type. */
export const BUYER_LIST = defineList({ lista: optionalId(), q: search(), tipo: oneOf(BUYER_TYPES, 'T') }, { fixed: { aba: 'compradores' } })
export type BuyerListState = ListState<typeof BUYER_LIST>

/** The sellers: words. */
export const SELLER_LIST = defineList({ q: search() }, { fixed: { aba: 'vendedores' } })
export type SellerListState = ListState<typeof SELLER_LIST>
