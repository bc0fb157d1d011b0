import { CLIENT_IP_HEADER, inProcessApi } from '../../server/web-bridge.ts'
import { authMessages } from '../domain/auth/messages.ts'

export type ApiErrorBody = {
  message?: string
  message_status?: string
  erro?: string
  errors?: Record<string, string[]>
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; data: ApiErrorBody }

type ApiInit = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  json?: unknown
  form?: FormData
  /** An application/x-www-form-urlencoded body (what pusher-js posts to authorize a channel). */
  body?: URLSearchParams
  token?: string
}

/**
 * The web app's only way to the API. By default the API runs in the same process
 * and is called without a network hop; with API_URL it is called over HTTP (our
 * API on another host, or a Laravel deployment of the same contract).
 *
 * The raw answer (a file download); callApi reads JSON.
 */
export async function fetchApi(incoming: Request, path: string, init: ApiInit = {}): Promise<Response> {
  const headers = new Headers({ accept: 'application/json' })
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  let body: BodyInit | undefined
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(init.json)
  } else if (init.form) {
    body = init.form
  } else if (init.body) {
    body = init.body
  }
  const clientIp = incoming.headers.get(CLIENT_IP_HEADER) ?? undefined
  const method = init.method ?? (body ? 'POST' : 'GET')
  const apiUrl = process.env.API_URL?.replace(/\/$/, '')
  if (apiUrl) {
    if (clientIp) headers.set('x-forwarded-for', clientIp)
    return fetch(`${apiUrl}/${path}`, { method, headers, body })
  }
  const api = inProcessApi()
  if (!api) throw new Error('A API não foi iniciada: defina API_URL ou inicie pelo server/index.ts.')
  return api(new Request(`http://api.local/${path}`, { method, headers, body }), { clientIp })
}

export async function callApi<T>(incoming: Request, path: string, init: ApiInit = {}): Promise<ApiResult<T>> {
  const response = await fetchApi(incoming, path, init)
  const data = response.status === 204 ? {} : await response.json().catch(() => ({}))
  return response.ok ? { ok: true, status: response.status, data: data as T } : { ok: false, status: response.status, data }
}

/** Spec §8: each message of `errors`, else message, message_status, erro, else 'Erro inesperado'. */
export function apiErrorMessages(body: ApiErrorBody): string[] {
  if (body.errors && Object.keys(body.errors).length) return Object.values(body.errors).flat()
  const text = body.message || body.message_status || body.erro
  return [text || authMessages.unexpected]
}
