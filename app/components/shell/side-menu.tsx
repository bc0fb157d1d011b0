import { useEffect, useRef, useState, type FocusEvent } from 'react'
import { useLocation } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import { buildMenu, isMenuItemActive, MENU_COLLAPSE_DELAY_MS, modalHref, type MenuCompany, type MenuItem } from '~/lib/menu.ts'
import { badgeNumber, menuItemName } from './counter-names.ts'
import { SHELL_ICONS } from './shell-icons.tsx'

/** The id the header's menu button and the no-JS checkbox point at. */
export const SIDE_MENU_ID = 'side-menu'
/** The no-JS toggle of narrow screens: a checkbox before the header and the menu, driven by <label>s. */
export const SIDE_MENU_TOGGLE_ID = 'side-menu-toggle'

type SideMenuProps = {
  company: MenuCompany & { nome: string; avatar: string | null }
  /** React is running: the pin button, the close button and the JS hover rules replace the CSS-only ones. */
  hydrated: boolean
  pinned: boolean
  onPinnedChange: (pinned: boolean) => void
  /** Narrow screens: the drawer is open. */
  open: boolean
  onClose: () => void
  /** Wide screen (≥ 1024 px) as the browser reports it; false before hydration. */
  wide: boolean
}

/**
 * The main side menu (items from app/lib/menu.ts). Every item is a real link
 * or form, so it works with JavaScript off.
 *
 * Wide screens (≥ 1024 px, CSS): 80 px slim, 260 px expanded. Pinned it stays expanded
 * and the page makes room; unpinned it expands over the page on hover or keyboard focus
 * and collapses 250 ms after the mouse leaves (JS timer; without JS, CSS :hover,
 * :focus-visible and a 250 ms transition delay do the same).
 * Narrow screens: a drawer, closed until the header's menu button opens it (a checkbox
 * + <label> without JS; a button with aria-expanded with JS).
 */
export function SideMenu({ company, hydrated, pinned, onPinnedChange, open, onClose, wide }: SideMenuProps) {
  const location = useLocation()
  const menu = buildMenu(company)
  const [expanded, setExpanded] = useState(false)
  const hovering = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const asideRef = useRef<HTMLElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)

  useEffect(() => () => clearTimeout(timer.current), [])

  // Narrow drawer opened: move focus into it so the keyboard starts in the menu.
  useEffect(() => {
    if (open && !wide) closeRef.current?.focus()
  }, [open, wide])

  const keyboardFocusInside = () => {
    const active = document.activeElement
    return Boolean(active && asideRef.current?.contains(active) && active.matches(':focus-visible'))
  }

  const expand = () => {
    clearTimeout(timer.current)
    setExpanded(true)
  }
  const collapseSoon = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      if (!hovering.current && !keyboardFocusInside()) setExpanded(false)
    }, MENU_COLLAPSE_DELAY_MS)
  }

  const onFocus = (e: FocusEvent<HTMLElement>) => {
    if (e.target.matches(':focus-visible')) expand()
  }
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    const next = e.relatedTarget
    if (!(next instanceof Node && e.currentTarget.contains(next)) && !hovering.current) {
      clearTimeout(timer.current)
      setExpanded(false)
    }
  }
  const showExpanded = pinned || expanded

  return (
    <aside
      id={SIDE_MENU_ID}
      ref={asideRef}
      className="side-menu"
      data-enhanced={hydrated ? '' : undefined}
      data-expanded={hydrated && showExpanded ? '' : undefined}
      onMouseEnter={() => {
        hovering.current = true
        expand()
      }}
      onMouseLeave={() => {
        hovering.current = false
        collapseSoon()
      }}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="side-menu-top">
        <span className="side-menu-company">
          <span className="org-avatar side-menu-avatar" aria-hidden="true">
            {company.avatar ? <img src={company.avatar} alt="" /> : company.nome.slice(0, 1).toUpperCase()}
          </span>
          <span className="side-menu-label side-menu-company-name" title={company.nome}>
            {company.nome}
          </span>
        </span>
        {hydrated ? (
          <>
            <button
              type="button"
              className="side-menu-pin"
              aria-pressed={pinned}
              title={pinned ? 'Soltar menu' : 'Fixar menu aberto'}
              onClick={() => onPinnedChange(!pinned)}
            >
              <SHELL_ICONS.pin />
              <span className="sr-only">Fixar menu aberto</span>
            </button>
            <button type="button" ref={closeRef} className="side-menu-close" onClick={onClose}>
              <SHELL_ICONS.close />
              <span className="sr-only">Fechar menu</span>
            </button>
          </>
        ) : (
          <>
            <label htmlFor={SIDE_MENU_TOGGLE_ID} className="side-menu-close" aria-hidden="true">
              <SHELL_ICONS.close />
            </label>
            {/* Shown by the enhancement layer (app/enhance/menus.ts): without JavaScript they would do nothing. */}
            <button type="button" className="side-menu-pin" aria-pressed="false" title="Fixar menu aberto" data-menu-pin hidden>
              <SHELL_ICONS.pin />
              <span className="sr-only">Fixar menu aberto</span>
            </button>
            <button type="button" className="side-menu-close" data-menu-close hidden>
              <SHELL_ICONS.close />
              <span className="sr-only">Fechar menu</span>
            </button>
          </>
        )}
      </div>

      <nav className="side-menu-nav" aria-label="Menu principal">
        {menu.groups.map((group) => {
          // A group with nothing in it (COMPRAS under MERCADO-M) draws nothing: no heading without items.
          if (group.items.length === 0) return null
          const titleId = `side-menu-group-${group.key}`
          return (
            <div
              key={group.key}
              className="side-menu-group"
              data-group={group.key}
              data-hide-narrow={group.hideOnNarrow ? '' : undefined}
              role={group.title ? 'group' : undefined}
              aria-labelledby={group.title ? titleId : undefined}
            >
              {group.title ? (
                // The company's own submenu is headed by its name and avatar at the top of the menu.
                <span id={titleId} className={group.key === 'empresa' ? 'sr-only' : 'side-menu-group-title'}>
                  <span className="side-menu-label">{group.title}</span>
                </span>
              ) : null}
              <ul className="side-menu-list" role="list">
                {group.items.map((item) => (
                  <li key={item.key}>
                    <MenuEntry item={item} pathname={location.pathname} search={location.search} />
                  </li>
                ))}
              </ul>
            </div>
          )
        })}
      </nav>

      <CompanyForm method="post" action={menu.footer.action} className="side-menu-footer">
        <input type="hidden" name="intent" value={menu.footer.intent} />
        <button type="submit" className="side-menu-item">
          <span className="side-menu-icon">
            <SHELL_ICONS.leave />
          </span>
          <span className="side-menu-label">{menu.footer.label}</span>
        </button>
      </CompanyForm>
    </aside>
  )
}

function MenuEntry({ item, pathname, search }: { item: MenuItem; pathname: string; search: string }) {
  const Icon = SHELL_ICONS[item.icon]
  if (item.kind === 'modal') {
    return (
      <a
        href={modalHref(item.modal, pathname, search)}
        className={item.pill ? 'side-menu-item side-menu-item-pill' : 'side-menu-item'}
        data-modal={item.modal}
      >
        <span className="side-menu-icon">
          <Icon />
        </span>
        <span className="side-menu-label">{item.pill ? <span className="pill">{item.label}</span> : item.label}</span>
      </a>
    )
  }
  const active = isMenuItemActive(item, pathname)
  const badge = item.badge ?? 0
  const of = item.badgeOf ?? 'mensagens'
  return (
    // A counted item carries its badge even at 0, hidden: the enhancement layer (app/enhance/realtime.ts) shows it.
    <a
      href={item.href}
      className="side-menu-item"
      aria-current={active ? 'page' : undefined}
      aria-label={menuItemName(item.label, badge, of) ?? undefined}
      data-live={item.badge === undefined ? undefined : of === 'pedidos' ? 'orders-count' : 'chat-count'}
      data-live-label={item.badge === undefined ? undefined : item.label}
    >
      <span className="side-menu-icon">
        <Icon />
        {item.badge === undefined ? null : (
          <span className="side-menu-badge" aria-hidden="true" hidden={badge === 0}>
            {badgeNumber(badge)}
          </span>
        )}
      </span>
      <span className="side-menu-label">{item.label}</span>
    </a>
  )
}
