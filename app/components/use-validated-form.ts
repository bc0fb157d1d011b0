// Before this module parses with zod in the browser (see the module).
import '~/lib/zod-jitless.ts'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useCallback, useEffect, useRef } from 'react'
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
  const latest = useRef(form)
  latest.current = form
  const validateOnBlur = (options.validateOn ?? 'onBlur') === 'onBlur'
  useEffect(() => {
    if (!validateOnBlur) return
    return holdBlurDuringPress(form.id, (name) => latest.current.validate({ name }))
  }, [form.id, validateOnBlur])
  const isValid = useCallback(
    (element: HTMLFormElement) => parseWithZod(new FormData(element), { schema }).status === 'success',
    [schema],
  )
  const { formHandlers, submitDisabled } = useFormValidity(isValid)
  return { form, fields, formProps: { ...getFormProps(form), ...formHandlers }, submitDisabled }
}

/**
 * A field left by a mouse or touch press (on a link, the page, another control) shows its message
 * only once the press is over: shown at once, the message would push what is below it away
 * between press and release, and the click would land elsewhere (the 'Crie sua conta' link under
 * an empty, autofocused e-mail). Keyboard focus moves validate at once (Conform's own listener).
 */
function holdBlurDuringPress(formId: string, validate: (name: string) => void) {
  const formElement = document.getElementById(formId)
  if (!(formElement instanceof HTMLFormElement)) return
  let pressed = false
  const onDown = () => {
    pressed = true
  }
  const onUp = () => {
    // After the click this press makes.
    window.setTimeout(() => {
      pressed = false
    })
  }
  const onFocusOut = (event: FocusEvent) => {
    const field = event.target
    const named = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement
    if (!pressed || !named || !field.name) return
    // Conform listens on the document: it does not see this one, and is asked again after the press.
    event.stopPropagation()
    const name = field.name
    document.addEventListener('pointerup', () => window.setTimeout(() => formElement.isConnected && validate(name)), { once: true })
  }
  document.addEventListener('pointerdown', onDown, true)
  document.addEventListener('pointerup', onUp, true)
  formElement.addEventListener('focusout', onFocusOut)
  return () => {
    document.removeEventListener('pointerdown', onDown, true)
    document.removeEventListener('pointerup', onUp, true)
    formElement.removeEventListener('focusout', onFocusOut)
  }
}
