import type { MouseEvent } from 'react'

/**
 * A submit button's props while its form is sending: marked aria-disabled and its presses ignored (a toggle sent
 * twice would flip back), but never `disabled`, which takes the focus from it and leaves the keyboard nowhere.
 */
export function busyProps(busy: boolean) {
  return {
    'aria-disabled': busy || undefined,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (busy) event.preventDefault()
    },
  }
}
