import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { endSession } from '~/lib/session.server.ts'

/** Header → Logout: revokes the API token, deletes the session on the server, goes to Login. */
export async function action({ request }: Route.ActionArgs) {
  return redirect('/', { headers: { 'Set-Cookie': await endSession(request) } })
}

export function loader() {
  return redirect('/')
}
