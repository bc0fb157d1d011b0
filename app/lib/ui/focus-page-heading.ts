/**
 * Gives the page's heading the focus (made focusable by script only, tabindex -1): where focus goes when it has
 * nowhere better, after a navigation (use-focus-after-navigation.ts) or when the last toast is closed. With a modal
 * open, the page behind it is out of reach: the focus goes into the modal instead (focusInOpenModal).
 */
export function focusPageHeading(selector = 'main h1') {
  if (focusInOpenModal()) return
  focusByScript(document.querySelector<HTMLElement>(selector))
}

/**
 * In an open modal, the focus goes to what it marks for it (`data-autofocus`), else to its message (a status or an
 * alert: what changed, as when a form's success replaces the form and the pressed button), else to its heading.
 * Answers whether a modal was open.
 */
function focusInOpenModal() {
  const modal = document.querySelector<HTMLElement>('[role="dialog"][aria-modal="true"], dialog[open]')
  if (!modal) return false
  focusByScript(modal.querySelector<HTMLElement>('[data-autofocus], [role="status"], [role="alert"]') ?? modal.querySelector<HTMLElement>('h1, h2'))
  return true
}

function focusByScript(target: HTMLElement | null) {
  if (!target) return
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus({ preventScroll: true })
}

/** What a screen marks as where the keyboard starts after a navigation (a chat's open conversation); else its h1. */
const NAVIGATION_FOCUS = '#conteudo [data-navigation-focus]'

/** Whether any of the element is inside the window. */
export const inView = (element: Element) => {
  const box = element.getBoundingClientRect()
  return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth
}

/**
 * Where the keyboard starts on the screen just navigated to: what it marks for it, else its heading. Brought into
 * view when out of it: a form answered on the same page keeps its scroll (the user was halfway down), and a focus
 * out of sight shows no outline and starts the next Tab from somewhere the user cannot see.
 */
export const focusScreenStart = () => {
  focusPageHeading(document.querySelector(NAVIGATION_FOCUS) ? NAVIGATION_FOCUS : '#conteudo h1')
  const focused = document.activeElement
  if (focused instanceof HTMLElement && focused !== document.body && !inView(focused)) focused.scrollIntoView({ block: 'start' })
}
