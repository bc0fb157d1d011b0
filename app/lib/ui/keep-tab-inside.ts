const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Tab from a panel's last control goes to its first, Shift+Tab from its first to its last: while a modal (or the
 * menu drawer) is open the page behind it (header, menu, list) is out of reach, as `aria-modal` tells screen readers.
 */
export function keepTabInside(panel: HTMLElement, event: KeyboardEvent) {
  const tabbable = [...panel.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.getClientRects().length > 0 && !skippedRadio(element))
  if (tabbable.length === 0) return
  const first = tabbable[0]
  const last = tabbable[tabbable.length - 1]
  const active = document.activeElement
  const inside = active instanceof Node && panel.contains(active)
  const wrapTo = event.shiftKey ? (active === first || !inside ? last : null) : active === last || !inside ? first : null
  if (!wrapTo) return
  event.preventDefault()
  wrapTo.focus()
}

/** A radio Tab passes over: its group has another one checked. */
const skippedRadio = (element: HTMLElement) =>
  element instanceof HTMLInputElement &&
  element.type === 'radio' &&
  !element.checked &&
  element.name !== '' &&
  [...(element.form?.elements ?? [])].some((other) => other instanceof HTMLInputElement && other.type === 'radio' && other.name === element.name && other.checked)
