import { modalStack } from './modal-stack.ts'
import { TOAST_DEFAULT_MS } from './ui-timing.ts'

export type ToastKind = 'success' | 'error' | 'info'

export type Toast = {
  id: number
  kind: ToastKind
  body: string
  /** Milliseconds on screen; 0 or less stays until closed (spec §4). */
  duration: number
  /** The modal level on top when it was shown; 0 is the page. */
  level: number
}

export type ToastInput = { body: string; kind?: ToastKind; duration?: number }

type ToastAction = { type: 'show'; toast: Toast } | { type: 'dismiss'; id: number }

/** Spec §4: toasts are de-duplicated by identical body, so a second one with the same text is dropped. */
export function toastReducer(state: readonly Toast[], action: ToastAction): readonly Toast[] {
  switch (action.type) {
    case 'show':
      return state.some((t) => t.body === action.toast.body) ? state : [...state, action.toast]
    case 'dismiss':
      return state.some((t) => t.id === action.id) ? state.filter((t) => t.id !== action.id) : state
  }
}

/**
 * Spec §4: a toast shows "only in the modal level it belongs to, or when no modal is open".
 * Each level has its own toaster (a modal dialog sits above everything outside it), so the
 * page's toaster shows every toast once no modal is open, and a modal's toaster shows the
 * toasts of its own level.
 */
export function toastsForLevel(toasts: readonly Toast[], level: number, openModals: number): Toast[] {
  if (level === 0) return openModals === 0 ? [...toasts] : []
  return toasts.filter((t) => t.level === level)
}

export function createToastStore(currentLevel: () => number) {
  let toasts: readonly Toast[] = []
  let nextId = 1
  const timers = new Map<number, ReturnType<typeof setTimeout>>()
  const listeners = new Set<() => void>()

  const dispatch = (action: ToastAction) => {
    const next = toastReducer(toasts, action)
    if (next === toasts) return false
    toasts = next
    listeners.forEach((listener) => listener())
    return true
  }

  const dismiss = (id: number) => {
    clearTimeout(timers.get(id))
    timers.delete(id)
    dispatch({ type: 'dismiss', id })
  }

  const show = ({ body, kind = 'info', duration = TOAST_DEFAULT_MS }: ToastInput) => {
    const toast: Toast = { id: nextId++, kind, body, duration, level: currentLevel() }
    if (!dispatch({ type: 'show', toast })) return
    if (duration > 0) timers.set(toast.id, setTimeout(() => dismiss(toast.id), duration))
  }

  return {
    show,
    dismiss,
    /** Spec §2: "before each route all messages are closed". */
    dismissAll: () => toasts.forEach((t) => dismiss(t.id)),
    success: (body: string, duration?: number) => show({ body, kind: 'success', duration }),
    error: (body: string, duration?: number) => show({ body, kind: 'error', duration }),
    info: (body: string, duration?: number) => show({ body, kind: 'info', duration }),
    getSnapshot: () => toasts,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/** The browser's toasts. Nothing on the server shows them: a server render starts with none. */
export const toasts = createToastStore(modalStack.depth)
