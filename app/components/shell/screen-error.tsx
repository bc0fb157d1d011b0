import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import { screenErrorMessages as m } from '~/domain/shared/screen-error-messages.ts'

/**
 * The error boundary of every company screen: a screen that cannot open says why in place of itself, inside the
 * shell (side menu and header stay, so the person goes on elsewhere). A refusal's own words (an API message the
 * loader threw as the answer) are said; an unexpected error only in general terms.
 */
export function ScreenErrorBoundary() {
  const error = useRouteError()
  const location = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const said = isRouteErrorResponse(error) && typeof error.data === 'string' && error.data.trim() ? error.data : m.fallback(status)
  return (
    <section className="stack" aria-labelledby="screen-error-title">
      <title>{`${m.title(status)} | Pedidos B2B`}</title>
      <h1 id="screen-error-title">{m.title(status)}</h1>
      <p role="alert">{said}</p>
      <p>
        <a className="button" href={location.pathname + location.search}>
          {m.retry}
        </a>
      </p>
    </section>
  )
}
