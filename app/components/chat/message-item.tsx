import type { MouseEvent } from 'react'
import { Link } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import { Avatar } from '~/components/ui/avatar.tsx'
import { timeLabel } from '~/lib/chat/dates.ts'
import { decodeBody, type ChatBody } from '~/domain/chat/message-body.ts'
import { isPending, type ListedMessage } from '~/domain/chat/state.ts'
import { chatMessages as m } from '~/domain/chat/messages.ts'
import { focusInView } from '~/components/ui/focus-in-view.ts'

/** Where the web app serves an attachment (app/routes/chat.arquivo.ts): for participants only. */
export const attachmentHref = (messageId: number) => `/Chat/arquivo/${messageId}`

const sizeFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })
export function fileSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`
  return `${sizeFormat.format(bytes / 1024 / 1024)} MB`
}

export function durationLabel(seconds: number) {
  const s = Math.max(0, Math.round(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

export function AudioBars({ bars }: { bars: number[] }) {
  if (bars.length === 0) return null
  const width = bars.length * 3
  return (
    <svg className="chat-audio-bars" viewBox={`0 0 ${width} 24`} width={width} height={24} aria-hidden="true">
      {bars.map((b, i) => {
        const h = Math.max(2, (Math.min(100, b) / 100) * 24)
        return <rect key={i} x={i * 3} y={(24 - h) / 2} width={2} height={h} rx={1} />
      })}
    </svg>
  )
}

/** The body of a message: text as text (never HTML), image, file link or voice message. */
export function MessageBody({ body, messageId }: { body: ChatBody; messageId: number | null }) {
  const href = messageId && messageId > 0 ? attachmentHref(messageId) : null
  const caption = body.text ? <p className="chat-text">{body.text}</p> : null
  if (body.type === 'text') return <p className="chat-text">{body.text}</p>
  if (body.type === 'image') {
    return (
      <>
        {href ? (
          <a href={href} target="_blank" rel="noreferrer" className="chat-image-link">
            <img src={href} alt={body.name} className="chat-image" loading="lazy" />
          </a>
        ) : (
          <p className="chat-text">{body.name}</p>
        )}
        {caption}
      </>
    )
  }
  if (body.type === 'audio') {
    return (
      <div className="chat-audio">
        {href ? <audio controls preload="none" src={href} aria-label={`${m.audio}, ${durationLabel(body.duration)}`} /> : null}
        <AudioBars bars={body.audioBars} />
        <span className="muted">{durationLabel(body.duration)}</span>
      </div>
    )
  }
  return (
    <>
      {href ? (
        <a href={href} className="chat-file" download={body.name}>
          📎 {body.name} <span className="muted">({fileSize(body.size)})</span>
        </a>
      ) : (
        <p className="chat-text">📎 {body.name}</p>
      )}
      {caption}
    </>
  )
}

type Props = {
  message: ListedMessage
  userId: number
  hydrated: boolean
  /** The page's address, for the no-JS forms and links to come back to. */
  here: string
  replyHref: string
  onReply?: (message: ListedMessage) => void
  onHighlight?: (message: ListedMessage) => void
  onRetry?: (message: ListedMessage) => void
}

/**
 * A link to a message of the conversation (a search result, a reply's quote): with JavaScript the message takes the
 * focus as well, where the address's #m-id only scrolled to it and left the focus on nothing. A message not on the
 * page (an older one) is left to the link.
 */
export function focusMessage(event: MouseEvent<HTMLAnchorElement>, id: number) {
  const target = document.getElementById(`m-${id}`)
  if (!target) return
  event.preventDefault()
  focusInView(target, 'center')
}

export function MessageItem({ message, userId, hydrated, here, replyHref, onReply, onHighlight, onRetry }: Props) {
  const body = decodeBody(message.message)
  const mine = message.user_id === userId
  const pending = isPending(message) ? message.pending : null
  const date = new Date(message.created_at)
  const author = mine ? m.you : message.user.nome
  return (
    <li
      id={pending ? undefined : `m-${message.id}`}
      tabIndex={pending ? undefined : -1}
      className={`chat-msg${mine ? ' chat-msg-mine' : ''}${message.destaque ? ' chat-msg-highlight' : ''}`}
      data-message-id={pending ? undefined : message.id}
      data-pending={pending ?? undefined}
    >
      <Avatar name={message.user.nome} photo={message.user.avatar} size={32} />
      <div className="chat-bubble">
        <div className="chat-msg-head">
          <strong>{author}</strong>
          {message.organizacao && message.padrao !== 'I' ? <span className="muted"> · {message.organizacao.nome}</span> : null}
          <time dateTime={message.created_at} className="muted">
            {timeLabel(date)}
          </time>
          {message.destaque ? <span className="badge chat-highlight-badge">★ {m.highlighted}</span> : null}
        </div>
        {body.answerTo ? (
          <a href={`#m-${body.answerTo.id}`} className="chat-quote" onClick={(event) => focusMessage(event, body.answerTo!.id)}>
            <strong>{body.answerTo.nome}</strong>
            <span>{body.answerTo.message}</span>
          </a>
        ) : null}
        <MessageBody body={body} messageId={pending ? null : message.id} />
        {pending === 'sending' ? <p className="muted chat-msg-state">{m.sending}</p> : null}
        {pending === 'failed' ? (
          <p className="chat-msg-state chat-msg-failed" role="alert">
            {m.failedSend}{' '}
            <button type="button" className="chat-link" onClick={() => onRetry?.(message)}>
              {m.retry}
            </button>
          </p>
        ) : null}
        {pending ? null : (
          <div className="chat-msg-actions">
            {hydrated && onReply ? (
              <button type="button" className="chat-link" onClick={() => onReply(message)} aria-label={mine ? m.replyToMine : `${m.reply} a ${author}`}>
                {m.reply}
              </button>
            ) : (
              <Link to={replyHref} className="chat-link" aria-label={mine ? m.replyToMine : `${m.reply} a ${author}`}>
                {m.reply}
              </Link>
            )}
            <CompanyForm
              method="post"
              action={here}
              onSubmit={(e) => {
                if (!hydrated || !onHighlight) return
                e.preventDefault()
                onHighlight(message)
              }}
            >
              <input type="hidden" name="intent" value="destacar" />
              <input type="hidden" name="message_id" value={message.id} />
              <input type="hidden" name="destaque" value={message.destaque ? '0' : '1'} />
              <button
                type="submit"
                className="chat-link"
                aria-label={(message.destaque ? m.unhighlightOf : m.highlightOf)(mine ? null : author, timeLabel(date))}
              >
                {message.destaque ? m.unhighlight : m.highlight}
              </button>
            </CompanyForm>
          </div>
        )}
      </div>
    </li>
  )
}
