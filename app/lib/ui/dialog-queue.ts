/**
 * Confirm and message dialogs asked for from code, e.g. `if (await confirm({message})) …`.
 * Requests wait in line; the dialog host shows the first and settles it when it closes.
 */
const CONFIRM_TITLE = 'Por favor, confirme:'

export type DialogRequest = {
  id: number
  kind: 'confirm' | 'message'
  title: string
  message: string
  confirmLabel: string
  /** Only confirm dialogs have a second button. */
  cancelLabel: string | null
  settle: (confirmed: boolean) => void
}

type ConfirmOptions = { message: string; title?: string; confirmLabel?: string; cancelLabel?: string }
type MessageOptions = { message: string; title: string; confirmLabel?: string }

export function createDialogQueue() {
  let queue: readonly DialogRequest[] = []
  let nextId = 1
  const listeners = new Set<() => void>()
  const set = (next: readonly DialogRequest[]) => {
    queue = next
    listeners.forEach((listener) => listener())
  }
  const ask = (request: Omit<DialogRequest, 'id' | 'settle'>) =>
    new Promise<boolean>((resolve) => {
      set([...queue, { ...request, id: nextId++, settle: resolve }])
    })

  return {
    /** The confirmation: 'Por favor, confirme:', the message, 'Sim' and 'Não'. Resolves true for 'Sim'. */
    confirm: ({ message, title = CONFIRM_TITLE, confirmLabel = 'Sim', cancelLabel = 'Não' }: ConfirmOptions) =>
      ask({ kind: 'confirm', title, message, confirmLabel, cancelLabel }),
    /** A message with one button; resolves when it is closed, however. */
    message: async ({ message, title, confirmLabel = 'Ok' }: MessageOptions) => {
      await ask({ kind: 'message', title, message, confirmLabel, cancelLabel: null })
    },
    /** Closes a request: 'Sim' gives true; 'Não', Escape or closing otherwise give false. */
    settle(id: number, confirmed: boolean) {
      const request = queue.find((r) => r.id === id)
      if (!request) return
      set(queue.filter((r) => r.id !== id))
      request.settle(confirmed)
    },
    getSnapshot: () => queue,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

export const dialogs = createDialogQueue()
export const confirm = dialogs.confirm
export const showMessage = dialogs.message
