import type { ModalStack } from './modal-stack.ts'

type Scrollable = { style: { overflow: string } }

/**
 * Showing a modal disables page scroll; closing restores it. The page is
 * locked while any modal of the stack is open, so closing a modal above another keeps
 * it locked; the overflow the page had before the first modal comes back after the last.
 */
export function lockScrollWhileModalsOpen(stack: ModalStack, page: Scrollable) {
  let saved: string | null = null
  const sync = () => {
    if (stack.depth() > 0 && saved === null) {
      saved = page.style.overflow
      page.style.overflow = 'hidden'
    } else if (stack.depth() === 0 && saved !== null) {
      page.style.overflow = saved
      saved = null
    }
  }
  sync()
  return stack.subscribe(sync)
}
