import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import { screenErrorMessages as m } from '~/domain/shared/screen-error-messages.ts'

/**
 * The error boundary of every company screen: a screen that cannot open says why in place of itself, inside the
 * shell (side menu and header stay, so the person goes on elsewhere). A refusal's own words (an API message the
 * loader threw as the answer) are said; an unexpected error only in general terms.
 */
export function ScreenErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const said = isRouteErrorResponse(error) && typeof error.data === 'string' && error.data.trim() ? error.data : m.fallback(status)
  return <ScreenRefusal title={m.title(status)} text={said} again={m.retry} />
}

/** What stands in place of a screen that does not open: why, and a link that loads its address again. */
export function ScreenRefusal({ title, text, again }: { title: string; text: string; again: string }) {
  const location = useLocation()
  return (
    <section className="stack" aria-labelledby="screen-error-title">
      <title>{`${title} | Pedidos B2B`}</title>
      <h1 id="screen-error-title">{title}</h1>
      <p role="alert">{text}</p>
      <p>
        <a className="button" href={location.pathname + location.search}>
          {again}
        </a>
      </p>
    </section>
  )
}
