import { useSyncExternalStore } from 'react'
import { dialogs, type DialogRequest } from '~/lib/ui/dialog-queue.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'

const NONE: readonly DialogRequest[] = []

/** Shows the dialogs asked for with confirm() and showMessage(), one at a time, in order. */
export function DialogHost() {
  const queue = useSyncExternalStore(dialogs.subscribe, dialogs.getSnapshot, () => NONE)
  const current = queue[0]
  if (!current) return null
  return (
    <ConfirmDialog
      key={current.id}
      title={current.title}
      message={current.message}
      confirmLabel={current.confirmLabel}
      cancelLabel={current.cancelLabel}
      onAnswer={(confirmed) => dialogs.settle(current.id, confirmed)}
    />
  )
}
