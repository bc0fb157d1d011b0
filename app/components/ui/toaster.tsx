import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { modalStack } from '~/lib/ui/modal-stack.ts'
import { toasts, toastsForLevel, type Toast, type ToastKind } from '~/lib/ui/toast-store.ts'
import { holdToaster } from '~/lib/ui/toaster-hold.ts'

/** The toast a server redirect left in the flash cookie. */
export type FlashToast = { kind: ToastKind; text: string }

const NONE: readonly Toast[] = []
const noModal = () => 0

/**
 * The toasts of one modal level (0 is the page; each modal renders its own, since a modal
 * dialog covers everything outside it). Before hydration, or without JavaScript, the page
 * level shows the flash toast as the server rendered it; once hydrated the flash goes
 * through the store like any other toast, with its timer and de-duplication.
 */
export function Toaster({ level = 0, flash = null, route }: { level?: number; flash?: FlashToast | null; route?: string }) {
  const all = useSyncExternalStore(toasts.subscribe, toasts.getSnapshot, () => NONE)
  const openModals = useSyncExternalStore(modalStack.subscribe, modalStack.depth, noModal)
  const hydrated = useHydrated()

  // Before each route (`route`, the location's key) all messages are closed, a modal opened by its address
  // included (the page's toasts are not shown over it). Before the flash's effect, so the new page's stays.
  useEffect(() => {
    if (route !== undefined) toasts.dismissAll()
  }, [route])

  useEffect(() => {
    if (flash) toasts.show({ kind: flash.kind, body: flash.text })
  }, [flash])

  const shown: Pick<Toast, 'kind' | 'body' | 'id'>[] = hydrated
    ? toastsForLevel(all, level, openModals)
    : flash
      ? [{ kind: flash.kind, body: flash.text, id: 0 }]
      : []
  const errors = shown.filter((t) => t.kind === 'error')
  const others = shown.filter((t) => t.kind !== 'error')

  // No toast closes by itself while the pointer is over them or the focus in them, and closing the last gives the
  // focus back (toaster-hold.ts).
  const element = useRef<HTMLDivElement>(null)
  const hold = useRef<ReturnType<typeof holdToaster> | null>(null)
  useEffect(() => {
    const held = (hold.current = holdToaster(element.current!, toasts))
    return held.dispose
  }, [])
  const close = (id: number, button: HTMLButtonElement) => {
    hold.current?.closing(button)
    toasts.dismiss(id)
  }

  // Errors interrupt (role=alert, announced when added); the rest wait in a polite live region
  // that is always there, so screen readers notice what is put in it.
  return (
    <div className="toaster" ref={element}>
      {errors.map((t) => (
        <ToastCard key={t.body} toast={t} role="alert" onClose={close} />
      ))}
      <div role="status" aria-live="polite" className="toaster-polite">
        {others.map((t) => (
          <ToastCard key={t.body} toast={t} onClose={close} />
        ))}
      </div>
    </div>
  )
}

function ToastCard({ toast, role, onClose }: { toast: Pick<Toast, 'kind' | 'body' | 'id'>; role?: 'alert'; onClose: (id: number, button: HTMLButtonElement) => void }) {
  return (
    <div className={`toast toast-${toast.kind}`} role={role}>
      <span className="toast-body">{toast.body}</span>
      <button type="button" className="toast-close" aria-label="Fechar aviso" onClick={(event) => onClose(toast.id, event.currentTarget)}>
        ×
      </button>
    </div>
  )
}
