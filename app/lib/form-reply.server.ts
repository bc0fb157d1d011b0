import type { Submission } from '@conform-to/react'
import { apiErrorMessages, type ApiErrorBody } from './api.server.ts'

/**
 * Puts an API error on the form: each 422 message under its field when the form
 * has it, the rest (and 401/429/500 messages) above the form.
 */
export function replyWithApiError(
  submission: Submission<unknown>,
  body: ApiErrorBody,
  options: { fields: string[]; hideFields?: string[]; rename?: Record<string, string> },
) {
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  if (body.errors && Object.keys(body.errors).length) {
    for (const [key, messages] of Object.entries(body.errors)) {
      const field = options.rename?.[key] ?? key
      if (options.fields.includes(field)) fieldErrors[field] = messages
      else formErrors.push(...messages)
    }
  } else {
    formErrors.push(...apiErrorMessages(body))
  }
  return submission.reply({ fieldErrors, formErrors, hideFields: options.hideFields })
}

/** A refused form's field messages as one line, for a modal's post that answers with a toast. */
export function submissionErrorText(error: Record<string, string[] | null> | null | undefined) {
  return Object.values(error ?? {}).flat().filter(Boolean).join(' ')
}
