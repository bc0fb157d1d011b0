import type { ReactNode } from 'react'
import type { z } from 'zod'
import type { CondicaoDetalheSchema } from '~/domain/conditions/condition.ts'
import type { ConditionTabId } from '~/domain/conditions/tabs.ts'
import { PagamentosTab } from './pagamentos-tab.tsx'
import { RegrasTab } from './regras-tab.tsx'
import { CompradoresTab } from './compradores-tab.tsx'
import { ParceirosTab } from './parceiros-tab.tsx'
import { VendedoresTab } from './vendedores-tab.tsx'
import { ProdutosTab } from './produtos-tab.tsx'

/**
 * What a section of a condition's page renders from: its own loader data (what its `load` returned),
 * the condition, and the answer of its last form post (`{ intent, result }`) when there was one.
 */
export type ConditionTabProps = {
  data: unknown
  detail: z.output<typeof CondicaoDetalheSchema>
  /** The member's role has 'Gerenciar condições' (the API refuses the changes otherwise). */
  mayChange: boolean
  actionData: { intent: string; result: unknown } | undefined
}

/** Each section's view, beside its server module in app/lib/condition-tabs.server.ts. */
export const CONDITION_TAB_VIEWS: Partial<Record<ConditionTabId, (props: ConditionTabProps) => ReactNode>> = {
  pagamentos: PagamentosTab,
  regras: RegrasTab,
  compradores: CompradoresTab,
  vendedores: VendedoresTab,
  parceiros: ParceirosTab,
  produtos: ProdutosTab,
}
