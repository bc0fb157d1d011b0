import type { SubmissionResult } from '@conform-to/react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Avatar } from '~/components/ui/avatar.tsx'
import { chatHref, type ChatView } from '~/lib/chat/chat-url.ts'
import { withDateSeparators } from '~/lib/chat/dates.ts'
import { bodySummary, decodeBody, type AnswerRef } from '~/domain/chat/message-body.ts'
import type { ChatMessage, ListedMessage } from '~/domain/chat/state.ts'
import { chatMessages as m, summaryLabels } from '~/domain/chat/messages.ts'
import type { ChannelSummary } from './channel-list.tsx'
import { Composer } from './composer.tsx'
import { MessageItem } from './message-item.tsx'
import { useConversation } from './use-conversation.ts'

export function answerRefOf(message: ListedMessage): AnswerRef {
  return { id: message.id, nome: message.user.nome, message: bodySummary(decodeBody(message.message), summaryLabels) }
}

type Props = {
  view: ChatView
  channel: ChannelSummary
  messages: ChatMessage[]
  hasMore: boolean
  me: { id: number; nome: string; avatar: string | null }
  clientId: string
  here: string
  hydrated: boolean
  lastResult: SubmissionResult<string[]> | null
  replyTo: AnswerRef | null
}

/** The open channel: header with the panels, the messages by day, and the composer. */
export function Conversation({ view, channel, messages: initialMessages, hasMore: initialHasMore, me, clientId, here, hydrated, lastResult, replyTo: replyFromUrl }: Props) {
  const conversation = useConversation({ channelId: channel.id, padrao: channel.padrao, me, initialMessages, initialHasMore })
  const [replyTo, setReplyTo] = useState<AnswerRef | null>(replyFromUrl)
  useEffect(() => setReplyTo(replyFromUrl), [replyFromUrl, channel.id])
  const listRef = useRef<HTMLDivElement>(null)
  const { messages } = conversation
  const entries = withDateSeparators(messages, new Date(), { today: m.today, yesterday: m.yesterday })
  const lastKey = messages.length ? `${messages[messages.length - 1].client_id}-${messages.length}` : ''
  const nearBottom = useRef(true)

  // Follow new messages while the reader is at the bottom; leave them be when they scrolled up to read.
  useLayoutEffect(() => {
    const list = listRef.current
    if (!list || !nearBottom.current) return
    list.scrollTop = list.scrollHeight
    // Images and audio players take their height a moment later.
    const again = window.setTimeout(() => {
      if (nearBottom.current) list.scrollTop = list.scrollHeight
    }, 300)
    return () => window.clearTimeout(again)
  }, [lastKey])

  const connection = conversation.connection
  const showConnection = hydrated && connection !== 'connected' && connection !== 'initialized'
  const panelLink = (painel: ChatView['painel']) => chatHref({ ...view, painel: view.painel === painel ? null : painel, q: '', responder: null })

  return (
    <section className="chat-conversation card" aria-labelledby="chat-conversation-title">
      <header className="chat-conversation-head">
        <Link to={chatHref({ tipo: view.tipo, busca: view.busca, pagina: view.pagina })} state={{ chatList: true }} className="chat-back" aria-label="Voltar às conversas">
          ←
        </Link>
        <Avatar name={channel.nome} photo={channel.avatar} size={40} />
        <h2 id="chat-conversation-title" data-navigation-focus="">
          {channel.nome}
        </h2>
        <nav className="chat-panel-links" aria-label="Painéis">
          {(['perfil', 'pesquisa', 'midia'] as const).map((p) => (
            <Link key={p} to={panelLink(p)} aria-current={view.painel === p ? 'true' : undefined} className="chat-link">
              {m.panels[p]}
            </Link>
          ))}
        </nav>
      </header>
      {showConnection ? (
        <p className={`notice ${connection === 'failed' || connection === 'unavailable' ? 'notice-error' : 'notice-info'} chat-connection`} role="status" data-connection={connection}>
          {m.connection[connection]}
        </p>
      ) : null}
      {/* The log wraps the list: role="log" on the <ol> itself would take its list semantics from the items. */}
      <div
        className="chat-messages"
        ref={listRef}
        role="log"
        aria-live="polite"
        aria-label={`Mensagens de ${channel.nome}`}
        onScroll={(e) => {
          const el = e.currentTarget
          nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80
        }}
      >
        <ol className="plain-list chat-message-list">
          {conversation.hasMore ? (
            <li className="chat-older">
              {hydrated ? (
                <button type="button" className="chat-link" onClick={() => void conversation.loadOlder()}>
                  {m.loadOlder}
                </button>
              ) : (
                <Link to={chatHref({ ...view, antes: messages[0]?.id ?? null })}>{m.loadOlder}</Link>
              )}
            </li>
          ) : null}
          {messages.length === 0 ? <li className="muted chat-empty">{m.noMessages}</li> : null}
          {entries.map((entry) =>
            entry.kind === 'separator' ? (
              // A list item holding the separator: a list may only hold list items.
              <li key={entry.key} className="chat-separator">
                <span role="separator">{entry.message}</span>
              </li>
            ) : (
              <MessageItem
                key={entry.item.client_id + entry.item.user_id}
                message={entry.item}
                userId={me.id}
                hydrated={hydrated}
                here={here}
                replyHref={`${chatHref({ ...view, responder: entry.item.id })}#composer`}
                onReply={(msg) => {
                  setReplyTo(answerRefOf(msg))
                  document.querySelector<HTMLTextAreaElement>('.chat-input')?.focus()
                }}
                onHighlight={(msg) => void conversation.highlight(msg)}
                onRetry={conversation.retry}
              />
            ),
          )}
        </ol>
      </div>
      {conversation.error ? (
        <p className="field-errors chat-send-error" role="alert">
          {conversation.error}{' '}
          <button type="button" className="chat-link" onClick={conversation.clearError}>
            OK
          </button>
        </p>
      ) : null}
      <div id="composer">
        <Composer
          channelId={channel.id}
          clientId={clientId}
          here={here}
          hydrated={hydrated}
          lastResult={lastResult}
          replyTo={replyTo}
          cancelReplyHref={chatHref({ ...view, responder: null })}
          onCancelReply={() => setReplyTo(null)}
          onSend={conversation.send}
        />
      </div>
    </section>
  )
}
