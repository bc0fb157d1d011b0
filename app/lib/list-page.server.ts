import { redirect } from 'react-router'
import { pagePath } from './company-screens.ts'
import { lastPageAddress } from './list-state.ts'

/**
 * A list asked for a page past its last: throws the redirect to its last page (app/lib/list-state.ts). The address is
 * the page's, not its data request's (`/orders.data?…` on a client navigation).
 */
export function redirectPastLastPage(request: Request, requested: number, page: { total: number; last_page: number }) {
  const to = lastPageAddress(pagePath(request), new URL(request.url).searchParams, requested, page)
  if (to) throw redirect(to)
}
