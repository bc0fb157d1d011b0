import { safeRedirect } from '../safe-redirect.ts'

/**
 * Where the condition's edit modal goes back to when a condition's own page opened it ('Editar condição'): that
 * page, and only a page of this site under /conditionDetails/ (the modal lives on /conditions). Anything else: none.
 */
export function conditionPageReturn(value: FormDataEntryValue | string | null | undefined): string | null {
  const to = safeRedirect(value, '')
  return to.startsWith('/conditionDetails/') ? to : null
}
