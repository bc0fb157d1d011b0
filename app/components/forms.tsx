import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type FormMetadata } from '@conform-to/react'
import { useCallback, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { useNavigation } from 'react-router'
import { ErrorList } from './error-list.tsx'
import { FileInput } from './ui/file-input.tsx'
import { MASKED_FIELDS, type MaskName } from '~/lib/ui/masked-fields.ts'
import { useHydrated } from 'remix-utils/use-hydrated'

export { ErrorList }

type FieldProps = {
  label: string
  meta: FieldMetadata<unknown>
  type?: 'text' | 'email' | 'password' | 'file'
  inputProps?: InputHTMLAttributes<HTMLInputElement>
  caption?: ReactNode
}

/** A labelled input wired to Conform: aria-invalid and aria-describedby point at its errors. */
export function Field({ label, meta, type = 'text', inputProps, caption }: FieldProps) {
  const captionId = useId()
  const props = getInputProps(meta as FieldMetadata<string>, { type })
  const describedBy = [meta.errors?.length ? meta.errorId : null, caption ? captionId : null].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {type === 'file' ? (
        <FileInput {...props} {...inputProps} id={meta.id} aria-describedby={describedBy || undefined} key={undefined} />
      ) : (
        <input {...props} {...inputProps} aria-describedby={describedBy || undefined} key={props.key} />
      )}
      {caption ? (
        <small id={captionId} className="field-caption">
          {caption}
        </small>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

export function CheckboxField({ label, meta, autoFocus }: { label: ReactNode; meta: FieldMetadata<boolean | undefined>; autoFocus?: boolean }) {
  const props = getInputProps(meta, { type: 'checkbox' })
  return (
    <div className="field field-checkbox">
      <div className="checkbox-row">
        <input {...props} key={props.key} autoFocus={autoFocus} aria-describedby={meta.errors?.length ? meta.errorId : undefined} />
        <label htmlFor={meta.id}>{label}</label>
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/**
 * Forms keep a list of invalid fields; all start invalid; submit is
 * disabled while the list is non-empty. The whole form is checked on every input
 * with the form's own schema. Before hydration (or without JavaScript) the button
 * stays enabled, so the server can validate and answer. SubmitButton draws the
 * disabled state so that an attempt still shows the messages.
 */
export function useFormValidity(isValid: (form: HTMLFormElement) => boolean) {
  const hydrated = useHydrated()
  const [valid, setValid] = useState(false)
  const check = useCallback(
    (form: HTMLFormElement | null) => {
      if (form) setValid(isValid(form))
    },
    [isValid],
  )
  return {
    formHandlers: {
      ref: check,
      onInput: (e: React.FormEvent<HTMLFormElement>) => check(e.currentTarget),
      onChange: (e: React.FormEvent<HTMLFormElement>) => check(e.currentTarget),
    },
    submitDisabled: hydrated && !valid,
  }
}

export function FormErrors({ form }: { form: FormMetadata<any> }) {
  return (
    <div role="alert" aria-live="assertive">
      {/* The alert around it says the form's messages at once: not a polite region of its own. */}
      <ErrorList id={form.errorId} errors={form.errors} live={false} />
    </div>
  )
}

export { getFormProps }

/**
 * The form's submit button. While the form is invalid (see useFormValidity) it is marked and
 * drawn disabled (aria-disabled) but still takes a click or Enter: that attempt sends nothing,
 * Conform shows every field's message and focuses the first wrong field (a `disabled` button
 * would swallow the attempt and leave the person without a word). Disabled while sending.
 */
export function SubmitButton({ disabled, pending, children }: { disabled: boolean; pending?: string; children: ReactNode }) {
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting'
  return (
    <button
      type="submit"
      className="button primary block"
      aria-disabled={disabled || undefined}
      disabled={sending}
      // What app/enhance/form-checks.ts shows while a page that is not hydrated sends the form.
      data-pending={pending}
      // A press must not blur the field first: its message would push the button away before the click lands.
      onMouseDown={(event) => event.preventDefault()}
    >
      {sending && pending ? pending : children}
    </button>
  )
}

/**
 * The field a form starts on: after a refused post the first of `fields` (in the form's order) with a message,
 * else `fallback`. Rendered by the server as `autofocus`, so that without JavaScript too the keyboard is where the
 * person must act, not on the form's first field.
 */
export function focusTarget(fields: FieldMetadata<unknown>[], fallback: FieldMetadata<unknown>) {
  return (fields.find((f) => f.errors?.length) ?? fallback).name
}

/** User, e-mail, password and repeat: the account part of sign-up and of the invite sign-up; `focus` names the field to start on (focusTarget). */
export function NewAccountFields(props: {
  user: FieldMetadata<unknown>
  email: FieldMetadata<unknown>
  password: FieldMetadata<unknown>
  repeat: FieldMetadata<unknown>
  focus: string
}) {
  const on = (meta: FieldMetadata<unknown>) => meta.name === props.focus
  return (
    <>
      <Field label="Usuário" meta={props.user} inputProps={{ autoComplete: 'name', autoFocus: on(props.user) }} />
      <Field label="E-mail" type="email" meta={props.email} inputProps={{ autoComplete: 'email', autoFocus: on(props.email) }} />
      <Field label="Senha" type="password" meta={props.password} inputProps={{ autoComplete: 'new-password', autoFocus: on(props.password) }} caption="No mínimo 8 caracteres." />
      <Field label="Repita a senha" type="password" meta={props.repeat} inputProps={{ autoComplete: 'new-password', autoFocus: on(props.repeat) }} />
    </>
  )
}

export const TERMS_LABEL = 'Li e concordo com os termos de uso e a política de privacidade'

/** A Conform field whose text is masked as it is typed; the server accepts the same text unmasked. */
export function MaskedField({ label, meta, mask }: { label: string; meta: FieldMetadata<unknown>; mask: MaskName }) {
  const spec = MASKED_FIELDS[mask]
  const props = getInputProps(meta as FieldMetadata<string>, { type: 'text' })
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input
        {...props}
        key={props.key}
        defaultValue={spec.mask(String(props.defaultValue ?? ''))}
        maxLength={spec.maxLength}
        inputMode={spec.inputMode}
        placeholder={spec.placeholder}
        data-mask={mask}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
        onInput={(event) => {
          const input = event.currentTarget
          input.value = spec.mask(input.value)
        }}
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

export function TextareaField({ label, meta, rows = 4 }: { label: string; meta: FieldMetadata<unknown>; rows?: number }) {
  const props = getTextareaProps(meta as FieldMetadata<string>)
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <textarea {...props} key={props.key} rows={rows} aria-describedby={meta.errors?.length ? meta.errorId : undefined} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

export function SelectField({
  label,
  meta,
  options,
  placeholder,
}: {
  label: string
  meta: FieldMetadata<unknown>
  options: readonly { value: string; label: string }[]
  placeholder?: string
}) {
  const props = getSelectProps(meta as FieldMetadata<string>)
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select {...props} key={props.key} aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}
