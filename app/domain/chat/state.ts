import type { Padrao } from './messages.ts'

/** A chat message as the API sends it and the `chat-messages` event carries it. */
export type ChatMessage = {
  id: number
  client_id: string
  channel_id: number
  padrao: Padrao
  user_id: number | null
  user: { id: number | null; nome: string; avatar: string | null }
  organizacao: { id: number; nome: string } | null
  message: string
  destaque: boolean
  created_at: string
}

/** A message typed here and not yet confirmed by the server (or refused): shown with its state. */
export type PendingMessage = Omit<ChatMessage, 'id'> & { id: number; pending: 'sending' | 'failed' }

export type ListedMessage = ChatMessage | PendingMessage

export type ChatType = 'company' | 'flag' | 'supplier'
export type NotificationEntry = { id: number; notifications: number }
export type NotificationsMap = Record<Padrao, NotificationEntry[]>
export type ActiveChat = { type: ChatType; channelId: number | null; user: unknown; company: unknown; group: unknown }

export type ChatState = {
  userId: number | null
  notifications: NotificationsMap
  activeChat: ActiveChat
  messages: ListedMessage[]
}

/** Choice index 0, 1, 2 maps to I, B, F; type map company=I, flag=B, supplier=F. */
export const CHOICE_PADRAO: readonly Padrao[] = ['I', 'B', 'F']
export const TYPE_PADRAO: Record<ChatType, Padrao> = { company: 'I', flag: 'B', supplier: 'F' }
export const PADRAO_TYPE: Record<Padrao, ChatType> = { I: 'company', B: 'flag', F: 'supplier' }

export const emptyNotifications = (): NotificationsMap => ({ I: [], B: [], F: [] })
const resetActiveChat = (): ActiveChat => ({ type: 'supplier', channelId: null, user: null, company: null, group: null })

export function initialChatState(userId: number | null, activeChat?: Partial<ActiveChat>): ChatState {
  return { userId, notifications: emptyNotifications(), activeChat: { ...resetActiveChat(), ...activeChat }, messages: [] }
}

export type ChatAction =
  | { type: 'userProfile'; userId: number | null }
  | { type: 'activeChat'; channelId: number | null; user?: unknown; company?: unknown; group?: unknown }
  | { type: 'chatType'; chatType: ChatType }
  | { type: 'incoming'; message: ChatMessage }
  | { type: 'history'; messages: ChatMessage[] }
  | { type: 'pending'; message: PendingMessage }
  | { type: 'failed'; clientId: string }
  | { type: 'clearActiveNotifications' }
  | { type: 'notifications'; notifications: NotificationsMap }

const isPending = (m: ListedMessage): m is PendingMessage => 'pending' in m

/** Stored messages in id order, then the ones still being sent; one entry per id and per client id. */
export function mergeMessages(current: ListedMessage[], incoming: ListedMessage[]): ListedMessage[] {
  const byClient = new Map<string, ListedMessage>()
  for (const m of current) byClient.set(m.client_id + '|' + m.user_id, m)
  for (const m of incoming) {
    const key = m.client_id + '|' + m.user_id
    const existing = byClient.get(key)
    // A confirmed message never goes back to pending; a newer confirmed copy (highlight changed) replaces it.
    if (existing && !isPending(existing) && isPending(m)) continue
    byClient.set(key, m)
  }
  const all = [...byClient.values()]
  const stored = all.filter((m) => !isPending(m)).sort((a, b) => a.id - b.id)
  return [...stored, ...all.filter(isPending)]
}

function raise(list: NotificationEntry[], channelId: number): NotificationEntry[] {
  const found = list.some((e) => e.id === channelId)
  return found ? list.map((e) => (e.id === channelId ? { ...e, notifications: e.notifications + 1 } : e)) : [...list, { id: channelId, notifications: 1 }]
}

/** The rules of the chat state. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'userProfile':
      if (action.userId !== null) return { ...state, userId: action.userId }
      return { ...state, userId: null, activeChat: resetActiveChat(), messages: [] }
    case 'activeChat': {
      const { channelId, user = null, company = null, group = null } = action
      const changed = channelId !== state.activeChat.channelId
      return { ...state, activeChat: { ...state.activeChat, channelId, user, company, group }, messages: changed ? [] : state.messages }
    }
    case 'chatType':
      if (action.chatType === state.activeChat.type) return state
      return { ...state, activeChat: { type: action.chatType, channelId: null, user: null, company: null, group: null }, messages: [] }
    case 'incoming': {
      const { message } = action
      const active = message.channel_id === state.activeChat.channelId && message.padrao === TYPE_PADRAO[state.activeChat.type]
      const known = state.messages.some((m) => !isPending(m) && m.id === message.id)
      const ownOrRepeat = message.user_id === state.userId || known
      const notifications = ownOrRepeat
        ? state.notifications
        : { ...state.notifications, [message.padrao]: raise(state.notifications[message.padrao], message.channel_id) }
      return { ...state, notifications, messages: active ? mergeMessages(state.messages, [message]) : state.messages }
    }
    case 'history':
      return { ...state, messages: mergeMessages(state.messages, action.messages) }
    case 'pending':
      return { ...state, messages: mergeMessages(state.messages, [action.message]) }
    case 'failed':
      return {
        ...state,
        messages: state.messages.map((m) => (isPending(m) && m.client_id === action.clientId ? { ...m, pending: 'failed' } : m)),
      }
    case 'clearActiveNotifications': {
      const { channelId, type } = state.activeChat
      if (channelId === null) return state
      const padrao = TYPE_PADRAO[type]
      return { ...state, notifications: { ...state.notifications, [padrao]: state.notifications[padrao].filter((e) => e.id !== channelId) } }
    }
    case 'notifications':
      return { ...state, notifications: action.notifications }
  }
}

/** allNotifications: the unread count of each type. */
export function allNotifications(map: NotificationsMap): Record<Padrao, number> {
  const sum = (list: NotificationEntry[]) => list.reduce((n, e) => n + e.notifications, 0)
  return { B: sum(map.B), F: sum(map.F), I: sum(map.I) }
}

/** The id after which a reconnecting client asks for what it missed. */
export function lastStoredId(messages: ListedMessage[]): number {
  return messages.reduce((max, m) => (isPending(m) ? max : Math.max(max, m.id)), 0)
}

export { isPending }
