import { companyFetch } from './company-fetch.ts'

/** How often a running import is read again. */
const POLL_MS = 1000

/**
 * A spreadsheet import's progress, live: while the job runs its region (`data-import-poll`, ImportJobPanel) is read
 * again every second from that resource route, which answers it as the server renders it, and swapped in; the live
 * region inside is kept, its content changed, so a screen reader says each new state. It stops once the job has
 * ended (the answer has no `data-import-poll`). A failed read waits for the next turn; without JavaScript 'Atualizar'
 * reloads the page.
 */
export function startImportProgress() {
  for (const region of document.querySelectorAll<HTMLElement>('[data-import-poll]')) poll(region)
}

function poll(region: HTMLElement) {
  const address = new URL(region.dataset.importPoll!, location.href)
  address.searchParams.set('pagina', location.pathname + location.search)
  const turn = async () => {
    try {
      const res = await companyFetch(address, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
      if (res.ok) swap(region, await res.text())
    } catch {
      // Offline for a moment: the next turn tries again.
    }
    if (region.isConnected && region.dataset.importPoll) window.setTimeout(turn, POLL_MS)
  }
  window.setTimeout(turn, POLL_MS)
}

function swap(region: HTMLElement, html: string) {
  const template = document.createElement('template')
  template.innerHTML = html
  const next = template.content.firstElementChild
  if (!(next instanceof HTMLElement) || next.dataset.importJob !== region.dataset.importJob) return
  const live = region.querySelector('[role="status"]')
  const nextLive = next.querySelector('[role="status"]')
  if (live && nextLive) {
    live.replaceChildren(...nextLive.childNodes)
    nextLive.replaceWith(live)
  }
  // The keyboard on a link of the region ('Atualizar', a report page) stays on the same link of the new one.
  const focused = document.activeElement instanceof HTMLAnchorElement && region.contains(document.activeElement) ? document.activeElement.getAttribute('href') : null
  region.replaceChildren(...next.childNodes)
  if (focused !== null) [...region.querySelectorAll('a')].find((link) => link.getAttribute('href') === focused)?.focus()
  if (next.dataset.importPoll) region.dataset.importPoll = next.dataset.importPoll
  else delete region.dataset.importPoll
}
