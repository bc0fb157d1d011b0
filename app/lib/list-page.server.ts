import { redirect } from 'react-router'
import { pagePath } from './company-screens.ts'

/**
 * A list asked for a page past its last (an old link, a list that shrank meanwhile): throws the redirect to its
 * last page, the other parameters kept. The address is the page's, not its data request's (`/orders.data?…` on a
 * client navigation).
 */
export function redirectPastLastPage(request: Request, requested: number, page: { total: number; last_page: number }) {
  if (page.total === 0 || requested <= page.last_page) return
  const search = new URL(request.url).searchParams
  search.delete('_routes')
  search.set('page', String(page.last_page))
  throw redirect(`${pagePath(request)}?${search}`)
}
