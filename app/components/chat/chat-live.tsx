import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type Dispatch, type ReactNode } from 'react'
import {
  allNotifications,
  chatReducer,
  initialChatState,
  type ChatAction,
  type ChatMessage,
  type ChatState,
  type NotificationsMap,
} from '~/domain/chat/state.ts'
import type { OrderEvent } from '~/domain/orders/notifications.ts'
import type { HeaderCounters } from '~/components/shell/counter-names.ts'
import { pageCompanyHeaders } from '~/lib/page-company.ts'
import { echoOptions, type RealtimeClientConfig } from '~/lib/realtime-client-config.ts'
import { ACTIVE_CHAT_STORAGE_KEY, NOTIFICATIONS_STORAGE_KEY, store } from './chat-storage.ts'

/** The realtime connection states pusher-js goes through. */
export type ConnectionState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected'

/** What the `chat-messages` event carries; `message` is null when it was too big for an event. */
export type ChatEvent = {
  padrao: ChatMessage['padrao']
  channel_id: number
  user: ChatMessage['user']
  message: ChatMessage | null
  message_id?: number
  atualizacao?: boolean
}

type Listener = () => void

type ChatLive = {
  /** The company the page shows: every request of the island names it (decision 048). */
  organizationId: number
  state: ChatState
  dispatch: Dispatch<ChatAction>
  connection: ConnectionState
  /** The socket id to send with a post, so the sender's own tab does not get its event back. */
  socketId: () => string | undefined
  /** Called each time the connection comes back after a drop: time to fetch what was missed. */
  onReconnect: (listener: Listener) => () => void
  /** Called for an event without its message (too big): the page fetches it. */
  onMissing: (listener: (event: ChatEvent) => void) => () => void
  /** The newest message each channel received while this tab listened (the channel list shows it). */
  lastByChannel: Record<number, ChatMessage>
  /** The unread total, once known in this tab (else null: the server's count in the page is shown). */
  total: number | null
  refreshNotifications: () => Promise<void>
  /** The organization's order events (`PedidoCriadoOuAtualizado` on `private-organizacao.ped.{id}`), on the same connection. */
  onOrderEvent: (listener: (event: OrderEvent) => void) => () => void
  /** The header's counters read again since the page loaded (else null: the layout's are shown). */
  header: HeaderCounters | null
  /** Reads the header's counters again: an answer of the member's may have ended a wait. */
  refreshHeader: () => Promise<void>
}

const ChatLiveContext = createContext<ChatLive | null>(null)

export const useChatLive = () => useContext(ChatLiveContext)

type EchoLike = {
  private(name: string): { listen<E>(event: string, cb: (e: E) => void): unknown }
  socketId(): string | undefined
  disconnect(): void
  connector: { pusher: { connection: { state: string; bind(event: string, cb: (s: { current: string; previous: string }) => void): void } } }
}

/**
 * One realtime connection per tab while a company is entered: it listens on the user's
 * `private-{user_id}_chat` channel and the company's `private-organizacao.ped.{id}` (both authorized
 * by /broadcasting/auth; the orders' counters live in app/components/orders/order-live.tsx), keeps the chat state
 * (notifications map, active chat, messages of the open channel) for the header
 * and menu badges and the chat page.
 */
export function ChatLiveProvider({
  userId,
  organizationId,
  readsOrders,
  config,
  children,
}: {
  userId: number
  organizationId: number
  /** The member may read the company's orders (decision 031): only then is its order channel authorized. */
  readsOrders: boolean
  config: RealtimeClientConfig | null
  children: ReactNode
}) {
  const [state, dispatch] = useReducer(chatReducer, userId, (id) => initialChatState(id))
  const [connection, setConnection] = useState<ConnectionState>('initialized')
  const [loaded, setLoaded] = useState(false)
  const [lastByChannel, setLastByChannel] = useState<Record<number, ChatMessage>>({})
  const [header, setHeader] = useState<HeaderCounters | null>(null)
  const echoRef = useRef<EchoLike | null>(null)
  const reconnectListeners = useRef(new Set<Listener>())
  const missingListeners = useRef(new Set<(e: ChatEvent) => void>())
  const orderListeners = useRef(new Set<(e: OrderEvent) => void>())

  const stateRef = useRef(state)
  stateRef.current = state
  /** One fetch at a time; a call or a message meanwhile asks for one more, so an answer computed before it never hides it. */
  const refreshing = useRef({ busy: false, again: false })

  const refreshNotifications = useCallback(async () => {
    const run = refreshing.current
    if (run.busy) {
      run.again = true
      return
    }
    run.busy = true
    do {
      run.again = false
      const res = await fetch(`/Chat/notificacoes`, { headers: pageCompanyHeaders(organizationId, { accept: 'application/json' }) }).catch(() => null)
      const map = res?.ok ? ((await res.json().catch(() => null)) as NotificationsMap | null) : null
      if (map) {
        dispatch({ type: 'notifications', notifications: { I: map.I, B: map.B, F: map.F } })
        setLoaded(true)
      }
    } while (run.again)
    run.busy = false
  }, [organizationId])

  useEffect(() => {
    void refreshNotifications()
  }, [organizationId, refreshNotifications])

  const refreshHeader = useCallback(async () => {
    const res = await fetch('/cabecalho/contadores', { headers: pageCompanyHeaders(organizationId, { accept: 'application/json' }) }).catch(() => null)
    const counters = res?.ok ? ((await res.json().catch(() => null)) as HeaderCounters | null) : null
    if (counters) setHeader(counters)
  }, [organizationId])

  // The layout's loader sends a fresh copy of the settings on every navigation: connect once per value, not per copy.
  const configKey = JSON.stringify(config)
  useEffect(() => {
    const config = JSON.parse(configKey) as RealtimeClientConfig | null
    if (!config) {
      setConnection('failed')
      return
    }
    let cancelled = false
    let wasConnected = false
    void Promise.all([import('laravel-echo'), import('pusher-js')]).then(([{ default: Echo }, { default: Pusher }]) => {
      if (cancelled) return
      const echo = new Echo({
        broadcaster: 'pusher',
        ...echoOptions(config, window.location),
        Pusher,
      }) as unknown as EchoLike
      echoRef.current = echo
      const conn = echo.connector.pusher.connection
      setConnection(conn.state as ConnectionState)
      conn.bind('state_change', ({ current }) => {
        setConnection(current as ConnectionState)
        if (current !== 'connected') return
        if (wasConnected) reconnectListeners.current.forEach((l) => l())
        wasConnected = true
      })
      // One order subscription per organization, on this tab's one connection.
      if (readsOrders) {
        echo.private(`organizacao.ped.${organizationId}`).listen('.PedidoCriadoOuAtualizado', (event: OrderEvent) => {
          orderListeners.current.forEach((l) => l(event))
        })
      }
      echo.private(`${userId}_chat`).listen('.chat-messages', (event: ChatEvent) => {
        if (!event.message) missingListeners.current.forEach((l) => l(event))
        else if (event.atualizacao) dispatch({ type: 'history', messages: [event.message] })
        else {
          const message = event.message
          // The private channel carries the messages of all the user's companies: only this company's
          // channels count here. The open one and those already unread are; any other, the server tells.
          const current = stateRef.current
          const known = message.channel_id === current.activeChat.channelId || current.notifications[message.padrao].some((e) => e.id === message.channel_id)
          if (message.user_id !== userId && refreshing.current.busy) refreshing.current.again = true
          if (known || message.user_id === userId) dispatch({ type: 'incoming', message })
          // The member's answer from another tab or device may have ended a wait.
          if (message.user_id === userId && message.padrao !== 'I') void refreshHeader()
          else void refreshNotifications()
          setLastByChannel((last) => ({ ...last, [message.channel_id]: message }))
        }
      })
    })
    return () => {
      cancelled = true
      echoRef.current?.disconnect()
      echoRef.current = null
    }
  }, [configKey, userId, organizationId, readsOrders, refreshNotifications, refreshHeader])

  // Anything missed while disconnected also changed the counts.
  useEffect(() => {
    const listener = () => void refreshNotifications()
    reconnectListeners.current.add(listener)
    return () => void reconnectListeners.current.delete(listener)
  }, [refreshNotifications])

  useEffect(() => store(NOTIFICATIONS_STORAGE_KEY, state.notifications), [state.notifications])
  useEffect(() => store(ACTIVE_CHAT_STORAGE_KEY, state.activeChat), [state.activeChat])

  const value = useMemo<ChatLive>(() => {
    const counts = allNotifications(state.notifications)
    return {
      organizationId,
      state,
      dispatch,
      connection,
      socketId: () => echoRef.current?.socketId() ?? undefined,
      onReconnect: (listener) => {
        reconnectListeners.current.add(listener)
        return () => void reconnectListeners.current.delete(listener)
      },
      onMissing: (listener) => {
        missingListeners.current.add(listener)
        return () => void missingListeners.current.delete(listener)
      },
      onOrderEvent: (listener) => {
        orderListeners.current.add(listener)
        return () => void orderListeners.current.delete(listener)
      },
      lastByChannel,
      total: loaded ? counts.I + counts.B + counts.F : null,
      refreshNotifications,
      header,
      refreshHeader,
    }
  }, [organizationId, state, connection, loaded, lastByChannel, refreshNotifications, header, refreshHeader])

  return <ChatLiveContext.Provider value={value}>{children}</ChatLiveContext.Provider>
}
