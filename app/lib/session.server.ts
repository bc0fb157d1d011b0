import { createCookie, createSession, createSessionStorage, redirect, type Session } from 'react-router'
import { CLIENT_IP_HEADER, sessionStore, type WebSessionStore } from '../../server/web-bridge.ts'
import { REMEMBER_ME_DAYS } from '../domain/auth/sessions.ts'
import * as authApi from '../domain/auth/contract.ts'
import { callEndpoint } from './api-transport.server.ts'
import { pagePath } from './company-screens.ts'

export type SessionUser = { user_id: number; nome: string; email: string; avatar: string | null }
export type Toast = { kind: 'success' | 'error' | 'info'; text: string }

/**
 * Kept on the server (server/sessions/store.ts), the cookie carries only the session's random id,
 * signed. The token is sealed apart in the row and handed back here on each read. The company
 * entered is kept by id; the private layout loads its profile fresh on each request.
 */
type SessionData = { token: string; user: SessionUser; remember: boolean; companyId?: number }
type FlashData = { inviteLink: string }

const REMEMBER_SECONDS = REMEMBER_ME_DAYS * 24 * 60 * 60

function secrets() {
  const value = process.env.SESSION_SECRET
  if (!value) throw new Error('SESSION_SECRET não definido: inicie pelo server/index.ts.')
  return value.split(',').filter(Boolean)
}

const secure = () => (process.env.APP_URL ?? '').startsWith('https://')
const cookieOptions = () => ({ httpOnly: true, sameSite: 'lax' as const, path: '/', secrets: secrets(), secure: secure() })

export function webSessionStore(): WebSessionStore {
  const store = sessionStore()
  if (!store) throw new Error('O armazenamento de sessões não foi iniciado: inicie pelo server/index.ts.')
  return store
}

/** The row keeps everything but the token, which the store seals on its own. */
function withoutToken({ token: _token, ...rest }: Record<string, unknown>) {
  return rest
}

let storage: ReturnType<typeof createSessionStorage<SessionData, FlashData>> | undefined
function sessionStorage() {
  storage ??= createSessionStorage<SessionData, FlashData>({
    cookie: createCookie('__session', cookieOptions()),
    // Only a login (startSession) makes a session: an anonymous visitor has nothing kept on the server.
    async createData(data) {
      if (data.token) throw new Error('Uma sessão com token só começa no login (startSession).')
      return ''
    },
    async readData(id) {
      const found = await webSessionStore().read(id)
      return found ? { ...found.data, token: found.token } : null
    },
    async updateData(id, data) {
      await webSessionStore().update(id, withoutToken(data))
    },
    async deleteData(id) {
      await webSessionStore().remove(id)
    },
  })
  return storage
}

export type AppSession = Session<SessionData, FlashData>

/** The session read once per request: the private layout and the screen below it run side by side on the same Request. */
const readDuring = new WeakMap<Request, Promise<AppSession>>()

/**
 * The request's session. Each caller gets its own copy of what was read (a loader that changes it and
 * commits does not change another's), but the row is read and its token unsealed once per request.
 * An action and the loaders after it each get a Request of their own, so they read the session afresh.
 */
export async function getSession(request: Request) {
  let read = readDuring.get(request)
  if (!read) {
    read = sessionStorage().getSession(request.headers.get('Cookie'))
    readDuring.set(request, read)
  }
  const session = await read
  // The data as read, flash values included (createSession types only the lasting ones).
  return createSession<SessionData, FlashData>(structuredClone(session.data) as SessionData, session.id)
}

/**
 * "Lembrar de mim" makes the cookie last 30 days; otherwise it is a browser-session
 * cookie that ends when the browser closes. Every commit keeps the choice.
 */
export function commitSession(session: AppSession) {
  return sessionStorage().commitSession(session, { maxAge: session.get('remember') ? REMEMBER_SECONDS : undefined })
}

export function destroySession(session: AppSession) {
  return sessionStorage().destroySession(session)
}

/**
 * A login. The browser's previous session, if any, ends (its token revoked); the new one gets a
 * new random id, so an id planted in the browser before the login is never the logged-in one.
 */
export async function startSession(request: Request, auth: { token: string; user: SessionUser; remember: boolean }) {
  await endSession(request)
  const user = { user_id: auth.user.user_id, nome: auth.user.nome, email: auth.user.email, avatar: auth.user.avatar }
  const data = { user, remember: auth.remember }
  const id = await webSessionStore().create({
    userId: user.user_id,
    email: user.email,
    token: auth.token,
    data,
    remember: auth.remember,
    userAgent: request.headers.get('user-agent') ?? '',
    ip: request.headers.get(CLIENT_IP_HEADER) ?? '',
  })
  return createSession<SessionData, FlashData>({ ...data, token: auth.token }, id)
}

/** Logout: the API token revoked, the session deleted; answers the Set-Cookie that clears the cookie. */
export async function endSession(request: Request, session?: AppSession) {
  const current = session ?? (await getSession(request))
  const token = current.get('token')
  if (token) await callEndpoint(request, authApi.logout, { token })
  return destroySession(current)
}

/** After a password reset (the API revoked every token of the account): its sessions on every device end too. */
export function endSessionsOfEmail(email: string) {
  return webSessionStore().removeOfEmail(email)
}

export async function getAuth(request: Request) {
  const session = await getSession(request)
  const token = session.get('token')
  const user = session.get('user')
  return token && user ? { session, token, user } : null
}

/** A private route without a logged-in user goes to Login. */
export async function requireAuth(request: Request) {
  const auth = await getAuth(request)
  if (!auth) throw redirect(loginFor(request))
  return auth
}

/**
 * Where a visitor without a session goes: Login; for an order's status link (the e-mail's, inside the personal
 * environment) Login's own variant of it, which says what the link does and comes back to it after.
 */
function loginFor(request: Request) {
  const order = /^\/personal-environment\/update-order-status\/([^/]+)\/([^/]+)\/?$/.exec(pagePath(request))
  return order ? `/login/update-order-status/${order[1]}/${order[2]}` : '/'
}

/**
 * A value a redirect leaves for the next page, in a cookie of its own, read there once: `put` adds it to the
 * redirect; `take` answers it with the Set-Cookie that consumes it. Messages and the e-mail just signed up with
 * are no secret, and an anonymous visitor (after sign-up, a password reset) gets no server session.
 */
function readOnceCookie(name: string, maxAge?: number) {
  let cookie: ReturnType<typeof createCookie> | undefined
  const jar = () => (cookie ??= createCookie(name, maxAge ? { ...cookieOptions(), maxAge } : cookieOptions()))
  return {
    async put(response: Response, value: unknown) {
      response.headers.append('Set-Cookie', await jar().serialize(value))
      return response
    },
    async take(request: Request): Promise<{ value: unknown; setCookie: string } | null> {
      const value = await jar().parse(request.headers.get('Cookie'))
      return value ? { value, setCookie: await jar().serialize('', { expires: new Date(0) }) } : null
    },
  }
}

const toastCookie = readOnceCookie('__flash')

/** The pending toast, and the Set-Cookie that consumes it. */
export async function takeToast(request: Request): Promise<{ toast: Toast; setCookie: string } | null> {
  const taken = await toastCookie.take(request)
  const value = taken?.value as Partial<Toast> | undefined
  if (!taken || !value || typeof value.text !== 'string' || !['success', 'error', 'info'].includes(value.kind ?? '')) return null
  return { toast: { kind: value.kind!, text: value.text }, setCookie: taken.setCookie }
}

/** Adds the toast to a response (a redirect) the caller has built. */
export const withToast = (response: Response, toast: Toast) => toastCookie.put(response, toast)

/** The e-mail an account was just created with, for the Login that sign-up leads to (ten minutes, read once). */
const signedUpCookie = readOnceCookie('__signed_up', 10 * 60)

/** Sign-up's redirect to Login carries the new account's e-mail, so the person does not type it again. */
export const withSignedUpEmail = (response: Response, email: string) => signedUpCookie.put(response, email)

/** The e-mail sign-up left, and the Set-Cookie that consumes it. */
export async function takeSignedUpEmail(request: Request): Promise<{ email: string; setCookie: string } | null> {
  const taken = await signedUpCookie.take(request)
  return taken && typeof taken.value === 'string' ? { email: taken.value, setCookie: taken.setCookie } : null
}

/**
 * A post refused because its page shows another company than the session's now (decision 048): the page it goes
 * back to is drawn once more for the company it showed, with the refusal in place of the screen.
 */
export type OtherTabRefusal = { empresa: number | null; texto: string; caminho: string }

const otherTabCookie = readOnceCookie('__outra_aba', 60)

export const withOtherTabRefusal = (response: Response, refusal: OtherTabRefusal) => otherTabCookie.put(response, refusal)

/** The refusal left for this page (another page's waits for its own), and the Set-Cookie that consumes it. */
export async function takeOtherTabRefusal(request: Request): Promise<{ refusal: OtherTabRefusal; setCookie: string } | null> {
  const taken = await otherTabCookie.take(request)
  const value = taken?.value as Partial<OtherTabRefusal> | undefined
  if (!taken || !value || typeof value.texto !== 'string' || value.caminho !== pagePath(request)) return null
  return { refusal: { empresa: typeof value.empresa === 'number' ? value.empresa : null, texto: value.texto, caminho: value.caminho }, setCookie: taken.setCookie }
}

/** A redirect with a toast; `session` is committed too when given (the caller changed it). */
export async function redirectWithToast(_request: Request, to: string, toast: Toast, session?: AppSession) {
  const headers = new Headers()
  if (session) headers.append('Set-Cookie', await commitSession(session))
  return withToast(redirect(to, { headers }), toast)
}

let lastCompany: ReturnType<typeof createCookie> | undefined
/**
 * The last company a user entered, kept apart from the session so that it outlives
 * logout: the same user's next login enters it again.
 */
export function lastCompanyCookie() {
  lastCompany ??= createCookie('last_company', { ...cookieOptions(), maxAge: 60 * 60 * 24 * 365 })
  return lastCompany
}

export async function readLastCompany(request: Request): Promise<{ userId: number; orgId: number } | null> {
  const value = await lastCompanyCookie().parse(request.headers.get('Cookie'))
  return value && typeof value.userId === 'number' && typeof value.orgId === 'number' ? value : null
}

/** Keeps the header in step after a profile change: the session holds the name and photo it shows. */
export async function rememberUser(request: Request, to: string, user: SessionUser, text: string) {
  const { session } = await requireAuth(request)
  session.set('user', { user_id: user.user_id, nome: user.nome, email: user.email, avatar: user.avatar })
  return redirectWithToast(request, to, { kind: 'success', text }, session)
}
