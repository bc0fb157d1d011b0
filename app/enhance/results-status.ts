const SHOWN_KEY = 'results-shown'
/** After the page's load, so that the live region's change is heard as one. */
const SAY_DELAY_MS = 150

/**
 * Says what a list now holds (ResultsStatus) when the page is the same screen with its list changed: come from a page
 * of the same address (its search form, filters, pages) with another list than the one shown last (its key, kept in
 * the session's storage). Opened from elsewhere, or the same list back after a post, it says nothing: the page's
 * heading and the toast speak.
 */
export function startResultsStatus() {
  const region = document.querySelector<HTMLElement>('[role="status"][data-results-key]')
  if (!region) return
  const shown = `${location.pathname}\n${region.dataset.resultsKey}`
  let before: string | null
  try {
    before = sessionStorage.getItem(SHOWN_KEY)
    sessionStorage.setItem(SHOWN_KEY, shown)
  } catch {
    return
  }
  const from = document.referrer ? new URL(document.referrer) : null
  const sameScreen = from?.origin === location.origin && from.pathname === location.pathname
  if (!sameScreen || before === null || before === shown || !before.startsWith(`${location.pathname}\n`)) return
  window.setTimeout(() => {
    region.textContent = region.dataset.resultsText ?? ''
  }, SAY_DELAY_MS)
}
