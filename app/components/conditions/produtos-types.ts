import type { z } from 'zod'
import type { LineSchema, PickSchema } from '~/domain/conditions/products-contract.ts'
import type { ImportJobDetailSchema } from '~/domain/spreadsheets/contract.ts'
import type { LineListState } from './tab-lists.ts'

/** What the 'produtos' section's server part (app/lib/conditions/produtos.server.ts) gives its view. */

export const LINES_PER_PAGE = 20
export const PICK_PER_PAGE = 10

type Page<T> = { data: T[]; current_page: number; last_page: number; per_page: number; total: number }

export type Line = z.output<typeof LineSchema>
export type Pick = z.output<typeof PickSchema>

export type ProductsTabData = {
  lines: { produtos: Page<Line>; tipo_tabela: 'D' | 'L'; desconto_extra: string | null; pode_alterar: boolean }
  state: LineListState
  marcas: string[]
  categorias: string[]
  /** The catalogue page of 'Adicionar produtos' (products not in the condition yet), when it is open. */
  catalogue: Page<Pick> | null
  /** The picker's search, page and the products ticked so far (`sel`, kept across its pages and searches). */
  pick: { q: string; page: number; sel: number[] }
  ids: number[]
  importacao: z.output<typeof ImportJobDetailSchema> | null
}
