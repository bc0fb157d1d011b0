import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { useChatLive } from '~/components/chat/chat-live.tsx'
import { announcementOf } from '~/domain/orders/notifications.ts'
import { pageCompanyHeaders } from '~/lib/page-company.ts'

type OrderLive = {
  /** New orders and status changes not yet seen (the menu's 'Pedidos' badge). */
  unread: number
}

const OrderLiveContext = createContext<OrderLive | null>(null)

export const useOrderLive = () => useContext(OrderLiveContext)

/**
 * The menu's Pedidos badge on an island (the chat), fed by the chat provider's one connection (its `onOrderEvent`):
 * the server's count of the orders the member has not seen (decision 028), raised by each event of someone else,
 * read again after a reconnect. The pages that are not islands do the same in app/enhance/live.ts.
 */
export function OrderLiveProvider({ userId, readsOrders, unread: rendered, children }: { userId: number; readsOrders: boolean; unread: number; children: ReactNode }) {
  const chat = useChatLive()
  const [unread, setUnread] = useState(rendered)
  // Said in a polite live region present since the page loaded: the badge changes without a word otherwise.
  const [said, say] = useState('')

  useEffect(() => setUnread(rendered), [rendered])

  useEffect(() => {
    if (!chat || !readsOrders) return
    const offEvent = chat.onOrderEvent((event) => {
      const text = announcementOf(event, userId)
      if (!text) return
      setUnread((n) => n + 1)
      say(text)
    })
    const offReconnect = chat.onReconnect(() => {
      void fetch('/pedidos/contadores', { headers: pageCompanyHeaders(chat.organizationId, { accept: 'application/json' }) })
        .then((res) => (res.ok ? (res.json() as Promise<{ novos: { a: number; f: number; n: number } }>) : null))
        .then((body) => body && setUnread(body.novos.a + body.novos.f + body.novos.n))
        .catch(() => undefined)
    })
    return () => {
      offEvent()
      offReconnect()
    }
  }, [chat, userId, readsOrders])

  return (
    <OrderLiveContext.Provider value={{ unread }}>
      {children}
      {readsOrders ? (
        <p className="sr-only" role="status" data-live-say>
          {said}
        </p>
      ) : null}
    </OrderLiveContext.Provider>
  )
}
