import { createToastStore } from '~/lib/ui/toast-store.ts'
import { holdToaster } from '~/lib/ui/toaster-hold.ts'

/**
 * The toasts the server rendered on a page that is not hydrated (the flash of a redirect, toaster.tsx), through the
 * same store as on hydrated pages: each closes with its button, and by itself after the time every toast has,
 * not while the pointer is over them or the focus in them.
 */
export function closeToasts() {
  const toaster = document.querySelector<HTMLElement>('.toaster')
  if (!toaster) return
  const store = createToastStore(() => 0)
  const shown = new Map<number, HTMLElement>()
  store.subscribe(() => {
    const kept = new Set(store.getSnapshot().map((t) => t.id))
    for (const [id, toast] of shown) if (!kept.has(id)) toast.remove()
  })
  const hold = holdToaster(toaster, store)
  for (const toast of toaster.querySelectorAll<HTMLElement>('.toast')) {
    const id = store.show({ body: toast.querySelector('.toast-body')?.textContent ?? '' })
    // The same text twice shows once, as on a hydrated page.
    if (id === undefined) {
      toast.remove()
      continue
    }
    shown.set(id, toast)
    const button = toast.querySelector<HTMLButtonElement>('.toast-close')
    button?.addEventListener('click', () => {
      hold.closing(button)
      store.dismiss(id)
    })
  }
}
