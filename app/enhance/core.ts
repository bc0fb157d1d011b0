import type { z } from 'zod'
import { announce } from './announce.ts'
import { checkForm } from './form-checks.ts'
import { startPending } from './pending.ts'
import { closeToasts } from './toasts.ts'

/**
 * What every page that is not an island gets (decision 046): its forms checked with the schemas their actions parse
 * with, posts that leave once, and toasts that close.
 */
export function startCore(schemas: Record<string, () => Promise<z.ZodType>>) {
  // A refused post's answer is a page at the form's address: made a visit of that address, so that Reload and Back
  // load it instead of asking to post again (and React Router's `?index` leaves the address bar).
  const address = new URL(window.location.href)
  address.searchParams.delete('index')
  window.history.replaceState(window.history.state, '', address)

  closeToasts()
  // The messages a page arrives with (a toast, 'Enviamos um link…' after forgot password) are said once it has loaded.
  for (const region of document.querySelectorAll('.toaster [role="status"], .toaster [role="alert"], main .notice[role="status"]')) announce(region)
  for (const form of document.forms) {
    const name = form.dataset.schema
    if (name && Object.hasOwn(schemas, name)) checkForm(form, schemas[name])
  }
  startPending()
}
