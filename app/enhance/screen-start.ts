import { focusScreenStart } from '~/lib/ui/focus-page-heading.ts'

const LEFT_KEY = 'left-by'
/** A mark older than this belongs to a page left for another site, or a load that never came. */
const LEFT_TTL_MS = 30_000

/**
 * After a navigation within the product (a link followed, a form whose answer is another page: leaving or entering
 * a company, a menu's item), the keyboard starts where the new screen starts, its heading, as it did when the shell
 * changed screens without a page load: a keyboard or screen-reader user goes on from the new content instead of
 * from the top of the header. A page opened by its address, reloaded or reached from another site starts at the top,
 * as the browser starts it; a page that placed the focus itself (a modal, a refused field, the place kept after a
 * post) keeps it.
 */
export function startScreenStart() {
  const leave = () => {
    try {
      sessionStorage.setItem(LEFT_KEY, String(Date.now()))
    } catch {
      // Storage refused: the next page starts at the top, as without JavaScript.
    }
  }
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target || link.hasAttribute('download')) return
    const to = new URL(link.href)
    if (to.origin !== location.origin || (to.pathname === location.pathname && to.search === location.search)) return
    leave()
  })
  document.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) leave()
  })

  let left = 0
  try {
    left = Number(sessionStorage.getItem(LEFT_KEY))
    sessionStorage.removeItem(LEFT_KEY)
  } catch {
    return
  }
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
  if (!left || Date.now() - left > LEFT_TTL_MS || navigation?.type === 'reload' || navigation?.type === 'back_forward') return
  // A page that asks for its own focus (`autofocus`: a refused field, a refusal to read) gets it from the browser,
  // which gives it only while nothing else has the focus.
  if ((document.activeElement && document.activeElement !== document.body) || document.querySelector('[autofocus]')) return
  focusScreenStart()
}
