import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import { Avatar } from '~/components/ui/avatar.tsx'
import { chatHref, type ChatView } from '~/lib/chat/chat-url.ts'
import { dateTimeLabel, dayKey } from '~/lib/chat/dates.ts'
import { decodeBody } from '~/domain/chat/message-body.ts'
import type { ChatMessage } from '~/domain/chat/state.ts'
import { chatMessages as m } from '~/domain/chat/messages.ts'
import { ORG_TYPE_LABELS, type OrgTypeCode } from '~/domain/organization/org-types.ts'
import { attachmentHref, durationLabel, fileSize, focusMessage } from './message-item.tsx'
import { afterNavigation } from '~/components/shell/use-focus-after-navigation.ts'
import { focusInView } from '~/components/ui/focus-in-view.ts'

export type ChannelProfile = {
  empresas: { id: number; nome: string; avatar: string | null; tipo: string; cidade: string | null; uf: string | null }[]
  membros: { id: number; nome: string; avatar: string | null; organizacao_id: number }[]
}
export type MessagePage = { data: ChatMessage[]; current_page: number; last_page: number; total: number }

export type PanelData =
  | { kind: 'perfil'; profile: ChannelProfile }
  | { kind: 'pesquisa'; results: MessagePage | null; error: string | null }
  | { kind: 'midia'; media: MessagePage }

const when = (iso: string) => dateTimeLabel(new Date(iso))

function Pages({ page, view, panel }: { page: MessagePage; view: ChatView; panel: ChatView['painel'] }) {
  if (page.last_page <= 1) return null
  const to = (n: number) => `${chatHref({ ...view, painel: panel, antes: null, responder: null })}&pagina_painel=${n}`
  return (
    <nav className="pagination" aria-label="Paginação do painel">
      {page.current_page > 1 ? <Link to={to(page.current_page - 1)}>Anterior</Link> : <span />}
      <span>
        {page.current_page} de {page.last_page}
      </span>
      {page.current_page < page.last_page ? <Link to={to(page.current_page + 1)}>Próxima</Link> : <span />}
    </nav>
  )
}

/** The chat's side panels: profile, search, media view (the emote picker lives in the composer). */
export function ChatPanel({ data, view }: { data: PanelData; view: ChatView }) {
  const title = m.panels[data.kind]
  // Opened, the panel takes the focus and comes into view: on a phone or a tablet it is drawn below the conversation,
  // and its link kept the focus while nothing on screen changed.
  const titleRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!afterNavigation()) return
    focusInView(titleRef.current, 'start')
  }, [data.kind])
  return (
    <aside className="chat-panel card" aria-labelledby="chat-panel-title">
      <div className="row-between">
        <h2 id="chat-panel-title" ref={titleRef} tabIndex={-1}>
          {title}
        </h2>
        <Link to={chatHref({ ...view, painel: null, q: '' })} className="chat-link" aria-label={m.closePanel}>
          ✕
        </Link>
      </div>
      {data.kind === 'perfil' ? (
        <>
          <h3>{m.companies}</h3>
          <ul className="plain-list chat-people">
            {data.profile.empresas.map((e) => (
              <li key={e.id}>
                <Avatar name={e.nome} photo={e.avatar} size={32} />
                <span>
                  <strong>{e.nome}</strong>
                  <br />
                  <span className="muted">
                    {ORG_TYPE_LABELS[e.tipo as OrgTypeCode] ?? e.tipo}
                    {e.cidade ? ` · ${e.cidade}${e.uf ? `/${e.uf}` : ''}` : ''}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <h3>
            {m.members} ({data.profile.membros.length})
          </h3>
          <ul className="plain-list chat-people">
            {data.profile.membros.map((u) => (
              <li key={`${u.id}-${u.organizacao_id}`}>
                <Avatar name={u.nome} photo={u.avatar} size={28} />
                <span>
                  {u.nome}
                  {data.profile.empresas.length > 1 ? (
                    <span className="muted"> · {data.profile.empresas.find((e) => e.id === u.organizacao_id)?.nome}</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {data.kind === 'pesquisa' ? (
        <>
          <CompanyForm method="get" action="/Chat" role="search" className="chat-search-form">
            <input type="hidden" name="tipo" value={view.tipo} />
            <input type="hidden" name="canal" value={view.canal ?? ''} />
            <input type="hidden" name="painel" value="pesquisa" />
            <label htmlFor="chat-search" className="sr-only">
              {m.searchLabel}
            </label>
            <input id="chat-search" name="q" type="search" defaultValue={view.q} placeholder={m.searchLabel} maxLength={100} required />
            <button type="submit" className="button primary">
              {m.panels.pesquisa}
            </button>
          </CompanyForm>
          {data.error ? (
            <p className="field-errors" role="alert">
              {data.error}
            </p>
          ) : null}
          {data.results ? (
            data.results.data.length === 0 ? (
              <p className="muted">{m.searchEmpty}</p>
            ) : (
              <>
                <p className="muted" role="status">
                  {data.results.total} {data.results.total === 1 ? 'mensagem' : 'mensagens'}
                </p>
                <ul className="plain-list chat-results">
                  {data.results.data.map((msg) => {
                    const body = decodeBody(msg.message)
                    return (
                      <li key={msg.id}>
                        <a href={`#m-${msg.id}`} onClick={(event) => focusMessage(event, msg.id)}>
                          <strong>{msg.user.nome}</strong> <span className="muted">{when(msg.created_at)}</span>
                          <br />
                          {body.text || (body.type !== 'text' ? body.name : '')}
                        </a>
                      </li>
                    )
                  })}
                </ul>
                <Pages page={data.results} view={view} panel="pesquisa" />
              </>
            )
          ) : null}
        </>
      ) : null}
      {data.kind === 'midia' ? (
        data.media.data.length === 0 ? (
          <p className="muted">{m.mediaEmpty}</p>
        ) : (
          <>
            <ul className="plain-list chat-media">
              {data.media.data.map((msg) => {
                const body = decodeBody(msg.message)
                if (body.type === 'text') return null
                const href = attachmentHref(msg.id)
                return (
                  <li key={msg.id} data-day={dayKey(new Date(msg.created_at))}>
                    {body.type === 'image' ? (
                      <a href={href} target="_blank" rel="noreferrer">
                        <img src={href} alt={body.name} loading="lazy" className="chat-media-thumb" />
                      </a>
                    ) : body.type === 'audio' ? (
                      <span className="chat-media-audio">
                        <audio controls preload="none" src={href} aria-label={`${m.audio} de ${msg.user.nome}`} /> {durationLabel(body.duration)}
                      </span>
                    ) : (
                      <a href={href} download={body.name}>
                        📎 {body.name} <span className="muted">({fileSize(body.size)})</span>
                      </a>
                    )}
                    <span className="muted chat-media-meta">
                      {msg.user.nome} · {when(msg.created_at)}
                    </span>
                  </li>
                )
              })}
            </ul>
            <Pages page={data.media} view={view} panel="midia" />
          </>
        )
      ) : null}
    </aside>
  )
}
