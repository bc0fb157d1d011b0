import type { z } from 'zod'
import type { CondicaoDetalheSchema } from '~/domain/conditions/condition.ts'
import type { ConditionTabId } from '~/domain/conditions/tabs.ts'
import type { PermissionId } from '~/domain/team/permissions.ts'
import { pagamentosTab } from './conditions/pagamentos.server.ts'
import { regrasTab } from './conditions/regras.server.ts'
import { compradoresTab } from './conditions/compradores.server.ts'
import { parceirosTab } from './conditions/parceiros.server.ts'
import { vendedoresTab } from './conditions/vendedores.server.ts'
import { produtosTab } from './conditions/produtos.server.ts'

/**
 * What a section of a condition's page gets on the server. Each section lives in its own module
 * (app/lib/conditions/<aba>.server.ts) with a `load` for the loader and an `act` for the form posts
 * whose `intent` it owns; the route only picks the section by `?aba=`.
 */
export type ConditionTabContext = {
  request: Request
  url: URL
  /** restoreCondicao's answer: the condition, and how the caller sees it (seller or OL). */
  detail: z.output<typeof CondicaoDetalheSchema>
  /** The organization the caller is acting for (the company in session). */
  orgId: number
  /** The member's role has 'Gerenciar condições': the screen offers the changes. */
  mayChange: boolean
  /** The permissions the member holds in that organization (the profile's): what else of it a section may read. */
  permissoes: readonly PermissionId[]
  /** This page's address with its section and list parameters: where a form post goes back to. */
  back: string
}

export type ConditionTabServer = {
  load: (ctx: ConditionTabContext) => Promise<unknown>
  act: (ctx: ConditionTabContext, intent: string, formData: FormData) => Promise<Response | { intent: string; result: unknown }>
}

/** The sections built so far; a section not listed here is not shown. */
export const CONDITION_TAB_SERVERS: Partial<Record<ConditionTabId, ConditionTabServer>> = {
  pagamentos: pagamentosTab,
  regras: regrasTab,
  compradores: compradoresTab,
  vendedores: vendedoresTab,
  parceiros: parceirosTab,
  produtos: produtosTab,
}
