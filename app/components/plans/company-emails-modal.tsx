import { useLocation } from 'react-router'
import type { Answer } from '~/domain/shared/contract.ts'
import type * as billingApi from '~/domain/plans/billing-contract.ts'
import { billingScreenMessages as m } from '~/domain/plans/billing-screen-messages.ts'
import { CompanyForm } from '~/components/company-form.tsx'
import { RouteModal } from '~/components/route-modal.tsx'

export type CompanyEmailsData = { tipo: 'C' | 'F'; list: Answer<typeof billingApi.restoreEmailsEmpresa>['data'] }

/**
 * The company e-mail manager (`?modal=emails&tipo=F|C`): finance (the address each new invoice goes to, at most one:
 * 'Adicionar' disabled once there is one) or commercial (as many as the plan allows: past it the button looks
 * disabled, with the 'Pro' notice, and opens the restricted-feature modal). Removing asks first (`&excluir=`).
 */
export function CompanyEmailsModal({ data, canManage }: { data: CompanyEmailsData; canManage: boolean }) {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const removing = params.get('excluir')
  params.delete('excluir')
  const here = `${location.pathname}?${params}`
  const { tipo, list } = data
  const finance = tipo === 'F'
  const full = finance && list.emails.length > 0
  const confirming = removing && list.emails.some((e) => e.email === removing) ? removing : null
  return (
    <RouteModal title={finance ? m.financeTitle : m.commercialTitle} closeParams={['tipo', 'excluir']}>
      <p className="muted">{finance ? m.financeIntro : m.commercialIntro}</p>
      {confirming && canManage ? (
        <section className="plan-confirm stack" role="alertdialog" aria-labelledby="email-confirmar" aria-describedby="email-confirmar-texto">
          <h3 id="email-confirmar">{m.confirmTitle}</h3>
          <p id="email-confirmar-texto">{m.confirmRemove(confirming)}</p>
          <div className="button-row">
            <CompanyForm method="post" action="/acoes/plano">
              <input type="hidden" name="redirectTo" value={here} />
              <input type="hidden" name="intent" value="remove-email" />
              <input type="hidden" name="tipo" value={tipo} />
              <input type="hidden" name="email" value={confirming} />
              <button type="submit" className="button danger">
                {m.yes}
              </button>
            </CompanyForm>
            <a href={here} className="button" data-autofocus>
              {m.no}
            </a>
          </div>
        </section>
      ) : null}
      {list.emails.length === 0 ? (
        <p role="status">{m.none}</p>
      ) : (
        <ul className="email-list" role="list">
          {list.emails.map((e) => (
            <li key={e.id} className="row-between">
              <span>{e.email}</span>
              {canManage ? (
                <a href={`${here}&excluir=${encodeURIComponent(e.email)}`} className="button danger" aria-label={`${m.remove} ${e.email}`}>
                  {m.remove}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage ? <AddEmail tipo={tipo} here={here} full={full} allowed={list.pode_adicionar} /> : null}
    </RouteModal>
  )
}

function AddEmail({ tipo, here, full, allowed }: { tipo: 'C' | 'F'; here: string; full: boolean; allowed: boolean }) {
  if (!allowed && tipo === 'C') {
    return (
      <p>
        <a href="?modal=acesso-restrito" className="button button-locked">
          {m.add} <span className="badge">{m.proNotice}</span>
        </a>
      </p>
    )
  }
  return (
    <CompanyForm method="post" action="/acoes/plano" className="stack" noValidate>
      <input type="hidden" name="redirectTo" value={here} />
      <input type="hidden" name="intent" value="add-email" />
      <input type="hidden" name="tipo" value={tipo} />
      <div className="field">
        <label htmlFor="company-email">{m.emailLabel}</label>
        <input id="company-email" name="email" type="email" maxLength={255} autoComplete="email" disabled={full} aria-describedby={full ? 'company-email-full' : undefined} />
        {full ? (
          <small id="company-email-full" className="field-caption">
            {m.financeFull}
          </small>
        ) : null}
      </div>
      <div className="button-row">
        <button type="submit" className="button primary" disabled={full}>
          {m.add}
        </button>
      </div>
    </CompanyForm>
  )
}
