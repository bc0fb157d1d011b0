import { modalStack } from './modal-stack.ts'
import { TOAST_DEFAULT_MS, TOAST_RESUME_MIN_MS } from './ui-timing.ts'

export type ToastKind = 'success' | 'error' | 'info'

export type Toast = {
  id: number
  kind: ToastKind
  body: string
  /** Milliseconds on screen; 0 or less stays until closed. */
  duration: number
  /** The modal level on top when it was shown; 0 is the page. */
  level: number
}

export type ToastInput = { body: string; kind?: ToastKind; duration?: number }

type ToastAction = { type: 'show'; toast: Toast } | { type: 'dismiss'; id: number }

/** Toasts are de-duplicated by identical body, so a second one with the same text is dropped. */
export function toastReducer(state: readonly Toast[], action: ToastAction): readonly Toast[] {
  switch (action.type) {
    case 'show':
      return state.some((t) => t.body === action.toast.body) ? state : [...state, action.toast]
    case 'dismiss':
      return state.some((t) => t.id === action.id) ? state.filter((t) => t.id !== action.id) : state
  }
}

/**
 * A toast shows only in the modal level it belongs to, or when no modal is open.
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
  /** Each timed toast's timer, and the time it has left when its timer is not running (paused). */
  const timers = new Map<number, { timeout: ReturnType<typeof setTimeout> | null; endsAt: number; left: number }>()
  /** Toasters holding the toasts (pointer over one, focus in one): while any does, no timer runs. */
  let holds = 0
  const listeners = new Set<() => void>()

  const dispatch = (action: ToastAction) => {
    const next = toastReducer(toasts, action)
    if (next === toasts) return false
    toasts = next
    listeners.forEach((listener) => listener())
    return true
  }

  const dismiss = (id: number) => {
    const timer = timers.get(id)
    if (timer?.timeout) clearTimeout(timer.timeout)
    timers.delete(id)
    dispatch({ type: 'dismiss', id })
  }

  const run = (id: number, ms: number) => {
    timers.set(id, { timeout: setTimeout(() => dismiss(id), ms), endsAt: Date.now() + ms, left: ms })
  }

  /** Answers the new toast's id, or undefined when one with the same body is already shown. */
  const show = ({ body, kind = 'info', duration = TOAST_DEFAULT_MS }: ToastInput) => {
    const toast: Toast = { id: nextId++, kind, body, duration, level: currentLevel() }
    if (!dispatch({ type: 'show', toast })) return undefined
    if (duration > 0 && holds > 0) timers.set(toast.id, { timeout: null, endsAt: 0, left: duration })
    else if (duration > 0) run(toast.id, duration)
    return toast.id
  }

  return {
    show,
    dismiss,
    /** Before each route all messages are closed. */
    dismissAll: () => toasts.forEach((t) => dismiss(t.id)),
    /**
     * While the pointer is over the toasts or the focus in them, none closes by itself (WCAG 2.2.1: a message one is
     * reading, or about to close, does not go away under the pointer); each keeps the time it had left. Each toaster
     * that holds them (toaster-hold.ts) calls `pause` once, then `resume` once.
     */
    pause() {
      if (++holds > 1) return
      for (const timer of timers.values()) {
        if (!timer.timeout) continue
        clearTimeout(timer.timeout)
        timer.timeout = null
        timer.left = Math.max(0, timer.endsAt - Date.now())
      }
    },
    resume() {
      if (holds === 0 || --holds > 0) return
      for (const [id, timer] of timers) run(id, Math.max(timer.left, TOAST_RESUME_MIN_MS))
    },
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
