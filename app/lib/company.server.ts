import { redirect } from 'react-router'
import { callApi } from './api.server.ts'
import { commitSession, lastCompanyCookie, type AppSession } from './session.server.ts'

export type OrgType = 'v' | 'f' | 'b' | 'r'

export type CompanyProfile = {
  organizacao_id: number
  nome: string
  avatar: string | null
  cnpj: string
  tipo: OrgType
  active: boolean
  feedback: boolean
  is_admin: boolean
  level: number
  restricoes: { restricao: string }[]
  bandeira_id: number | null
  permissions: { type: string; pedidos_email: number }
  trial_days: number
}

/** Spec §2: v lands on Market, f on Orders, b on Units; VENDAS-M or MERCADO-M on Chat. A revenda sells, like f. */
export function landingPath(company: Pick<CompanyProfile, 'tipo' | 'restricoes'>) {
  if (company.restricoes.some((r) => r.restricao === 'VENDAS-M' || r.restricao === 'MERCADO-M')) return '/Chat'
  return { v: '/market', f: '/orders', b: '/units', r: '/orders' }[company.tipo]
}

/**
 * Loads the organization's profile into the session and routes by type. Returns
 * null when the user may not enter it (not a member any more, or it is gone).
 */
export async function enterCompany(request: Request, session: AppSession, organizationId: number) {
  const token = session.get('token')
  const user = session.get('user')
  if (!token || !user) return null
  const res = await callApi<CompanyProfile>(request, `api/empresas/profile/${organizationId}`, { token })
  if (!res.ok) return null
  const company = res.data
  session.set('company', {
    organizacao_id: company.organizacao_id,
    nome: company.nome,
    avatar: company.avatar,
    tipo: company.tipo,
    active: company.active,
    is_admin: company.is_admin,
    user_level: company.level,
  })
  const headers = new Headers()
  headers.append('Set-Cookie', await commitSession(session))
  headers.append('Set-Cookie', await lastCompanyCookie().serialize({ userId: user.user_id, orgId: company.organizacao_id }))
  return redirect(landingPath(company), { headers })
}
