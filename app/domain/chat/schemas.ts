import { z } from 'zod'
import { chatMessages as m } from './messages.ts'
import { positiveIdField } from '../shared/ids.ts'
import { text } from '../shared/text.ts'
import { AUDIO_BARS, AUDIO_MAX_SECONDS } from './audio.ts'

/**
 * The chat's send form (the page's plain form without JavaScript, the island's fetcher with
 * it) and the body of POST api/chat/mensagens, so both answer with the same texts.
 */
export const MAX_CHAT_TEXT = 4000

export const chatTextField = text({ required: m.messageRequired, max: MAX_CHAT_TEXT, tooLong: m.messageTooLong, multiline: true })

/** The text that may go with a file: the same rule, empty allowed. */
export const chatCaptionField = text({ invalidType: m.messageInvalid, max: MAX_CHAT_TEXT, tooLong: m.messageTooLong, multiline: true })

/** Made by the sender (crypto.randomUUID, or the server for a no-JS form): a retry reuses it. */
export const clientIdField = z.string({ error: m.clientIdInvalid }).regex(/^[A-Za-z0-9-]{8,64}$/, m.clientIdInvalid)

export const channelIdField = positiveIdField(m.channelRequired, m.channelInvalid)

export const answerToField = positiveIdField(m.answerToInvalid, m.answerToInvalid).optional()

export const ChatSendSchema = z.object({
  channel_id: channelIdField,
  client_id: clientIdField,
  text: chatTextField,
  answer_to: answerToField,
})

export const ChatSearchSchema = z.object({
  q: text({ required: m.searchRequired, max: 100, tooLong: m.searchTooLong }),
})

/** What a recorded voice message carries besides the file (audioBars, duration). */
export const audioDurationField = z.coerce.number({ error: m.durationInvalid }).min(0, m.durationInvalid).max(AUDIO_MAX_SECONDS, m.durationInvalid)
export const audioBarsField = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v
    try {
      return JSON.parse(v)
    } catch {
      return v
    }
  },
  z.array(z.number({ error: m.audioBarsInvalid }).min(0, m.audioBarsInvalid).max(100, m.audioBarsInvalid), { error: m.audioBarsInvalid }).max(AUDIO_BARS, m.audioBarsInvalid),
)
