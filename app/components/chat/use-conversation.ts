import { useCallback, useEffect, useRef, useState } from 'react'
import { encodeBody, type AnswerRef, type ChatBody } from '~/domain/chat/message-body.ts'
import { isPending, lastStoredId, PADRAO_TYPE, type ChatMessage, type ListedMessage, type PendingMessage } from '~/domain/chat/state.ts'
import { chatMessages as m, type Padrao } from '~/domain/chat/messages.ts'
import { pageCompanyHeaders } from '~/lib/page-company.ts'
import { useChatLive } from './chat-live.tsx'

type Me = { id: number; nome: string; avatar: string | null }
type MessagesPage = { data: ChatMessage[]; has_more: boolean }

/** The first error text of an API answer (its first field error, else its message), or the generic one. */
function errorText(body: unknown): string {
  const b = (body ?? {}) as { errors?: Record<string, string[]>; message?: string }
  const first = b.errors ? Object.values(b.errors).flat()[0] : undefined
  return first || b.message || m.failedSend
}

async function postAction(form: FormData, companyId: number | undefined): Promise<{ ok: boolean; status: number; body: unknown }> {
  const res = await fetch('/Chat/acoes', { method: 'POST', body: form, headers: pageCompanyHeaders(companyId, { accept: 'application/json' }) })
  return { ok: res.ok, status: res.status, body: await res.json().catch(() => null) }
}

/**
 * The open conversation with JavaScript on: the messages of the channel in the shared chat state,
 * sends with a client id (a retry reuses it, so the server never doubles a message), and, after a
 * reconnect, the messages missed in between fetched in order.
 */
export function useConversation({
  channelId,
  padrao,
  me,
  initialMessages,
  initialHasMore,
}: {
  channelId: number
  padrao: Padrao
  me: Me
  initialMessages: ChatMessage[]
  initialHasMore: boolean
}) {
  const live = useChatLive()
  const [hasMore, setHasMore] = useState(initialHasMore)
  const [error, setError] = useState<string | null>(null)
  const outbox = useRef(new Map<string, FormData>())
  const dispatch = live?.dispatch
  const companyId = live?.organizationId
  const active = live?.state.activeChat.channelId === channelId
  const messages: ListedMessage[] = live && active && live.state.messages.length ? live.state.messages : initialMessages
  const messagesRef = useRef(messages)
  messagesRef.current = messages

  // Choosing the type, then the channel, clears the list; then the page's messages fill it.
  useEffect(() => {
    if (!dispatch) return
    dispatch({ type: 'chatType', chatType: PADRAO_TYPE[padrao] })
    dispatch({ type: 'activeChat', channelId })
    dispatch({ type: 'history', messages: initialMessages })
    setHasMore(initialHasMore)
  }, [dispatch, channelId, padrao, initialMessages, initialHasMore])

  const catchUp = useCallback(async () => {
    if (!dispatch) return
    for (;;) {
      const after = lastStoredId(messagesRef.current)
      const res = await fetch(`/Chat/mensagens?canal=${channelId}&after=${after}&limit=200`, { headers: pageCompanyHeaders(companyId, { accept: 'application/json' }) }).catch(() => null)
      if (!res?.ok) return
      const page = (await res.json()) as MessagesPage
      dispatch({ type: 'history', messages: page.data })
      messagesRef.current = [...messagesRef.current, ...page.data]
      if (!page.has_more || page.data.length === 0) return
    }
  }, [dispatch, channelId, companyId])

  useEffect(() => {
    if (!live) return
    const offReconnect = live.onReconnect(() => void catchUp())
    const offMissing = live.onMissing((event) => {
      if (event.channel_id === channelId) void catchUp()
      else void live.refreshNotifications()
    })
    return () => {
      offReconnect()
      offMissing()
    }
  }, [live, channelId, catchUp])

  // What arrives while the conversation is open and visible is read.
  const lastId = lastStoredId(messages)
  const unreadHere = live?.state.notifications[padrao].some((e) => e.id === channelId) ?? false
  useEffect(() => {
    if (!dispatch || !unreadHere || lastId === 0) return
    const markRead = () => {
      if (document.visibilityState !== 'visible') return
      dispatch({ type: 'clearActiveNotifications' })
      const form = new FormData()
      form.set('intent', 'lidas')
      form.set('channel_id', String(channelId))
      form.set('message_id', String(lastId))
      void postAction(form, companyId).catch(() => undefined)
    }
    markRead()
    document.addEventListener('visibilitychange', markRead)
    return () => document.removeEventListener('visibilitychange', markRead)
  }, [dispatch, unreadHere, lastId, channelId, companyId])

  const deliver = useCallback(
    async (clientId: string) => {
      const form = outbox.current.get(clientId)
      if (!form || !dispatch) return
      const socketId = live?.socketId()
      if (socketId) form.set('socket_id', socketId)
      try {
        const res = await postAction(form, companyId)
        if (res.ok) {
          outbox.current.delete(clientId)
          dispatch({ type: 'history', messages: [res.body as ChatMessage] })
          setError(null)
          // An answer may end a wait: the header's notice and the tabs' marks read again.
          if (padrao !== 'I') void live?.refreshHeader()
          return
        }
        // Refused (422, 403): retrying the same thing would fail the same way.
        if (res.status < 500) outbox.current.delete(clientId)
        setError(errorText(res.body))
      } catch {
        setError(m.failedSend)
      }
      dispatch({ type: 'failed', clientId })
    },
    [dispatch, live, padrao, companyId],
  )

  const send = useCallback(
    (content: { text: string; answerTo?: AnswerRef; file?: File; audio?: { duration: number; audioBars: number[] } }) => {
      if (!dispatch) return
      const clientId = crypto.randomUUID()
      const form = new FormData()
      form.set('intent', 'enviar')
      form.set('channel_id', String(channelId))
      form.set('client_id', clientId)
      form.set('text', content.text)
      if (content.answerTo) form.set('answer_to', String(content.answerTo.id))
      let body: ChatBody = { type: 'text', text: content.text, ...(content.answerTo ? { answerTo: content.answerTo } : {}) }
      if (content.file) {
        form.set('file', content.file)
        const attachment = { url: '', name: content.file.name, mime: content.file.type, size: content.file.size }
        if (content.audio) {
          form.set('duration', String(content.audio.duration))
          form.set('audio_bars', JSON.stringify(content.audio.audioBars))
          body = { type: 'audio', text: '', ...attachment, ...content.audio }
        } else body = { type: content.file.type.startsWith('image/') ? 'image' : 'file', text: content.text, ...attachment }
      }
      outbox.current.set(clientId, form)
      const pending: PendingMessage = {
        id: -Date.now(),
        client_id: clientId,
        channel_id: channelId,
        padrao,
        user_id: me.id,
        user: { id: me.id, nome: me.nome, avatar: me.avatar },
        organizacao: null,
        message: encodeBody(body),
        destaque: false,
        created_at: new Date().toISOString(),
        pending: 'sending',
      }
      dispatch({ type: 'pending', message: pending })
      void deliver(clientId)
    },
    [dispatch, channelId, padrao, me, deliver],
  )

  const retry = useCallback(
    (message: ListedMessage) => {
      if (!dispatch || !isPending(message)) return
      if (!outbox.current.has(message.client_id)) return
      dispatch({ type: 'pending', message: { ...message, pending: 'sending' } })
      void deliver(message.client_id)
    },
    [dispatch, deliver],
  )

  const highlight = useCallback(
    async (message: ListedMessage) => {
      const form = new FormData()
      form.set('intent', 'destacar')
      form.set('message_id', String(message.id))
      form.set('destaque', message.destaque ? '0' : '1')
      const res = await postAction(form, companyId).catch(() => null)
      if (res?.ok) dispatch?.({ type: 'history', messages: [res.body as ChatMessage] })
      else setError(errorText(res?.body))
    },
    [dispatch, companyId],
  )

  const loadOlder = useCallback(async () => {
    const first = messagesRef.current.find((x) => !isPending(x))
    if (!first || !dispatch) return
    const res = await fetch(`/Chat/mensagens?canal=${channelId}&before=${first.id}`, { headers: pageCompanyHeaders(companyId, { accept: 'application/json' }) }).catch(() => null)
    if (!res?.ok) return setError(m.failedSend)
    const page = (await res.json()) as MessagesPage
    dispatch({ type: 'history', messages: page.data })
    setHasMore(page.has_more)
  }, [dispatch, channelId, companyId])

  return { messages, hasMore, error, clearError: () => setError(null), send, retry, highlight, loadOlder, connection: live?.connection ?? 'initialized' }
}
