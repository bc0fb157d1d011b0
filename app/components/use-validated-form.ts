import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useCallback } from 'react'
import type { z } from 'zod'
import { useFormValidity } from './forms.tsx'

/**
 * A Conform form validated with its zod schema (spec §4, §5): a field's message shows
 * when it loses focus (or, with `validateOn: 'onInput'`, as soon as it is typed in), then
 * follows every keystroke; a submit attempt shows every field's message and, when given,
 * the form's `submitError` ('Preencha todos os campos corretamente.'), as the server
 * answers without JavaScript. The submit button looks disabled while any field is invalid
 * (see SubmitButton). The same schema validates the post on the server.
 */
type FormShape = Record<string, unknown>

export function useValidatedForm<Schema extends z.ZodType<FormShape, FormShape>>(
  schema: Schema,
  options: {
    id: string
    lastResult?: SubmissionResult<string[]> | null
    defaultValue?: Partial<z.input<Schema>>
    validateOn?: 'onBlur' | 'onInput'
    submitError?: string
  },
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: options.validateOn ?? 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => {
      const submission = parseWithZod(formData, { schema })
      const { submitError } = options
      // Status 'error' is a submit attempt (a field check has no status): the form's message joins the fields'.
      if (submission.status !== 'error' || !submitError) return submission
      return { ...submission, reply: (reply) => submission.reply({ ...reply, formErrors: [submitError] }) }
    },
  })
  const isValid = useCallback(
    (element: HTMLFormElement) => parseWithZod(new FormData(element), { schema }).status === 'success',
    [schema],
  )
  const { formHandlers, submitDisabled } = useFormValidity(isValid)
  return { form, fields, formProps: { ...getFormProps(form), ...formHandlers }, submitDisabled }
}
