import { chatReducer, initialChatState, type ActiveChat } from '~/domain/chat/state.ts'

/**
 * Chat notifications and the active chat are kept in local storage, so a later visit finds them. Apart from the
 * realtime provider (chat-live.tsx) so that the Login page, which clears them, does not ship it.
 */
export const NOTIFICATIONS_STORAGE_KEY = 'chatNotifications'
export const ACTIVE_CHAT_STORAGE_KEY = 'activeChat'

export function store(key: string, value: unknown) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Storage refused (private mode, quota): the state lives on in memory.
  }
}

/**
 * An empty user profile resets the active chat to supplier and clears the messages.
 * The Login page calls it, so the next person on this browser starts from a clean chat state.
 */
export function forgetChatState() {
  const state = chatReducer(initialChatState(null), { type: 'userProfile', userId: null })
  store(ACTIVE_CHAT_STORAGE_KEY, state.activeChat)
  store(NOTIFICATIONS_STORAGE_KEY, state.notifications)
}

/**
 * A company screen loaded as a whole starts the chat afresh, as the realtime provider does when it mounts: the next
 * visit of /Chat opens its list, not the conversation of an earlier visit.
 */
export function forgetActiveChat() {
  store(ACTIVE_CHAT_STORAGE_KEY, initialChatState(null).activeChat)
}

/** The active chat kept by an earlier visit, to reopen it. */
export function readActiveChat(): Partial<ActiveChat> | undefined {
  try {
    const raw = window.localStorage.getItem(ACTIVE_CHAT_STORAGE_KEY)
    return raw ? (JSON.parse(raw) as Partial<ActiveChat>) : undefined
  } catch {
    return undefined
  }
}
