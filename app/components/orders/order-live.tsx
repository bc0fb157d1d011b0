import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react'
import { useChatLive } from '~/components/chat/chat-live.tsx'
import {
  announcementOf,
  emptyNotifications,
  orderNotificationsReducer,
  parseNotifications,
  totalsOf,
  unreadTotal,
  type NotificationKey,
  type OrderEvent,
  type OrderNotifications,
} from '~/domain/orders/notifications.ts'

/** Spec §9: the order notifications live in session storage, one entry per organization. */
const storageKey = (organizationId: number) => `orderNotifications.${organizationId}`

type OrderLive = {
  state: OrderNotifications
  /** New orders and status changes not yet seen (the menu's 'Pedidos' badge). */
  unread: number
  /** The orders list is on screen: everything counted so far is seen. */
  /** Moves the unread of `keys` (every key by default) into viewed. */
  view: (keys?: readonly NotificationKey[]) => void
  /** Called for each order event of the organization (the list revalidates). */
  onEvent: (listener: (event: OrderEvent) => void) => () => void
}

const OrderLiveContext = createContext<OrderLive | null>(null)

export const useOrderLive = () => useContext(OrderLiveContext)

function readStored(organizationId: number) {
  try {
    return parseNotifications(window.sessionStorage.getItem(storageKey(organizationId)))
  } catch {
    return null
  }
}

/**
 * The order counters of spec §3/§4 for the entered organization, fed by the chat provider's one
 * connection (its `onOrderEvent`): initialised from the counters kept by the API
 * (/pedidos/contadores), then raised by each event of someone else.
 */
export function OrderLiveProvider({ userId, organizationId, readsOrders, children }: { userId: number; organizationId: number; readsOrders: boolean; children: ReactNode }) {
  const chat = useChatLive()
  const [state, dispatch] = useReducer(orderNotificationsReducer, undefined, emptyNotifications)
  const listeners = useRef(new Set<(event: OrderEvent) => void>())
  // Said in a polite live region present since the page loaded: the badge and the lists change without a word otherwise.
  const [said, say] = useState('')

  const initialise = useCallback(async () => {
    const res = await fetch('/pedidos/contadores', {
      headers: { accept: 'application/json' },
    }).catch(() => null)
    const body = res?.ok
      ? ((await res.json().catch(() => null)) as {
          contadores?: { A: number; F: number; N: number; Q: number }
        } | null)
      : null
    if (body?.contadores) dispatch({ type: 'init', totals: totalsOf(body.contadores) })
  }, [])

  useEffect(() => {
    // A member who may not read the orders (decision 031) has no counters to ask for.
    if (!readsOrders) return
    const kept = readStored(organizationId)
    if (kept) dispatch({ type: 'restore', kept })
    void initialise()
  }, [organizationId, readsOrders, initialise])

  useEffect(() => {
    if (!chat || !readsOrders) return
    const offEvent = chat.onOrderEvent((event) => {
      dispatch({ type: 'event', event, currentUserId: userId })
      const text = announcementOf(event, userId)
      if (text) say(text)
      listeners.current.forEach((l) => l(event))
    })
    // Orders that came while disconnected: the kept totals tell.
    const offReconnect = chat.onReconnect(() => void initialise())
    return () => {
      offEvent()
      offReconnect()
    }
  }, [chat, userId, readsOrders, initialise])

  useEffect(() => {
    if (!state.inicializado) return
    try {
      window.sessionStorage.setItem(storageKey(organizationId), JSON.stringify(state))
    } catch {
      // Storage refused: the counters live on in memory.
    }
  }, [state, organizationId])

  const view = useCallback((keys?: readonly NotificationKey[]) => dispatch({ type: 'view', keys }), [])
  const value = useMemo<OrderLive>(
    () => ({
      state,
      unread: unreadTotal(state),
      view,
      onEvent: (listener) => {
        listeners.current.add(listener)
        return () => void listeners.current.delete(listener)
      },
    }),
    [state, view],
  )
  return (
    <OrderLiveContext.Provider value={value}>
      {children}
      {readsOrders ? (
        <p className="sr-only" role="status">
          {said}
        </p>
      ) : null}
    </OrderLiveContext.Provider>
  )
}
