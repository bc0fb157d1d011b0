import { redirect } from 'react-router'
import { callApi, type ApiResult } from './api.server.ts'
import { destroySession, requireAuth } from './session.server.ts'

/**
 * An API call as the logged-in user. A 401 (token revoked, e.g. by a password
 * reset elsewhere) ends the web session and sends the user to Login.
 */
export async function authedApi<T>(
  request: Request,
  path: string,
  init: Omit<Parameters<typeof callApi>[2] & object, 'token'> = {},
): Promise<ApiResult<T>> {
  const { session, token } = await requireAuth(request)
  const res = await callApi<T>(request, path, { ...init, token })
  if (res.status === 401) throw redirect('/', { headers: { 'Set-Cookie': await destroySession(session) } })
  return res
}
