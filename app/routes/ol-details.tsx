import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, useLocation } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import type { Route } from './+types/ol-details'
import { StatusBadge } from '~/components/conditions/partner-status.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { ConfirmModal } from '~/components/ui/confirm-modal.tsx'
import { useListAddress, useListHref } from '~/components/ui/list-href.ts'
import { ListFields } from '~/components/ui/list-fields.tsx'
import { Pagination } from '~/components/ui/pagination.tsx'
import { restoreCondicao } from '~/domain/conditions/condition.ts'
import * as partnersApi from '~/domain/conditions/partners-contract.ts'
import { partnerMessages as pm, partnerScreenMessages as s } from '~/domain/conditions/partners-messages.ts'
import { BlacklistBuyerFormSchema, PartnerOrgFormSchema } from '~/domain/conditions/partners-schemas.ts'
import { formatPercent } from '~/domain/conditions/percent.ts'
import { conditionDetailsMessages as cm, conditionDetailsPath, minimumsText } from '~/domain/conditions/tabs.ts'
import { maskCnpj } from '~/domain/shared/masks.ts'
import { api, apiErrorMessages, type ApiResult } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { pagePath } from '~/lib/company-screens.ts'
import { redirectPastLastPage } from '~/lib/list-page.server.ts'
import { defineList, listAddress, parseListState, search } from '~/lib/list-state.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? s.olTitle(data.parceiro.nome) : 'OL'} | Pedidos B2B` }]

const PER_PAGE = 10
const MODAL_PARAMS = ['modal', 'busca']

/** The OL's blacklist in the address: its search (the API's limit is 100 characters). */
const BLACKLIST = defineList({ q: search(100) })

function idOf(value: string | undefined) {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null
}

/**
 * The condition as one OL serves it, and that OL's row, for the OL's members (both reads act for the
 * OL: `organizacao_id`). The name and discount in the address are only there to be read: the server's
 * row decides. Anyone who cannot reach the condition as this OL goes back to Condições with the reason.
 */
async function context(request: Request, params: Route.LoaderArgs['params']) {
  const { company } = await requireCompany(request)
  const olId = idOf(params.olId)
  const conditionId = idOf(params.conditionId)
  if (!olId || !conditionId) throw redirect('/conditions')
  const gone = async (text: string) => redirectWithToast(request, '/conditions', { kind: 'error', text })
  const [detail, partners] = await Promise.all([
    api(request, restoreCondicao, { params: { id: conditionId }, query: { organizacao_id: olId } }),
    api(request, partnersApi.restoreParceiros, { params: { conditionId }, query: { organizacao_id: olId } }),
  ])
  if (!detail.ok) throw await gone(apiErrorMessages(detail.data).join(' '))
  if (!partners.ok) throw await gone(apiErrorMessages(partners.data).join(' '))
  const parceiro = partners.data.parceiros.find((p) => p.organizacao_id === olId)
  if (!parceiro) throw await gone(pm.partnerNotFound)
  const url = new URL(request.url)
  const list = parseListState(BLACKLIST, url.searchParams)
  // Accepting, refusing and leaving need 'Gerenciar condições' in the OL (the API refuses them otherwise).
  const mayChange = company.permissoes.includes('condicoes')
  return { url, olId, conditionId, detail: detail.data, parceiro, mayChange, list, back: listAddress(BLACKLIST, pagePath(request), list) }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { url, olId, detail, parceiro, mayChange, list } = await context(request, params)
  let bloqueados = null
  let encontrados = null
  let blacklistError: string | null = null
  // The blacklist is the OL's own (across every condition it serves): shown to its members once it serves this one.
  if (parceiro.status === 'aceito') {
    const res = await api(request, partnersApi.restoreBlackList, { params: { olId, regPerPage: PER_PAGE, search: list.q || 'null' }, query: { page: list.page } })
    if (res.ok) redirectPastLastPage(request, list.page, res.data.bloqueados)
    if (res.ok) bloqueados = res.data.bloqueados
    else blacklistError = res.status === 403 ? s.blacklistNoPermission : apiErrorMessages(res.data).join(' ')
    const busca = (url.searchParams.get('busca') ?? '').trim().slice(0, 100)
    if (res.ok && mayChange && url.searchParams.get('modal') === 'bloquear' && busca) {
      const found = await api(request, partnersApi.searchBlackList, { params: { olId, search: busca } })
      encontrados = found.ok ? found.data.compradores : []
    }
  }
  return { detail, parceiro, mayChange, list, bloqueados, encontrados, blacklistError }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { olId, conditionId, back } = await context(request, params)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const toast = (to: string, kind: 'success' | 'error', text: string) => redirectWithToast(request, to, { kind, text })
  const answered = (res: ApiResult<{ message: string }>, to: string) =>
    res.ok ? toast(to, 'success', res.data.message) : toast(back, 'error', apiErrorMessages(res.data).join(' '))
  switch (intent) {
    case 'accept': {
      const res = await api(request, partnersApi.aceiteParceiro, { params: { conditionId, partnerId: olId } })
      return answered(res, back)
    }
    case 'refuse':
    case 'leave': {
      // Refusing or leaving ends the OL's access to the condition: back to the list.
      const submission = parseWithZod(formData, { schema: PartnerOrgFormSchema })
      if (submission.status !== 'success' || submission.value.organizacao_id !== olId) return toast(back, 'error', pm.partnerNotFound)
      const res = await api(request, partnersApi.deleteParceiro, { params: { conditionId, partnerId: olId, isOperator: 1 } })
      return answered(res, '/conditions')
    }
    case 'block': {
      const submission = parseWithZod(formData, { schema: BlacklistBuyerFormSchema })
      if (submission.status !== 'success') return toast(back, 'error', pm.buyerInvalid)
      const { comprador_id: id, tipo } = submission.value
      const res = await api(request, partnersApi.addBlackList, { json: { ol_id: olId, compradores: [{ id, tipo }] } })
      return answered(res, back)
    }
    case 'unblock': {
      const submission = parseWithZod(formData, { schema: BlacklistBuyerFormSchema })
      if (submission.status !== 'success') return toast(back, 'error', pm.buyerInvalid)
      const res = await api(request, partnersApi.deleteBlackList, { params: { olId, buyerId: submission.value.comprador_id, type: submission.value.tipo } })
      return answered(res, back)
    }
    default:
      return toast(back, 'error', 'Ação desconhecida.')
  }
}

type Data = Route.ComponentProps['loaderData']

export default function OlDetails({ loaderData }: Route.ComponentProps) {
  const { detail, parceiro, mayChange } = loaderData
  const c = detail.condicao
  const modal = new URLSearchParams(useLocation().search).get('modal')
  const href = useListHref()
  const dates = [c.inicio, c.fim].map((d) => (d ? new Date(`${d}T12:00:00`).toLocaleDateString('pt-BR') : '…'))
  return (
    <section className="stack" aria-labelledby="ol-title">
      <p>
        <a href="/conditions">{s.olBack}</a>
      </p>
      <h1 id="ol-title">{s.olTitle(parceiro.nome)}</h1>
      <dl className="condition-summary">
        <div>
          <dt>{s.olCondition}</dt>
          <dd>{c.nome}</dd>
        </div>
        <div>
          <dt>{s.olSeller}</dt>
          <dd>{detail.vendedor.nome}</dd>
        </div>
        <div>
          <dt>{s.olStatus}</dt>
          <dd>
            <StatusBadge status={parceiro.status} />
          </dd>
        </div>
        <div>
          <dt>{s.olDiscount}</dt>
          <dd>{formatPercent(parceiro.desconto_extra)}%</dd>
        </div>
        <div>
          <dt>Tabela</dt>
          <dd>
            {cm.tableType[c.tipo_tabela]} · {c.ativo ? cm.active : cm.inactive}
          </dd>
        </div>
        <div>
          <dt>{cm.validity}</dt>
          <dd>{c.inicio || c.fim ? `${dates[0]} a ${dates[1]}` : 'Sem prazo'}</dd>
        </div>
        <div>
          <dt>{cm.minimums}</dt>
          <dd>{minimumsText(c.minimo_valor_centavos, c.minimo_quantidade)}</dd>
        </div>
        <div>
          <dt>{s.olMirror}</dt>
          <dd>{parceiro.espelho_nome ? s.olMirrorOf(parceiro.espelho_nome) : s.olOwnBuyers}</dd>
        </div>
      </dl>

      {!mayChange && parceiro.status !== 'recusado' ? <p className="notice notice-info">{s.olReadOnly}</p> : null}
      {parceiro.status === 'pendente' && mayChange ? (
        <div className="stack">
          <p>{s.pendingHelp}</p>
          <CompanyForm method="post" className="button-row">
            <input type="hidden" name="organizacao_id" value={parceiro.organizacao_id} />
            <button type="submit" name="intent" value="accept" className="button primary">
              {s.accept}
            </button>
            <button type="submit" name="intent" value="refuse" className="button danger">
              {s.refuse}
            </button>
          </CompanyForm>
        </div>
      ) : null}

      {parceiro.status === 'aceito' ? (
        <>
          <div className="button-row">
            <a href={conditionDetailsPath(c, String(parceiro.organizacao_id), 'produtos')} className="button primary">
              {s.products}
            </a>
            {mayChange ? (
              <a href={href({ modal: 'deixar' })} className="button danger">
                {s.leave}
              </a>
            ) : null}
          </div>
          <Blacklist data={loaderData} />
        </>
      ) : null}

      {modal === 'deixar' && parceiro.status === 'aceito' && mayChange ? (
        <ConfirmModal
          title={s.leave}
          closeParams={MODAL_PARAMS}
          question={s.confirmLeave}
          fields={{ intent: 'leave', organizacao_id: parceiro.organizacao_id }}
          cancelLabel="Não"
          confirmLabel="Sim, deixar de atender"
        />
      ) : null}
      {modal === 'bloquear' && loaderData.bloqueados && mayChange ? <BlockModal data={loaderData} /> : null}
    </section>
  )
}

function Blacklist({ data }: { data: Data }) {
  const { bloqueados, list, blacklistError, mayChange } = data
  const q = list.q
  const href = useListHref()
  const address = useListAddress(BLACKLIST, list)
  return (
    <section className="stack" aria-labelledby="blacklist-title">
      <h2 id="blacklist-title">{s.blacklistTitle}</h2>
      <p className="muted">{s.blacklistHelp}</p>
      {blacklistError ? <p className="notice notice-info">{blacklistError}</p> : null}
      {bloqueados ? (
        <>
          <div className="customers-toolbar">
            <CompanyForm method="get" className="customers-search" role="search" aria-label={s.blacklistSearchForm}>
              <div className="field">
                <label htmlFor="blacklist-q">{s.blacklistSearch}</label>
                <input id="blacklist-q" name="q" type="search" defaultValue={q} maxLength={100} />
              </div>
              <button type="submit" className="button">
                {s.search}
              </button>
            </CompanyForm>
            {mayChange ? (
              <a href={href({ modal: 'bloquear', busca: null })} className="button primary">
                {s.blacklistAdd}
              </a>
            ) : null}
          </div>
          {bloqueados.data.length === 0 ? (
            <div className="empty-state" role="status">
              <p>{q ? s.blacklistNone : s.blacklistEmpty}</p>
            </div>
          ) : (
            <ul className="stack ol-blacklist" aria-label={s.blacklistTitle}>
              {bloqueados.data.map((b) => (
                <li key={b.id} className="card ol-blacklist-item">
                  <span>
                    <strong>{b.nome}</strong> <span className="badge">{s.tipo[b.tipo]}</span>
                    <span className="muted nowrap"> {maskCnpj(b.cnpj)}</span>
                  </span>
                  {mayChange ? (
                    <CompanyForm method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="unblock" />
                      <input type="hidden" name="comprador_id" value={b.comprador_id} />
                      <input type="hidden" name="tipo" value={b.tipo} />
                      <button type="submit" className="button" aria-label={`${s.unblock} ${b.nome}`}>
                        {s.unblock}
                      </button>
                    </CompanyForm>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <Pagination page={bloqueados} label="Paginação de bloqueados" count={{ one: 'bloqueado', many: 'bloqueados' }} href={(n) => address({ page: n })} />
        </>
      ) : null}
    </section>
  )
}

function BlockModal({ data }: { data: Data }) {
  const busca = new URLSearchParams(useLocation().search).get('busca') ?? ''
  const { encontrados } = data
  return (
    <RouteModal title={s.blacklistAdd} closeParams={MODAL_PARAMS}>
      <CompanyForm method="get" role="search" aria-label={s.blacklistFindForm} className="customers-search" preventScrollReset>
        <input type="hidden" name="modal" value="bloquear" />
        <ListFields definition={BLACKLIST} state={data.list} asked={[]} />
        <div className="field">
          <label htmlFor="blacklist-busca">{s.blacklistFind}</label>
          <input id="blacklist-busca" name="busca" type="search" defaultValue={busca} maxLength={100} data-autofocus />
        </div>
        <button type="submit" className="button">
          {s.search}
        </button>
      </CompanyForm>
      {encontrados === null ? null : encontrados.length === 0 ? (
        <p role="status">{s.noBuyersFound}</p>
      ) : (
        <ul className="stack ol-blacklist" aria-label="Resultados">
          {encontrados.map((o) => (
            <li key={o.id} className="ol-blacklist-item">
              <span>
                <strong>{o.nome}</strong> <span className="badge">{s.tipo[o.tipo]}</span>
                <span className="muted nowrap"> {maskCnpj(o.cnpj)}</span>
              </span>
              <CompanyForm method="post" preventScrollReset>
                <input type="hidden" name="intent" value="block" />
                <input type="hidden" name="comprador_id" value={o.id} />
                <input type="hidden" name="tipo" value={o.tipo} />
                <button type="submit" className="button danger" aria-label={`${s.blacklistPick} ${o.nome}`}>
                  {s.blacklistPick}
                </button>
              </CompanyForm>
            </li>
          ))}
        </ul>
      )}
    </RouteModal>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
