import { describe, expect, test } from 'vitest'
import {
  announcementOf,
  emptyNotifications,
  keyOf,
  orderNotificationsReducer as reduce,
  parseNotifications,
  totalsOf,
  unreadTotal,
  type NotificationAction,
  type OrderNotifications,
} from '../../app/domain/orders/notifications.ts'

/** The order notification counters of spec §3/§4. */

const ME = 7
const event = (status: string, userId: number | null = 99): NotificationAction => ({ type: 'event', event: { pedido: { id: 1, status, user_id: userId } }, currentUserId: ME })
const run = (state: OrderNotifications, ...actions: NotificationAction[]) => actions.reduce(reduce, state)
const started = () => run(emptyNotifications(), { type: 'init', totals: { a: 5, f: 2, n: 1 } })

describe('order notifications', () => {
  test('letters: A a, F f, N n, Q counts as f (invoiced), anything else a', () => {
    expect(['A', 'F', 'N', 'Q', 'q', 'X', ''].map(keyOf)).toEqual(['a', 'f', 'n', 'f', 'f', 'a', 'a'])
    expect(totalsOf({ A: 3, F: 2, N: 1, Q: 4 })).toEqual({ a: 3, f: 6, n: 1 })
  })

  test('events before initialisation are ignored; the first initialisation counts what exists as viewed', () => {
    const before = run(emptyNotifications(), event('A'), event('F'))
    expect(before).toEqual(emptyNotifications())
    expect(started()).toEqual({ novos: { a: 0, f: 0, n: 0 }, visualizados: { a: 5, f: 2, n: 1 }, inicializado: true })
  })

  test("each event raises its key's unread; the current user's own events are ignored", () => {
    const s = run(started(), event('A'), event('A'), event('Q'), event('N'), event('F', ME), event('A', ME))
    expect(s.novos).toEqual({ a: 2, f: 1, n: 1 })
    expect(unreadTotal(s)).toBe(4)
  })

  test("the user's own order counts as seen: a later initialisation does not show it as new", () => {
    // Sent by the user (a new A), then one of the A orders invoiced by the user (A → F).
    const s = run(started(), event('A', ME), event('F', ME))
    expect(s).toMatchObject({ novos: { a: 0, f: 0, n: 0 }, visualizados: { a: 5, f: 3, n: 1 } })
    // The page reloaded: the organization's totals now hold both changes.
    expect(run(s, { type: 'init', totals: { a: 5, f: 3, n: 1 } }).novos).toEqual({ a: 0, f: 0, n: 0 })
  })

  test("someone else's order leaving A leaves A's counters: a later new order still shows after a reload", () => {
    // The review's case: viewed {a: 2, f: 2, n: 1}; the OL invoices one of the two A orders; the list is seen; a new
    // order arrives; the page reloads with the totals A 2 (one left, one new), F 3, N 1.
    const s = run(emptyNotifications(), { type: 'init', totals: { a: 2, f: 2, n: 1 } }, event('F'), { type: 'view' }, event('A'))
    expect(s).toMatchObject({ novos: { a: 1, f: 0, n: 0 }, visualizados: { a: 1, f: 3, n: 1 } })
    expect(run(s, { type: 'init', totals: { a: 2, f: 3, n: 1 } }).novos).toEqual({ a: 1, f: 0, n: 0 })
    // An order that was still unread as A when it moved: it leaves the unread A instead.
    const unread = run(emptyNotifications(), { type: 'init', totals: { a: 0, f: 0, n: 0 } }, event('A'), event('N'))
    expect(unread).toMatchObject({ novos: { a: 0, f: 0, n: 1 }, visualizados: { a: 0, f: 0, n: 0 } })
  })

  test('a summary sets unread to total − viewed, never below zero', () => {
    const s = run(started(), { type: 'event', event: { tipo: 'A', qt_ped: 9 }, currentUserId: ME }, { type: 'event', event: { tipo: 'N', qt_ped: 0 }, currentUserId: ME })
    expect(s.novos).toEqual({ a: 4, f: 0, n: 0 })
    expect(run(emptyNotifications(), { type: 'event', event: { tipo: 'A', qt_ped: 9 }, currentUserId: ME })).toEqual(emptyNotifications())
  })

  test('viewing moves unread into viewed (all keys, or the ones given); a kept state initialised again shows what came meanwhile', () => {
    // A new order (A: 6), and one of the A orders invoiced (A: 5, F: 3).
    const s = run(started(), event('A'), event('F'), { type: 'view', keys: ['a'] })
    expect(s).toMatchObject({ novos: { a: 0, f: 1, n: 0 }, visualizados: { a: 5, f: 2, n: 1 } })
    const all = run(s, { type: 'view' })
    expect(all).toMatchObject({ novos: { a: 0, f: 0, n: 0 }, visualizados: { a: 5, f: 3, n: 1 } })
    // Reloaded later in the session: two more orders arrived while no page listened.
    const kept = parseNotifications(JSON.stringify(all))!
    const reloaded = run(emptyNotifications(), { type: 'restore', kept }, { type: 'init', totals: { a: 7, f: 3, n: 1 } })
    expect(reloaded.novos).toEqual({ a: 2, f: 0, n: 0 })
    // A late restore never replaces counters already running.
    expect(run(reloaded, { type: 'restore', kept: emptyNotifications() })).toBe(reloaded)
  })

  test('a stored state is read back only when well formed', () => {
    expect(parseNotifications(JSON.stringify(started()))).toEqual(started())
    for (const bad of [null, '', '{', '[]', JSON.stringify({ novos: { a: -1, f: 0, n: 0 }, visualizados: { a: 0, f: 0, n: 0 }, inicializado: true }), JSON.stringify({ novos: {}, visualizados: {}, inicializado: 1 })]) {
      expect(parseNotifications(bad)).toBeNull()
    }
  })

  test('an order of someone else is announced by number and status; the user’s own and a summary are not', () => {
    expect(announcementOf({ pedido: { id: 12, status: 'A', user_id: 99 } }, ME)).toBe('Novo pedido nº 12.')
    expect(announcementOf({ pedido: { id: 12, status: 'n', user_id: null } }, ME)).toBe('Pedido nº 12: Negado.')
    expect(announcementOf({ pedido: { id: 12, status: 'Q', user_id: 99 } }, ME)).toBe('Pedido nº 12: Faturado com quebra.')
    expect(announcementOf({ pedido: { id: 12, status: 'F', user_id: ME } }, ME)).toBeNull()
    expect(announcementOf({ tipo: 'a', qt_ped: 3 }, ME)).toBeNull()
  })
})
