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
