import { data, redirect, useLocation } from 'react-router'
import type { Route } from './+types/condition-details'
import { CONDITION_TAB_VIEWS } from '~/components/conditions/detail-tabs.tsx'
import { AreaForbidden } from '~/components/ui/area-forbidden.tsx'
import { READ_REFUSALS } from '~/domain/team/area-readers.ts'
import { restoreCondicao } from '~/domain/conditions/condition.ts'
import { formatPercent } from '~/domain/conditions/percent.ts'
import { MAX_DB_INT } from '~/domain/shared/fields.ts'
import { CONDITION_TABS, conditionDetailsMessages as m, minimumsText, type ConditionTabId } from '~/domain/conditions/tabs.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'
import { CONDITION_TAB_SERVERS, type ConditionTabContext } from '~/lib/condition-tabs.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { pagePath } from '~/lib/company-screens.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data && !data.forbidden ? m.title(data.detail.condicao.nome) : 'Condição'} | Pedidos B2B` }]

/** The sections built so far: those with both a server module and a view registered. */
const builtTabs = () => CONDITION_TABS.filter((t) => CONDITION_TAB_SERVERS[t.id] && CONDITION_TAB_VIEWS[t.id])

function chosenTab(url: URL): ConditionTabId | null {
  const tabs = builtTabs()
  return tabs.find((t) => t.id === url.searchParams.get('aba'))?.id ?? tabs[0]?.id ?? null
}

/**
 * The condition (404 answers bring the person back to the list with the reason), and the caller's company; null
 * when the company is the seller and the member's role may not read its conditions (decision 042).
 */
async function context(request: Request, params: Route.LoaderArgs['params']): Promise<ConditionTabContext | null> {
  const { company } = await requireCompany(request)
  const url = new URL(request.url)
  const id = Number(params.conditionId)
  if (!Number.isInteger(id) || id <= 0 || id > MAX_DB_INT) throw redirect('/conditions')
  const res = await api(request, restoreCondicao, { params: { id }, query: { organizacao_id: company.organizacao_id } })
  if (res.status === 403) return null
  if (!res.ok) throw await redirectWithToast(request, '/conditions', { kind: 'error', text: apiErrorMessages(res.data).join(' ') })
  const back = new URL(pagePath(request), url)
  for (const [key, value] of url.searchParams) if (key !== 'modal' && key !== 'id' && !key.startsWith('_')) back.searchParams.set(key, value)
  return {
    request,
    url,
    detail: res.data,
    orgId: company.organizacao_id,
    mayChange: company.permissoes.includes('condicoes'),
    permissoes: company.permissoes,
    back: `${back.pathname}${back.search}`,
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await context(request, params)
  // Such a member stays in the company, told which permission to ask for, as on Condições.
  if (!ctx) return { forbidden: true as const, refusal: READ_REFUSALS.condicoes }
  const aba = chosenTab(ctx.url)
  const tab = aba ? await CONDITION_TAB_SERVERS[aba]!.load(ctx) : null
  // Listed here, not in the component: the section registry is server code.
  return { forbidden: false as const, detail: ctx.detail, mayChange: ctx.mayChange, aba, tab, tabs: builtTabs().map(({ id, label }) => ({ id, label })) }
}

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await context(request, params)
  if (!ctx) return redirect(pagePath(request))
  const aba = chosenTab(ctx.url)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  if (!aba) return redirect(ctx.back)
  const answer = await CONDITION_TAB_SERVERS[aba]!.act(ctx, intent, formData)
  if (answer instanceof Response) return answer
  return data(answer, { status: 400 })
}

type Loaded = Extract<Route.ComponentProps['loaderData'], { forbidden: false }>

function Summary({ detail }: { detail: Loaded['detail'] }) {
  const c = detail.condicao
  const dates = [c.inicio, c.fim].map((d) => (d ? new Date(`${d}T12:00:00`).toLocaleDateString('pt-BR') : '…'))
  return (
    <dl className="condition-summary">
      <div>
        <dt>Tabela</dt>
        <dd>{m.tableType[c.tipo_tabela]}</dd>
      </div>
      <div>
        <dt>Situação</dt>
        <dd>{c.ativo ? m.active : m.inactive}</dd>
      </div>
      <div>
        <dt>{m.validity}</dt>
        <dd>{c.inicio || c.fim ? `${dates[0]} a ${dates[1]}` : 'Sem prazo'}</dd>
      </div>
      <div>
        <dt>{m.minimums}</dt>
        <dd>
          {minimumsText(c.minimo_valor_centavos, c.minimo_quantidade)}
        </dd>
      </div>
    </dl>
  )
}

export default function ConditionDetails({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.forbidden)
    return (
      <AreaForbidden id="condition-title" title={m.forbiddenTitle} text={loaderData.refusal}>
        <p>
          <a href="/conditions">{m.back}</a>
        </p>
      </AreaForbidden>
    )
  return <Condition loaderData={loaderData} actionData={actionData} />
}

function Condition({ loaderData, actionData }: { loaderData: Loaded; actionData: Route.ComponentProps['actionData'] }) {
  const { detail, mayChange, aba, tab, tabs } = loaderData
  const location = useLocation()
  const View = aba ? CONDITION_TAB_VIEWS[aba] : undefined
  const answer = actionData && typeof actionData === 'object' && 'intent' in actionData ? (actionData as { intent: string; result: unknown }) : undefined
  const sectionHref = (id: ConditionTabId) => {
    const search = new URLSearchParams()
    search.set('aba', id)
    return `${location.pathname}?${search}`
  }
  return (
    <section className="stack" aria-labelledby="condition-title">
      <p>
        <a href="/conditions">{m.back}</a>
      </p>
      <h1 id="condition-title">{m.title(detail.condicao.nome)}</h1>
      {detail.acesso === 'ol' && detail.parceiro ? (
        <p className="notice notice-info">
          {m.seller(detail.vendedor.nome)}. {detail.parceiro.status === 'pendente' ? m.olPending : m.asOl(formatPercent(detail.parceiro.desconto_extra))}
        </p>
      ) : null}
      <Summary detail={detail} />
      {detail.acesso === 'vendedor' && mayChange ? (
        <p>
          {/* The modal lives on /conditions; closed or saved, it comes back to this page (voltar). */}
          <a href={`/conditions?modal=editar&id=${detail.condicao.id}&voltar=${encodeURIComponent(`${location.pathname}${location.search}`)}`}>Editar condição</a>
        </p>
      ) : null}
      <nav aria-label={m.sections}>
        <ul className="team-tabs">
          {tabs.map((t) => (
            <li key={t.id}>
              <a href={sectionHref(t.id)} aria-current={t.id === aba ? 'page' : undefined}>
                {t.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {View ? <View data={tab} detail={detail} mayChange={mayChange} actionData={answer} /> : null}
    </section>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
