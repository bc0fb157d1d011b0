import { chatMessages } from '~/domain/chat/messages.ts'

/**
 * The shell's counters as the server renders them and the enhancement layer (app/enhance/realtime.ts) changes them:
 * one text for both, so a count that moves live reads as the page would after a reload.
 */

/** What a menu badge counts, for screen readers: chat messages unless said. */
export type BadgeOf = 'mensagens' | 'pedidos'

/** The number a badge shows: two digits at most. */
export const badgeNumber = (n: number) => (n > 99 ? '99+' : String(n))

function badgeText(n: number, of: BadgeOf) {
  if (of === 'pedidos') return n === 1 ? '1 novidade em pedidos' : `${n} novidades em pedidos`
  return n === 1 ? '1 mensagem não lida' : `${n} mensagens não lidas`
}

/** A menu link's name with its badge, given whole: the label and a hidden suffix in separate boxes read as 'Pedidos , 1 …'. Null at 0: the label names it. */
export const menuItemName = (label: string, n: number, of: BadgeOf) => (n > 0 ? `${label}, ${badgeText(n, of)}` : null)

/** The header's chat link. */
export const headerChatName = (n: number) => (n > 0 ? `Chat, ${chatMessages.unread(n)}` : 'Chat')

/** The header's notice of messages waiting for an answer (the company's msg_atraso). */
export const overdueText = (n: number) => `${n} ${n === 1 ? 'mensagem aguardando resposta' : 'mensagens aguardando resposta'}`

/** Where the notice leads: the chat tab where the waiting messages are, the one with more when both have some. */
export function overdueHref(byType: { B: number; F: number } | undefined) {
  if (!byType || (byType.B === 0 && byType.F === 0)) return '/Chat'
  return `/Chat?tipo=${byType.B > byType.F ? 'B' : 'F'}`
}

/** What /cabecalho/contadores answers: the header's chat counters of the entered company. */
export type HeaderCounters = { notificacoes_chat: number; msg_atraso: number; msg_atraso_tipos: { B: number; F: number } }
