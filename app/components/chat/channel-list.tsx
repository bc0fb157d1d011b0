import { Link } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import { Avatar } from '~/components/ui/avatar.tsx'
import { chatHref, type ChatView } from '~/lib/chat/chat-url.ts'
import { separatorLabel, timeLabel } from '~/lib/chat/dates.ts'
import { bodySummary, decodeBody } from '~/domain/chat/message-body.ts'
import type { ChatMessage, NotificationsMap } from '~/domain/chat/state.ts'
import { chatMessages as m, summaryLabels, type Padrao } from '~/domain/chat/messages.ts'

export type ChannelSummary = {
  id: number
  padrao: Padrao
  nome: string
  avatar: string | null
  organizacao_id: number
  notificacoes: number
  bloqueado: boolean
  ultima_mensagem: ChatMessage | null
}
export type ChannelPage = { data: ChannelSummary[]; current_page: number; last_page: number; total: number }

function lastLine(message: ChatMessage, userId: number) {
  const who = message.user_id === userId ? m.you : message.user.nome.split(' ')[0]
  return `${who}: ${bodySummary(decodeBody(message.message), summaryLabels)}`
}

function when(iso: string) {
  const date = new Date(iso)
  const day = separatorLabel(date, new Date(), { today: m.today, yesterday: m.yesterday })
  return day === m.today ? timeLabel(date) : day
}

type Props = {
  view: ChatView
  tabs: { padrao: Padrao; label: string }[]
  channels: ChannelPage
  userId: number
  /** The live unread map once this tab knows it; else the counts the server rendered. */
  live: NotificationsMap | null
  tabCounts: Record<Padrao, number>
  /** Messages waiting for the company's answer for a day or more, per external tab (the header's notice leads there). */
  waiting: { B: number; F: number }
  liveLast: Record<number, ChatMessage>
}

/** The chat's left column: the types as tabs, a search by name, and the channels with unread counts. */
export function ChannelList({ view, tabs, channels, userId, live, tabCounts, waiting, liveLast }: Props) {
  const unread = (c: ChannelSummary) => (live ? (live[c.padrao].find((e) => e.id === c.id)?.notifications ?? 0) : c.notificacoes)
  return (
    <aside className="chat-channels card" aria-label="Conversas">
      <nav className="chat-tabs" aria-label="Tipos de chat">
        {tabs.map((tab) => (
          <Link key={tab.padrao} to={chatHref({ tipo: tab.padrao })} aria-current={tab.padrao === view.tipo ? 'page' : undefined} className="chat-tab">
            {tab.label}
            {tabCounts[tab.padrao] > 0 ? (
              <span className="side-menu-badge" aria-label={m.unread(tabCounts[tab.padrao])}>
                {tabCounts[tab.padrao]}
              </span>
            ) : null}
            {tab.padrao !== 'I' && waiting[tab.padrao] > 0 ? (
              <span className="chat-tab-waiting" title={m.waiting(waiting[tab.padrao])}>
                <span aria-hidden="true">!</span>
                <span className="sr-only">{`, ${m.waiting(waiting[tab.padrao])}`}</span>
              </span>
            ) : null}
          </Link>
        ))}
      </nav>
      <CompanyForm method="get" action="/Chat" role="search" className="chat-channel-search">
        <input type="hidden" name="tipo" value={view.tipo} />
        <label htmlFor="chat-busca" className="sr-only">
          Buscar conversa pelo nome
        </label>
        <input id="chat-busca" name="busca" type="search" defaultValue={view.busca} placeholder="Buscar conversa" maxLength={100} />
      </CompanyForm>
      {channels.data.length === 0 ? (
        <p className="muted chat-empty">{view.busca ? 'Nenhuma conversa com este nome.' : m.noChannels[view.tipo]}</p>
      ) : (
        <ul className="plain-list chat-channel-list">
          {channels.data.map((c) => {
            const count = unread(c)
            const arrived = liveLast[c.id]
            const last = arrived && (!c.ultima_mensagem || arrived.id > c.ultima_mensagem.id) ? arrived : c.ultima_mensagem
            return (
              <li key={c.id}>
                <Link
                  to={chatHref({ tipo: view.tipo, busca: view.busca, pagina: view.pagina, canal: c.id })}
                  aria-current={c.id === view.canal ? 'true' : undefined}
                  className="chat-channel"
                  data-channel-id={c.id}
                >
                  <Avatar name={c.nome} photo={c.avatar} size={40} />
                  <span className="chat-channel-text">
                    <span className="chat-channel-name">{c.nome}</span>
                    <span className="muted chat-channel-last">
                      {c.bloqueado ? m.externalNeedsPro : last ? lastLine(last, userId) : ''}
                    </span>
                  </span>
                  <span className="chat-channel-side">
                    {last ? <span className="muted">{when(last.created_at)}</span> : null}
                    {count > 0 ? (
                      <span className="side-menu-badge chat-unread" aria-label={m.unread(count)}>
                        {count}
                      </span>
                    ) : null}
                  </span>
                </Link>
              </li>
            )
          })}
        </ul>
      )}
      {channels.last_page > 1 ? (
        <nav className="pagination" aria-label="Paginação das conversas">
          {channels.current_page > 1 ? <Link to={chatHref({ ...view, canal: null, pagina: channels.current_page - 1 })}>Anterior</Link> : <span />}
          <span>
            {channels.current_page} de {channels.last_page}
          </span>
          {channels.current_page < channels.last_page ? <Link to={chatHref({ ...view, canal: null, pagina: channels.current_page + 1 })}>Próxima</Link> : <span />}
        </nav>
      ) : null}
    </aside>
  )
}
