import * as authApi from '../../../app/domain/auth/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { setCookie } from 'hono/cookie'
import { type Api } from '../http.ts'
import { randomToken } from '../../security/tokens.ts'

/**
 * Sanctum's start-up call. Our web app keeps the API token on the server and sends
 * it as a bearer, so the XSRF cookie is only handed out for clients that expect it.
 */
export function registerCsrf(app: Api) {
  app.openapi(
    createRoute(authApi.csrfCookie),
    (c) => {
      setCookie(c, 'XSRF-TOKEN', randomToken(), { path: '/', sameSite: 'Lax', maxAge: 2 * 60 * 60 })
      return c.body(null, 204)
    },
  )
}
