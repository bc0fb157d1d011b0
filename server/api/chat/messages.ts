import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, count, desc, eq, gt, ilike, inArray, lt, or, sql } from 'drizzle-orm'
import { chatMessages as m } from '../../../app/domain/chat/messages.ts'
import { answerToField, audioBarsField, audioDurationField, ChatSearchSchema, ChatSendSchema, channelIdField, clientIdField, MAX_CHAT_TEXT } from '../../../app/domain/chat/schemas.ts'
import type { ChatMessage } from '../../../app/domain/chat/state.ts'
import { chatChannels, chatMessages, chatReads } from '../../db/schema/index.ts'
import { CHAT_AUDIO_TYPES, CHAT_FILE_TYPES, CHAT_IMAGE_TYPES, type StoredFile } from '../../files/file-store.ts'
import { abort, bearer, errorResponses, fail, jsonContent, MessageSchema, requireAuth, type Api, type Deps } from '../http.ts'
import { requireMembership } from '../organizations/membership.ts'
import { idParam, organizacaoIdField } from '../organizations/org-id.ts'
import { likePattern, paginated, paginatorSchema } from '../pagination.ts'
import { type Channel, recipientIds, requireChannel, userReadsChannel } from './access.ts'
import { ChannelSchema, describeChannels, notificationsFor } from './channels.ts'
import { ChatMessageSchema, selectMessages } from './serialize.ts'

export const CHAT_FILE_MAX_BYTES = 10 * 1024 * 1024
const PAGE_SIZE = 50
const MAX_PAGE_SIZE = 200
const SEARCH_PER_PAGE = 20
/** Pusher's limit for an event's data is 10 KB: past it the event says only which message to fetch. */
const MAX_EVENT_BYTES = 9 * 1024

export const CHAT_EVENT = 'chat-messages'
export const chatChannelName = (userId: number) => `private-${userId}_chat`

const socketIdField = z.string().regex(/^\d+\.\d+$/, 'socket_id inválido.').optional().openapi({ description: 'Conexão do remetente, que não recebe o próprio evento', example: '123.456' })

const SendBody = ChatSendSchema.extend({ organizacao_id: organizacaoIdField, socket_id: socketIdField }).openapi('EnviarMensagemChatRequest', {
  example: { organizacao_id: 1, channel_id: 1, client_id: '3f1c6e0a-8d2b-4c47-9a51-0b7e2d9c4f10', text: 'Bom dia! O pedido saiu hoje?' },
})

const FileBody = z
  .object({
    organizacao_id: organizacaoIdField,
    channel_id: channelIdField,
    client_id: clientIdField,
    file: z.instanceof(File, { error: m.fileRequired }).openapi({ type: 'string', format: 'binary' }),
    text: z.string().trim().max(MAX_CHAT_TEXT, m.messageTooLong).optional(),
    answer_to: answerToField,
    duration: audioDurationField.optional().openapi({ type: 'number', description: 'Segundos: presente numa mensagem de voz' }),
    audio_bars: audioBarsField.optional().openapi({ type: 'string', description: 'JSON: lista de até 64 alturas de 0 a 100' }),
    socket_id: socketIdField,
  })
  .openapi('EnviarArquivoChatRequest', {
    example: { organizacao_id: 1, channel_id: 1, client_id: '9b2d4f6a-1c3e-4a5b-8d7f-0e1a2b3c4d5e', file: '(imagem, pdf, planilha, documento ou áudio de até 10 MB)' },
  })

const ReadBody = z
  .object({ organizacao_id: organizacaoIdField, channel_id: channelIdField, message_id: answerToField.openapi({ type: 'integer', description: 'Até onde leu; ausente = tudo' }) })
  .openapi('LerChatRequest', { example: { organizacao_id: 1, channel_id: 1, message_id: 10 } })

const HighlightBody = z
  .object({
    organizacao_id: organizacaoIdField,
    message_id: channelIdField.openapi({ type: 'integer' }),
    destaque: z.boolean({ error: m.messageInvalid }),
  })
  .openapi('DestacarMensagemRequest', { example: { organizacao_id: 1, message_id: 10, destaque: true } })

const ChannelParams = z.object({ orgId: idParam(1, 'Organização'), channelId: idParam(1, 'Canal') })

const positiveQuery = (example: number) =>
  z.coerce.number({ error: m.afterInvalid }).int(m.afterInvalid).min(0, m.afterInvalid).max(2_147_483_647, m.afterInvalid).optional().openapi({ example })

const channelDenied = { 403: jsonContent(MessageSchema, 'Não participa do canal, ou chat externo sem plano Pro') }

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
      const [row] = await tx
        .insert(chatMessages)
        .values({ channelId: channel.id, userId, organizationId: body.organizacao_id, clientId: body.client_id, answerTo: body.answer_to, ...content })
        .onConflictDoNothing()
        .returning({ id: chatMessages.id })
      if (!row) return null
      // One's own message is read.
      await tx
        .insert(chatReads)
        .values({ channelId: channel.id, userId, lastReadId: row.id })
        .onConflictDoUpdate({ target: [chatReads.channelId, chatReads.userId], set: { lastReadId: sql`greatest(${chatReads.lastReadId}, ${row.id})` } })
      return row.id
    })
    // A concurrent retry of the same send won the insert: answer with its message.
    const message = id === null ? await again() : (await selectMessages(db, eq(chatMessages.id, id), [asc(chatMessages.id)], 1))[0]
    return { message, created: id !== null }
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/chat/mensagens/{orgId}/{channelId}',
      tags: ['Chat'],
      summary:
        'Mensagens do canal em ordem: as últimas (ou as anteriores a `before`); com `after`, as posteriores a ela (o que um cliente que reconecta perdeu)',
      security: bearer,
      middleware: [auth] as const,
      request: {
        params: ChannelParams,
        query: z.object({
          after: positiveQuery(120),
          before: positiveQuery(200),
          limit: z.coerce.number({ error: m.afterInvalid }).int(m.afterInvalid).min(1, m.afterInvalid).max(MAX_PAGE_SIZE, m.afterInvalid).default(PAGE_SIZE).openapi({ example: 50 }),
        }),
      },
      responses: {
        200: jsonContent(
          z.object({ data: z.array(ChatMessageSchema), has_more: z.boolean(), canal: ChannelSchema }).openapi('MensagensChat'),
          'Mensagens da mais antiga à mais nova, e o canal como a lista o mostra',
        ),
        ...channelDenied,
        ...errorResponses,
      },
    }),
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
    createRoute({
      method: 'post',
      path: '/api/chat/mensagens',
      tags: ['Chat'],
      summary: 'Envia um texto (ou uma resposta, com `answer_to`); repetir o mesmo `client_id` devolve a mensagem já gravada (200) em vez de duplicar',
      security: bearer,
      middleware: [auth] as const,
      request: { body: { required: true, content: { 'application/json': { schema: SendBody } } } },
      responses: {
        201: jsonContent(ChatMessageSchema, 'Mensagem gravada e entregue (evento chat-messages em private-{user_id}_chat)'),
        200: jsonContent(ChatMessageSchema, 'O mesmo envio já tinha sido gravado'),
        ...channelDenied,
        ...errorResponses,
      },
    }),
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
    createRoute({
      method: 'post',
      path: '/api/chat/arquivos',
      tags: ['Chat'],
      summary: 'Envia imagem, arquivo ou mensagem de voz (com `duration` e `audio_bars`), até 10 MB, conferidos pelo conteúdo; idempotente por `client_id`',
      security: bearer,
      middleware: [auth] as const,
      request: { body: { required: true, content: { 'multipart/form-data': { schema: FileBody } } } },
      responses: {
        201: jsonContent(ChatMessageSchema, 'Mensagem gravada e entregue'),
        200: jsonContent(ChatMessageSchema, 'O mesmo envio já tinha sido gravado'),
        ...channelDenied,
        ...errorResponses,
      },
    }),
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
    createRoute({
      method: 'get',
      path: '/api/chat/arquivo/{messageId}',
      tags: ['Chat'],
      summary: 'O anexo de uma mensagem (imagem, arquivo, áudio), só para quem participa do canal',
      security: bearer,
      middleware: [auth] as const,
      request: { params: z.object({ messageId: idParam(10, 'Mensagem') }) },
      responses: {
        200: { description: 'O arquivo', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
        403: jsonContent(MessageSchema, 'Não participa do canal'),
        404: jsonContent(MessageSchema, 'Sem anexo'),
        ...errorResponses,
      },
    }),
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
          'cache-control': 'private, max-age=86400',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        },
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/chat/lidas',
      tags: ['Chat'],
      summary: 'Marca o canal como lido até uma mensagem (ou até a última) e devolve o mapa de notificações',
      security: bearer,
      middleware: [auth] as const,
      request: { body: { required: true, content: { 'application/json': { schema: ReadBody } } } },
      responses: { 200: jsonContent(z.object({ I: z.array(z.any()), B: z.array(z.any()), F: z.array(z.any()), total: z.number().int() }), 'Notificações depois da leitura'), ...channelDenied, ...errorResponses },
    }),
    async (c) => {
      const user = c.get('user')
      const body = c.req.valid('json')
      const { channel, organization } = await requireChannel(db, user.id, body.organizacao_id, body.channel_id)
      const [{ last }] = await db.select({ last: sql<number | null>`max(${chatMessages.id})` }).from(chatMessages).where(eq(chatMessages.channelId, channel.id))
      const upTo = Math.min(body.message_id ?? Number.MAX_SAFE_INTEGER, last ?? 0)
      await db
        .insert(chatReads)
        .values({ channelId: channel.id, userId: user.id, lastReadId: upTo })
        .onConflictDoUpdate({ target: [chatReads.channelId, chatReads.userId], set: { lastReadId: sql`greatest(${chatReads.lastReadId}, ${upTo})` } })
      return c.json(await notificationsFor(db, user.id, organization), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/chat/destaque',
      tags: ['Chat'],
      summary: 'Destaca (ou tira o destaque de) uma mensagem do canal, para todos os participantes',
      security: bearer,
      middleware: [auth] as const,
      request: { body: { required: true, content: { 'application/json': { schema: HighlightBody } } } },
      responses: { 200: jsonContent(ChatMessageSchema, 'Mensagem atualizada'), 404: jsonContent(MessageSchema, 'Mensagem inexistente'), ...channelDenied, ...errorResponses },
    }),
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

  const searchRoute = (path: string, summary: string, query: z.ZodObject) =>
    createRoute({
      method: 'get',
      path,
      tags: ['Chat'],
      summary,
      security: bearer,
      middleware: [auth] as const,
      request: { params: ChannelParams, query },
      responses: { 200: jsonContent(paginatorSchema(ChatMessageSchema), 'Mensagens, as mais novas primeiro'), ...channelDenied, ...errorResponses },
    })

  const pageField = z.coerce.number({ error: m.afterInvalid }).int(m.afterInvalid).min(1, m.afterInvalid).max(1_000_000, m.afterInvalid).default(1).openapi({ example: 1 })

  app.openapi(
    searchRoute(
      '/api/chat/pesquisa/{orgId}/{channelId}',
      'Painel de pesquisa: mensagens do canal cujo texto ou nome de anexo contém o termo (sem diferenciar maiúsculas)',
      ChatSearchSchema.extend({ page: pageField }),
    ),
    async (c) => {
      const { orgId, channelId } = c.req.valid('param')
      const { q, page } = c.req.valid('query') as { q: string; page: number }
      const { channel } = await requireChannel(db, c.get('user').id, orgId, channelId)
      const pattern = likePattern(q)
      const where = and(eq(chatMessages.channelId, channel.id), or(ilike(chatMessages.text, pattern), ilike(sql`${chatMessages.attachment}->>'name'`, pattern)))!
      const [{ total }] = await db.select({ total: count() }).from(chatMessages).where(where)
      const data = await selectMessages(db, where, [desc(chatMessages.id)], SEARCH_PER_PAGE, (page - 1) * SEARCH_PER_PAGE)
      return c.json(paginated(data, total, page, SEARCH_PER_PAGE), 200)
    },
  )

  app.openapi(
    searchRoute(
      '/api/chat/midias/{orgId}/{channelId}',
      'Painel de mídia: imagens, arquivos e áudios do canal',
      z.object({
        tipo: z.enum(['image', 'file', 'audio'], { error: m.messageInvalid }).optional().openapi({ example: 'image' }),
        page: pageField,
      }),
    ),
    async (c) => {
      const { orgId, channelId } = c.req.valid('param')
      const { tipo, page } = c.req.valid('query') as { tipo?: 'image' | 'file' | 'audio'; page: number }
      const { channel } = await requireChannel(db, c.get('user').id, orgId, channelId)
      const where = and(eq(chatMessages.channelId, channel.id), tipo ? eq(chatMessages.kind, tipo) : inArray(chatMessages.kind, ['image', 'file', 'audio']))!
      const [{ total }] = await db.select({ total: count() }).from(chatMessages).where(where)
      const data = await selectMessages(db, where, [desc(chatMessages.id)], SEARCH_PER_PAGE, (page - 1) * SEARCH_PER_PAGE)
      return c.json(paginated(data, total, page, SEARCH_PER_PAGE), 200)
    },
  )
}
