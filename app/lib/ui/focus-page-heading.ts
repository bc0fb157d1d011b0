/**
 * Gives the page's heading the focus (made focusable by script only, tabindex -1): where focus goes when it has
 * nowhere better, after a navigation (use-focus-after-navigation.ts) or when the last toast is closed.
 */
export function focusPageHeading(selector = 'main h1') {
  const heading = document.querySelector<HTMLElement>(selector)
  if (!heading) return
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus({ preventScroll: true })
}
