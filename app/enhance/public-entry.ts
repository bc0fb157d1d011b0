import { PUBLIC_FORM_SCHEMAS } from '~/components/form-schemas.ts'
import { startCore } from './core.ts'

/** The script of the pages without the company's shell: Login, sign-up, the password screens, an invite's sign-up. */
startCore(PUBLIC_FORM_SCHEMAS)
// Login shows when nobody is logged in: the user profile is empty, the chat state with it.
if (document.forms.namedItem('login')) import('~/components/chat/chat-storage.ts').then(({ forgetChatState }) => forgetChatState()).catch(() => {})
// An invite's sign-up asks for a CNPJ and a logo: its mask and its file field come with it.
if (document.querySelector('[data-mask]')) import('./masks.ts').then(({ startMasks }) => startMasks()).catch(() => {})
if (document.querySelector('[data-file-name]')) import('./file-inputs.ts').then(({ startFileInputs }) => startFileInputs()).catch(() => {})
