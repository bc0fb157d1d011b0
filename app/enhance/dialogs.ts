import { keepTabInside } from '~/lib/ui/keep-tab-inside.ts'

const OPENER_KEY = 'modal-opener'

/**
 * The modals opened by the address (`?modal=…`, RouteModal): served as part of the page, they work without
 * JavaScript (their close link goes back to the page without them). With it, the keyboard starts on the modal's
 * first field, Tab stays inside, Escape closes it, the page behind does not scroll, and once closed the focus comes
 * back to the link that opened it (remembered across the page loads in between).
 */
export function startDialogs() {
  rememberOpeners()
  const dialog = document.querySelector<HTMLElement>('.route-modal[role="dialog"]')
  if (!dialog) {
    returnToOpener()
    return
  }
  const first = ['[data-autofocus]', 'input:not([type=hidden]):not([disabled]), select, textarea', 'button, a[href]:not(.route-modal-close)']
    .map((selector) => dialog.querySelector<HTMLElement>(selector))
    .find(Boolean)
  // A refused post's answer has already put the focus on its first wrong field (form-checks.ts).
  if (!dialog.contains(document.activeElement) || document.activeElement?.matches('h2')) first?.focus()
  document.documentElement.style.overflow = 'hidden'
  const close = dialog.querySelector<HTMLAnchorElement>('a.route-modal-close')
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && close && !event.defaultPrevented) {
      event.preventDefault()
      close.click()
    } else if (event.key === 'Tab') keepTabInside(dialog, event)
  })
}

/** How long an opener waits for its page to come back (a modal or an order left open a while). */
const OPENER_TTL_MS = 30 * 60_000

/**
 * A link that opens a modal, or a panel of its page (`data-opens-panel`: an order above the list), remembers itself
 * for the page the modal or panel closes to; a panel's close link may name the control to focus there instead.
 */
function rememberOpeners() {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement)) return
    // A panel's close link names where the focus goes on the page it leads to (`data-focus-after`).
    const after = link.dataset.focusAfter
    if (after) return remember({ page: new URL(link.href).pathname + new URL(link.href).search, target: after, at: Date.now() })
    if (link.closest('[role="dialog"]')) return
    if (!new URL(link.href).searchParams.has('modal') && !link.hasAttribute('data-opens-panel')) return
    remember({ page: location.pathname + location.search, target: `a[href="${CSS.escape(link.getAttribute('href') ?? '')}"]`, at: Date.now() })
  })
}

type Opener = { page: string; target: string; at: number }

function remember(opener: Opener) {
  try {
    sessionStorage.setItem(OPENER_KEY, JSON.stringify(opener))
  } catch {
    // Storage refused: the focus starts at the top of the page, as without JavaScript.
  }
}

function returnToOpener() {
  let opener: Opener | null = null
  try {
    opener = JSON.parse(sessionStorage.getItem(OPENER_KEY) ?? 'null')
  } catch {
    return
  }
  if (!opener) return
  const expired = !(Date.now() - opener.at < OPENER_TTL_MS)
  // Kept while the modal or panel is open (its own page), for the page it closes to.
  if (!expired && opener.page !== location.pathname + location.search) return
  try {
    sessionStorage.removeItem(OPENER_KEY)
  } catch {
    return
  }
  if (expired) return
  const target = document.querySelector<HTMLElement>(opener.target)
  if (target && !document.querySelector('[autofocus], [aria-invalid="true"]')) target.focus({ preventScroll: false })
}
