import { CLIENT_IP_HEADER, inProcessApi } from '../../server/web-bridge.ts'
import { authMessages } from '../domain/auth/messages.ts'
import { endpointPath, type Answer, type CallValues, type Endpoint } from '../domain/shared/contract.ts'

export type ApiErrorBody = {
  message?: string
  message_status?: string
  erro?: string
  errors?: Record<string, string[]>
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; data: ApiErrorBody }

/**
 * The web app's only way to the API. By default the API runs in the same process
 * and is called without a network hop; with API_URL it is called over HTTP (our
 * API on another host, or a Laravel deployment of the same contract).
 */
export type CallOptions<E extends Endpoint> = CallValues<E> & {
  /** The bearer token; `api()` (api.server.ts) takes the session's for calls that need a user. */
  token?: string
}

export async function fetchEndpoint<E extends Endpoint>(incoming: Request, endpoint: E, options: CallOptions<E>): Promise<Response> {
  const values = options as { params?: Record<string, string | number>; query?: Record<string, string | number | null>; json?: unknown; form?: FormData | URLSearchParams; token?: string }
  const headers = new Headers({ accept: 'application/json' })
  if (values.token) headers.set('authorization', `Bearer ${values.token}`)
  let body: BodyInit | undefined
  if (values.json !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(values.json)
  } else if (values.form) {
    body = values.form
  }
  const path = endpointPath(endpoint, values.params, values.query)
  const clientIp = incoming.headers.get(CLIENT_IP_HEADER) ?? undefined
  const method = endpoint.method.toUpperCase()
  const apiUrl = process.env.API_URL?.replace(/\/$/, '')
  if (apiUrl) {
    if (clientIp) headers.set('x-forwarded-for', clientIp)
    return fetch(`${apiUrl}/${path}`, { method, headers, body })
  }
  const api = inProcessApi()
  if (!api) throw new Error('A API não foi iniciada: defina API_URL ou inicie pelo server/index.ts.')
  return api(new Request(`http://api.local/${path}`, { method, headers, body }), { clientIp })
}

/** The answer read as JSON and typed from the endpoint's schema (the API is ours or keeps the same contract). */
export async function callEndpoint<E extends Endpoint>(incoming: Request, endpoint: E, options: CallOptions<E>): Promise<ApiResult<Answer<E>>> {
  const response = await fetchEndpoint(incoming, endpoint, options)
  const data = response.status === 204 ? {} : await response.json().catch(() => ({}))
  return response.ok ? { ok: true, status: response.status, data: data as Answer<E> } : { ok: false, status: response.status, data }
}

/** The messages an API error shows: each message of `errors`, else message, message_status, erro, else 'Erro inesperado'. */
export function apiErrorMessages(body: ApiErrorBody): string[] {
  if (body.errors && Object.keys(body.errors).length) return Object.values(body.errors).flat()
  const text = body.message || body.message_status || body.erro
  return [text || authMessages.unexpected]
}
