import { focusPageHeading } from './focus-page-heading.ts'

type Timers = { pause(): void; resume(): void }

/**
 * What a toaster does besides showing its toasts, hydrated (toaster.tsx) or not (enhance/toasts.ts): none closes
 * by itself while the pointer is over them or the focus in them (WCAG 2.2.1; the store keeps each one's time left),
 * and closing the last one gives the focus back where it came from, else to the page's heading, instead of leaving
 * it on the page's <body>.
 */
export function holdToaster(toaster: HTMLElement, timers: Timers) {
  const hold = { pointer: false, focus: false }
  let held = false
  let from: HTMLElement | null = null
  const set = (what: keyof typeof hold, on: boolean) => {
    hold[what] = on
    if (held === (hold.pointer || hold.focus)) return
    held = !held
    if (held) timers.pause()
    else timers.resume()
  }
  const inside = (target: EventTarget | null) => target instanceof Node && toaster.contains(target)
  const listeners: [string, (event: Event) => void][] = [
    ['pointerenter', () => set('pointer', true)],
    ['pointerleave', () => set('pointer', false)],
    [
      'focusin',
      (event) => {
        const origin = (event as FocusEvent).relatedTarget
        if (origin instanceof HTMLElement && !inside(origin)) from = origin
        set('focus', true)
      },
    ],
    ['focusout', (event) => !inside((event as FocusEvent).relatedTarget) && set('focus', false)],
  ]
  for (const [type, listener] of listeners) toaster.addEventListener(type, listener)
  return {
    /** Before its toast goes: the focus moves to the next toast's button, else back; an empty toaster holds nothing. */
    closing(button: HTMLButtonElement) {
      const next = [...toaster.querySelectorAll<HTMLButtonElement>('.toast-close')].find((b) => b !== button)
      if (next) return next.focus()
      if (button.contains(document.activeElement)) {
        if (from?.isConnected) from.focus()
        else focusPageHeading()
      }
      from = null
      set('focus', false)
      set('pointer', false)
    },
    dispose() {
      for (const [type, listener] of listeners) toaster.removeEventListener(type, listener)
      if (held) timers.resume()
    },
  }
}
