/**
 * Makes a live region say what the server rendered into it. A screen reader announces a live region's changes, not
 * what it held when the page loaded, and on these pages every message arrives with the page: its content is taken
 * out and put back a moment later, as a hydrated page adds it.
 */
export function announce(region: Element | null) {
  if (!region?.childNodes.length) return
  const content = [...region.childNodes]
  region.replaceChildren()
  window.setTimeout(() => region.replaceChildren(...content), ANNOUNCE_DELAY_MS)
}

const ANNOUNCE_DELAY_MS = 150
