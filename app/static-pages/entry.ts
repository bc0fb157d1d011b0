import { forgetChatState } from '~/components/chat/chat-storage.ts'
import { checkForm } from './form-checks.ts'
import { STATIC_FORM_SCHEMAS } from './form-schemas.ts'
import { closeToasts } from './toasts.ts'

/**
 * The only script of the pages React does not hydrate (routes.json, decision 039): Login, sign-up and the
 * password screens are server-rendered forms that work without JavaScript; this adds what JavaScript adds to
 * them elsewhere (the checks while typing, the toasts' close), without React and React Router.
 */
closeToasts()
for (const form of document.forms) {
  const schema = STATIC_FORM_SCHEMAS[form.id]
  if (schema) checkForm(form, schema)
}
// Login shows when nobody is logged in: the user profile is empty (spec §4), as the hydrated Login does.
if (document.forms.namedItem('login')) forgetChatState()
