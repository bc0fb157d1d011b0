import type { z } from 'zod'
import type { CondicaoSchema } from '~/domain/conditions/condition.ts'
import type * as conditionsApi from '~/domain/conditions/contract.ts'
import type { ConditionFilter, ConditionOrderField } from '~/domain/conditions/schemas.ts'

/** The conditions screen's shapes, from the list call's answer (app/domain/conditions/contract.ts). */
export type Condicao = z.output<typeof CondicaoSchema>
export type CondicaoLista = z.output<typeof conditionsApi.CondicaoListaSchema>
export type CondicoesPage = z.output<typeof conditionsApi.CondicoesPage>['condicoes']

export type ConditionsTab = 'minhas' | 'ol'

/** The list's state in the address: tab, search, filter, ordering and page. */
export type ListState = {
  aba: ConditionsTab
  q: string
  filtro: ConditionFilter
  ordem: ConditionOrderField
  direcao: 'asc' | 'desc'
  page: number
}

/** Query parameters of the list; everything else (the modals') is dropped when going back to it. */
export const LIST_PARAMS = ['aba', 'q', 'filtro', 'ordem', 'direcao', 'page'] as const

/** Query parameters of the screen's modals. */
export const MODAL_PARAMS = ['modal', 'id']
