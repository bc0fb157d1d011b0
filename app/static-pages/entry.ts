import { forgetChatState } from '~/components/chat/chat-storage.ts'
import { checkForm } from './form-checks.ts'
import { STATIC_FORM_SCHEMAS } from './form-schemas.ts'
import { closeToasts } from './toasts.ts'
import { announce } from './announce.ts'

/**
 * The only script of the pages React does not hydrate (routes.json, decision 039): Login, sign-up and the
 * password screens are server-rendered forms that work without JavaScript; this adds what JavaScript adds to
 * them elsewhere (the checks while typing, the toasts' close), without React and React Router.
 */

// A refused post's answer is a page at the form's address: made a visit of that address, so that Reload and Back
// load it instead of asking to post again (and Login's `?index`, React Router's, leaves the address bar).
const address = new URL(window.location.href)
address.searchParams.delete('index')
window.history.replaceState(window.history.state, '', address)

closeToasts()
// The messages a page arrives with (a toast, 'Enviamos um link…' after forgot password) are said once it has loaded.
for (const region of document.querySelectorAll('.toaster [role="status"], .toaster [role="alert"], main .notice[role="status"]')) announce(region)
for (const form of document.forms) {
  const schema = STATIC_FORM_SCHEMAS[form.id]
  if (schema) checkForm(form, schema)
}
// Login shows when nobody is logged in: the user profile is empty (spec §4), as the hydrated Login does.
if (document.forms.namedItem('login')) forgetChatState()
