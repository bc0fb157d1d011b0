import { describe, expect, it } from 'vitest'
import { toBars } from '../../app/components/chat/audio-recorder.ts'
import { chatHref, readChatView } from '../../app/lib/chat/chat-url.ts'
import { separatorLabel, withDateSeparators } from '../../app/lib/chat/dates.ts'
import { insertAt } from '../../app/lib/chat/emoji.ts'
import { bodySummary, decodeBody, encodeBody } from '../../app/domain/chat/message-body.ts'
import {
  allNotifications,
  chatReducer,
  CHOICE_PADRAO,
  initialChatState,
  lastStoredId,
  mergeMessages,
  TYPE_PADRAO,
  type ChatMessage,
  type ChatState,
  type PendingMessage,
} from '../../app/domain/chat/state.ts'

const labels = { today: 'Hoje', yesterday: 'Ontem' }

function msg(id: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    client_id: `c-${id}`,
    channel_id: 10,
    padrao: 'F',
    user_id: 2,
    user: { id: 2, nome: 'Bia', avatar: null },
    organizacao: null,
    message: `mensagem ${id}`,
    destaque: false,
    created_at: '2026-11-20T12:00:00.000Z',
    ...extra,
  }
}

function openChat(channelId = 10): ChatState {
  let state = initialChatState(1)
  state = chatReducer(state, { type: 'chatType', chatType: 'supplier' })
  return chatReducer(state, { type: 'activeChat', channelId })
}

describe('chat state rules', () => {
  it('maps choice index 0, 1, 2 to I, B, F and company/flag/supplier to I/B/F', () => {
    expect(CHOICE_PADRAO).toEqual(['I', 'B', 'F'])
    expect(TYPE_PADRAO).toEqual({ company: 'I', flag: 'B', supplier: 'F' })
  })

  it('an empty user profile resets the active chat to supplier and clears messages', () => {
    let state = chatReducer(initialChatState(1, { type: 'company' }), { type: 'activeChat', channelId: 3, user: { id: 9 } })
    state = chatReducer(state, { type: 'history', messages: [msg(1, { channel_id: 3 })] })
    state = chatReducer(state, { type: 'userProfile', userId: null })
    expect(state.activeChat).toEqual({ type: 'supplier', channelId: null, user: null, company: null, group: null })
    expect(state.messages).toEqual([])
  })

  it('changing the active chat clears the message list; the same chat keeps it', () => {
    let state = chatReducer(openChat(10), { type: 'history', messages: [msg(1)] })
    expect(chatReducer(state, { type: 'activeChat', channelId: 10 }).messages).toHaveLength(1)
    state = chatReducer(state, { type: 'activeChat', channelId: 11 })
    expect(state.messages).toEqual([])
  })

  it('changing the chat type clears messages, user, company and group', () => {
    let state = chatReducer(openChat(10), { type: 'activeChat', channelId: 10, user: { id: 1 }, company: { id: 2 }, group: 'x' })
    state = chatReducer(state, { type: 'history', messages: [msg(1)] })
    state = chatReducer(state, { type: 'chatType', chatType: 'company' })
    expect(state.activeChat).toMatchObject({ type: 'company', user: null, company: null, group: null })
    expect(state.messages).toEqual([])
  })

  it('an incoming message raises the count of its channel and type, and is appended only to the active channel', () => {
    let state = openChat(10)
    state = chatReducer(state, { type: 'incoming', message: msg(1) })
    state = chatReducer(state, { type: 'incoming', message: msg(2) })
    state = chatReducer(state, { type: 'incoming', message: msg(3, { channel_id: 20, padrao: 'I' }) })
    expect(state.notifications).toEqual({ I: [{ id: 20, notifications: 1 }], B: [], F: [{ id: 10, notifications: 2 }] })
    expect(state.messages.map((x) => x.id)).toEqual([1, 2])
    expect(allNotifications(state.notifications)).toEqual({ B: 0, F: 2, I: 1 })
  })

  it('does not count one’s own messages nor the same message twice', () => {
    let state = openChat(10)
    state = chatReducer(state, { type: 'incoming', message: msg(1, { user_id: 1 }) })
    state = chatReducer(state, { type: 'incoming', message: msg(2) })
    state = chatReducer(state, { type: 'incoming', message: msg(2) })
    expect(state.notifications.F).toEqual([{ id: 10, notifications: 1 }])
    expect(state.messages.map((x) => x.id)).toEqual([1, 2])
  })

  it('clearing notifications for the active chat removes that channel from its type list', () => {
    let state = openChat(10)
    state = chatReducer(state, { type: 'incoming', message: msg(1) })
    state = chatReducer(state, { type: 'incoming', message: msg(2, { channel_id: 11 }) })
    state = chatReducer(state, { type: 'clearActiveNotifications' })
    expect(state.notifications.F).toEqual([{ id: 11, notifications: 1 }])
  })

  it('a pending message is replaced by its stored copy, and a failure marks it', () => {
    const pending: PendingMessage = { ...msg(-1, { client_id: 'abc', user_id: 1 }), pending: 'sending' }
    let state = chatReducer(openChat(10), { type: 'pending', message: pending })
    state = chatReducer(state, { type: 'failed', clientId: 'abc' })
    expect(state.messages[0]).toMatchObject({ pending: 'failed' })
    state = chatReducer(state, { type: 'history', messages: [msg(7, { client_id: 'abc', user_id: 1 })] })
    expect(state.messages).toEqual([msg(7, { client_id: 'abc', user_id: 1 })])
    expect(lastStoredId(state.messages)).toBe(7)
  })
})

describe('merging messages', () => {
  it('keeps id order with no repeats, whatever order they come in', () => {
    const merged = mergeMessages([msg(3), msg(1)], [msg(2), msg(3), msg(5), msg(4)])
    expect(merged.map((x) => x.id)).toEqual([1, 2, 3, 4, 5])
  })

  it('takes the newer copy of a message (a highlight) but never goes back to pending', () => {
    const highlighted = msg(1, { destaque: true })
    expect(mergeMessages([msg(1)], [highlighted])).toEqual([highlighted])
    const stalePending: PendingMessage = { ...msg(-5, { client_id: 'c-1' }), pending: 'sending' }
    expect(mergeMessages([msg(1)], [stalePending])).toEqual([msg(1)])
  })
})

describe('message body', () => {
  it('keeps plain text plain and round-trips every kind', () => {
    expect(encodeBody({ type: 'text', text: 'Olá' })).toBe('Olá')
    const audio = { type: 'audio' as const, text: '', url: '/a', name: 'a.webm', mime: 'audio/webm', size: 10, duration: 3, audioBars: [1, 2] }
    expect(decodeBody(encodeBody(audio))).toEqual(audio)
    const reply = { type: 'text' as const, text: 'Sim', answerTo: { id: 4, nome: 'Ana', message: 'Pode?' } }
    expect(decodeBody(encodeBody(reply))).toEqual(reply)
  })

  it('never mistakes text that looks like JSON', () => {
    const tricky = '{"type":"image","url":"javascript:alert(1)"}'
    expect(encodeBody({ type: 'text', text: tricky })).not.toBe(tricky)
    expect(decodeBody(encodeBody({ type: 'text', text: tricky }))).toEqual({ type: 'text', text: tricky })
    expect(decodeBody('{não é json')).toEqual({ type: 'text', text: '{não é json' })
  })

  it('summarises a message in one short line', () => {
    const labels3 = { image: 'Imagem', file: 'Arquivo', audio: 'Mensagem de voz' }
    expect(bodySummary({ type: 'audio', text: '' }, labels3)).toBe('Mensagem de voz')
    expect(bodySummary({ type: 'file', text: '', name: 'nota.pdf' }, labels3)).toBe('Arquivo: nota.pdf')
    expect(bodySummary({ type: 'text', text: 'a'.repeat(200) }, labels3)).toHaveLength(80)
  })
})

describe('date separators', () => {
  const now = new Date('2026-11-21T15:00:00Z') // 12:00 in São Paulo

  it("says 'Hoje', 'Ontem', else the pt-BR date, in São Paulo's time", () => {
    expect(separatorLabel(new Date('2026-11-21T03:30:00Z'), now, labels)).toBe('Hoje') // 00:30 local
    expect(separatorLabel(new Date('2026-11-21T02:30:00Z'), now, labels)).toBe('Ontem') // 23:30 local the day before
    expect(separatorLabel(new Date('2026-11-19T15:00:00Z'), now, labels)).toBe('19/11/2026')
  })

  it('puts one separator (only a message text) before each new day', () => {
    const items = [
      { id: 1, created_at: '2026-11-19T15:00:00Z' },
      { id: 2, created_at: '2026-11-20T15:00:00Z' },
      { id: 3, created_at: '2026-11-20T16:00:00Z' },
      { id: 4, created_at: '2026-11-21T14:00:00Z' },
    ]
    const entries = withDateSeparators(items, now, labels)
    expect(entries.map((e) => (e.kind === 'separator' ? e.message : e.item.id))).toEqual(['19/11/2026', 1, 'Ontem', 2, 3, 'Hoje', 4])
  })
})

describe('chat page address', () => {
  it('reads a view and writes it back without defaults', () => {
    const view = readChatView(new URLSearchParams('tipo=F&canal=12&painel=midia&responder=4'))
    expect(view).toMatchObject({ tipo: 'F', canal: 12, painel: 'midia', responder: 4, pagina: 1 })
    expect(chatHref(view)).toBe('/Chat?tipo=F&canal=12&painel=midia&responder=4')
    expect(chatHref({ tipo: 'I' })).toBe('/Chat')
  })

  it('ignores what it does not know', () => {
    expect(readChatView(new URLSearchParams('tipo=X&canal=-1&painel=hack'))).toMatchObject({ tipo: 'I', canal: null, painel: null })
  })
})

describe('composer helpers', () => {
  it('inserts an emoji at the caret or over the selection', () => {
    expect(insertAt('Bom dia', 3, 3, ' 😀')).toEqual({ value: 'Bom 😀 dia', caret: 6 })
    expect(insertAt('Bom dia', 4, 7, '👍')).toEqual({ value: 'Bom 👍', caret: 6 })
  })

  it('squeezes loudness samples into bars from 0 to 100', () => {
    expect(toBars([])).toEqual([])
    expect(toBars([0.1, 0.2, 0.4], 3)).toEqual([25, 50, 100])
    expect(toBars(Array.from({ length: 640 }, (_, i) => i % 10), 64)).toHaveLength(64)
  })
})
