import { createCookie, createCookieSessionStorage, redirect, type Session } from 'react-router'

export type SessionUser = { user_id: number; nome: string; email: string; avatar: string | null }
export type Toast = { kind: 'success' | 'error' | 'info'; text: string }

/** The company entered is kept by id; the private layout loads its profile fresh on each request. */
type SessionData = { token: string; user: SessionUser; remember: boolean; companyId: number }
type FlashData = { toast: Toast; inviteLink: string }

const THIRTY_DAYS = 60 * 60 * 24 * 30

function secrets() {
  const value = process.env.SESSION_SECRET
  if (!value) throw new Error('SESSION_SECRET não definido: inicie pelo server/index.ts.')
  return value.split(',').filter(Boolean)
}

const secure = () => (process.env.APP_URL ?? '').startsWith('https://')

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | undefined
function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData, FlashData>({
    cookie: { name: '__session', httpOnly: true, sameSite: 'lax', path: '/', secrets: secrets(), secure: secure() },
  })
  return storage
}

export type AppSession = Session<SessionData, FlashData>

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get('Cookie'))
}

/**
 * "Lembrar de mim" makes the cookie last 30 days; otherwise it is a browser-session
 * cookie that ends when the browser closes. Every commit keeps the choice.
 */
export function commitSession(session: AppSession) {
  return sessionStorage().commitSession(session, { maxAge: session.get('remember') ? THIRTY_DAYS : undefined })
}

export function destroySession(session: AppSession) {
  return sessionStorage().destroySession(session)
}

export async function getAuth(request: Request) {
  const session = await getSession(request)
  const token = session.get('token')
  const user = session.get('user')
  return token && user ? { session, token, user } : null
}

/** The guard of spec §2: a private route without a logged-in user goes to Login. */
export async function requireAuth(request: Request) {
  const auth = await getAuth(request)
  if (!auth) throw redirect('/')
  return auth
}

export async function redirectWithToast(request: Request, to: string, toast: Toast, session?: AppSession) {
  const s = session ?? (await getSession(request))
  s.flash('toast', toast)
  return redirect(to, { headers: { 'Set-Cookie': await commitSession(s) } })
}

let lastCompany: ReturnType<typeof createCookie> | undefined
/**
 * The last company a user entered, kept apart from the session so that it outlives
 * logout (spec §2: re-entered after the next login of the same user).
 */
export function lastCompanyCookie() {
  lastCompany ??= createCookie('last_company', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secrets: secrets(),
    secure: secure(),
    maxAge: 60 * 60 * 24 * 365,
  })
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
