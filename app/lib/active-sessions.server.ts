import { redirect } from 'react-router'
import { sessionMessages as m } from '../domain/auth/messages.ts'
import * as authApi from '../domain/auth/contract.ts'
import { api, apiErrorMessages } from './api.server.ts'
import { dateTimeLabel } from './chat/dates.ts'
import { deviceLabel } from './device-label.ts'
import { destroySession, redirectWithToast, requireAuth, webSessionStore, withToast } from './session.server.ts'

/** What POST api/logout-tokens takes in one call. */
const TOKENS_PER_CALL = 100

/** The user's sessions for the profile screen: device, when it signed in and was last seen (São Paulo time), this one marked. */
export async function activeSessions(request: Request) {
  const { session, user } = await requireAuth(request)
  const sessions = await webSessionStore().listOfUser(user.user_id, session.id)
  return sessions.map((s) => ({ id: s.id, device: deviceLabel(s.userAgent), signedIn: dateTimeLabel(s.createdAt), lastSeen: dateTimeLabel(s.lastSeenAt), current: s.current }))
}

/**
 * Revokes the API tokens of sessions this server holds no id for (another device's), by token
 * id: the API lets a user revoke only their own. Answers the API's error texts, or null.
 */
async function revokeTokens(request: Request, tokenIds: number[]) {
  for (let i = 0; i < tokenIds.length; i += TOKENS_PER_CALL) {
    const res = await api(request, authApi.logoutTokens, { json: { tokens: tokenIds.slice(i, i + TOKENS_PER_CALL) } })
    if (!res.ok) return apiErrorMessages(res.data).join(' ')
  }
  return null
}

/** 'Encerrar' on another device's session: its token revoked, its row deleted; its next request lands on Login. */
export async function endOtherSession(request: Request, sessionHandle: number, back: string) {
  const { session, user } = await requireAuth(request)
  const store = webSessionStore()
  const target = (await store.listOfUser(user.user_id, session.id)).find((s) => s.id === sessionHandle && !s.current)
  if (!target) return redirectWithToast(request, back, { kind: 'error', text: m.notFound })
  const problem = await revokeTokens(request, await store.tokenIdsOfUser(user.user_id, [target.id]))
  if (problem) return redirectWithToast(request, back, { kind: 'error', text: problem })
  await store.removeOfUser(user.user_id, [target.id])
  return redirectWithToast(request, back, { kind: 'success', text: m.ended })
}

/** 'Sair de todos os dispositivos': every session of the user ends, this one included, and Login shows. */
export async function endAllSessions(request: Request, back: string) {
  const { session, user, token } = await requireAuth(request)
  const store = webSessionStore()
  // This session's own token goes last: once it is revoked, no further call can be made with it.
  const own = Number(token.split('|')[0])
  const others = (await store.tokenIdsOfUser(user.user_id)).filter((id) => id !== own)
  const problem = await revokeTokens(request, [...others, own])
  if (problem) return redirectWithToast(request, back, { kind: 'error', text: problem })
  await store.removeOfUser(user.user_id)
  return withToast(redirect('/', { headers: { 'Set-Cookie': await destroySession(session) } }), { kind: 'success', text: m.endedAll })
}
