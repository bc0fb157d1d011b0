import type { Route } from './+types/broadcasting.auth'
import * as broadcastingApi from '~/domain/chat/broadcasting-contract.ts'
import { api } from '~/lib/api.server.ts'
import { getAuth } from '~/lib/session.server.ts'

/**
 * pusher-js / laravel-echo ask here (their default endpoint) to join a private channel.
 * The API token stays in the session: this route forwards the request with it and
 * answers the API's `{auth}` or its refusal, as pusher-js expects.
 */
export async function action({ request }: Route.ActionArgs) {
  const auth = await getAuth(request)
  if (!auth) return Response.json({ message: 'Unauthenticated.' }, { status: 401 })
  const form = await request.formData()
  const body = new URLSearchParams()
  for (const key of ['socket_id', 'channel_name']) body.set(key, String(form.get(key) ?? ''))
  const res = await api(request, broadcastingApi.auth, { form: body, token: auth.token })
  return Response.json(res.data, { status: res.status })
}
