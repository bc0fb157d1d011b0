import type { z } from 'zod'
import type { CondicaoSchema } from '~/domain/conditions/condition.ts'
import type * as conditionsApi from '~/domain/conditions/contract.ts'
import { CONDITION_FILTERS, CONDITION_ORDER_FIELDS } from '~/domain/conditions/schemas.ts'
import { defineList, direction, oneOf, search, type ListState } from '~/lib/list-state.ts'

/** The conditions screen's shapes, from the list call's answer (app/domain/conditions/contract.ts). */
export type Condicao = z.output<typeof CondicaoSchema>
export type CondicaoLista = z.output<typeof conditionsApi.CondicaoListaSchema>
export type CondicoesPage = z.output<typeof conditionsApi.CondicoesPage>['condicoes']

/** The list in the address: which conditions (the company's own, or those it serves as an OL), search, filter, ordering. */
export const CONDITION_LIST = defineList({
  aba: oneOf(['minhas', 'ol'], 'minhas'),
  q: search(),
  filtro: oneOf(CONDITION_FILTERS, 'todos'),
  ordem: oneOf(CONDITION_ORDER_FIELDS, 'nome'),
  direcao: direction(),
})

export type ConditionListState = ListState<typeof CONDITION_LIST>
export type ConditionsTab = ConditionListState['aba']

/** Query parameters of the screen's modals. */
export const MODAL_PARAMS = ['modal', 'id']
