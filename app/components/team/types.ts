import type { z } from 'zod'
import type * as teamApi from '~/domain/team/contract.ts'
import { defineList, oneOf, search, type ListState } from '~/lib/list-state.ts'

/** The team screen's shapes: the answers of the team calls (app/domain/team/contract.ts), and the screen's own. */

/** A Laravel page of T, as the API's paginator schema answers it. */
export type Paginated<T> = { data: T[]; current_page: number; last_page: number; per_page: number; total: number }

export type Member = z.output<typeof teamApi.MemberSchema>

export type PendingInvite = z.output<typeof teamApi.PendingInviteSchema>

export type Cargo = z.output<typeof teamApi.CargoSchema>

export type Permission = z.output<typeof teamApi.PermissionSchema>

/** GET api/empresas/logging/{orgId}, with the sentence the screen shows. */
export type ActivityEntry = { id: number; who: string; what: string; created_at: string }

/** What the person looking at the screen may do. */
export type TeamAccess = { isAdmin: boolean; canManage: boolean; held: string[]; userId: number }

export const TEAM_TABS = ['membros', 'cargos', 'atividades'] as const
export type TeamTab = (typeof TEAM_TABS)[number]

/** The screen in the address: its section (`aba`), the members' search, and the page of the section's list. */
export const TEAM_LIST = defineList({ aba: oneOf(TEAM_TABS, 'membros'), q: search() })
export type TeamListState = ListState<typeof TEAM_LIST>

/** Query parameters of the screen's modals: closing one drops them. */
export const MODAL_PARAMS = ['modal', 'id']

/** The errors of a refused post, whatever field the API named. */
export const errorsOf = (result: { error?: Record<string, string[] | null> | null } | undefined) =>
  Object.values(result?.error ?? {})
    .flat()
    .filter((e): e is string => typeof e === 'string')
