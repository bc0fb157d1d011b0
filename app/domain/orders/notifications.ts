import { orderLiveMessages } from './live-messages.ts'
import { ORDER_STATUS_LABELS } from './order-status.ts'

/**
 * The order notifications of spec §3/§4 (decision 028): per organization, the unread ('novos') and
 * viewed ('visualizados') counters with the keys a, f, n, and whether they were initialised. Pure: the
 * live client keeps the state in session storage and feeds it the events of `private-organizacao.ped.{id}`.
 *
 * - A status letter counts under its key: A → a, F → f, N → n; Q (faturado com quebra) is invoiced, so
 *   f; anything else a (spec §4 'otherwise counted as A').
 * - Events of the current user (`user_id`) and everything before initialisation are ignored. The user's own
 *   event counts as seen: its order is in the totals a later initialisation or summary compares with the viewed
 *   ones (an order is created as A, and only an A order changes, to F, N or Q).
 * - A summary `{tipo, qt_ped}` sets that key's unread to total − viewed (never below 0).
 * - Initialising with the organization's totals: a first visit counts them all as viewed; a state kept
 *   from earlier in the session treats them as a summary, so orders that arrived meanwhile show.
 * - Viewing moves the unread into viewed.
 */

export const NOTIFICATION_KEYS = ['a', 'f', 'n'] as const
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number]
export type Counts = Record<NotificationKey, number>

export type OrderNotifications = {
  novos: Counts
  visualizados: Counts
  inicializado: boolean
}

/** The event's data as published (PedidoCriadoOuAtualizado). */
export type OrderEvent = { pedido: { id: number; status: string; user_id: number | null } } | { tipo: string; qt_ped: number }

export type NotificationAction =
  /** The state kept in session storage, read back when the page starts (before 'init'). */
  | { type: 'restore'; kept: OrderNotifications }
  | { type: 'init'; totals: Counts }
  | { type: 'event'; event: OrderEvent; currentUserId: number }
  | { type: 'view'; keys?: readonly NotificationKey[] }

const zero = (): Counts => ({ a: 0, f: 0, n: 0 })

export const emptyNotifications = (): OrderNotifications => ({
  novos: zero(),
  visualizados: zero(),
  inicializado: false,
})

export function keyOf(status: string): NotificationKey {
  const letter = status.toUpperCase()
  if (letter === 'F' || letter === 'Q') return 'f'
  if (letter === 'N') return 'n'
  return 'a'
}

/** The order counters (A, F, N, Q) as the notification keys. */
export const totalsOf = (c: { A: number; F: number; N: number; Q: number }): Counts => ({ a: c.A, f: c.F + c.Q, n: c.N })

export const unreadTotal = (s: OrderNotifications) => s.novos.a + s.novos.f + s.novos.n

/** The user's own order under `k`, as seen: a new one (a), or one moved out of A. */
function seenOwn(viewed: Counts, k: NotificationKey): Counts {
  if (k === 'a') return { ...viewed, a: viewed.a + 1 }
  return { ...viewed, a: Math.max(0, viewed.a - 1), [k]: viewed[k] + 1 }
}

/**
 * Someone else's order under `k`: unread there; moved out of A, it leaves A's counters too, the viewed ones first.
 * Left in them, a later initialisation (total − viewed) hid as many new orders as had left A.
 */
function arrived(state: OrderNotifications, k: NotificationKey): OrderNotifications {
  const novos = { ...state.novos, [k]: state.novos[k] + 1 }
  if (k === 'a') return { ...state, novos }
  const visualizados = { ...state.visualizados }
  if (visualizados.a > 0) visualizados.a--
  else novos.a = Math.max(0, novos.a - 1)
  return { ...state, novos, visualizados }
}

export function orderNotificationsReducer(state: OrderNotifications, action: NotificationAction): OrderNotifications {
  switch (action.type) {
    case 'restore':
      return state.inicializado ? state : action.kept
    case 'init': {
      if (!state.inicializado)
        return {
          novos: zero(),
          visualizados: { ...action.totals },
          inicializado: true,
        }
      const novos = zero()
      for (const k of NOTIFICATION_KEYS) novos[k] = Math.max(0, action.totals[k] - state.visualizados[k])
      return { ...state, novos }
    }
    case 'event': {
      if (!state.inicializado) return state
      const { event } = action
      if ('pedido' in event) {
        const k = keyOf(event.pedido.status)
        if (event.pedido.user_id === action.currentUserId) return { ...state, visualizados: seenOwn(state.visualizados, k) }
        return arrived(state, k)
      }
      const k = keyOf(event.tipo)
      return {
        ...state,
        novos: {
          ...state.novos,
          [k]: Math.max(0, event.qt_ped - state.visualizados[k]),
        },
      }
    }
    case 'view': {
      const keys = action.keys ?? NOTIFICATION_KEYS
      const novos = { ...state.novos }
      const visualizados = { ...state.visualizados }
      for (const k of keys) {
        visualizados[k] += novos[k]
        novos[k] = 0
      }
      return { ...state, novos, visualizados }
    }
  }
}

/** A state read back from session storage, or null when it is not one (another version, tampered). */
export function parseNotifications(text: string | null): OrderNotifications | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as Partial<OrderNotifications>
    const counts = (c: unknown): c is Counts =>
      typeof c === 'object' && c !== null && NOTIFICATION_KEYS.every((k) => Number.isInteger((c as Counts)[k]) && (c as Counts)[k] >= 0)
    if (!counts(value.novos) || !counts(value.visualizados) || typeof value.inicializado !== 'boolean') return null
    return {
      novos: value.novos,
      visualizados: value.visualizados,
      inicializado: value.inicializado,
    }
  } catch {
    return null
  }
}

/**
 * What to announce for an event, as the counters count it: someone else's order, created (A) or moved to
 * another status. Null for the user's own and for a summary, which carries no order (the badge shows it).
 */
export function announcementOf(event: OrderEvent, currentUserId: number): string | null {
  if (!('pedido' in event) || event.pedido.user_id === currentUserId) return null
  const status = event.pedido.status.toUpperCase()
  if (status === 'A') return orderLiveMessages.created(event.pedido.id)
  return orderLiveMessages.changed(event.pedido.id, ORDER_STATUS_LABELS[status] ?? status)
}
