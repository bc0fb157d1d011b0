const PLACE_KEY = 'place-after-post'
/** A place older than this belongs to a post whose answer went elsewhere. */
const PLACE_TTL_MS = 30_000

type Place = { path: string; scrollY: number; focus: { selector: string; index: number } | null; at: number }

/**
 * A form sent from a page that comes back to the same page (a cart's quantity, a list's filter, a status change)
 * opens again where the person was: the same scroll position and the focus on the same control, unless the answer
 * asks for the focus itself (a refused field, a modal, an `autofocus`).
 */
export function startKeepPlace() {
  document.addEventListener('submit', (event) => {
    if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return
    const place: Place = { path: location.pathname, scrollY: window.scrollY, focus: describe(event.submitter ?? document.activeElement), at: Date.now() }
    try {
      sessionStorage.setItem(PLACE_KEY, JSON.stringify(place))
    } catch {
      // Storage refused: the answer opens at its top, as without JavaScript.
    }
  })
  let place: Place | null = null
  try {
    place = JSON.parse(sessionStorage.getItem(PLACE_KEY) ?? 'null')
    sessionStorage.removeItem(PLACE_KEY)
  } catch {
    return
  }
  if (!place || place.path !== location.pathname || Date.now() - place.at > PLACE_TTL_MS) return
  if (document.querySelector('[role="dialog"], [aria-invalid="true"], [autofocus]')) return
  window.scrollTo(0, place.scrollY)
  const target = place.focus ? document.querySelectorAll<HTMLElement>(place.focus.selector)[place.focus.index] : undefined
  target?.focus({ preventScroll: true })
}

/**
 * How to find the same control in the next page: its id; else its name (and value, for a button), or for a nameless
 * button or link its tag, with its rank among the controls that share them (the same button of each row of a list).
 */
function describe(element: Element | null): Place['focus'] {
  if (!(element instanceof HTMLElement) || element === document.body) return null
  let selector: string
  if (element.id) selector = `#${CSS.escape(element.id)}`
  else if (element.getAttribute('name')) {
    const value = element instanceof HTMLButtonElement && element.value ? `[value="${CSS.escape(element.value)}"]` : ''
    selector = `${element.tagName.toLowerCase()}[name="${CSS.escape(element.getAttribute('name')!)}"]${value}`
  } else if (element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement) selector = element.tagName.toLowerCase()
  else return null
  const index = [...document.querySelectorAll(selector)].indexOf(element)
  return index < 0 ? null : { selector, index }
}
