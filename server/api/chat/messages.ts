import * as chatApi from '../../../app/domain/chat/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, desc, eq, gt, ilike, inArray, lt, or, sql } from 'drizzle-orm'
import { chatMessages as m } from '../../../app/domain/chat/messages.ts'
import type { ChatMessage } from '../../../app/domain/chat/state.ts'
import { lockChannel, participantIds, type Channel } from '../../db/chat-channels.ts'
import { readUpTo, recordMessage } from '../../db/chat-counters.ts'
import { chatChannels, chatMessages } from '../../db/schema/index.ts'
import { CHAT_AUDIO_TYPES, CHAT_FILE_TYPES, CHAT_IMAGE_TYPES, type StoredFile } from '../../files/file-store.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { requireMembership } from '../organizations/membership.ts'
import { likePattern, paginated } from '../pagination.ts'
import { recipientIds, requireChannel, userReadsChannel } from './access.ts'
import { describeChannels, notificationsFor } from './channels.ts'
import { selectMessages } from './serialize.ts'

export const CHAT_FILE_MAX_BYTES = 10 * 1024 * 1024
const SEARCH_PER_PAGE = 20
/** Pusher's limit for an event's data is 10 KB: past it the event says only which message to fetch. */
const MAX_EVENT_BYTES = 9 * 1024

export const CHAT_EVENT = 'chat-messages'
export const chatChannelName = (userId: number) => `private-${userId}_chat`









type Stored = { message: ChatMessage; created: boolean }

export function registerChatMessages(app: Api, deps: Deps) {
  const { db, files } = deps
  const auth = requireAuth(db)

  /** Sends the message to each reader's `private-{id}_chat` after it is stored; a failure only delays it to their next catch-up. */
  function deliver(channel: Channel, message: ChatMessage, options: { socketId?: string; update?: boolean } = {}) {
    const publisher = deps.publisher
    if (!publisher) return
    const data = { padrao: message.padrao, channel_id: message.channel_id, user: message.user, message, ...(options.update ? { atualizacao: true } : {}) }
    const fits = Buffer.byteLength(JSON.stringify(data)) <= MAX_EVENT_BYTES
    const payload = fits ? data : { ...data, message: null, message_id: message.id }
    void recipientIds(db, channel)
      .then((ids) => publisher.publish(ids.map(chatChannelName), CHAT_EVENT, payload, { socketId: options.socketId }))
      .catch((error: unknown) => console.error('Falha ao publicar mensagem do chat', error))
  }

  /** Idempotent on (sender, client_id): a retried send finds the stored message instead of doubling it. */
  async function store(
    userId: number,
    channel: Channel,
    body: { organizacao_id: number; client_id: string; answer_to?: number },
    content: Pick<typeof chatMessages.$inferInsert, 'kind' | 'text' | 'attachment' | 'audio'>,
  ): Promise<Stored> {
    const whereMine = and(eq(chatMessages.userId, userId), eq(chatMessages.clientId, body.client_id))!
    const again = async () => (await selectMessages(db, whereMine, [asc(chatMessages.id)], 1))[0]
    const earlier = await again()
    if (earlier) return { message: earlier, created: false }
    if (body.answer_to !== undefined) {
      const [answered] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, body.answer_to), eq(chatMessages.channelId, channel.id)))
      if (!answered) fail('answer_to', m.answerToInvalid)
    }
    const id = await db.transaction(async (tx) => {
      // Held first: ids within a channel follow commit order, which the counters rely on.
      await lockChannel(tx, channel.id, 'write')
      const participants = await participantIds(tx, channel)
      const [row] = await tx
        .insert(chatMessages)
        .values({ channelId: channel.id, userId, organizationId: body.organizacao_id, clientId: body.client_id, answerTo: body.answer_to, ...content })
        .onConflictDoNothing()
        .returning({ id: chatMessages.id })
      if (!row) return null
      // The others' unread and waiting counters, and the sender's own read cursor (one's own message is read).
      await recordMessage(tx, channel, participants, { id: row.id, userId, organizationId: body.organizacao_id })
      return row.id
    })
    // A concurrent retry of the same send won the insert: answer with its message.
    const message = id === null ? await again() : (await selectMessages(db, eq(chatMessages.id, id), [asc(chatMessages.id)], 1))[0]
    return { message, created: id !== null }
  }

  app.openapi(
    createRoute({ ...chatApi.mensagens, middleware: [auth] as const }),
    async (c) => {
      const { orgId, channelId } = c.req.valid('param')
      const { after, before, limit } = c.req.valid('query')
      const userId = c.get('user').id
      const { channel } = await requireChannel(db, userId, orgId, channelId)
      const [canal] = await describeChannels(db, userId, orgId, eq(chatChannels.id, channel.id), 1)
      const inChannel = eq(chatMessages.channelId, channel.id)
      if (after !== undefined) {
        const rows = await selectMessages(db, and(inChannel, gt(chatMessages.id, after))!, [asc(chatMessages.id)], limit + 1)
        return c.json({ data: rows.slice(0, limit), has_more: rows.length > limit, canal }, 200)
      }
      const where = before !== undefined ? and(inChannel, lt(chatMessages.id, before))! : inChannel
      const rows = await selectMessages(db, where, [desc(chatMessages.id)], limit + 1)
      return c.json({ data: rows.slice(0, limit).reverse(), has_more: rows.length > limit, canal }, 200)
    },
  )

  app.openapi(
    createRoute({ ...chatApi.postMensagens, middleware: [auth] as const }),
    async (c) => {
      const userId = c.get('user').id
      const body = c.req.valid('json')
      const { channel } = await requireChannel(db, userId, body.organizacao_id, body.channel_id)
      const { message, created } = await store(userId, channel, body, { kind: 'text', text: body.text })
      if (created) deliver(channel, message, { socketId: body.socket_id })
      return c.json(message, created ? 201 : 200)
    },
  )

  app.openapi(
    createRoute({ ...chatApi.arquivos, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const body = c.req.valid('form')
      const isAudio = body.duration !== undefined
      // Authorized before the file touches the disk.
      const { channel } = await requireChannel(db, user.id, body.organizacao_id, body.channel_id)
      const saved = await files.saveChecked(body.file, {
        folder: 'chat',
        allowed: isAudio ? CHAT_AUDIO_TYPES : CHAT_FILE_TYPES,
        maxBytes: CHAT_FILE_MAX_BYTES,
        private: true,
      })
      if ('error' in saved) fail('file', saved.error === 'too-big' ? m.fileTooBig : isAudio ? m.audioNotAudio : m.fileBadType)
      const stored: StoredFile = saved
      const mime = stored.mime === 'video/webm' ? 'audio/webm' : stored.mime
      const kind = isAudio ? 'audio' : mime in CHAT_IMAGE_TYPES ? 'image' : 'file'
      const name = body.file.name.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200) || `${kind}.${stored.key.split('.').pop()}`
      const result = await store(user.id, channel, body, {
        kind,
        text: body.text ?? '',
        attachment: { key: stored.key, name, mime, size: stored.size },
        audio: isAudio ? { duration: body.duration!, audioBars: body.audio_bars ?? [] } : null,
      }).catch(async (error: unknown) => {
        await files.remove(stored)
        throw error
      })
      if (!result.created) await files.remove(stored)
      else deliver(channel, result.message, { socketId: body.socket_id })
      return c.json(result.message, result.created ? 201 : 200)
    },
  )

  app.openapi(
    createRoute({ ...chatApi.arquivo, middleware: [auth] as const }),
    async (c) => {
      const { messageId } = c.req.valid('param')
      const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId))
      const [channel] = row ? await db.select().from(chatChannels).where(eq(chatChannels.id, row.channelId)) : []
      if (!row || !channel || !(await userReadsChannel(db, c.get('user').id, channel))) abort(403, m.channelDenied)
      const bytes = row.attachment ? await files.readPrivate(row.attachment.key) : null
      if (!row.attachment || !bytes) abort(404, m.messageNotFound)
      const { mime, name } = row.attachment
      const inline = /^(image|audio)\//.test(mime) || mime === 'application/pdf'
      return new Response(new Uint8Array(bytes), {
        headers: {
          'content-type': mime,
          'content-length': String(bytes.length),
          'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        },
      })
    },
  )

  app.openapi(
    createRoute({ ...chatApi.lidas, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const body = c.req.valid('json')
      const { channel, organization } = await requireChannel(db, user.id, body.organizacao_id, body.channel_id)
      await db.transaction(async (tx) => {
        await lockChannel(tx, channel.id, 'read')
        const [{ last }] = await tx.select({ last: sql<number | null>`max(${chatMessages.id})` }).from(chatMessages).where(eq(chatMessages.channelId, channel.id))
        const upTo = Math.min(body.message_id ?? Number.MAX_SAFE_INTEGER, last ?? 0)
        await readUpTo(tx, channel, await participantIds(tx, channel), user.id, upTo)
      })
      return c.json(await notificationsFor(db, user.id, organization), 200)
    },
  )

  app.openapi(
    createRoute({ ...chatApi.destaque, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const body = c.req.valid('json')
      await requireMembership(db, user.id, body.organizacao_id)
      const [row] = await db.select({ channelId: chatMessages.channelId }).from(chatMessages).where(eq(chatMessages.id, body.message_id))
      if (!row) abort(404, m.messageNotFound)
      const { channel } = await requireChannel(db, user.id, body.organizacao_id, row.channelId)
      await db.update(chatMessages).set({ highlighted: body.destaque }).where(eq(chatMessages.id, body.message_id))
      const [message] = await selectMessages(db, eq(chatMessages.id, body.message_id), [asc(chatMessages.id)], 1)
      deliver(channel, message, { update: true })
      return c.json(message, 200)
    },
  )

  app.openapi(
    createRoute({ ...chatApi.pesquisa, middleware: [auth] as const }),
    async (c) => {
      const { orgId, channelId } = c.req.valid('param')
      const { q, page } = c.req.valid('query')
      const { channel } = await requireChannel(db, c.get('user').id, orgId, channelId)
      const pattern = likePattern(q)
      const where = and(eq(chatMessages.channelId, channel.id), or(ilike(chatMessages.text, pattern), ilike(sql`${chatMessages.attachment}->>'name'`, pattern)))!
      const [{ total }] = await db.select({ total: count() }).from(chatMessages).where(where)
      const data = await selectMessages(db, where, [desc(chatMessages.id)], SEARCH_PER_PAGE, (page - 1) * SEARCH_PER_PAGE)
      return c.json(paginated(data, total, page, SEARCH_PER_PAGE), 200)
    },
  )

  app.openapi(
    createRoute({ ...chatApi.midias, middleware: [auth] as const }),
    async (c) => {
      const { orgId, channelId } = c.req.valid('param')
      const { tipo, page } = c.req.valid('query')
      const { channel } = await requireChannel(db, c.get('user').id, orgId, channelId)
      const where = and(eq(chatMessages.channelId, channel.id), tipo ? eq(chatMessages.kind, tipo) : inArray(chatMessages.kind, ['image', 'file', 'audio']))!
      const [{ total }] = await db.select({ total: count() }).from(chatMessages).where(where)
      const data = await selectMessages(db, where, [desc(chatMessages.id)], SEARCH_PER_PAGE, (page - 1) * SEARCH_PER_PAGE)
      return c.json(paginated(data, total, page, SEARCH_PER_PAGE), 200)
    },
  )
}
