import { FORM_SCHEMAS } from '~/components/form-schemas.ts'
import { startConfirmSteps } from './confirm-steps.ts'
import { startCopyLinks } from './copy-link.ts'
import { startCore } from './core.ts'
import { startDialogs } from './dialogs.ts'
import { startFileInputs } from './file-inputs.ts'
import { startImportProgress } from './import-progress.ts'
import { startKeepPlace } from './keep-place.ts'
import { startLive } from './live.ts'
import { startMasks } from './masks.ts'
import { startMenus } from './menus.ts'
import { startRequiredChoices } from './required-choice.ts'
import { startResultsStatus } from './results-status.ts'
import { startScreenStart } from './screen-start.ts'
import { startSelectAll } from './select-all.ts'
import { startSuggestions } from './suggestions.ts'

/**
 * The script of every page with the company's shell that is not an island: the core, masked fields, the shell's menus
 * and modals, the place kept after a post that comes back to the page and the screen's start after any other
 * navigation, and the live data (its client after load).
 */
startCore(FORM_SCHEMAS)
startMasks()
startMenus()
startDialogs()
startKeepPlace()
startScreenStart()
startLive()
// The lists' and the market's parts: what a changed list holds, suggestions while typing, a choice that a form's
// button waits for; file fields, 'select all' boxes, an import's progress, a link's copy button, the confirmation steps.
startResultsStatus()
startSuggestions()
startRequiredChoices()
startFileInputs()
startSelectAll()
startImportProgress()
startCopyLinks()
startConfirmSteps()
// Parts only a few pages have come with them: the new organization's address lookup; amounts and formulas (a
// product's price, a condition's minimums, a term).
const addressForm = document.querySelector<HTMLFormElement>('form[data-address-lookup]')
if (addressForm) import('./address-lookup.ts').then(({ startAddressLookup }) => startAddressLookup(addressForm)).catch(() => {})
if (document.querySelector('[data-mask="money"], [data-mask="formula"]')) import('./typed-fields.ts').then(({ startTypedFields }) => startTypedFields()).catch(() => {})
