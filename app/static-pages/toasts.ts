import { TOAST_DEFAULT_MS } from '~/lib/ui/ui-timing.ts'

/**
 * The toasts the server rendered on a page that is not hydrated (the flash of a redirect, toaster.tsx): each closes
 * with its button, and by itself after the time every toast has (spec §9), as the toast store closes them.
 */
export function closeToasts() {
  for (const toast of document.querySelectorAll<HTMLElement>('.toaster .toast')) {
    const close = () => toast.remove()
    toast.querySelector('.toast-close')?.addEventListener('click', close)
    window.setTimeout(close, TOAST_DEFAULT_MS)
  }
}
