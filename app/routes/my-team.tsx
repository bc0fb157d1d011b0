import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, useLocation } from 'react-router'
import type { Route } from './+types/my-team'
import { ActivityTab } from '~/components/team/activity-tab.tsx'
import { EditMemberModal, InviteModal, MembersTab, RemoveMemberModal } from '~/components/team/members-tab.tsx'
import { CargoModal, DeleteCargoModal, RolesTab } from '~/components/team/roles-tab.tsx'
import { TeamTabs } from '~/components/team/team-tabs.tsx'
import { TEAM_LIST, TEAM_TABS, type ActivityEntry, type Cargo, type Paginated, type TeamAccess, type TeamTab } from '~/components/team/types.ts'
import * as orgApi from '~/domain/organization/contract.ts'
import * as teamApi from '~/domain/team/contract.ts'
import { api, apiErrorMessages, apiRead } from '~/lib/api.server.ts'
import { requireCompany, type CompanyProfile } from '~/lib/company.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { teamScreenMessages as m } from '~/domain/team/messages.ts'
import { PERMISSION_IDS } from '~/domain/team/permissions.ts'
import { CargoFormSchema, DeleteCargoSchema, InviteFormSchema, MemberFormSchema, RemoveMemberSchema } from '~/domain/team/schemas.ts'
import { INVITE_TOKEN_PATTERN, ORG_ID_PATTERN } from '~/domain/team/invite-link.ts'
import { redirectWithToast } from '~/lib/session.server.ts'
import { redirectPastLastPage } from '~/lib/list-page.server.ts'
import { listAddress, parseListState } from '~/lib/list-state.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Meu Time | Pedidos B2B' }]

const MEMBERS_PER_PAGE = 10

/**
 * What the person may do here: admins everything; others what their role grants
 * ('equipe' manages the team). The API checks the same on every change.
 */
async function accessOf(request: Request, company: CompanyProfile, email: string, cargos: Cargo[]): Promise<TeamAccess> {
  const userId = company.logged_user
  if (company.is_admin) return { isAdmin: true, canManage: true, held: [...PERMISSION_IDS], userId }
  const mine = await apiRead(request, teamApi.getusers, { params: { id: company.organizacao_id }, query: { per_page: 100, search: email } })
  const me = mine.usuarios.data.find((u) => u.user_id === userId)
  const held = cargos.find((c) => c.id === me?.cargo_id)?.permissoes ?? []
  return { isAdmin: false, canManage: held.includes('equipe'), held, userId }
}

/** Links of invite mails sent before the invite screen had its own address. */
function legacyInviteLink(url: URL) {
  for (const [param, suffix] of [['aceitar', ''], ['recusar', '?acao=recusar']] as const) {
    const value = url.searchParams.get(param)
    if (!value) continue
    const [orgId, token] = value.split('.')
    if (ORG_ID_PATTERN.test(orgId ?? '') && INVITE_TOKEN_PATTERN.test(token ?? '')) return `/convite-equipe/${orgId}/${token}${suffix}`
  }
  return null
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const legacy = legacyInviteLink(url)
  if (legacy) throw redirect(legacy)
  const { company, user } = await requireCompany(request)
  const orgId = company.organizacao_id
  const { cargos } = await apiRead(request, teamApi.getcargos, { params: { id: orgId } })
  const access = await accessOf(request, company, user.email, cargos)
  const tabs: TeamTab[] = access.canManage ? [...TEAM_TABS] : ['membros', 'cargos']
  const list = parseListState(TEAM_LIST, url.searchParams)
  const { aba, page } = list
  const base = { aba, tabs, access, cargos, basicPlan: company.plano === 'B', list }

  if (aba === 'cargos') {
    const { permissoes } = await apiRead(request, teamApi.getPermissoes, { params: { id: orgId } })
    return { ...base, permissions: permissoes, members: null, invites: [], activity: null }
  }
  if (aba === 'atividades') {
    if (!access.canManage) return { ...base, permissions: null, members: null, invites: [], activity: null }
    const log = await apiRead(request, orgApi.logging, { params: { orgId }, query: { page } })
    redirectPastLastPage(request, page, log)
    const activity: Paginated<ActivityEntry> = {
      ...log,
      data: log.data.map((entry) => ({
        id: entry.id,
        created_at: entry.created_at,
        who: entry.user?.nome ?? (entry.acao === 'convite.recusado' ? m.someoneByMail : m.system),
        what: entry.descricao,
      })),
    }
    return { ...base, permissions: null, members: null, invites: [], activity }
  }
  const team = await apiRead(request, teamApi.getusers, { params: { id: orgId }, query: { page, per_page: MEMBERS_PER_PAGE, search: list.q } })
  redirectPastLastPage(request, page, team.usuarios)
  return { ...base, permissions: null, members: team.usuarios, invites: team.convites, activity: null }
}

type Intent = 'invite' | 'update-member' | 'remove-member' | 'save-cargo' | 'delete-cargo'

export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const orgId = company.organizacao_id
  // Back to the list the form was opened from, with the modal closed. Built from the list's own
  // parameters only: the request may be the data request (`/my-team.data?…`), not the page's address.
  const list = parseListState(TEAM_LIST, new URL(request.url).searchParams)
  const back = listAddress(TEAM_LIST, '/my-team', list)
  const failed = (name: Intent, result: ReturnType<typeof replyWithApiError>) => data({ intent: name, result }, { status: 400 })

  switch (intent) {
    case 'invite':
    case 'resend-invite': {
      const submission = parseWithZod(formData, { schema: InviteFormSchema })
      if (submission.status !== 'success') {
        if (intent === 'resend-invite') return redirectWithToast(request, back, { kind: 'error', text: Object.values(submission.error ?? {}).flat().join(' ') })
        return data({ intent: 'invite' as Intent, result: submission.reply() }, { status: 400 })
      }
      const v = submission.value
      const res = await api(request, teamApi.invite, {
        json: { organizacao_id: orgId, email: v.email, cargo_id: v.cargo_id ?? null, is_admin: company.is_admin && v.is_admin === true },
      })
      if (!res.ok) {
        if (intent === 'resend-invite') return redirectWithToast(request, back, { kind: 'error', text: apiErrorMessages(res.data).join(' ') })
        // 422 `plano` (Básico limit) and the 403s have no field here: they show above the form.
        return failed('invite', replyWithApiError(submission, res.data, { fields: ['email', 'cargo_id', 'is_admin'] }))
      }
      const text = intent === 'resend-invite' ? m.inviteResent(v.email) : res.data.message
      // The new invite shows among the pending ones, under the section's first page.
      return redirectWithToast(request, listAddress(TEAM_LIST, '/my-team', list, { q: '', page: 1 }), { kind: 'success', text })
    }
    case 'update-member': {
      const submission = parseWithZod(formData, { schema: MemberFormSchema })
      if (submission.status !== 'success') return failed('update-member', submission.reply())
      const v = submission.value
      const res = await api(request, teamApi.updateUser, {
        json: {
          organizacao_id: orgId,
          user_id: v.user_id,
          cargo_id: v.cargo_id ?? null,
          level: v.level,
          // Only an admin's form shows the admin box; anyone else leaves the flag as it is.
          ...(company.is_admin ? { is_admin: v.is_admin === true } : {}),
        },
      })
      if (!res.ok) return failed('update-member', replyWithApiError(submission, res.data, { fields: ['cargo_id', 'is_admin', 'level'] }))
      return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
    }
    case 'remove-member': {
      const submission = parseWithZod(formData, { schema: RemoveMemberSchema })
      if (submission.status !== 'success') return failed('remove-member', submission.reply())
      const { user_id: userId } = submission.value
      const res = await api(request, teamApi.deleteUser, { params: { companyId: orgId, userId } })
      if (!res.ok) return failed('remove-member', replyWithApiError(submission, res.data, { fields: [] }))
      // Whoever removes themselves is no longer in the organization: back to their list of organizations.
      if (userId === company.logged_user) return redirectWithToast(request, '/personal-environment', { kind: 'success', text: m.removedSelf })
      return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
    }
    case 'save-cargo': {
      const submission = parseWithZod(formData, { schema: CargoFormSchema })
      if (submission.status !== 'success') return failed('save-cargo', submission.reply())
      const { cargo_id: cargoId, nome, permissoes } = submission.value
      const res = cargoId
        ? await api(request, teamApi.editcargo, { json: { organizacao_id: orgId, cargo_id: cargoId, nome, permissoes } })
        : await api(request, teamApi.criarcargo, { json: { organizacao_id: orgId, nome, permissoes } })
      if (!res.ok) return failed('save-cargo', replyWithApiError(submission, res.data, { fields: ['nome', 'permissoes'] }))
      return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
    }
    case 'delete-cargo': {
      const submission = parseWithZod(formData, { schema: DeleteCargoSchema })
      if (submission.status !== 'success') return failed('delete-cargo', submission.reply())
      const res = await api(request, teamApi.excluircargo, { params: { orgId, cargoId: submission.value.cargo_id } })
      if (!res.ok) return failed('delete-cargo', replyWithApiError(submission, res.data, { fields: [] }))
      return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
    }
    default:
      return redirectWithToast(request, back, { kind: 'error', text: 'Ação desconhecida.' })
  }
}

export default function MyTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { aba, tabs, access, cargos, basicPlan, members, invites, list, permissions, activity } = loaderData
  const location = useLocation()
  const search = new URLSearchParams(location.search)
  const modal = access.canManage ? search.get('modal') : null
  const id = Number(search.get('id'))
  const lastResult = (intent: Intent) => (actionData && 'intent' in actionData && actionData.intent === intent ? actionData.result : undefined)
  const member = members?.data.find((u) => u.user_id === id && u.active) ?? null
  const cargo = cargos.find((c) => c.id === id) ?? null

  return (
    <section className="stack" aria-labelledby="team-title">
      <h1 id="team-title">{m.title}</h1>
      <TeamTabs current={aba} tabs={tabs} />
      {access.canManage ? null : <p className="notice notice-info">{m.readOnly}</p>}

      {aba === 'membros' && members ? (
        <>
          <MembersTab page={members} invites={invites} cargos={cargos} list={list} access={access} basicPlan={basicPlan} />
          {modal === 'convidar-membro' ? <InviteModal cargos={cargos} access={access} lastResult={lastResult('invite')} basicPlan={basicPlan} /> : null}
          {modal === 'editar-membro' ? <EditMemberModal key={id} member={member} cargos={cargos} access={access} lastResult={lastResult('update-member')} /> : null}
          {modal === 'remover-membro' ? <RemoveMemberModal key={id} member={member} userId={access.userId} lastResult={lastResult('remove-member')} /> : null}
        </>
      ) : null}

      {aba === 'cargos' && permissions ? (
        <>
          <RolesTab cargos={cargos} permissions={permissions} access={access} />
          {modal === 'cargo' ? (
            <CargoModal key={id || 'novo'} cargo={cargo} missing={Boolean(id) && !cargo} permissions={permissions} access={access} lastResult={lastResult('save-cargo')} />
          ) : null}
          {modal === 'excluir-cargo' ? <DeleteCargoModal key={id} cargo={cargo} lastResult={lastResult('delete-cargo')} /> : null}
        </>
      ) : null}

      {aba === 'atividades' ? activity ? <ActivityTab page={activity} list={list} /> : <p className="notice notice-info">{m.activityOnlyManagers}</p> : null}
    </section>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
