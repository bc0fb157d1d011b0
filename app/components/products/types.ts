import type { z } from 'zod'
import type * as catalogApi from '~/domain/catalog/contract.ts'

/** The products screen's shapes, from the product calls' answers (app/domain/catalog/contract.ts). */
export type Produto = z.output<typeof catalogApi.ProdutoSchema>

export type CatalogPage = z.output<typeof catalogApi.CatalogPage>

/** The list's state in the address: search, filters, ordering and page. */
export type ListState = {
  q: string
  marca: string
  categoria: string
  ativo: '' | '0' | '1'
  ordem: catalogApi.OrderColumn
  direcao: 'asc' | 'desc'
  page: number
}

/** Query parameters of the list; everything else (the modals') is dropped when going back to it. */
export const LIST_PARAMS = ['q', 'marca', 'categoria', 'ativo', 'ordem', 'direcao', 'page'] as const

/** Query parameters of the screen's modals. */
export const MODAL_PARAMS = ['modal', 'id', 'ids']
