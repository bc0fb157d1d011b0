import { useEffect, useRef, type RefObject } from 'react'
import { useLocation } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import { modalHref, PRODUCT_NAME } from '~/lib/menu.ts'
import { cartLinkName } from '~/domain/checkout/header-messages.ts'
import type { OrgTypeCode } from '~/domain/organization/org-types.ts'
import { headerChatName } from './counter-names.ts'
import { headerNotices } from './notices.ts'
import { SHELL_ICONS } from './shell-icons.tsx'
import { SIDE_MENU_ID, SIDE_MENU_TOGGLE_ID } from './side-menu.tsx'

export type HeaderUser = { nome: string; avatar: string | null }
export type HeaderCompany = {
  nome: string
  avatar: string | null
  tipo: OrgTypeCode
  msg_atraso: number
  msg_atraso_tipos?: { B: number; F: number }
  condicoes_restritas: number
  trial_days: number
  /** Unread chat messages, live once the chat connection knows them. */
  notificacoes_chat: number
  /** Lines in the member's carts (countCheckout); absent for a company that does not buy. */
  carrinho_itens?: number
}

type HeaderProps = {
  user: HeaderUser
  company: HeaderCompany | null
  /** Whether there is a side menu to open (a company is entered). */
  menu: { hydrated: boolean; open: boolean; onToggle: () => void; buttonRef: RefObject<HTMLButtonElement | null> } | null
}

/**
 * The app header: the menu button of narrow screens, the brand, the company
 * entered, its notices (overdue messages, suspended conditions, the trial countdown of
 * type f) and the user menu (Perfil, Ajuda, Logout).
 */
export function Header({ user, company, menu }: HeaderProps) {
  const location = useLocation()
  const notices = company ? headerNotices(company) : []
  return (
    <header className="app-header">
      {menu ? (
        menu.hydrated ? (
          <button
            type="button"
            ref={menu.buttonRef}
            className="menu-button"
            aria-controls={SIDE_MENU_ID}
            aria-expanded={menu.open}
            onClick={menu.onToggle}
          >
            <SHELL_ICONS.menu />
            <span className="sr-only">Menu principal</span>
          </button>
        ) : (
          <>
            {/* Without JavaScript the label flips the checkbox before the header (which keyboards reach); the
                enhancement layer (app/enhance/menus.ts) shows the button in its place. */}
            <label htmlFor={SIDE_MENU_TOGGLE_ID} className="menu-button" aria-hidden="true">
              <SHELL_ICONS.menu />
            </label>
            <button type="button" className="menu-button" aria-controls={SIDE_MENU_ID} aria-expanded="false" data-menu-toggle hidden>
              <SHELL_ICONS.menu />
              <span className="sr-only">Menu principal</span>
            </button>
          </>
        )
      ) : null}

      <a href="/personal-environment" className="brand">
        <span className="brand-mark" aria-hidden="true">
          {PRODUCT_NAME.slice(0, 1)}
        </span>{' '}
        <span className="brand-name">{PRODUCT_NAME} B2B</span>
      </a>

      {company ? (
        <a href="?modal=cartao" className="header-company" aria-label={`Cartão de visita de ${company.nome}`}>
          <AvatarMark className="org-avatar header-company-avatar" src={company.avatar} name={company.nome} />
          <span className="header-company-name">{company.nome}</span>
        </a>
      ) : null}

      {/* Always there, so that a plan changed in another tab puts its notices in place (app/enhance/realtime.ts). */}
      <div className="header-notices-region" data-live="header-notices">
        {notices.length > 0 ? (
          <ul className="header-notices" aria-label="Avisos" role="list">
            {notices.map((n) => (
              <li key={n.key}>
                <a
                  href={'href' in n ? n.href : modalHref(n.modal, location.pathname, location.search)}
                  className={`header-notice header-notice-${n.tone}`}
                  data-notice={n.key}
                >
                  {n.key === 'trial' ? <SHELL_ICONS.clock width={16} height={16} /> : <SHELL_ICONS.alert width={16} height={16} />}
                  <span>{n.text}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      {company && company.carrinho_itens !== undefined ? (
        <a href="/market/carrinho" className="header-chat header-cart" aria-label={cartLinkName(company.carrinho_itens)}>
          <SHELL_ICONS.market width={20} height={20} />
          {company.carrinho_itens > 0 ? (
            <span className="side-menu-badge header-chat-badge" data-testid="header-cart-badge">
              {company.carrinho_itens}
            </span>
          ) : null}
        </a>
      ) : null}

      {company ? (
        // The badge is there at 0, hidden: the enhancement layer (app/enhance/realtime.ts) shows it when a message arrives.
        <a href="/Chat" className="header-chat" aria-label={headerChatName(company.notificacoes_chat)} data-live="chat-count">
          <SHELL_ICONS.chat width={20} height={20} />
          <span className="side-menu-badge header-chat-badge" data-testid="header-chat-badge" hidden={company.notificacoes_chat <= 0}>
            {Math.max(0, company.notificacoes_chat)}
          </span>
        </a>
      ) : null}

      <UserMenu user={user} />
    </header>
  )
}

/**
 * A decorative avatar: the picture, or the name's initial drawn by CSS (`data-initial`). The initial is no
 * text of the page, so the visible text of the link or summary around it is exactly the name its
 * aria-label contains (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
function AvatarMark({ className, src, name }: { className: string; src: string | null; name: string }) {
  return (
    <span className={className} aria-hidden="true" data-initial={src ? undefined : name.slice(0, 1).toUpperCase()}>
      {src ? <img src={src} alt="" /> : null}
    </span>
  )
}

/** Kept as it was (e2e tests open it by its label and press its items). With JS it also closes on Escape and on a click outside. */
function UserMenu({ user }: { user: HeaderUser }) {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()

  // Closed when the page changes; not when it hydrates, which would close a menu opened while the page loaded.
  const shownPath = useRef(location.pathname)
  useEffect(() => {
    if (shownPath.current === location.pathname) return
    shownPath.current = location.pathname
    ref.current?.removeAttribute('open')
  }, [location.pathname])

  useEffect(() => {
    const details = ref.current
    if (!details) return
    const onPointer = (e: PointerEvent) => {
      if (details.open && e.target instanceof Node && !details.contains(e.target)) details.open = false
    }
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && details.open) {
        details.open = false
        details.querySelector('summary')?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointer)
    details.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      details.removeEventListener('keydown', onKey)
    }
  }, [])

  return (
    <details className="user-menu" ref={ref}>
      <summary aria-label={`Menu do usuário ${user.nome}`}>
        <AvatarMark className="avatar" src={user.avatar} name={user.nome} />
        <span className="user-name">{user.nome}</span>
      </summary>
      <ul className="menu" role="list">
        <li>
          <a href="/profile">Perfil</a>
        </li>
        <li>
          <button type="button" className="link-button">
            Ajuda
          </button>
        </li>
        <li>
          <CompanyForm method="post" action="/logout">
            <button type="submit" className="link-button">
              Logout
            </button>
          </CompanyForm>
        </li>
      </ul>
    </details>
  )
}
