import { asc, eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { keepAvatar } from '../../../app/domain/shared/avatar.ts'
import { bodySummary, encodeBody, type AnswerRef, type ChatBody } from '../../../app/domain/chat/message-body.ts'
import type { ChatMessage } from '../../../app/domain/chat/state.ts'
import { chatMessages as m, summaryLabels, type Padrao } from '../../../app/domain/chat/messages.ts'
import type { Db, Tx } from '../../db/client.ts'
import { perDatabase } from '../../db/per-database.ts'
import { chatChannels, chatMessages, organizations, users } from '../../db/schema/index.ts'

const answered = alias(chatMessages, 'answered')
const answeredUser = alias(users, 'answered_user')

type Row = {
  msg: typeof chatMessages.$inferSelect
  padrao: string
  user: { id: number; nome: string; avatar: string | null } | null
  org: { id: number; nome: string } | null
  answered: { id: number; kind: string; text: string; attachment: { name: string } | null } | null
  answeredBy: string | null
}

/** Where a member downloads an attachment (with the bearer token); the web app serves it at /Chat/arquivo/{id}. */
export const attachmentPath = (messageId: number) => `/api/chat/arquivo/${messageId}`

function bodyOf(msg: Row['msg'], answerTo: AnswerRef | undefined): ChatBody {
  const extra = answerTo ? { answerTo } : {}
  if (msg.kind === 'text' || !msg.attachment) return { type: 'text', text: msg.text, ...extra }
  const file = { url: attachmentPath(msg.id), name: msg.attachment.name, mime: msg.attachment.mime, size: msg.attachment.size }
  if (msg.kind === 'audio') {
    return { type: 'audio', text: msg.text, ...file, duration: msg.audio?.duration ?? 0, audioBars: msg.audio?.audioBars ?? [], ...extra }
  }
  return { type: msg.kind as 'image' | 'file', text: msg.text, ...file, ...extra }
}

function toMessage(row: Row): ChatMessage {
  const { msg } = row
  let answerTo: AnswerRef | undefined
  if (row.answered) {
    const a = row.answered
    const type = a.kind as ChatBody['type']
    answerTo = { id: a.id, nome: row.answeredBy ?? m.removedUser, message: bodySummary({ type, text: a.text, name: a.attachment?.name }, summaryLabels) }
  }
  return {
    id: msg.id,
    client_id: msg.clientId,
    channel_id: msg.channelId,
    padrao: row.padrao as Padrao,
    user_id: msg.userId,
    user: row.user ? { id: row.user.id, nome: row.user.nome, avatar: keepAvatar(row.user.avatar) } : { id: null, nome: m.removedUser, avatar: null },
    organizacao: row.org,
    message: encodeBody(bodyOf(msg, answerTo)),
    destaque: msg.highlighted,
    created_at: msg.createdAt.toISOString(),
  }
}

/** Messages with their author, organization and the message they answer: the read before its where. */
const messageRows = (db: Db | Tx) =>
  db
    .select({
      msg: chatMessages,
      padrao: chatChannels.padrao,
      user: { id: users.id, nome: users.name, avatar: users.avatar },
      org: { id: organizations.id, nome: organizations.nome },
      answered: { id: answered.id, kind: answered.kind, text: answered.text, attachment: answered.attachment },
      answeredBy: answeredUser.name,
    })
    .from(chatMessages)
    .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .leftJoin(organizations, eq(organizations.id, chatMessages.organizationId))
    .leftJoin(answered, eq(answered.id, chatMessages.answerTo))
    .leftJoin(answeredUser, eq(answeredUser.id, answered.userId))

/** Messages with their author, organization and the message they answer, ready for the API. */
export async function selectMessages(db: Db | Tx, where: SQL, order: SQL[], limit: number, offset = 0): Promise<ChatMessage[]> {
  const rows = await messageRows(db).where(where).orderBy(...order).limit(limit).offset(offset)
  return rows.map(toMessage)
}

/**
 * Built once per database: the chat list reads its channels' last messages on every view, and drizzle's building
 * of this read cost more than running it.
 */
const byIds = perDatabase((db) =>
  messageRows(db)
    .where(sql`${chatMessages.id} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(chatMessages.id))
    .prepare('api_chat_messages_by_ids'),
)

/** The messages of these ids, oldest first. */
export async function messagesByIds(db: Db, ids: number[]): Promise<ChatMessage[]> {
  return ids.length ? (await byIds(db).execute({ ids })).map(toMessage) : []
}
