import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { focusPageHeading } from '~/lib/ui/focus-page-heading.ts'

/** Whether the page has loaded: the first render of the page leaves the focus where the browser put it. */
let pageLoaded = false

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
    if (active && active !== document.body && active.isConnected) return
    focusPageHeading('#conteudo h1')
  }, [key])
}
