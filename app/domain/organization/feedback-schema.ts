import { z } from 'zod'
import { text } from '../shared/text.ts'

export const FEEDBACK_MESSAGES = {
  notaRequired: 'Escolha uma nota de 1 a 5.',
  comentarioTooLong: 'O comentário deve ter no máximo 1000 caracteres.',
  saved: 'Obrigado pela sua avaliação!',
} as const

/** The short rating an organization may ask of its members before they enter (POST api/saveFeedback). */
export const FeedbackSchema = z.object({
  nota: z.preprocess(
    (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
    z.number({ error: FEEDBACK_MESSAGES.notaRequired }).int(FEEDBACK_MESSAGES.notaRequired).min(1, FEEDBACK_MESSAGES.notaRequired).max(5, FEEDBACK_MESSAGES.notaRequired),
  ),
  comentario: text({ max: 1000, tooLong: FEEDBACK_MESSAGES.comentarioTooLong, multiline: true })
    .nullish()
    .transform((v) => v || null),
})
