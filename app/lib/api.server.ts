import { data, redirect } from 'react-router'
import type { Answer, Endpoint } from '../domain/shared/contract.ts'
import { apiErrorMessages, callEndpoint, fetchEndpoint, type ApiResult, type CallOptions } from './api-transport.server.ts'
import { destroySession, requireAuth } from './session.server.ts'

export { apiErrorMessages, type ApiErrorBody, type ApiResult } from './api-transport.server.ts'

/** The values of a call; optional where the call has no path parameters and no body. */
export type ApiArgs<E extends Endpoint> = Record<string, never> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>]

/**
 * The logged-in user's token for a call that needs one (unless given), and what a 401 means
 * then: the token was revoked elsewhere (a password reset, 'Encerrar'), so the web session ends
 * and the user goes to Login.
 */
async function withSessionToken<E extends Endpoint, T>(request: Request, endpoint: E, options: CallOptions<E> | undefined, send: (o: CallOptions<E>) => Promise<T & { status: number }>) {
  const given = (options ?? {}) as CallOptions<E>
  if (!endpoint.security || given.token) return send(given)
  const { session, token } = await requireAuth(request)
  const answer = await send({ ...given, token })
  if (answer.status === 401) throw redirect('/', { headers: { 'Set-Cookie': await destroySession(session) } })
  return answer
}

/**
 * The web app's one way to the API: `api(request, team.getusers, { params: { id } })`. The
 * endpoint comes from its area's contract (app/domain/<area>/contract.ts), so the path, the
 * values and the answer's type are the server's own.
 */
export function api<E extends Endpoint>(request: Request, endpoint: E, ...[options]: ApiArgs<E>): Promise<ApiResult<Answer<E>>> {
  return withSessionToken(request, endpoint, options, (o) => callEndpoint(request, endpoint, o))
}

/** The raw answer, for a file the browser downloads through the web app. */
export function apiFile<E extends Endpoint>(request: Request, endpoint: E, ...[options]: ApiArgs<E>): Promise<Response> {
  return withSessionToken(request, endpoint, options, (o) => fetchEndpoint(request, endpoint, o))
}

/** A read the screen cannot do without: a refusal is the page's error (its messages, its status). */
export async function apiRead<E extends Endpoint>(request: Request, endpoint: E, ...options: ApiArgs<E>): Promise<Answer<E>> {
  const res = await api(request, endpoint, ...options)
  if (!res.ok) throw data(apiErrorMessages(res.data).join(' '), { status: res.status })
  return res.data
}
