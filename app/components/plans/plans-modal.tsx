import { useLocation } from 'react-router'
import type { Answer } from '~/domain/shared/contract.ts'
import type * as plansApi from '~/domain/plans/contract.ts'
import { planMessages } from '~/domain/plans/messages.ts'
import { planButton, recommendedPlan, trialNotice } from '~/domain/plans/modal.ts'
import { planScreenMessages as m } from '~/domain/plans/screen-messages.ts'
import { PLANS, compareRank, isPlanCode } from '~/domain/plans/plans.ts'
import { PRODUCT_NAME } from '~/lib/menu.ts'
import { CompanyForm } from '~/components/company-form.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { billingScreenMessages as bm } from '~/domain/plans/billing-screen-messages.ts'
import { BillingTab, type Invoice } from './billing-tab.tsx'

type Cards = Answer<typeof plansApi.restorePlano>
type Status = Answer<typeof plansApi.restorePlain>
type Card = Cards['planos'][number]

/**
 * What the plans modal shows: the four plans (prices for admins only), the organization's plan now, and for those who
 * see the billing (admins, the 'cobranca' permission) its invoices when the Cobranças tab is open.
 */
export type PlansData = { planos: Cards['planos']; isAdmin: boolean; situacao: Status; canBill: boolean; invoices: Invoice[] | null }

/** The address the modal's forms come back to: this one, without the confirmation of a change. */
function useBackHere() {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  params.delete('mudar')
  return { location, back: `${location.pathname}?${params}` }
}

/**
 * The '{product} Pro' modal, tab Planos: the plan now (with the trial's countdown) and a card per plan with what it
 * gives, its price for admins, the 'Recomendado' badge by the organization's orders, and its button. Starting the
 * trial or an upgrade posts at once; a downgrade asks first (`&mudar=`), in the modal, as a page without JavaScript can.
 */
export function PlansModal({ data }: { data: PlansData | null }) {
  const { location, back } = useBackHere()
  if (!data) {
    return (
      <RouteModal title={`${PRODUCT_NAME} Pro`}>
        <p role="alert">{m.unavailable}</p>
      </RouteModal>
    )
  }
  const { planos, isAdmin, situacao, canBill, invoices } = data
  const billing = canBill && invoices !== null
  const tabHref = (aba: string | null) => {
    const params = new URLSearchParams(location.search)
    params.delete('mudar')
    if (aba) params.set('aba', aba)
    else params.delete('aba')
    return `${location.pathname}?${params}`
  }
  const asked = new URLSearchParams(location.search).get('mudar')
  const confirming = asked && isPlanCode(asked) && isAdmin && compareRank(asked, situacao.plano) < 0 ? PLANS[asked] : null
  const current = PLANS[situacao.plano_efetivo]
  const notice = trialNotice(situacao)
  const recommended = recommendedPlan(situacao.pedidos)
  // Básico is a card for admins, who may go back to it; the others see what there is to ask for.
  const shown = planos.filter((card) => isAdmin || card.codigo !== 'B')
  return (
    <RouteModal title={`${PRODUCT_NAME} Pro`} closeParams={['mudar', 'aba']} wide>
      {canBill ? (
        <nav aria-label={`${PRODUCT_NAME} Pro`}>
          <ul className="team-tabs">
            <li>
              <a href={tabHref(null)} aria-current={billing ? undefined : 'page'}>
                {m.plansTab}
              </a>
            </li>
            <li>
              <a href={tabHref('cobrancas')} aria-current={billing ? 'page' : undefined}>
                {bm.billingTab}
              </a>
            </li>
          </ul>
        </nav>
      ) : null}
      {billing ? <BillingTab invoices={invoices} /> : null}
      {/* Redrawn in place when the plan changes in another tab (app/enhance/realtime.ts). */}
      <div className="stack" data-live="plans" hidden={billing}>
        <section className="plan-current" aria-labelledby="plano-atual">
          <h3 id="plano-atual">
            {m.yourPlan}: {current.nome} {notice ? <span className="plan-trial">{notice}</span> : null}
          </h3>
          <p className="muted">{current.descricao}</p>
          {isAdmin && canBill ? (
            <a href={tabHref('cobrancas')} className="button">
              {bm.seeBilling}
            </a>
          ) : null}
        </section>
        {confirming ? (
          <section className="plan-confirm stack" role="alertdialog" aria-labelledby="plano-confirmar" aria-describedby="plano-confirmar-texto">
            <h3 id="plano-confirmar">{m.confirmTitle}</h3>
            <p id="plano-confirmar-texto">{m.confirmDowngrade(confirming.nome)}</p>
            <div className="button-row">
              <PlanChoice intent="mudar" plano={confirming.codigo} back={back} label={m.yes} primary />
              <a href={back} className="button" data-autofocus>
                {m.no}
              </a>
            </div>
          </section>
        ) : null}
        <h3 className="sr-only">{m.plansList}</h3>
        <ul className="plan-cards" role="list">
          {shown.map((card) => (
            <PlanCardItem key={card.codigo} card={card} situacao={situacao} isAdmin={isAdmin} recommended={card.codigo === recommended} back={back} />
          ))}
        </ul>
      </div>
    </RouteModal>
  )
}

function PlanCardItem({ card, situacao, isAdmin, recommended, back }: { card: Card; situacao: Status; isAdmin: boolean; recommended: boolean; back: string }) {
  const button = planButton(card.codigo, situacao, isAdmin)
  const titleId = `plano-${card.codigo}`
  const downgrade = button.acao === 'mudar' && compareRank(card.codigo, situacao.plano) < 0
  return (
    <li className={recommended ? 'plan-card is-recommended' : 'plan-card'} aria-labelledby={titleId}>
      <h4 id={titleId}>
        {card.nome} {recommended ? <span className="pill plan-badge">{planMessages.recommended}</span> : null}
      </h4>
      {card.preco ? <PlanPrice preco={card.preco} /> : null}
      <p className="muted">{card.descricao}</p>
      <ul className="plan-items">
        {card.itens.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {button.acao === null ? (
        <button type="button" className="button" disabled>
          {button.label}
        </button>
      ) : downgrade ? (
        <a href={`${back}&mudar=${card.codigo}`} className="button" aria-label={`${button.label}: ${card.nome}`}>
          {button.label}
        </a>
      ) : (
        <PlanChoice intent={button.acao} plano={card.codigo} back={back} label={button.label} name={card.nome} primary />
      )}
    </li>
  )
}

function PlanPrice({ preco }: { preco: NonNullable<Card['preco']> }) {
  if (preco.tipo === 'gratis') return <p className="plan-price">{m.free}</p>
  if (preco.tipo === 'negociado' || preco.por_usuario_centavos === null) return <p className="plan-price">{m.negotiated}</p>
  return (
    <p className="plan-price">
      {m.perUser(preco.por_usuario_centavos)}
      {preco.usuarios_minimos ? <small className="muted"> ({m.minimumUsers(preco.usuarios_minimos)})</small> : null}
    </p>
  )
}

/** One post of the modal: the trial of a plan, or the change to it (app/routes/acoes.plano.ts). */
function PlanChoice({ intent, plano, back, label, name, primary }: { intent: 'teste' | 'mudar'; plano: string; back: string; label: string; name?: string; primary?: boolean }) {
  return (
    <CompanyForm method="post" action="/acoes/plano">
      <input type="hidden" name="redirectTo" value={back} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="plano" value={plano} />
      <button type="submit" className={primary ? 'button primary' : 'button'} aria-label={name ? `${label}: ${name}` : undefined}>
        {label}
      </button>
    </CompanyForm>
  )
}
