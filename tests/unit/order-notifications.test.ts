import { describe, expect, test } from 'vitest'
import { announcementOf, keyOf, totalsOf } from '../../app/domain/orders/notifications.ts'
import { keysSeen } from '../../app/domain/orders/list-state.ts'
import { parseListState } from '../../app/lib/list-state.ts'
import { orderList } from '../../app/lib/order-list.ts'

/** The order notifications (what a member has seen is the API's: tests/api/orders.test.ts). */

const ME = 7

describe('order notifications', () => {
  test('letters: A a, F f, N n, Q counts as f (invoiced), anything else a', () => {
    expect(['A', 'F', 'N', 'Q', 'q', 'X', ''].map(keyOf)).toEqual(['a', 'f', 'n', 'f', 'f', 'a', 'a'])
    expect(totalsOf({ A: 3, F: 2, N: 1, Q: 4 })).toEqual({ a: 3, f: 6, n: 1 })
  })

  test('an order of someone else is announced by number and status; the user’s own and a summary are not', () => {
    expect(announcementOf({ pedido: { id: 12, status: 'A', user_id: 99 } }, ME)).toBe('Novo pedido nº 12.')
    expect(announcementOf({ pedido: { id: 12, status: 'n', user_id: null } }, ME)).toBe('Pedido nº 12: Negado.')
    expect(announcementOf({ pedido: { id: 12, status: 'Q', user_id: 99 } }, ME)).toBe('Pedido nº 12: Faturado com quebra.')
    expect(announcementOf({ pedido: { id: 12, status: 'F', user_id: ME } }, ME)).toBeNull()
    expect(announcementOf({ tipo: 'a', qt_ped: 3 }, ME)).toBeNull()
  })

  test('a list sees the newest orders of its side only: first page, no search, period nor customer; F and Q alone see nothing', () => {
    const seen = (query: string, tipo = 'f', customerId: number | null = null) => keysSeen(parseListState(orderList(tipo, customerId), new URLSearchParams(query)), tipo, customerId)
    expect(seen('')).toEqual(['a', 'f', 'n'])
    expect(seen('status=N')).toEqual(['n'])
    expect(seen('status=A')).toEqual(['a'])
    for (const query of ['status=F', 'status=Q', 'page=2', 'q=sol', 'de=2026-01-01', 'aba=feitos']) expect(seen(query), query).toBeNull()
    expect(seen('', 'f', 3)).toBeNull()
    // A retailer's orders arrive on the side it buys.
    expect(seen('', 'v')).toEqual(['a', 'f', 'n'])
    expect(seen('aba=recebidos', 'v')).toBeNull()
  })
})
