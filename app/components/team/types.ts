/** Shapes of the team calls (api/myteam, docs/decisions/003-team.md) as the screen uses them. */

export type Paginated<T> = { data: T[]; current_page: number; last_page: number; per_page: number; total: number }

export type Member = {
  user_id: number
  nome: string
  email: string
  avatar: string | null
  cargo_id: number | null
  cargo: string | null
  is_admin: boolean
  level: number
  active: boolean
  created_at: string
}

export type PendingInvite = { id: number; email: string; cargo_id: number | null; is_admin: boolean; expires_at: string; created_at: string }

export type Cargo = { id: number; organizacao_id: number; nome: string; permissoes: string[]; membros: number }

export type Permission = { id: string; nome: string; descricao: string }

/** GET api/empresas/logging/{orgId}, with the sentence the screen shows. */
export type ActivityEntry = { id: number; who: string; what: string; created_at: string }

/** What the person looking at the screen may do. */
export type TeamAccess = { isAdmin: boolean; canManage: boolean; held: string[]; userId: number }

export const TEAM_TABS = ['membros', 'cargos', 'atividades'] as const
export type TeamTab = (typeof TEAM_TABS)[number]
