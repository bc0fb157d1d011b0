import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { modalStack } from '~/lib/ui/modal-stack.ts'
import { lockScrollWhileModalsOpen } from '~/lib/ui/scroll-lock.ts'
import { DIALOG_FOCUS_DELAY_MS } from '~/lib/ui/ui-timing.ts'
import { Toaster } from './toaster.tsx'

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

let scrollLockBound = false

/** Bound on the first modal rather than at import, so that importing this module on the server touches no document. */
function bindScrollLock() {
  if (scrollLockBound) return
  scrollLockBound = true
  lockScrollWhileModalsOpen(modalStack, document.documentElement)
}

function initialFocus(dialog: HTMLDialogElement) {
  return dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog
}

type ModalProps = {
  title: ReactNode
  /** Asked to close: Escape, or the browser closing the dialog. The parent unmounts the modal. */
  onClose: () => void
  children: ReactNode
  role?: 'dialog' | 'alertdialog'
  describedBy?: string
  className?: string
}

/**
 * A modal on the native <dialog> (showModal: focus trapped, outside inert, Escape handled by
 * the browser). It is open while mounted: it joins the modal stack (page scroll locked, its
 * own toast level), moves focus inside after the dialog focus delay (DIALOG_FOCUS_DELAY_MS), and gives
 * focus back to what opened it when it goes away.
 */
export function Modal({ title, onClose, children, role = 'dialog', describedBy, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [level, setLevel] = useState(0)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  const shownRef = useRef(false)

  // A layout effect, so that its cleanup runs while the dialog is still in the page: closing it
  // there takes it out of the top layer at once, and the page is no longer inert when focus goes back.
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement
    bindScrollLock()
    const entry = modalStack.open()
    setLevel(entry.level)
    if (!dialog.open) dialog.showModal()
    shownRef.current = true
    const focusTimer = setTimeout(() => initialFocus(dialog).focus(), DIALOG_FOCUS_DELAY_MS)
    return () => {
      shownRef.current = false
      clearTimeout(focusTimer)
      dialog.close()
      entry.close()
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      tabIndex={-1}
      onCancel={(event) => {
        // Escape: the parent decides, by unmounting, so the stack and focus are put back in one place.
        event.preventDefault()
        onCloseRef.current()
      }}
      onClose={(event) => {
        // Only a close the browser made on its own counts; ours (cleanup, or React's development
        // re-run, after which the dialog is open again by the time the event arrives) does not.
        if (shownRef.current && !event.currentTarget.open) onCloseRef.current()
      }}
    >
      <h2 id={titleId} className="modal-title">
        {title}
      </h2>
      {children}
      {level > 0 ? <Toaster level={level} /> : null}
    </dialog>
  )
}
