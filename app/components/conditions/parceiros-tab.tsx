import type { SubmissionResult } from '@conform-to/react'
import { useLocation } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import { ErrorList, Field, FormErrors, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { ConfirmModal } from '~/components/ui/confirm-modal.tsx'
import { useListHref } from '~/components/ui/list-href.ts'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { olDetailsPath } from '~/domain/conditions/ol-details.ts'
import { partnerScreenMessages as s } from '~/domain/conditions/partners-messages.ts'
import { formatPercent } from '~/domain/conditions/percent.ts'
import { maskCnpj } from '~/domain/shared/masks.ts'
import type { ParceirosTabData } from '~/lib/conditions/parceiros.server.ts'
import type { ConditionTabProps } from './detail-tabs.tsx'
import { StatusBadge } from './partner-status.tsx'
import { formSchema } from '~/components/form-schema.ts'

const invitePartnerFormSchema = formSchema('InvitePartnerFormSchema')
const mirrorFormSchema = formSchema('MirrorFormSchema')

type Partner = ParceirosTabData['parceiros'][number]
type LastResult = SubmissionResult<string[]> | undefined

const MODAL_PARAMS = ['modal', 'id', 'busca']
/** The 'OLs' section of /conditionDetails (app/lib/conditions/parceiros.server.ts). */
export function ParceirosTab({ data, detail, mayChange, actionData }: ConditionTabProps) {
  const { parceiros, busca, encontrados } = data as ParceirosTabData
  const href = useListHref()
  // The seller's member who may change the condition; others see the partners without the buttons that would refuse.
  const seller = detail.acesso === 'vendedor' && mayChange
  const search = new URLSearchParams(useLocation().search)
  const answer = (intent: string) => (actionData?.intent === intent ? (actionData.result as LastResult) : undefined)
  return (
    <section className="stack" aria-labelledby="parceiros-title">
      <div className="customers-toolbar">
        <h2 id="parceiros-title">{s.sectionTitle}</h2>
        {seller ? (
          <a href={href({ modal: 'convidar-ol', id: null })} className="button primary">
            {s.invite}
          </a>
        ) : null}
      </div>
      {detail.acesso === 'vendedor' && !mayChange ? <p className="notice notice-info">{s.readOnly}</p> : null}
      {parceiros.length === 0 ? (
        <div className="empty-state" role="status">
          <p>{s.noPartners}</p>
        </div>
      ) : (
        // Named apart from its section (axe: two landmarks of one name).
        <div className="table-scroll" role="region" aria-label={`Tabela: ${s.sectionTitle}`} tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">OL</th>
                <th scope="col">Situação</th>
                <th scope="col">Desconto extra</th>
                <th scope="col">Espelho</th>
                <th scope="col">Ações</th>
              </tr>
            </thead>
            <tbody>
              {parceiros.map((p) => (
                <tr key={p.id}>
                  <td data-label="OL">
                    <strong>{p.nome}</strong>
                    <div className="muted nowrap">{maskCnpj(p.cnpj)}</div>
                  </td>
                  <td data-label="Situação">
                    <StatusBadge status={p.status} />
                  </td>
                  <td className="nowrap" data-label="Desconto extra">
                    {formatPercent(p.desconto_extra)}%
                  </td>
                  <td data-label="Espelho">{p.espelho_nome ? s.mirrorOf(p.espelho_nome) : <span className="muted">{s.noMirror}</span>}</td>
                  <td>
                    <div className="actions">
                      {p.sou_membro ? (
                        <a href={olDetailsPath(p, detail.condicao)} className="button">
                          {s.details}
                        </a>
                      ) : null}
                      {seller && p.espelho_de ? (
                        <CompanyForm method="post" preventScrollReset>
                          <input type="hidden" name="intent" value="unmirror-ol" />
                          <input type="hidden" name="parceiro_id" value={p.id} />
                          <button type="submit" className="button" aria-label={`${s.unmirror}: ${p.nome}`}>
                            {s.unmirror}
                          </button>
                        </CompanyForm>
                      ) : null}
                      {seller && !p.espelho_de && p.status !== 'recusado' ? (
                        <a href={href({ modal: 'espelhar-ol', id: p.id })} className="button" aria-label={`${s.mirror}: ${p.nome}`}>
                          {s.mirror}
                        </a>
                      ) : null}
                      {seller ? (
                        <a href={href({ modal: 'remover-ol', id: p.id })} className="button danger" aria-label={`${s.remove} ${p.nome}`}>
                          {s.remove}
                        </a>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {seller ? <ParceirosModals modal={search.get('modal')} id={Number(search.get('id'))} parceiros={parceiros} busca={busca} encontrados={encontrados} answer={answer} /> : null}
    </section>
  )
}

function ParceirosModals(props: {
  modal: string | null
  id: number
  parceiros: Partner[]
  busca: string
  encontrados: ParceirosTabData['encontrados']
  answer: (intent: string) => LastResult
}) {
  const { modal } = props
  const row = props.parceiros.find((p) => p.id === props.id) ?? null
  if (modal === 'convidar-ol') return <InviteModal busca={props.busca} encontrados={props.encontrados} lastResult={props.answer('invite-ol')} />
  if (modal === 'remover-ol') return <RemoveModal partner={row} />
  if (modal === 'espelhar-ol') return <MirrorModal key={row?.id} partner={row} parceiros={props.parceiros} lastResult={props.answer('mirror-ol')} />
  return null
}

function InviteModal({ busca, encontrados, lastResult }: { busca: string; encontrados: ParceirosTabData['encontrados']; lastResult: LastResult }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(invitePartnerFormSchema, { id: 'ol-invite', lastResult, defaultValue: { desconto_extra: '0' } })
  return (
    <RouteModal title={s.invite} closeParams={MODAL_PARAMS}>
      <CompanyForm method="get" role="search" aria-label={s.searchForm} className="customers-search" preventScrollReset>
        <input type="hidden" name="aba" value="parceiros" />
        <input type="hidden" name="modal" value="convidar-ol" />
        <div className="field">
          <label htmlFor="ol-busca">{s.searchLabel}</label>
          <input id="ol-busca" name="busca" type="search" defaultValue={busca} maxLength={100} data-autofocus />
        </div>
        <button type="submit" className="button">
          {s.search}
        </button>
      </CompanyForm>
      {encontrados === null ? null : encontrados.length === 0 ? (
        <p role="status">{s.noResults}</p>
      ) : (
        <CompanyForm method="post" {...formProps} className="stack" preventScrollReset>
          <input type="hidden" name="intent" value="invite-ol" />
          <FormErrors form={form} />
          <fieldset className="stack" aria-describedby={fields.organizacao_id.errors?.length ? fields.organizacao_id.errorId : undefined}>
            <legend>{s.pick}</legend>
            <ul className="payment-options">
              {encontrados.map((o) => (
                <li key={o.id}>
                  <label>
                    <input type="radio" name={fields.organizacao_id.name} value={o.id} defaultChecked={encontrados.length === 1} required />
                    {o.nome} <span className="muted nowrap">{maskCnpj(o.cnpj)}</span>
                    {o.cidade ? <span className="muted"> · {o.cidade}{o.uf ? `/${o.uf}` : ''}</span> : null}
                  </label>
                </li>
              ))}
            </ul>
            <ErrorList id={fields.organizacao_id.errorId} errors={fields.organizacao_id.errors} />
          </fieldset>
          <Field label={s.discountLabel} meta={fields.desconto_extra} inputProps={{ inputMode: 'decimal', maxLength: 8 }} />
          <SubmitButton disabled={submitDisabled} pending="Enviando…">
            {s.send}
          </SubmitButton>
        </CompanyForm>
      )}
    </RouteModal>
  )
}

function RemoveModal({ partner }: { partner: Partner | null }) {
  if (!partner) return <ConfirmModal title={s.remove} closeParams={MODAL_PARAMS} gone={s.partnerGone} />
  return (
    <ConfirmModal
      title={`${s.remove} ${partner.nome}`}
      closeParams={MODAL_PARAMS}
      question={s.confirmRemove(partner.nome)}
      fields={{ intent: 'remove-ol', organizacao_id: partner.organizacao_id }}
      cancelLabel="Não"
      confirmLabel="Sim, remover"
    />
  )
}

function MirrorModal({ partner, parceiros, lastResult }: { partner: Partner | null; parceiros: Partner[]; lastResult: LastResult }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(mirrorFormSchema, { id: 'ol-mirror', lastResult })
  if (!partner) {
    return (
      <RouteModal title={s.mirror} closeParams={MODAL_PARAMS}>
        <p role="alert">{s.partnerGone}</p>
      </RouteModal>
    )
  }
  // The API refuses chains: a source is an OL that mirrors nobody, and this one must not be a source itself.
  const origins = parceiros.filter((p) => p.id !== partner.id && p.espelho_de === null && p.status !== 'recusado')
  return (
    <RouteModal title={s.mirrorTitle(partner.nome)} closeParams={MODAL_PARAMS}>
      <p className="muted">{s.mirrorHelp}</p>
      {origins.length === 0 ? (
        <p role="status">{s.mirrorNone}</p>
      ) : (
        <CompanyForm method="post" {...formProps} className="stack" preventScrollReset>
          <input type="hidden" name="intent" value="mirror-ol" />
          <input type="hidden" name="parceiro_id" value={partner.id} />
          <FormErrors form={form} />
          <div className="field">
            <label htmlFor={fields.origem.id}>{s.mirrorOrigin}</label>
            <select
              id={fields.origem.id}
              name={fields.origem.name}
              required
              defaultValue=""
              aria-invalid={fields.origem.errors?.length ? true : undefined}
              aria-describedby={fields.origem.errors?.length ? fields.origem.errorId : undefined}
            >
              <option value="" disabled>
                Escolha…
              </option>
              {origins.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.nome}
                </option>
              ))}
            </select>
            <ErrorList id={fields.origem.errorId} errors={fields.origem.errors} />
          </div>
          <SubmitButton disabled={submitDisabled} pending="Salvando…">
            {s.mirror}
          </SubmitButton>
        </CompanyForm>
      )}
    </RouteModal>
  )
}
