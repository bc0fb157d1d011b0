import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { focusScreenStart, inView } from '~/lib/ui/focus-page-heading.ts'

/** Whether the page has loaded: the first render of the page leaves the focus where the browser put it. */
let pageLoaded = false

/**
 * Whether this render follows a navigation within the page, not its first load: a screen that moves the focus itself
 * when something opens (a chat panel) does so then only. A screen's effects run before the frame's, so on the first
 * load this is still false.
 */
export const afterNavigation = () => pageLoaded

/**
 * After a navigation (a link, or a form whose answer redirected), a focus left on nothing (the pressed control went
 * with the old content: a sent cart, an added address, a confirmed modal) goes to the screen's heading, so that a
 * keyboard or screen-reader user goes on from the new content instead of from the top of the page. A screen that
 * placed the focus itself (an opened order, a modal) keeps it. Not on the first load: the browser starts at the top.
 */
export function useFocusAfterNavigation() {
  const { key } = useLocation()
  useEffect(() => {
    // Once per page load, not per mount: the frame mounts again when a company is entered or left (its providers
    // change), and that navigation must move the focus as any other.
    if (!pageLoaded) {
      pageLoaded = true
      return
    }
    const active = document.activeElement
    // Still on the page, shown and in sight: kept. A link hidden with what it opened (a phone's chat list) counts as
    // lost, and so does one the new page scrolled away from ('Próxima' at the foot of a list that starts at the top).
    if (active && active !== document.body && active.isConnected && active.getClientRects().length > 0 && inView(active)) return
    focusScreenStart()
  }, [key])
}
