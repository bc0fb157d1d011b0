import type { KeyboardEvent } from 'react'

/**
 * Escape closes the open <details> it is pressed in (a confirmation step, a picker) and gives the focus back to
 * its summary, as a menu or a dialog does; a dialog around it stays open.
 */
export function closeDetailsOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  const details = event.currentTarget
  if (event.key !== 'Escape' || !details.open) return
  event.preventDefault()
  event.stopPropagation()
  details.open = false
  details.querySelector('summary')?.focus()
}
