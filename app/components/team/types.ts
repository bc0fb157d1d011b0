import type { z } from 'zod'
import type * as teamApi from '~/domain/team/contract.ts'

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
