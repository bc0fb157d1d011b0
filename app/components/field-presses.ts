/**
 * What a form's checks need of the DOM around a field, with or without React (use-validated-form.ts on hydrated
 * pages, app/enhance/form-checks.ts on the pages that are not hydrated).
 */

export const isNamedField = (element: EventTarget | null): element is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
  (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) && element.name !== ''

/** A press ends when it is released, or cancelled (a touch that turns into a scroll on a phone). */
const PRESS_ENDS = ['pointerup', 'pointercancel'] as const

/**
 * The mouse and touch presses on the page, until `stop()`: whether one is under way, and a call once it has ended,
 * after the click it makes. A field left by a press (on a link, the page, another control) shows its message only
 * then: shown at once, the message would push what is below it away between press and release, and the click would
 * land elsewhere (the 'Crie sua conta' link under an empty, autofocused e-mail).
 */
export function trackPresses() {
  let pressing = false
  const down = () => {
    pressing = true
  }
  const up = () =>
    window.setTimeout(() => {
      pressing = false
    })
  document.addEventListener('pointerdown', down, true)
  for (const end of PRESS_ENDS) document.addEventListener(end, up, true)
  return {
    pressing: () => pressing,
    afterPress(then: () => void) {
      const ended = () => {
        for (const end of PRESS_ENDS) document.removeEventListener(end, ended)
        window.setTimeout(then)
      }
      for (const end of PRESS_ENDS) document.addEventListener(end, ended)
    },
    stop() {
      document.removeEventListener('pointerdown', down, true)
      for (const end of PRESS_ENDS) document.removeEventListener(end, up, true)
    },
  }
}
