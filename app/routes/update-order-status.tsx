import { redirect } from 'react-router'
import type { Route } from './+types/update-order-status'
import { getAuth } from '~/lib/session.server.ts'

/**
 * The deep link of order e-mails. Logged in: straight to the update; otherwise
 * through Login, which comes back here with the order in its route.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const order = `${encodeURIComponent(params.orderId)}/${encodeURIComponent(params.orderStatus)}`
  const auth = await getAuth(request)
  throw redirect(auth ? `/personal-environment/update-order-status/${order}` : `/login/update-order-status/${order}`)
}
