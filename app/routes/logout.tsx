import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { callApi } from '~/lib/api.server.ts'
import { destroySession, getSession } from '~/lib/session.server.ts'

/** Header → Logout: revokes the API token, clears user and company, goes to Login. */
export async function action({ request }: Route.ActionArgs) {
  const session = await getSession(request)
  const token = session.get('token')
  if (token) await callApi(request, 'api/logout', { method: 'POST', token })
  return redirect('/', { headers: { 'Set-Cookie': await destroySession(session) } })
}

export function loader() {
  return redirect('/')
}
