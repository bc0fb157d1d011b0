import { useId, useState, type ChangeEvent, type FocusEvent, type HTMLAttributes, type ReactNode } from 'react'
import { isMailLike } from '~/lib/ui/mail-check.ts'

type TextInputType = 'text' | 'textarea' | 'color' | 'mail'

type FieldElement = HTMLInputElement | HTMLTextAreaElement

export type TextInputProps = {
  type?: TextInputType
  label?: ReactNode
  /** For a field without a visible label. */
  'aria-label'?: string
  caption?: ReactNode
  /** Shown inside the field's box, before and after the text (an icon, a unit, a button). */
  left?: ReactNode
  right?: ReactNode
  /** Textarea only: lets the person drag its height. */
  resize?: boolean
  error?: string | null
  success?: string | null
  id?: string
  name?: string
  value?: string
  defaultValue?: string
  placeholder?: string
  required?: boolean
  disabled?: boolean
  readOnly?: boolean
  autoComplete?: string
  maxLength?: number
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
  rows?: number
  onChange?: (event: ChangeEvent<FieldElement>) => void
  onBlur?: (event: FocusEvent<FieldElement>) => void
}

const MAIL_INVALID = 'Email inválido'

/**
 * The generic text input: text, textarea, color or mail, with optional label,
 * caption, left and right slots, and an error or success message under the field. A mail
 * field checks itself once left, and again on each change while it is wrong; an
 * error given by the caller wins over it.
 */
export function TextInput({
  type = 'text',
  label,
  caption,
  left,
  right,
  resize = false,
  error,
  success,
  id,
  onChange,
  onBlur,
  ...native
}: TextInputProps) {
  const ownId = useId()
  const fieldId = id ?? ownId
  const captionId = `${fieldId}-caption`
  const messageId = `${fieldId}-message`
  const [mailWrong, setMailWrong] = useState(false)

  const checkMail = (value: string) => setMailWrong(value !== '' && !isMailLike(value))
  const shownError = error || (type === 'mail' && mailWrong ? MAIL_INVALID : null)
  const message = shownError ? { text: shownError, tone: 'error' } : success ? { text: success, tone: 'success' } : null
  const describedBy = [caption ? captionId : null, message ? messageId : null].filter(Boolean).join(' ') || undefined

  const common = {
    ...native,
    id: fieldId,
    className: 'text-input-control',
    'aria-invalid': shownError ? true : undefined,
    'aria-describedby': describedBy,
    onChange: (event: ChangeEvent<FieldElement>) => {
      if (type === 'mail' && mailWrong) checkMail(event.currentTarget.value)
      onChange?.(event)
    },
    onBlur: (event: FocusEvent<FieldElement>) => {
      if (type === 'mail') checkMail(event.currentTarget.value)
      onBlur?.(event)
    },
  }

  return (
    <div className={`text-input text-input-${type}`}>
      {label ? <label htmlFor={fieldId}>{label}</label> : null}
      <div className={shownError ? 'text-input-box is-error' : success ? 'text-input-box is-success' : 'text-input-box'}>
        {left ? <span className="text-input-slot">{left}</span> : null}
        {type === 'textarea' ? (
          <textarea {...common} className={resize ? 'text-input-control is-resizable' : 'text-input-control'} />
        ) : (
          <input {...common} type={type === 'mail' ? 'email' : type} inputMode={type === 'mail' ? 'email' : native.inputMode} />
        )}
        {right ? <span className="text-input-slot">{right}</span> : null}
      </div>
      {caption ? (
        <small id={captionId} className="field-caption">
          {caption}
        </small>
      ) : null}
      {message ? (
        <p id={messageId} className={`text-input-message is-${message.tone}`}>
          {message.text}
        </p>
      ) : null}
    </div>
  )
}
