import { useEffect } from 'react'
import { data, redirect, useLocation, useNavigate } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Route } from './+types/chat'
import { useChatLive } from '~/components/chat/chat-live.tsx'
import { readActiveChat } from '~/components/chat/chat-storage.ts'
import { ChannelList, type ChannelSummary } from '~/components/chat/channel-list.tsx'
import { ChatPanel, type PanelData } from '~/components/chat/chat-panels.tsx'
import { answerRefOf, Conversation } from '~/components/chat/conversation.tsx'
import { apiErrorMessages } from '~/lib/api.server.ts'
import * as chatApi from '~/domain/chat/contract.ts'
import { api } from '~/lib/api.server.ts'
import { sendChatMessage } from '~/lib/chat.server.ts'
import { chatHref, readChatView } from '~/lib/chat/chat-url.ts'
import { allNotifications, TYPE_PADRAO, type ChatMessage } from '~/domain/chat/state.ts'
import { requireCompany, type CompanyProfile } from '~/lib/company.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { chatMessages as m, type Padrao } from '~/domain/chat/messages.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Chat | Pedidos B2B' }]

/** The chat is an island: the page hydrates and React runs it (decision 046). */
export const handle = { hydrate: true }

/** The tabs: chat of the company (I) always, of the flag (B) for a flag and its units, with suppliers or customers (F). */
function chatTabs(company: Pick<CompanyProfile, 'tipo' | 'bandeira_id'>): { padrao: Padrao; label: string }[] {
  const tabs: { padrao: Padrao; label: string }[] = [{ padrao: 'I', label: m.tabs.I }]
  if (company.tipo === 'b' || company.bandeira_id) tabs.push({ padrao: 'B', label: m.tabs.B })
  tabs.push({ padrao: 'F', label: company.tipo === 'v' ? m.tabs.F : m.tabsSeller.F })
  return tabs
}

type Conversation = { channel: ChannelSummary; data: ChatMessage[]; has_more: boolean }

export async function loader({ request }: Route.LoaderArgs) {
  const { company, user } = await requireCompany(request)
  const url = new URL(request.url)
  const view = readChatView(url.searchParams)
  const tabs = chatTabs(company)
  if (!tabs.some((t) => t.padrao === view.tipo)) throw redirect('/Chat')
  const orgId = company.organizacao_id
  const [channels, notifications] = await Promise.all([
    api(request, chatApi.canais, { params: { orgId, padrao: view.tipo }, query: { page: view.pagina, search: view.busca } }),
    api(request, chatApi.notificacoes, { params: { orgId } }),
  ])
  if (!channels.ok) throw data(apiErrorMessages(channels.data).join(' '), { status: channels.status })

  let conversation: Conversation | null = null
  let conversationError: string | null = null
  let panel: PanelData | null = null
  if (view.canal) {
    const res = await api(request, chatApi.mensagens, { params: { orgId, channelId: view.canal }, query: { limit: 50, before: view.antes } })
    if (res.ok) conversation = { channel: res.data.canal, data: res.data.data, has_more: res.data.has_more }
    else conversationError = apiErrorMessages(res.data).join(' ')
  }
  if (conversation && view.painel) {
    const params = { orgId, channelId: conversation.channel.id }
    const panelPage = url.searchParams.get('pagina_painel')
    const page = panelPage && /^\d{1,6}$/.test(panelPage) ? panelPage : '1'
    if (view.painel === 'perfil') {
      const res = await api(request, chatApi.perfil, { params })
      if (res.ok) panel = { kind: 'perfil', profile: res.data }
    } else if (view.painel === 'midia') {
      const res = await api(request, chatApi.midias, { params, query: { page } })
      if (res.ok) panel = { kind: 'midia', media: res.data }
    } else if (view.q) {
      const res = await api(request, chatApi.pesquisa, { params, query: { q: view.q, page } })
      panel = { kind: 'pesquisa', results: res.ok ? res.data : null, error: res.ok ? null : apiErrorMessages(res.data).join(' ') }
    } else panel = { kind: 'pesquisa', results: null, error: null }
  }
  const replied = view.responder ? conversation?.data.find((msg) => msg.id === view.responder) : undefined
  return {
    view,
    tabs,
    channels: channels.data,
    notifications: notifications.ok ? notifications.data : null,
    conversation,
    conversationError,
    panel,
    replyTo: replied ? answerRefOf(replied) : null,
    clientId: crypto.randomUUID(),
    me: { id: user.user_id, nome: user.nome, avatar: user.avatar },
    here: chatHref({ ...view, responder: null, antes: null }),
    waiting: company.msg_atraso_tipos,
  }
}

/** The page's own forms without JavaScript: send a message (text, or a file with its caption), highlight one. */
export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const view = readChatView(new URL(request.url).searchParams)
  const back = chatHref({ ...view, responder: null, antes: null })
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'destacar') {
    const res = await api(request, chatApi.destaque, {
      json: { organizacao_id: company.organizacao_id, message_id: form.get('message_id'), destaque: form.get('destaque') === '1' },
    })
    if (!res.ok) return redirectWithToast(request, back, { kind: 'error', text: apiErrorMessages(res.data).join(' ') })
    return redirect(`${back}#m-${res.data.id}`)
  }
  const { submission, res } = await sendChatMessage(request, company.organizacao_id, form)
  if (!res) return data({ result: submission.reply() }, { status: 400 })
  if (!res.ok) {
    if (submission) return data({ result: replyWithApiError(submission, res.data, { fields: ['text'] }) }, { status: 400 })
    return redirectWithToast(request, back, { kind: 'error', text: apiErrorMessages(res.data).join(' ') })
  }
  return redirect(`${back}#m-${res.data.id}`)
}

export default function ChatPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, tabs, channels, notifications, conversation, conversationError, panel, replyTo, clientId, me, here, waiting } = loaderData
  const hydrated = useHydrated()
  const live = useChatLive()
  const navigate = useNavigate()
  const location = useLocation()
  /** Set by the conversation's 'Voltar às conversas': the person asked for the list, not for the kept chat. */
  const listAsked = Boolean((location.state as { chatList?: boolean } | null)?.chatList)
  const liveMap = hydrated && live?.total !== null ? (live?.state.notifications ?? null) : null
  const counts = allNotifications(liveMap ?? notifications ?? { I: [], B: [], F: [] })

  // The active chat is kept; coming back to /Chat reopens it when it is in this list.
  useEffect(() => {
    if (view.canal || listAsked) return
    const saved = readActiveChat()
    if (!saved?.channelId || !saved.type || TYPE_PADRAO[saved.type] !== view.tipo) return
    if (channels.data.some((c) => c.id === saved.channelId)) void navigate(chatHref({ ...view, canal: saved.channelId }), { replace: true })
  }, [view, channels.data, navigate, listAsked])

  return (
    <section className="chat-page" data-channel-open={view.canal ? '' : undefined} aria-labelledby="chat-title">
      <h1 id="chat-title" className="sr-only">
        {m.title}
      </h1>
      <ChannelList
        view={view}
        tabs={tabs}
        channels={channels}
        userId={me.id}
        live={liveMap}
        tabCounts={counts}
        waiting={live?.header?.msg_atraso_tipos ?? waiting}
        liveLast={live?.lastByChannel ?? {}}
      />
      {conversation ? (
        <Conversation
          key={conversation.channel.id}
          view={view}
          channel={conversation.channel}
          messages={conversation.data}
          hasMore={conversation.has_more}
          me={me}
          clientId={clientId}
          here={here}
          hydrated={hydrated}
          lastResult={actionData?.result ?? null}
          replyTo={replyTo}
        />
      ) : (
        <div className="chat-conversation chat-placeholder card">
          {conversationError ? (
            <p className="notice notice-error" role="alert">
              {conversationError}
            </p>
          ) : (
            <p className="muted">{m.pickChannel}</p>
          )}
        </div>
      )}
      {panel ? <ChatPanel data={panel} view={view} /> : null}
    </section>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
