import { parseWithZod } from '@conform-to/zod/v4'
import { data, useLocation } from 'react-router'
import type { Route } from './+types/conditions'
import { ConditionFilters, ConditionTable, emptyText, OlTable } from '~/components/conditions/condition-list.tsx'
import { DeleteConditionModal, EditConditionModal, MinimumsModal, NewConditionModal } from '~/components/conditions/condition-modals.tsx'
import { CONDITION_LIST, type ConditionListState, type ConditionsTab } from '~/components/conditions/list-types.ts'
import { AreaForbidden } from '~/components/ui/area-forbidden.tsx'
import { useListHref } from '~/components/ui/list-href.ts'
import { restoreCondicao } from '~/domain/conditions/condition.ts'
import * as conditionsApi from '~/domain/conditions/contract.ts'
import { conditionMessages as cm, conditionScreenMessages as m } from '~/domain/conditions/messages.ts'
import {
  BulkConditionsFormSchema,
  EditConditionFormSchema,
  MinimumsFormSchema,
  NewConditionFormSchema,
  OneConditionFormSchema,
} from '~/domain/conditions/schemas.ts'
import { centavosToInput } from '~/domain/catalog/money.ts'
import { READ_REFUSALS, readsArea } from '~/domain/team/area-readers.ts'
import { api, apiErrorMessages, apiRead } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { redirectPastLastPage } from '~/lib/list-page.server.ts'
import { listAddress, parseListState } from '~/lib/list-state.ts'
import { redirectWithToast } from '~/lib/session.server.ts'
import { conditionPageReturn } from '~/lib/conditions/return-address.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Condições | Pedidos B2B' }]

const PER_PAGE = 20
const MODALS_WITH_CONDITION = ['editar', 'minimos', 'excluir']

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const { company } = await requireCompany(request)
  const state = parseListState(CONDITION_LIST, url.searchParams)
  // A member whose role may not read the company's conditions stays here, told which permission to ask for; the
  // conditions it serves as an OL are other sellers', read as before.
  if (state.aba === 'minhas' && !readsArea(company.permissoes, 'condicoes')) return { forbidden: true as const, state, refusal: READ_REFUSALS.condicoes }
  const { condicoes, pode_alterar: canChange } = await apiRead(request, conditionsApi.restoreCondicoes, {
    params: {
      companyId: company.organizacao_id,
      regPerPage: PER_PAGE,
      search: state.q || 'null',
      order: state.direcao,
      orderingField: state.ordem,
      filter: state.filtro,
      type: state.aba === 'ol' ? 'O' : 'C',
    },
    query: { page: state.page },
  })
  redirectPastLastPage(request, state.page, condicoes)
  // A modal about one condition finds it on the page, else asks for it (a link from its own page, another page of the list).
  const id = Number(url.searchParams.get('id')) || 0
  let selected = condicoes.data.find((c) => c.id === id) ?? null
  if (!selected && id > 0 && id <= 2_147_483_647 && MODALS_WITH_CONDITION.includes(url.searchParams.get('modal') ?? '')) {
    const res = await api(request, restoreCondicao, { params: { id }, query: { organizacao_id: company.organizacao_id } })
    if (res.ok && res.data.acesso === 'vendedor') selected = { ...res.data.condicao, vendedor: res.data.vendedor, parceiro: null, produtos: 0, compradores: 0, ols: 0 }
  }
  return { forbidden: false as const, page: condicoes, canChange, state, selected, orgId: company.organizacao_id, orgName: company.nome, returnTo: conditionPageReturn(url.searchParams.get('voltar')) }
}

type Intent = 'create' | 'update' | 'minimums' | 'delete' | 'toggle' | 'bulk'

export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '') as Intent
  // The list the form was sent from, with the modal closed (the request may be the data request, `/conditions.data?…`).
  const back = listAddress(CONDITION_LIST, '/conditions', parseListState(CONDITION_LIST, new URL(request.url).searchParams))
  const toastError = (text: string) => redirectWithToast(request, back, { kind: 'error', text })
  const done = (text: string, to = back) => redirectWithToast(request, to, { kind: 'success', text })
  const firstError = (error: Record<string, string[] | null> | null | undefined) =>
    Object.values(error ?? {})
      .flat()
      .filter(Boolean)
      .join(' ')

  switch (intent) {
    case 'create': {
      const submission = parseWithZod(formData, { schema: NewConditionFormSchema })
      if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
      const v = submission.value
      const res = await api(request, conditionsApi.createCondicao, {
        json: { organizacao_id: company.organizacao_id, nome: v.nome, tipo_tabela: v.tipo_tabela, inicio: v.inicio, fim: v.fim, visivel: v.visivel === true },
      })
      if (!res.ok) return data({ intent, result: replyWithApiError(submission, res.data, { fields: ['nome', 'tipo_tabela', 'inicio', 'fim', 'visivel'] }) }, { status: 400 })
      return done(res.data.message)
    }
    case 'update': {
      const submission = parseWithZod(formData, { schema: EditConditionFormSchema })
      if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
      const v = submission.value
      const res = await api(request, conditionsApi.updateCondicao, { json: { condicao_id: v.condicao_id, nome: v.nome, inicio: v.inicio, fim: v.fim, visivel: v.visivel === true } })
      if (!res.ok) return data({ intent, result: replyWithApiError(submission, res.data, { fields: ['nome', 'inicio', 'fim', 'visivel'] }) }, { status: 400 })
      // Opened from the condition's own page: saved, back to it.
      return done(res.data.message, conditionPageReturn(formData.get('voltar')) ?? back)
    }
    case 'minimums': {
      const submission = parseWithZod(formData, { schema: MinimumsFormSchema })
      if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
      const v = submission.value
      const res = await api(request, conditionsApi.updateCondicaoMinimos, {
        // The API reads the same pt-BR text the person typed.
        json: { condicao_id: v.condicao_id, minimo_valor: centavosToInput(v.minimo_valor), minimo_quantidade: v.minimo_quantidade },
      })
      if (!res.ok) return data({ intent, result: replyWithApiError(submission, res.data, { fields: ['minimo_valor', 'minimo_quantidade'] }) }, { status: 400 })
      return done(res.data.message)
    }
    case 'delete': {
      const submission = parseWithZod(formData, { schema: OneConditionFormSchema })
      if (submission.status !== 'success') return toastError(firstError(submission.error))
      const res = await api(request, conditionsApi.deleteCondicao, { json: { condicao_id: submission.value.condicao_id } })
      // A refusal (orders refer to it) stays in the confirmation, which says to deactivate instead.
      if (!res.ok) return data({ intent, errors: apiErrorMessages(res.data) }, { status: 400 })
      return done(res.data.message)
    }
    case 'toggle': {
      const submission = parseWithZod(formData, { schema: OneConditionFormSchema })
      if (submission.status !== 'success') return toastError(firstError(submission.error))
      const res = await api(request, conditionsApi.condicoesAtivaInativa, { json: { condicoes: [{ id: submission.value.condicao_id }] } })
      if (!res.ok) return toastError(apiErrorMessages(res.data).join(' '))
      const [c] = res.data.condicoes
      return done(c?.ativo ? cm.activated(1) : cm.deactivated(1))
    }
    case 'bulk': {
      const submission = parseWithZod(formData, { schema: BulkConditionsFormSchema })
      if (submission.status !== 'success') return toastError(firstError(submission.error))
      const { ids, acao } = submission.value
      const res = await api(request, conditionsApi.condicoesAtivaInativaMassa, { json: { condicoes: ids.map((id) => ({ id })), ativo: acao === 'ativar' } })
      if (!res.ok) return toastError(apiErrorMessages(res.data).join(' '))
      return done(res.data.message)
    }
    default:
      return toastError('Ação desconhecida.')
  }
}

const TABS: { id: ConditionsTab; label: string }[] = [
  { id: 'minhas', label: m.mine },
  { id: 'ol', label: m.asOl },
]

function ConditionTabs({ state }: { state: ConditionListState }) {
  // Each tab opens its list from the start: the search, filter and sort of the other are not its.
  const fresh = parseListState(CONDITION_LIST, new URLSearchParams())
  return (
    <nav aria-label={m.tabs}>
      <ul className="team-tabs">
        {TABS.map((tab) => (
          <li key={tab.id}>
            <a href={listAddress(CONDITION_LIST, '/conditions', fresh, { aba: tab.id })} aria-current={tab.id === state.aba ? 'page' : undefined}>
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export default function Conditions({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.forbidden)
    return (
      <AreaForbidden id="conditions-title" title={m.title} text={loaderData.refusal}>
        <ConditionTabs state={loaderData.state} />
      </AreaForbidden>
    )
  return <ConditionsList loaderData={loaderData} actionData={actionData} />
}

function ConditionsList({ loaderData, actionData }: { loaderData: Extract<Route.ComponentProps['loaderData'], { forbidden: false }>; actionData: Route.ComponentProps['actionData'] }) {
  const { page, canChange, state, selected, orgId, orgName, returnTo } = loaderData
  const location = useLocation()
  const href = useListHref()
  const params = new URLSearchParams(location.search)
  const mine = state.aba === 'minhas'
  const modal = canChange && mine ? params.get('modal') : null
  const answered = (intent: Intent) => (actionData && actionData.intent === intent && 'result' in actionData ? actionData.result : undefined)
  const deleteErrors = actionData && 'errors' in actionData ? actionData.errors : undefined

  return (
    <section className="stack" aria-labelledby="conditions-title">
      <div className="row-between">
        <h1 id="conditions-title">{m.title}</h1>
        {canChange && mine ? (
          <a href={href({ modal: 'novo', id: null })} className="button primary">
            {m.newCondition}
          </a>
        ) : null}
      </div>
      <ConditionTabs state={state} />
      {canChange || !mine ? null : <p className="notice notice-info">{m.readOnly}</p>}
      <ConditionFilters state={state} />
      {page.total === 0 ? (
        <div className="empty-state" role="status">
          <p>{emptyText(state)}</p>
        </div>
      ) : mine ? (
        <ConditionTable page={page} state={state} canChange={canChange} />
      ) : (
        <OlTable page={page} state={state} orgId={orgId} orgName={orgName} />
      )}
      {modal === 'novo' ? <NewConditionModal lastResult={answered('create')} /> : null}
      {modal === 'editar' ? <EditConditionModal key={selected?.id} condition={selected} lastResult={answered('update')} returnTo={returnTo} /> : null}
      {modal === 'minimos' ? <MinimumsModal key={selected?.id} condition={selected} lastResult={answered('minimums')} /> : null}
      {modal === 'excluir' ? <DeleteConditionModal condition={selected} errors={deleteErrors} /> : null}
    </section>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
