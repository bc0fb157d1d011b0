import { parseWithZod } from '@conform-to/zod/v4'
import { data, type MiddlewareFunction } from 'react-router'
import { z } from 'zod'
import { sharedMessages as m } from '~/domain/shared/messages.ts'
import { rememberFormClaim } from './page-company.server.ts'

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i
const anything = z.unknown()

/**
 * A form posted from another site, or from a page without an origin (`Origin: null`), is refused before any action
 * runs. React Router checks this itself only for the actions of pages; the resource routes (the chat's actions,
 * the header's modals, logout) are checked here, by the same rule: an Origin header, when sent, must be this
 * address's. SameSite=Lax keeps other sites' posts without the session, but not another port or a sibling host.
 */
export const refuseForeignOrigins: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method === 'GET' || request.method === 'HEAD') return next()
  const origin = request.headers.get('origin')
  if (origin !== null && origin !== new URL(request.url).origin) throw data(m.formForeignOrigin, { status: 400 })
  return next()
}

/**
 * Every route action reads its body as a form, and a body that is not one (JSON, plain text,
 * broken multipart, field names Conform cannot nest, like `a=1` beside `a[0]=2`) made it
 * throw, answering 500. Refused here once, before any action runs: 415 for another kind of
 * body, 400 for a form that cannot be read. The action then reads its own copy as before.
 */
export const refuseUnreadableForms: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method === 'GET' || request.method === 'HEAD') return next()
  if (!FORM_TYPES.test(request.headers.get('content-type') ?? '')) throw data(m.formWrongType, { status: 415 })
  let form: FormData
  try {
    form = await request.clone().formData()
  } catch {
    throw data(m.formUnreadable, { status: 400 })
  }
  try {
    parseWithZod(form, { schema: anything })
  } catch {
    throw data(m.formUnreadable, { status: 400 })
  }
  // The company the form's page shows, for the check of every company action (refuseOtherPage), which may come
  // after the action has read its own copy.
  rememberFormClaim(request, form)
  return next()
}
