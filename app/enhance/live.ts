import type { LiveConnection } from '~/lib/realtime-client-config.ts'

/**
 * A page that shows live data (`data-live`: the header's and the menu's counters, an orders list, an order) gets the
 * realtime client once it has loaded: pusher-js and laravel-echo are a chunk of their own, never part of the page's
 * first bytes, and a page without live data never asks for them. A company screen also starts the chat afresh, as
 * the island's provider does when it mounts (chat-storage.ts).
 */
export function startLive() {
  const data = document.querySelector('script[data-live-connection]')
  if (!data?.textContent || !document.querySelector('[data-live], [data-live-order]')) return
  import('~/components/chat/chat-storage.ts').then(({ forgetActiveChat }) => forgetActiveChat()).catch(() => {})
  const connection = JSON.parse(data.textContent) as LiveConnection
  const start = () => void import('./realtime.ts').then(({ startRealtime }) => startRealtime(connection))
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}
