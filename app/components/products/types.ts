import type { z } from 'zod'
import * as catalogApi from '~/domain/catalog/contract.ts'
import { defineList, direction, oneOf, search, type ListState } from '~/lib/list-state.ts'

/** The products screen's shapes, from the product calls' answers (app/domain/catalog/contract.ts). */
export type Produto = z.output<typeof catalogApi.ProdutoSchema>

export type CatalogPage = z.output<typeof catalogApi.CatalogPage>

/** The list in the address: search, filters, ordering (and page). Brands and categories are the catalogue's own words. */
export const PRODUCT_LIST = defineList({
  q: search(),
  marca: search(80),
  categoria: search(80),
  ativo: oneOf(['', '0', '1'], ''),
  ordem: oneOf(catalogApi.ORDER_COLUMNS, 'nome'),
  direcao: direction(),
})

export type ProductListState = ListState<typeof PRODUCT_LIST>

/** Query parameters of the screen's modals. */
export const MODAL_PARAMS = ['modal', 'id', 'ids']
