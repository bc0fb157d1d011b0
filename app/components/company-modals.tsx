import { useLocation } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import type { CompanyProfile } from '~/lib/company.server.ts'
import { INVITE_LABELS, companyMessages, partnerInviteMessages } from '~/domain/organization/company-messages.ts'
import { restrictedMessages as rm } from '~/domain/conditions/restricted-messages.ts'
import { RouteModal, useModalCloseHref } from './route-modal.tsx'
import { VisitingCard, type VisitingCardData } from './visiting-card.tsx'
import { MASKED_FIELDS } from '~/lib/ui/masked-fields.ts'
import { PlansModal, type PlansData } from './plans/plans-modal.tsx'
import { VirtualStoreModal, type VirtualStoreData } from './virtual-store-modal.tsx'
import { CompanyEmailsModal, type CompanyEmailsData } from './plans/company-emails-modal.tsx'

export type ModalData = { modal: string | null; card: VisitingCardData | null; inviteLink: string | null; plans: PlansData | null; store: VirtualStoreData | null; emails: CompanyEmailsData | null }

/** Where a modal's form comes back to: this very address, so the modal stays open on its new state. */
function RedirectTo() {
  const location = useLocation()
  return <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
}

/** The modals the menu and the company screens open with `?modal=`. */
export function CompanyModals({ company, data }: { company: CompanyProfile; data: ModalData }) {
  const location = useLocation()
  const modal = new URLSearchParams(location.search).get('modal')
  if (modal === 'bandeira' && company.tipo === 'v') return <FlagModal card={data.card} />
  if (modal === 'cartao' && data.card) return <VisitingCardModal card={data.card} canEdit={company.permissoes.includes('empresa')} />
  if (modal === 'convite') {
    if (!company.permissoes.includes('convites')) return <NotPermittedModal title={INVITE_LABELS[company.tipo]} text={partnerInviteMessages.notPermitted} />
    return <ShareModal company={company} link={data.inviteLink} />
  }
  if (modal === 'tokenbase') {
    if (!company.permissoes.includes('empresa')) return <NotPermittedModal title="Código Tokenbase" text={companyMessages.editNotPermitted} />
    return <TokenbaseModal tokenbase={company.tokenbase} />
  }
  if (modal === 'planos') return <PlansModal data={data.plans} />
  if (modal === 'emails' && data.emails) {
    return <CompanyEmailsModal data={data.emails} canManage={company.is_admin || company.permissoes.includes('cobranca')} />
  }
  if (modal === 'loja' && data.store) {
    if (!data.store.disponivel) return <RestrictedFeatureModal title={rm.restrictedTitle} text={rm.restrictedText} />
    return <VirtualStoreModal data={data.store} canEdit={company.permissoes.includes('empresa')} />
  }
  if (modal === 'condicoes-suspensas') return <RestrictedFeatureModal title={rm.title} text={rm.text} />
  if (modal === 'acesso-restrito') return <RestrictedFeatureModal title={rm.restrictedTitle} text={rm.restrictedText} />
  return null
}

/** Without a flag it asks for a code; with a flag, its visiting card and 'Sair da bandeira' after confirmation. */
function FlagModal({ card }: { card: VisitingCardData | null }) {
  const location = useLocation()
  const confirming = new URLSearchParams(location.search).get('confirmar') === 'sair'
  const cancelHref = `${location.pathname}?${new URLSearchParams([...new URLSearchParams(location.search)].filter(([k]) => k !== 'confirmar'))}`
  if (!card) {
    return (
      <RouteModal title="Minha bandeira">
        <p className="muted">Informe o código que a sua bandeira (rede) enviou para vincular esta empresa a ela.</p>
        <CompanyForm method="post" action="/acoes/bandeira" className="stack">
          <RedirectTo />
          <input type="hidden" name="intent" value="join" />
          <div className="field">
            <label htmlFor="flag-code">Código da bandeira</label>
            <input id="flag-code" name="code" autoComplete="off" maxLength={32} data-autofocus aria-describedby="flag-code-hint" />
            <small id="flag-code-hint" className="field-caption">
              {companyMessages.flagCodeRequired}: peça-o à sua rede.
            </small>
          </div>
          <div className="button-row">
            <button type="submit" className="button primary">
              Entrar na bandeira
            </button>
          </div>
        </CompanyForm>
      </RouteModal>
    )
  }
  return (
    <RouteModal title="Minha bandeira" closeParams={['confirmar']}>
      <VisitingCard card={card} />
      {confirming ? (
        <div role="alertdialog" aria-labelledby="leave-flag-title" className="card stack">
          <p id="leave-flag-title">
            <strong>Por favor, confirme:</strong> deseja mesmo sair da bandeira {card.nome}?
          </p>
          <CompanyForm method="post" action="/acoes/bandeira" className="button-row">
            <RedirectTo />
            <input type="hidden" name="intent" value="leave" />
            <a href={cancelHref} className="button">
              Não
            </a>
            <button type="submit" className="button danger" data-autofocus>
              Sim
            </button>
          </CompanyForm>
        </div>
      ) : (
        <div className="button-row">
          <a href={`${location.pathname}${location.search}&confirmar=sair`} className="button danger">
            Sair da bandeira
          </a>
        </div>
      )}
    </RouteModal>
  )
}

/** A modal of the menu that the member's role does not allow: which permission to ask for, instead of a form refused on sending. */
function NotPermittedModal({ title, text }: { title: string; text: string }) {
  return (
    <RouteModal title={title}>
      <p role="status">{text}</p>
    </RouteModal>
  )
}

/**
 * The share modal: invite a partner by CNPJ and e-mail; the link comes back to be copied. 'Copiar' needs JavaScript
 * (the clipboard): it stays hidden until app/enhance/copy-link.ts shows it; without it, the link is selected on focus
 * by the person, and was mailed anyway.
 */
function ShareModal({ company, link }: { company: CompanyProfile; link: string | null }) {
  const title = INVITE_LABELS[company.tipo]
  const cnpj = MASKED_FIELDS.cnpj
  return (
    <RouteModal title={title}>
      {link ? (
        <div className="stack">
          <label htmlFor="invite-link">Link do convite</label>
          <div className="toolbar">
            <input id="invite-link" readOnly value={link} />
            <button type="button" className="button" data-copy="invite-link" data-copied={partnerInviteMessages.linkCopied} hidden>
              Copiar
            </button>
          </div>
          <p role="status" className="muted" data-copy-status="invite-link">
            {partnerInviteMessages.linkMailed}
          </p>
        </div>
      ) : null}
      {/* Keyed by the last link: after an invite the form starts empty for the next one. */}
      <CompanyForm method="post" action="/acoes/convite" className="stack" key={link ?? 'novo'}>
        <RedirectTo />
        <div className="field">
          <label htmlFor="invite-nome">Nome da empresa</label>
          <input id="invite-nome" name="nome" required maxLength={255} data-autofocus={link ? undefined : true} />
        </div>
        <div className="field">
          <label htmlFor="invite-cnpj">CNPJ</label>
          <input id="invite-cnpj" name="cnpj" required maxLength={cnpj.maxLength} inputMode={cnpj.inputMode} placeholder={cnpj.placeholder} data-mask="cnpj" />
        </div>
        <div className="field">
          <label htmlFor="invite-email">E-mail</label>
          <input id="invite-email" name="email" type="email" required maxLength={255} />
        </div>
        <div className="button-row">
          <button type="submit" className="button primary">
            {link ? 'Convidar outra empresa' : 'Convidar'}
          </button>
        </div>
      </CompanyForm>
    </RouteModal>
  )
}

/** With a code the input is locked with 'Excluir' and 'Alterar'; otherwise 'Cancelar' and 'Confirma'. */
function TokenbaseModal({ tokenbase }: { tokenbase: string | null }) {
  const location = useLocation()
  const editing = !tokenbase || new URLSearchParams(location.search).get('editar') === '1'
  const closeHref = useModalCloseHref(['editar'])
  const lockedHref = `${location.pathname}?${new URLSearchParams([...new URLSearchParams(location.search)].filter(([k]) => k !== 'editar'))}`
  return (
    <RouteModal title="Código Tokenbase" closeParams={['editar']}>
      <CompanyForm method="post" action="/acoes/tokenbase" className="stack">
        <RedirectTo />
        <div className="field">
          <label htmlFor="tokenbase-code">Código Tokenbase</label>
          {/* Keyed by state: a cancelled edit or a deletion shows the stored code, not what was typed. */}
          <input
            key={`${tokenbase ?? ''}-${editing}`}
            id="tokenbase-code"
            name="tokenbase"
            defaultValue={tokenbase ?? ''}
            readOnly={!editing}
            maxLength={100}
            data-autofocus
          />
        </div>
        {editing ? (
          <div className="button-row">
            <a href={tokenbase ? lockedHref : closeHref} className="button">
              Cancelar
            </a>
            <button type="submit" className="button primary" name="intent" value="store">
              Confirma
            </button>
          </div>
        ) : (
          <div className="button-row">
            <button type="submit" className="button danger" name="intent" value="delete">
              Excluir
            </button>
            <a href={`${location.pathname}${location.search}&editar=1`} className="button">
              Alterar
            </a>
          </div>
        )}
      </CompanyForm>
    </RouteModal>
  )
}

/** The company's visiting card, opened from the header. */
function VisitingCardModal({ card, canEdit }: { card: VisitingCardData; canEdit: boolean }) {
  return (
    <RouteModal title="Cartão de visita">
      <VisitingCard card={card} />
      {canEdit ? (
        <div className="button-row">
          <a href="/visiting-card" className="button">
            Editar cartão
          </a>
        </div>
      ) : null}
    </RouteModal>
  )
}

/**
 * The restricted-feature modal: for conditions (its type P), opened from the header's suspended-conditions
 * notice (a Básico plan keeps the conditions from the buyers); of any other type, opened by a control of a feature
 * the plan does not include. 'Ir para Planos' opens the plans modal.
 */
function RestrictedFeatureModal({ title, text }: { title: string; text: string }) {
  const location = useLocation()
  const closeHref = useModalCloseHref()
  const plans = new URLSearchParams(location.search)
  plans.set('modal', 'planos')
  return (
    <RouteModal title={title}>
      <p>{text}</p>
      <div className="button-row">
        <a href={closeHref} className="button" data-autofocus>
          {rm.ok}
        </a>
        <a href={`${location.pathname}?${plans}`} className="button primary">
          {rm.plans}
        </a>
      </div>
    </RouteModal>
  )
}
