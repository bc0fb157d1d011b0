import Echo from 'laravel-echo'
import Pusher from 'pusher-js'
import { badgeNumber, headerChatName, menuItemName, overdueHref, overdueText, type HeaderCounters } from '~/components/shell/counter-names.ts'
import { announcementOf, keyOf, type NotificationKey, type OrderEvent } from '~/domain/orders/notifications.ts'
import { echoOptions, type LiveConnection } from '~/lib/realtime-client-config.ts'
import { companyFetch } from './company-fetch.ts'

type News = { novos: Record<NotificationKey, number> }

/**
 * The page's live data, on one realtime connection (decision 028): the member's private chat channel moves
 * the header's and the menu's chat counts and the overdue notice (read again from /cabecalho/contadores, the server's
 * counters); the organization's order channel, for a member who reads orders, moves the menu's Pedidos badge (the
 * server's unseen orders), puts a new or changed order in the list as the server renders its row (/pedidos/linha), the
 * order on screen as the server renders the page, and says what happened in the shell's live region.
 */
export function startRealtime(live: LiveConnection) {
  const echo = new Echo({ broadcaster: 'pusher', ...echoOptions(live.realtime, window.location), Pusher })
  const connection = echo.connector.pusher.connection
  let wasConnected = false
  connection.bind('state_change', ({ current }: { current: string }) => {
    if (current !== 'connected') return
    // What happened while the page was not listening shows in the counters the server keeps.
    if (wasConnected) refreshAll(live)
    wasConnected = true
  })

  const chat = echo.private(`${live.userId}_chat`)
  // Any message may move the counts: another's raises the unread, the member's own answer ends a wait.
  chat.listen('.chat-messages', () => refreshHeader())
  // The page was rendered before the channel listened: what came in between is read once.
  chat.subscribed(() => refreshHeader())
  // A plan changed, here or in another tab: the header's notices and an open plans modal as the server draws them now.
  chat.listen('.empresa-plano', (event: { organizacao_id: number; texto: string }) => {
    if (event.organizacao_id !== live.organizationId) return
    void swapRegions(['header-notices', 'plans']).then(() => say(event.texto))
  })

  if (live.readsOrders) {
    const orders = echo.private(`organizacao.ped.${live.organizationId}`)
    // One event at a time, in the order they came: a new order's row is in place before its change arrives.
    let queue = Promise.resolve()
    orders.listen('.PedidoCriadoOuAtualizado', (event: OrderEvent) => {
      queue = queue.then(() => orderEvent(live, event)).catch(() => undefined)
    })
    orders.subscribed(() => void refreshOrders())
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && seenKeys() && ordersCount() > 0) void refreshOrders()
    })
  }
}

function refreshAll(live: LiveConnection) {
  refreshHeader()
  if (live.readsOrders) void refreshOrders()
}

/** One read at a time; a message meanwhile asks for one more, so an answer computed before it never hides it. */
const header = { busy: false, again: false }

function refreshHeader() {
  if (header.busy) {
    header.again = true
    return
  }
  header.busy = true
  void (async () => {
    do {
      header.again = false
      const counters = await readJson<HeaderCounters>('/cabecalho/contadores')
      if (counters) showHeader(counters)
    } while (header.again)
    header.busy = false
  })()
}

function showHeader(counters: HeaderCounters) {
  showCount('chat-count', counters.notificacoes_chat, 'mensagens')
  const notice = document.querySelector<HTMLAnchorElement>('.app-header [data-notice="overdue"]')
  if (!notice) return
  const item = notice.closest('li')
  if (item) item.hidden = counters.msg_atraso <= 0
  if (counters.msg_atraso > 0) {
    const text = notice.querySelector('span')
    if (text) text.textContent = overdueText(counters.msg_atraso)
    notice.href = overdueHref(counters.msg_atraso_tipos)
  }
  const list = notice.closest('ul')
  if (list) list.hidden = !list.querySelector('li:not([hidden])')
}

/** A count of the shell: its badge (present at 0, hidden) and its link's accessible name. */
function showCount(which: 'chat-count' | 'orders-count', n: number, of: 'mensagens' | 'pedidos') {
  for (const link of document.querySelectorAll<HTMLElement>(`[data-live="${which}"]`)) {
    const badge = link.querySelector<HTMLElement>('.side-menu-badge')
    const label = link.dataset.liveLabel
    if (label) {
      const name = menuItemName(label, n, of)
      if (name) link.setAttribute('aria-label', name)
      else link.removeAttribute('aria-label')
      if (badge) badge.textContent = badgeNumber(n)
    } else {
      link.setAttribute('aria-label', headerChatName(n))
      if (badge) badge.textContent = String(Math.max(0, n))
    }
    if (badge) badge.hidden = n <= 0
  }
}

function ordersCount() {
  const badge = document.querySelector<HTMLElement>('[data-live="orders-count"] .side-menu-badge')
  return badge && !badge.hidden ? Number.parseInt(badge.textContent ?? '', 10) || 0 : 0
}

function showOrders(news: News | null) {
  if (!news) return
  showCount('orders-count', news.novos.a + news.novos.f + news.novos.n, 'pedidos')
}

/** The keys the orders list on screen shows (list-state.ts), while the tab is in sight; null when it sees nothing. */
function seenKeys(): NotificationKey[] | null {
  const seen = document.querySelector<HTMLElement>('[data-live="orders-list"][data-live-seen]')?.dataset.liveSeen
  if (!seen || document.visibilityState !== 'visible') return null
  return seen.split(' ') as NotificationKey[]
}

/** The server's unseen orders; the list on screen first marks what it shows as seen. */
async function refreshOrders(keys = seenKeys()) {
  if (!keys) return showOrders(await readJson<News>('/pedidos/contadores'))
  const form = new FormData()
  for (const key of keys) form.append('chave', key)
  const res = await companyFetch('/pedidos/vistos', { method: 'POST', body: form, headers: { accept: 'application/json' } }).catch(() => null)
  showOrders(res?.ok ? ((await res.json().catch(() => null)) as News | null) : null)
}

async function orderEvent(live: LiveConnection, event: OrderEvent) {
  if ('pedido' in event) {
    await Promise.all([showRow(event.pedido.id), showOrder(event.pedido.id, event.pedido.status)])
    const text = announcementOf(event, live.userId)
    if (text) say(text)
    const keys = seenKeys()
    await refreshOrders(keys?.includes(keyOf(event.pedido.status)) ? keys : null)
  } else await refreshOrders()
}

/** The order's row as the list on screen shows it now: put in its place, first when new, taken out when the list no longer shows it. */
async function showRow(id: number) {
  const list = document.querySelector('[data-live="orders-list"]')
  if (!list) return
  const address = window.location.pathname + window.location.search
  const res = await companyFetch(`/pedidos/linha/${id}?endereco=${encodeURIComponent(address)}`, { headers: { accept: 'text/html' } }).catch(() => null)
  if (!res?.ok) return
  const old = list.querySelector(`tr[data-order-id="${id}"]`)
  if (res.status === 204) {
    old?.remove()
    return
  }
  const template = document.createElement('template')
  template.innerHTML = await res.text()
  const row = template.content.querySelector('tr')
  if (!row) return
  const rows = list.querySelector('[data-live-rows]')
  if (old) {
    const focused = old.contains(document.activeElement)
    old.replaceWith(row)
    if (focused) row.querySelector<HTMLElement>('[data-open-order]')?.focus()
  } else if (rows) rows.prepend(row)
  else await swapFromPage(list)
}

/** The order on screen (the list's open order, the e-mail's page) once its status changed: the page's new version of it. */
async function showOrder(id: number, status: string) {
  const region = document.querySelector<HTMLElement>(`[data-live-order="${id}"]`)
  if (!region || region.dataset.liveStatus === status.toUpperCase()) return
  await swapFromPage(region)
}

/** A region replaced by the same region of this page as the server renders it now; the focus inside it goes to the new one. */
async function swapFromPage(region: Element) {
  const page = await pageNow()
  if (!page) return
  const selector = region.matches('[data-live-order]') ? `[data-live-order="${region.getAttribute('data-live-order')}"]` : '[data-live="orders-list"]'
  const fresh = page.querySelector(selector)
  if (!fresh) return
  const focused = region.contains(document.activeElement)
  const adopted = document.adoptNode(fresh)
  region.replaceWith(adopted)
  if (!focused || !(adopted instanceof HTMLElement)) return
  const target = adopted.hasAttribute('tabindex') ? adopted : adopted.querySelector<HTMLElement>('h1, h2')
  if (target && !target.hasAttribute('tabindex')) target.tabIndex = -1
  target?.focus()
}

/** This page as the server renders it now, or null when it cannot be read. */
async function pageNow() {
  const res = await companyFetch(window.location.href, { headers: { accept: 'text/html' } }).catch(() => null)
  return res?.ok ? new DOMParser().parseFromString(await res.text(), 'text/html') : null
}

/** The page's `data-live` regions of these names, replaced by the same regions of the page as the server renders it now. */
async function swapRegions(names: string[]) {
  const regions = names.map((name) => document.querySelector(`[data-live="${name}"]`)).filter((region) => region !== null)
  if (!regions.length) return
  const page = await pageNow()
  if (!page) return
  for (const region of regions) {
    const fresh = page.querySelector(`[data-live="${region.getAttribute('data-live')}"]`)
    if (fresh) region.replaceWith(document.adoptNode(fresh))
  }
}

/** Said by the shell's polite live region (order-live.tsx renders it): emptied first, so the same words twice are said twice. */
function say(text: string) {
  const region = document.querySelector('[data-live-say]')
  if (!region) return
  region.textContent = ''
  window.setTimeout(() => (region.textContent = text), 100)
}

async function readJson<T>(url: string): Promise<T | null> {
  const res = await companyFetch(url, { headers: { accept: 'application/json' } }).catch(() => null)
  return res?.ok ? ((await res.json().catch(() => null)) as T | null) : null
}
