import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { keepTabInside } from '~/lib/ui/keep-tab-inside.ts'

/** The current address without `?modal=` (and the modal's own parameters): where closing a modal goes. */
export function useModalCloseHref(extraParams: string[] = [], closeTo?: string) {
  const location = useLocation()
  if (closeTo) return closeTo
  const params = new URLSearchParams(location.search)
  for (const key of ['modal', ...extraParams]) params.delete(key)
  const query = params.toString()
  return `${location.pathname}${query ? `?${query}` : ''}`
}

/**
 * A modal opened by the address (`?modal=...`), so that a menu link opens it and its
 * forms post and come back without JavaScript. With JavaScript, Escape and the backdrop
 * close it, focus moves into it and Tab stays in it.
 */
export function RouteModal({
  title,
  children,
  closeParams = [],
  closeTo,
  wide = false,
}: {
  title: string
  children: ReactNode
  closeParams?: string[]
  closeTo?: string
  /** For side-by-side cards (the plans): as wide as the window allows, up to 1040 px. */
  wide?: boolean
}) {
  const titleId = useId()
  // `closeTo`: another page to go back to (the one that opened this modal), else this address without the modal.
  const closeHref = useModalCloseHref(closeParams, closeTo)
  const navigate = useNavigate()
  const panel = useRef<HTMLDivElement>(null)
  const hydrated = useHydrated()

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    // A field marked for it, else the first field, else the first control (the close button comes first in the page).
    const first = ['[data-autofocus]', 'input:not([type=hidden]), select, textarea', 'button, a[href]']
      .map((selector) => panel.current?.querySelector<HTMLElement>(selector))
      .find(Boolean)
    first?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate(closeHref, { preventScrollReset: true })
      else if (event.key === 'Tab' && panel.current) keepTabInside(panel.current, event)
    }
    document.addEventListener('keydown', onKey)
    const { overflow } = document.documentElement.style
    document.documentElement.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKey)
      document.documentElement.style.overflow = overflow
      previous?.focus?.()
    }
  }, [closeHref, navigate])

  return (
    <div className="route-modal-backdrop">
      <a href={closeHref} className="route-modal-scrim" aria-hidden="true" tabIndex={-1} />
      <div ref={panel} className={wide ? 'route-modal route-modal-wide card' : 'route-modal card'} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="route-modal-head">
          {/* Without JavaScript the browser starts the keyboard here (autofocus), not behind the scrim at the top of the
              page. Only in the page as served: opened by a click, the effect above moves the focus and keeps the opener. */}
          <h2 id={titleId} tabIndex={-1} autoFocus={hydrated ? undefined : true}>
            {title}
          </h2>
          <a href={closeHref} className="route-modal-close" aria-label="Fechar">
            ×
          </a>
        </div>
        {children}
      </div>
    </div>
  )
}
