import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { MENU_PIN_STORAGE_KEY, MENU_WIDE_MIN_PX, type MenuCompany } from '~/lib/menu.ts'
import { useChatLive } from '~/components/chat/chat-live.tsx'
import { useOrderLive } from '~/components/orders/order-live.tsx'
import { useNonce } from '~/lib/nonce.tsx'
import { keepTabInside } from '~/lib/ui/keep-tab-inside.ts'
import { Header, type HeaderCompany, type HeaderUser } from './header.tsx'
import { SideMenu, SIDE_MENU_TOGGLE_ID } from './side-menu.tsx'
import { focusScreenStart } from '~/lib/ui/focus-page-heading.ts'
import { useFocusAfterNavigation } from './use-focus-after-navigation.ts'

type ShellCompany = MenuCompany & HeaderCompany & { organizacao_id: number }

/**
 * Applies the stored pin before the first paint (the page would otherwise jump from
 * 80 px to 260 px when React starts). Harmless if blocked: React applies it anyway.
 */
const RESTORE_PIN = `try{if(sessionStorage.getItem(${JSON.stringify(MENU_PIN_STORAGE_KEY)})==='1')document.currentScript.parentElement.setAttribute('data-menu-pinned','')}catch(e){}`

const WIDE_QUERY = `(min-width: ${MENU_WIDE_MIN_PX}px)`

function readPin() {
  try {
    return window.sessionStorage.getItem(MENU_PIN_STORAGE_KEY) === '1'
  } catch {
    return false
  }
}

function writePin(pinned: boolean) {
  try {
    window.sessionStorage.setItem(MENU_PIN_STORAGE_KEY, pinned ? '1' : '0')
  } catch {
    // Storage refused (private mode, quota): the pin lasts until the next page load.
  }
}

/** The first stop of Tab: past the header and the side menu (about 15 controls) straight to the screen. */
const skipLink = (
  <a className="skip-link" href="#conteudo">
    Pular para o conteúdo
  </a>
)

/**
 * The app shell: with a company entered, the side menu, the header and the
 * padded routed view; without one (personal environment), the header only.
 */
export function AppFrame({ user, company, children }: { user: HeaderUser; company: ShellCompany | null; children: ReactNode }) {
  useFocusAfterNavigation()
  if (!company) {
    return (
      <div className="shell">
        {skipLink}
        <Header user={user} company={null} menu={null} />
        <main className="app-content" id="conteudo">
          {children}
        </main>
      </div>
    )
  }
  return (
    <MenuFrame user={user} company={company}>
      {children}
    </MenuFrame>
  )
}

function MenuFrame({ user, company: loaded, children }: { user: HeaderUser; company: ShellCompany; children: ReactNode }) {
  const hydrated = useHydrated()
  const nonce = useNonce()
  const chatLive = useChatLive()
  const liveTotal = chatLive?.total ?? null
  const waiting = chatLive?.header ? { msg_atraso: chatLive.header.msg_atraso, msg_atraso_tipos: chatLive.header.msg_atraso_tipos } : {}
  const ordersUnread = useOrderLive()?.unread
  const company = { ...loaded, ...waiting, ...(liveTotal === null ? {} : { notificacoes_chat: liveTotal }), ...(loaded.pedidos_novos === undefined ? {} : { pedidos_novos: ordersUnread }) }
  const location = useLocation()
  const [pinned, setPinned] = useState(false)
  const [open, setOpen] = useState(false)
  const [wide, setWide] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    setPinned(readPin())
    const query = window.matchMedia(WIDE_QUERY)
    const update = () => {
      setWide(query.matches)
      if (query.matches) setOpen(false)
    }
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])

  // The header's height, for the screens that fill the rest of the window (the chat): it grows on a phone with a notice.
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('.app-header')
    if (!header) return
    const observer = new ResizeObserver(() => document.documentElement.style.setProperty('--header-h', `${header.offsetHeight}px`))
    observer.observe(header)
    return () => observer.disconnect()
  }, [])

  // A link followed (page or modal) closes the drawer. The focus left on the drawer's link (hidden once it closes)
  // goes where the new screen starts (focusScreenStart), as after any other navigation: once the drawer is closed,
  // the screen being inert until then.
  const drawerWasOpen = useRef(false)
  const headingAfterClose = useRef(false)
  useEffect(() => {
    const active = document.activeElement
    if (drawerWasOpen.current && active && document.querySelector('.side-menu')?.contains(active)) headingAfterClose.current = true
    setOpen(false)
  }, [location.pathname, location.search])

  const changePin = useCallback((next: boolean) => {
    setPinned(next)
    writePin(next)
  }, [])

  const close = useCallback(() => {
    setOpen(false)
    buttonRef.current?.focus()
  }, [])

  const drawerOpen = open && !wide
  drawerWasOpen.current = drawerOpen
  useEffect(() => {
    if (drawerOpen || !headingAfterClose.current) return
    headingAfterClose.current = false
    focusScreenStart()
  }, [drawerOpen])

  // Escape closes the drawer from anywhere and gives focus back to the menu button. Tab stays in the drawer (it has
  // its own 'Fechar menu'): past its last item it went on to the header, dimmed behind the drawer.
  useEffect(() => {
    if (!drawerOpen) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close()
      const drawer = document.querySelector<HTMLElement>('.side-menu')
      if (e.key === 'Tab' && drawer) keepTabInside(drawer, e)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [drawerOpen, close])

  return (
    // `data-empresa`: the company this page shows, which the enhancement layer's requests name (app/lib/page-company.ts).
    <div className="shell shell-with-menu" data-empresa={company.organizacao_id} data-menu-pinned={pinned ? '' : undefined} suppressHydrationWarning>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: RESTORE_PIN }} />
      {skipLink}
      <input
        type="checkbox"
        id={SIDE_MENU_TOGGLE_ID}
        className="side-menu-toggle"
        aria-label="Menu principal"
        autoComplete="off"
        checked={open}
        onChange={(e) => setOpen(e.currentTarget.checked)}
        // With JS the header's real button takes over; the checkbox only carries the state for CSS.
        tabIndex={hydrated ? -1 : undefined}
        aria-hidden={hydrated ? true : undefined}
      />
      <Header
        user={user}
        company={company}
        menu={{ hydrated, open, onToggle: () => setOpen((o) => !o), buttonRef }}
      />
      <SideMenu company={company} hydrated={hydrated} pinned={pinned} onPinnedChange={changePin} open={open} onClose={close} wide={wide} />
      <label htmlFor={SIDE_MENU_TOGGLE_ID} className="side-menu-backdrop" aria-hidden="true" />
      <main className="app-content shell-main" id="conteudo" inert={drawerOpen || undefined}>
        {children}
      </main>
    </div>
  )
}
