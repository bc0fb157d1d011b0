import { useId } from 'react'
import { Modal } from './modal.tsx'

type ConfirmDialogProps = {
  title: string
  message: string
  confirmLabel: string
  /** Without it the dialog is a message with one button. */
  cancelLabel: string | null
  /** true for the confirm button; false for the cancel button, Escape or any other close. */
  onAnswer: (confirmed: boolean) => void
}

/**
 * The confirm and message dialogs (a confirmation reads 'Por favor, confirme:', 'Sim', 'Não').
 * Focus starts on the harmless answer: 'Não' in a confirmation, the only button in a message.
 */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel, onAnswer }: ConfirmDialogProps) {
  const messageId = useId()
  return (
    <Modal title={title} role={cancelLabel ? 'alertdialog' : 'dialog'} describedBy={messageId} onClose={() => onAnswer(false)} className="modal-small">
      <p id={messageId} className="modal-message">
        {message}
      </p>
      <div className="modal-actions">
        {cancelLabel ? (
          <button type="button" className="button" data-autofocus onClick={() => onAnswer(false)}>
            {cancelLabel}
          </button>
        ) : null}
        <button type="button" className="button primary" data-autofocus={cancelLabel ? undefined : true} onClick={() => onAnswer(true)}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
