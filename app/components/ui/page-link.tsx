import type { AnchorHTMLAttributes } from 'react'

/**
 * A link to a page: a plain anchor. Only the islands hydrate, and a link from an island to another page is a full
 * page load (decision 046), so React Router's `Link` (which resolves its target through the route tree on every
 * render, a twentieth of a long list's server time) has nothing to add. A target that is only a query
 * (`?modal=…`) is the current page's, as the browser resolves it.
 */
export function PageLink({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a href={to} {...props} />
}
