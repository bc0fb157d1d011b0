/**
 * What the host process hands the web app (app/lib/*.server.ts): the API to call
 * without a network hop, and the store of the web sessions. Kept on global symbols
 * because the web app's server bundle and this process load separate copies of every module.
 */
/** A value the host sets once and the web app reads, under a global symbol of this name. */
function globalSlot<T>(name: string) {
  const key = Symbol.for(name)
  const slots = globalThis as unknown as Record<symbol, T | undefined>
  return { set: (value: T) => void (slots[key] = value), get: (): T | undefined => slots[key] }
}

type InProcessApi = (request: Request, env: { clientIp?: string }) => Response | Promise<Response>

const apiSlot = globalSlot<InProcessApi>('b2b.api.inProcess')
export const registerInProcessApi = apiSlot.set
export const inProcessApi = apiSlot.get

export type NewWebSession = {
  userId: number
  email: string
  /** The API token `id|secret`: sealed in the row, never stored in clear. */
  token: string
  data: Record<string, unknown>
  remember: boolean
  userAgent: string
  ip: string
}

export type WebSessionSummary = { id: number; userAgent: string; createdAt: Date; lastSeenAt: Date; current: boolean }

/**
 * The web app's sessions, on the product's database (server/sessions/store.ts). Methods taking
 * `sessionId` take the cookie's secret id; `id` in summaries is the row's public handle.
 * The web app's own concern: it works the same when the API is elsewhere (API_URL).
 */
export type WebSessionStore = {
  /** A new session with a new random id, returned (the only thing the cookie carries). */
  create(session: NewWebSession): Promise<string>
  /** The session's data and token, or null when unknown or expired. Marks it seen (at most once a minute). */
  read(sessionId: string): Promise<{ userId: number; token: string; data: Record<string, unknown> } | null>
  /** Replaces the data; a remembered session's expiry moves on with its cookie's. */
  update(sessionId: string, data: Record<string, unknown>): Promise<void>
  remove(sessionId: string): Promise<void>
  /** The user's live sessions, last seen first; `current` marks the one of `sessionId`. */
  listOfUser(userId: number, sessionId: string): Promise<WebSessionSummary[]>
  /** The API token ids of the user's sessions (those of `ids` only, when given). */
  tokenIdsOfUser(userId: number, ids?: number[]): Promise<number[]>
  /** Ends the user's sessions (those of `ids` only, when given); answers how many. */
  removeOfUser(userId: number, ids?: number[]): Promise<number>
  /** Ends every session of the account with this e-mail (after a password reset). */
  removeOfEmail(email: string): Promise<number>
  /** Deletes the expired sessions; answers how many. */
  sweep(): Promise<number>
}

const sessionSlot = globalSlot<WebSessionStore>('b2b.web.sessionStore')
export const registerSessionStore = sessionSlot.set
export const sessionStore = sessionSlot.get

/** Set by the host (server/http/app.ts) from the socket, overwriting anything the browser sent. */
export const CLIENT_IP_HEADER = 'x-b2b-client-ip'

/** This request's CSP nonce, set by server/http/security-headers.ts (overwriting anything the browser sent) for the web app's inline scripts. */
export const CSP_NONCE_HEADER = 'x-b2b-csp-nonce'
