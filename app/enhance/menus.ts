import { MENU_COLLAPSE_DELAY_MS, MENU_PIN_STORAGE_KEY, MENU_WIDE_MIN_PX } from '~/lib/menu.ts'
import { keepTabInside } from '~/lib/ui/keep-tab-inside.ts'

/**
 * The shell's menus over their HTML that works without JavaScript: the side menu's drawer (a checkbox the CSS reads,
 * flipped by labels) gets real buttons (expanded state, Escape, Tab kept inside, the focus back on the menu button),
 * the pin of the wide menu (kept in session storage), and the user menu (a `<details>`) closes on Escape and
 * on a click outside.
 */
export function startMenus() {
  startDrawer()
  startExpanding()
  startUserMenu()
}

/**
 * The wide menu, slim unless pinned, expands while the pointer is over it or the keyboard in it, and collapses
 * 250 ms after the pointer leaves. Without JavaScript the CSS does the same from :hover and :focus-visible;
 * `data-enhanced` hands it to this module, which can wait for the keyboard to leave too.
 */
function startExpanding() {
  const aside = document.querySelector<HTMLElement>('.side-menu')
  if (!aside) return
  aside.dataset.enhanced = ''
  let hovering = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const keyboardInside = () => Boolean(document.activeElement && aside.contains(document.activeElement) && document.activeElement.matches(':focus-visible'))
  const expand = () => {
    clearTimeout(timer)
    aside.dataset.expanded = ''
  }
  const collapse = () => {
    clearTimeout(timer)
    delete aside.dataset.expanded
  }
  aside.addEventListener('mouseenter', () => {
    hovering = true
    expand()
  })
  aside.addEventListener('mouseleave', () => {
    hovering = false
    clearTimeout(timer)
    timer = setTimeout(() => !hovering && !keyboardInside() && collapse(), MENU_COLLAPSE_DELAY_MS)
  })
  aside.addEventListener('focusin', (event) => {
    if (event.target instanceof Element && event.target.matches(':focus-visible')) expand()
  })
  aside.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && aside.contains(event.relatedTarget)) && !hovering) collapse()
  })
}

function startDrawer() {
  const toggle = document.querySelector<HTMLInputElement>('.side-menu-toggle')
  const drawer = document.querySelector<HTMLElement>('.side-menu')
  const open = document.querySelector<HTMLButtonElement>('[data-menu-toggle]')
  const close = document.querySelector<HTMLButtonElement>('[data-menu-close]')
  const pin = document.querySelector<HTMLButtonElement>('[data-menu-pin]')
  const shell = document.querySelector<HTMLElement>('.shell-with-menu')
  if (!toggle || !drawer || !open || !close || !shell) return
  for (const label of document.querySelectorAll<HTMLElement>(`label[for="${toggle.id}"].menu-button, label[for="${toggle.id}"].side-menu-close`)) label.hidden = true
  for (const button of [open, close, pin]) if (button) button.hidden = false
  // The buttons take over: the checkbox only carries the state for the CSS.
  toggle.tabIndex = -1
  toggle.setAttribute('aria-hidden', 'true')
  const main = document.querySelector<HTMLElement>('main')
  const wide = window.matchMedia(`(min-width: ${MENU_WIDE_MIN_PX}px)`)

  const setOpen = (next: boolean, focus: boolean) => {
    toggle.checked = next && !wide.matches
    open.setAttribute('aria-expanded', String(toggle.checked))
    main?.toggleAttribute('inert', toggle.checked)
    if (!focus) return
    if (toggle.checked) close.focus()
    else open.focus()
  }
  open.addEventListener('click', () => setOpen(!toggle.checked, true))
  close.addEventListener('click', () => setOpen(false, true))
  wide.addEventListener('change', () => setOpen(false, false))
  document.addEventListener('keydown', (event) => {
    if (!toggle.checked) return
    if (event.key === 'Escape') setOpen(false, true)
    else if (event.key === 'Tab') keepTabInside(drawer, event)
  })

  if (!pin) return
  const showPin = () => {
    const pinned = shell.hasAttribute('data-menu-pinned')
    pin.setAttribute('aria-pressed', String(pinned))
    pin.title = pinned ? 'Soltar menu' : 'Fixar menu aberto'
  }
  showPin()
  pin.addEventListener('click', () => {
    const pinned = !shell.hasAttribute('data-menu-pinned')
    shell.toggleAttribute('data-menu-pinned', pinned)
    try {
      sessionStorage.setItem(MENU_PIN_STORAGE_KEY, pinned ? '1' : '0')
    } catch {
      // Storage refused (private mode, quota): the pin lasts until the next page load.
    }
    showPin()
  })
}

function startUserMenu() {
  const details = document.querySelector<HTMLDetailsElement>('details.user-menu')
  if (!details) return
  document.addEventListener('pointerdown', (event) => {
    if (details.open && event.target instanceof Node && !details.contains(event.target)) details.open = false
  })
  details.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && details.open) {
      details.open = false
      details.querySelector('summary')?.focus()
    }
  })
}
