import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useCallback, useEffect, useReducer, useRef, useState } from 'react'
import type { z } from 'zod'
import type { FormSchema } from './form-schema.ts'
import { isNamedField, trackPresses } from './field-presses.ts'
import { useFormValidity } from './forms.tsx'

/**
 * A Conform form validated with its zod schema: a field's message shows
 * when it loses focus (or, with `validateOn: 'onInput'`, as soon as it is typed in), then
 * follows every keystroke; a submit attempt shows every field's message and, when given,
 * the form's `submitError` ('Preencha todos os campos corretamente.'), as the server
 * answers without JavaScript. The submit button looks disabled while any field is invalid
 * (see SubmitButton). The same schema validates the post on the server.
 *
 * The schema reaches the browser after hydration (form-schema.ts, decision 032). Until then the form
 * is the one the server rendered, validated by the server when sent; the constraints (required,
 * lengths) the server put on the fields stay, read back from the form's `data-constraint`.
 */
type FormShape = Record<string, unknown>

export function useValidatedForm<Schema extends z.ZodType<FormShape, FormShape>>(
  source: FormSchema<Schema>,
  options: {
    id: string
    lastResult?: SubmissionResult<string[]> | null
    defaultValue?: Partial<z.input<Schema>>
    validateOn?: 'onBlur' | 'onInput'
    submitError?: string
  },
) {
  const validator = source.loaded
  const [, schemaArrived] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (source.loaded) return
    let mounted = true
    // A chunk that fails to load leaves the form as without JavaScript: the server validates it.
    source.load().then(
      () => mounted && schemaArrived(),
      () => {},
    )
    return () => {
      mounted = false
    }
  }, [source])
  const [constraints] = useState(() => new FieldConstraints(options.id))
  const constraintJson = constraints.use(validator?.constraint)
  const validateOn = options.validateOn ?? 'onBlur'
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: constraints.proxy,
    // Without the schema nothing is checked in the browser: a check would post the form to the server.
    shouldValidate: validator ? validateOn : 'onSubmit',
    shouldRevalidate: validator ? 'onInput' : 'onSubmit',
    onValidate: validator
      ? ({ formData }) => {
          const submission = validator.parse(formData)
          const { submitError } = options
          // Status 'error' is a submit attempt (a field check has no status): the form's message joins the fields'.
          if (submission.status !== 'error' || !submitError) return submission
          return { ...submission, reply: (reply) => submission.reply({ ...reply, formErrors: [submitError] }) }
        }
      : undefined,
  })
  const latest = useRef({ form, validating: Boolean(validator) })
  latest.current = { form, validating: Boolean(validator) }
  const leftEarly = useRef(new Set<string>())
  useEffect(() => {
    if (validateOn !== 'onBlur') return
    return holdBlurDuringPress(form.id, (name) => (latest.current.validating ? latest.current.form.validate({ name }) : leftEarly.current.add(name)))
  }, [form.id, validateOn])
  useEffect(() => {
    // Fields left (or, validated on input, typed in) before the schema arrived say what is wrong with them as soon as it has.
    if (!validator) return whileLoading(form.id, validateOn === 'onBlur' ? 'focusout' : 'input', (name) => leftEarly.current.add(name))
    for (const name of leftEarly.current) form.validate({ name })
    leftEarly.current.clear()
  }, [form, validator, validateOn])
  // Conform's own requests (update, reset) made before the schema arrived: Conform handles them only with it,
  // and unhandled they would post the form to the server. Held, then made again once it has.
  const heldRequests = useRef<string[]>([])
  useEffect(() => {
    if (!validator) return
    const formElement = document.forms.namedItem(form.id)
    for (const request of heldRequests.current.splice(0)) if (formElement) requestAgain(formElement, request)
  }, [form.id, validator])
  const formProps = getFormProps(form)
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    if (!validator && submitter?.getAttribute('name') === CONFORM_INTENT) {
      event.preventDefault()
      heldRequests.current.push(submitter.getAttribute('value') ?? '')
      return
    }
    // Sent before the schema arrived: the server checks every field, and its answer is what the person reads. A field
    // left earlier, checked once the schema arrives, would replace that answer (and its form message) with the browser's.
    if (!validator) leftEarly.current.clear()
    formProps.onSubmit(event)
  }
  const isValid = useCallback((element: HTMLFormElement) => !validator || validator.parse(new FormData(element)).status === 'success', [validator])
  const { formHandlers, submitDisabled } = useFormValidity(isValid)
  // `data-schema`, `data-submit-error` and `data-validate-on`: what app/enhance/form-checks.ts needs to check the form the
  // same way on a page that is not hydrated.
  return {
    form,
    fields,
    formProps: {
      ...formProps,
      onSubmit,
      ...formHandlers,
      'data-constraint': constraintJson,
      'data-schema': source.name,
      'data-submit-error': options.submitError,
      'data-validate-on': validateOn === 'onInput' ? validateOn : undefined,
    },
    submitDisabled,
  }
}

/** The name of the button through which Conform submits its own requests (@conform-to/dom's INTENT). */
export const CONFORM_INTENT = '__intent__'

/** Makes a Conform request again as Conform makes it: a hidden submit button carrying it. */
function requestAgain(formElement: HTMLFormElement, request: string) {
  const button = document.createElement('button')
  button.name = CONFORM_INTENT
  button.value = request
  button.hidden = true
  button.formNoValidate = true
  formElement.append(button)
  formElement.requestSubmit(button)
  button.remove()
}

type FieldConstraint = Record<string, unknown>

/**
 * The constraints handed to Conform, which keeps the object it first reads for a field: one object per
 * field, filled again when the schema arrives. Before that, in the browser, they are the ones the server
 * rendered into the form's `data-constraint` (hydration then renders the same attributes).
 */
class FieldConstraints {
  private readonly fields = new Map<string, FieldConstraint>()
  private known: Record<string, FieldConstraint> = {}
  private from: unknown = undefined
  private json: string | undefined
  readonly proxy: Record<string, FieldConstraint>

  constructor(formId: string) {
    const rendered = typeof document === 'undefined' ? undefined : document.forms.namedItem(formId)?.dataset.constraint
    if (rendered) {
      this.json = rendered
      this.known = JSON.parse(rendered) as Record<string, FieldConstraint>
    }
    this.proxy = new Proxy({} as Record<string, FieldConstraint>, { get: (_, name) => (typeof name === 'string' ? this.field(name) : undefined) })
  }

  /** Takes the schema's constraints when given (again only when they change); answers the form's `data-constraint`. */
  use(constraint: Record<string, FieldConstraint> | undefined) {
    if (constraint && constraint !== this.from) {
      this.from = constraint
      this.known = constraint
      this.json = JSON.stringify(constraint)
      for (const [name, field] of this.fields) {
        for (const key of Object.keys(field)) delete field[key]
        Object.assign(field, this.lookup(name))
      }
    }
    return this.json
  }

  private field(name: string) {
    let field = this.fields.get(name)
    if (!field) this.fields.set(name, (field = { ...this.lookup(name) }))
    return field
  }

  /** As Conform looks a field up: `itens[2].qtd` falls back on `itens[].qtd`. */
  private lookup(name: string) {
    return this.known[name] ?? this.known[name.replace(/\[\d+\]/g, '[]')]
  }
}

/** Each named field the person leaves or types in (as `event` says), until the returned cleanup. */
function whileLoading(formId: string, event: 'focusout' | 'input', touched: (name: string) => void) {
  const formElement = document.getElementById(formId)
  if (!(formElement instanceof HTMLFormElement)) return
  // A field may belong to the form from outside it (the chat box's `form` attribute): listened to on the document.
  const onEvent = (e: Event) => {
    const field = e.target
    if (isNamedField(field) && field.form === formElement) touched(field.name)
  }
  document.addEventListener(event, onEvent, true)
  return () => document.removeEventListener(event, onEvent, true)
}

/** Keyboard focus moves validate at once (Conform's own listener); a field left by a press, once it is over (trackPresses). */
function holdBlurDuringPress(formId: string, validate: (name: string) => void) {
  const formElement = document.getElementById(formId)
  if (!(formElement instanceof HTMLFormElement)) return
  const presses = trackPresses()
  const onFocusOut = (event: FocusEvent) => {
    const field = event.target
    if (!presses.pressing() || !isNamedField(field)) return
    // Conform listens on the document: it does not see this one, and is asked again after the press.
    event.stopPropagation()
    const name = field.name
    presses.afterPress(() => formElement.isConnected && validate(name))
  }
  formElement.addEventListener('focusout', onFocusOut)
  return () => {
    presses.stop()
    formElement.removeEventListener('focusout', onFocusOut)
  }
}
