import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, useLocation, useNavigation } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import type { Route } from './+types/personal-environment'
import { CreateOrganizationModal } from '~/components/organization/create-organization-modal.tsx'
import { FeedbackModal } from '~/components/organization/feedback-modal.tsx'
import { VerifyOrganizationModal } from '~/components/organization/verify-organization-modal.tsx'
import { apiErrorMessages } from '~/lib/api.server.ts'
import * as orgApi from '~/domain/organization/contract.ts'
import { api } from '~/lib/api.server.ts'
import { enterCompany, refuseOtherPage } from '~/lib/company.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { organizationMessages } from '~/domain/organization/messages.ts'
import { FeedbackSchema } from '~/domain/organization/feedback-schema.ts'
import { CreateOrganizationSchema, VerificationCodeSchema } from '~/domain/organization/schemas.ts'
import { maskCnpj } from '~/domain/shared/masks.ts'
import { ORG_TYPE_LABELS, ORG_TYPES } from '~/domain/organization/org-types.ts'
import { useListAddress } from '~/components/ui/list-href.ts'
import { Pagination } from '~/components/ui/pagination.tsx'
import { redirectPastLastPage } from '~/lib/list-page.server.ts'
import { defineList, oneOf, parseListState, search } from '~/lib/list-state.ts'
import { commitSession, getSession, redirectWithToast, withToast } from '~/lib/session.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Ambiente pessoal | Pedidos B2B' }]

const PER_PAGE = 10

/** The person's organizations in the address: search, type (and page). */
const ORGANIZATION_LIST = defineList({ q: search(), tipo: oneOf(['', ...ORG_TYPES], '') })

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const list = parseListState(ORGANIZATION_LIST, url.searchParams)
  const res = await api(request, orgApi.orgProfile, { params: { regPerPage: PER_PAGE, search: list.q || 'null', filter: list.tipo || 'null' }, query: { page: list.page } })
  if (!res.ok) throw data(apiErrorMessages(res.data).join(' '), { status: res.status })
  redirectPastLastPage(request, list.page, res.data.organizacoes)
  return { page: res.data.organizacoes, list, modal: await loadModal(request, url) }
}

/** What the modal named in the address needs: the verticals for a new organization, or the organization to verify. */
async function loadModal(request: Request, url: URL) {
  const modal = url.searchParams.get('modal')
  if (modal === 'nova') {
    const res = await api(request, orgApi.showVerticais)
    return { kind: 'nova' as const, verticals: res.ok ? res.data.verticais : [] }
  }
  const orgId = Number(url.searchParams.get('org'))
  if (modal === 'verificar' && Number.isInteger(orgId) && orgId > 0) {
    const res = await api(request, orgApi.profile, { params: { id: orgId } })
    if (res.ok && !res.data.active) return { kind: 'verificar' as const, organization: { organizacao_id: orgId, nome: res.data.nome } }
  }
  if (modal === 'avaliar' && Number.isInteger(orgId) && orgId > 0) {
    const res = await api(request, orgApi.profile, { params: { id: orgId } })
    if (res.ok && res.data.feedback) return { kind: 'avaliar' as const, organization: { organizacao_id: orgId, nome: res.data.nome } }
  }
  return null
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const session = await getSession(request)
  if (form.get('intent') === 'leave') {
    // Side menu → 'Sair da organização': forget the company in session, back to this page. Only a page of that
    // company leaves it: one another tab entered is that tab's.
    const current = session.get('companyId')
    const token = session.get('token')
    if (current && token) await refuseOtherPage(request, token, current)
    session.unset('companyId')
    return redirect('/personal-environment', { headers: { 'Set-Cookie': await commitSession(session) } })
  }
  const intent = form.get('intent')
  if (intent === 'create') {
    const submission = parseWithZod(form, { schema: CreateOrganizationSchema })
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
    const res = await api(request, orgApi.create, { json: submission.value })
    if (!res.ok) {
      const fields = Object.keys(CreateOrganizationSchema.shape)
      const body = res.data.errors || res.data.message ? res.data : { message: organizationMessages.createFailed }
      return data({ result: replyWithApiError(submission, body, { fields }) }, { status: 400 })
    }
    const to = `/personal-environment?modal=verificar&org=${res.data.organizacao.organizacao_id}`
    return redirectWithToast(request, to, { kind: 'success', text: res.data.message }, session)
  }
  const orgId = Number(form.get('organizacao_id'))
  if (!Number.isInteger(orgId) || orgId <= 0) return redirect('/personal-environment')
  if (intent === 'verify') {
    const submission = parseWithZod(form, { schema: VerificationCodeSchema })
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
    const res = await api(request, orgApi.verifyValidationCode, { json: { organizacao_id: orgId, code: submission.value.code } })
    if (!res.ok) return data({ result: replyWithApiError(submission, res.data, { fields: ['code'] }) }, { status: 400 })
    const entered = (await enterCompany(request, session, orgId)) ?? redirect('/personal-environment')
    return withToast(entered, { kind: 'success', text: res.data.message })
  }
  if (intent === 'feedback') {
    const submission = parseWithZod(form, { schema: FeedbackSchema })
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
    const res = await api(request, orgApi.saveFeedback, { json: { organizacao_id: orgId, ...submission.value } })
    if (!res.ok) return data({ result: replyWithApiError(submission, res.data, { fields: ['nota', 'comentario'] }) }, { status: 400 })
    const entered = (await enterCompany(request, session, orgId)) ?? redirect('/personal-environment')
    return withToast(entered, { kind: 'success', text: res.data.message })
  }
  if (intent === 'resend') {
    const res = await api(request, orgApi.resendValidationCode, { json: { organizacao_id: orgId } })
    const text = res.ok ? res.data.message : apiErrorMessages(res.data).join(' ')
    return redirectWithToast(request, `/personal-environment?modal=verificar&org=${orgId}`, { kind: res.ok ? 'success' : 'error', text }, session)
  }
  const entered = await enterCompany(request, session, orgId)
  return entered ?? redirectWithToast(request, '/personal-environment', { kind: 'error', text: 'Você não tem acesso a esta organização.' })
}

export default function PersonalEnvironment({ loaderData, actionData }: Route.ComponentProps) {
  const { page, list, modal } = loaderData
  const { q, tipo } = list
  const location = useLocation()
  const address = useListAddress(ORGANIZATION_LIST, list)
  const lastResult = actionData && 'result' in actionData ? actionData.result : undefined
  const navigation = useNavigation()
  const filtering = Boolean(q || tipo)
  return (
    <section className="stack" aria-labelledby="pe-title">
      <div className="row-between">
        <h1 id="pe-title">Minhas organizações</h1>
        <a href={`?${new URLSearchParams([...new URLSearchParams(location.search), ['modal', 'nova']])}`} className="button primary">
          Criar organização
        </a>
      </div>
      <CompanyForm method="get" className="toolbar" role="search">
        <label className="sr-only" htmlFor="pe-q">
          Buscar organização
        </label>
        <input id="pe-q" name="q" type="search" defaultValue={q} placeholder="Buscar por nome ou CNPJ" />
        <label className="sr-only" htmlFor="pe-tipo">
          Tipo
        </label>
        <select id="pe-tipo" name="tipo" defaultValue={tipo}>
          <option value="">Todos os tipos</option>
          {Object.entries(ORG_TYPE_LABELS).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          Buscar
        </button>
      </CompanyForm>

      {page.data.length === 0 ? (
        <div className="empty-state" role="status">
          {filtering ? (
            <p>Nenhuma organização encontrada para essa busca.</p>
          ) : (
            <>
              <p>Você ainda não participa de nenhuma organização.</p>
              <p className="muted">Crie a sua empresa, ou aguarde: quando alguém convidar você, ela aparecerá aqui.</p>
            </>
          )}
        </div>
      ) : (
        <ul className="org-list" aria-label="Organizações">
          {page.data.map((m) => (
            <li key={m.organizacao_id} className="card org-card">
              <div className="org-avatar" aria-hidden="true">
                {m.organizacao.avatar ? <img src={m.organizacao.avatar} alt="" /> : m.organizacao.nome.slice(0, 1)}
              </div>
              <div className="org-info">
                <h2>{m.organizacao.nome}</h2>
                <p className="muted">
                  {ORG_TYPE_LABELS[m.organizacao.tipo]} · CNPJ {maskCnpj(m.cnpj)}
                  {m.is_admin ? ' · Administrador' : ''}
                  {m.organizacao.active ? '' : ' · Aguardando verificação'}
                </p>
              </div>
              <CompanyForm method="post">
                <input type="hidden" name="organizacao_id" value={m.organizacao_id} />
                <button type="submit" className="button primary" disabled={navigation.state === 'submitting'} aria-label={`Entrar em ${m.organizacao.nome}`}>
                  Entrar
                </button>
              </CompanyForm>
            </li>
          ))}
        </ul>
      )}

      <Pagination page={page} label="Paginação" count={{ one: 'organização', many: 'organizações' }} href={(n) => address({ page: n })} />
      {modal?.kind === 'nova' ? <CreateOrganizationModal verticals={modal.verticals} lastResult={lastResult} /> : null}
      {modal?.kind === 'avaliar' ? <FeedbackModal organization={modal.organization} lastResult={lastResult} /> : null}
      {modal?.kind === 'verificar' ? <VerifyOrganizationModal organization={modal.organization} lastResult={lastResult} /> : null}
    </section>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
