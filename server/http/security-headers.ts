import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import type { Config } from '../config.ts'
import { CSP_NONCE_HEADER } from '../web-bridge.ts'

/**
 * The browser-facing security headers (docs/decisions/009-security-headers.md): one module for every answer the
 * host gives, the API's own answers excepted (server/api/http.ts applies API_HEADERS itself, so an
 * API deployed on its own host gets them too).
 */

type HeaderOptions = Pick<Config, 'env' | 'appUrl' | 'realtimeBuiltin' | 'pusherHost' | 'pusherPort' | 'pusherScheme' | 'pusherCluster'>

const YEAR_SECONDS = 365 * 24 * 60 * 60

/** Features the product never uses, refused to the page and to anything it could embed. */
const REFUSED_FEATURES = ['camera', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'bluetooth', 'midi', 'display-capture', 'browsing-topics']

/**
 * The microphone is the chat's voice recorder. Every page document gets it for this origin only:
 * React Router moves between pages without loading a new document, so the document of the first
 * page opened (Login, the market...) is the one /Chat records in. Answers that are not pages get none.
 */
export function permissionsPolicy(microphone: boolean) {
  return [`microphone=${microphone ? '(self)' : '()'}`, ...REFUSED_FEATURES.map((f) => `${f}=()`)].join(', ')
}

/** Where the browser's realtime connection goes (same rules as app/lib/realtime-config.server.ts). */
export function realtimeSources(options: HeaderOptions): string[] {
  if (options.pusherHost) {
    const port = options.pusherPort ? `:${options.pusherPort}` : ''
    // pusher-js tries ws and then wss unless TLS is forced; both go to the same host and port.
    return options.pusherScheme === 'https' ? [`wss://${options.pusherHost}${port}`] : [`ws://${options.pusherHost}${port}`, `wss://${options.pusherHost}${port}`]
  }
  if (options.realtimeBuiltin) {
    // 'self' covers the page's own ws(s) in CSP 3 browsers; the explicit origin is for those before it.
    const app = new URL(options.appUrl)
    return [`${app.protocol === 'https:' ? 'wss' : 'ws'}://${app.host}`]
  }
  if (options.pusherCluster) return [`wss://ws-${options.pusherCluster}.pusher.com`]
  return []
}

/**
 * The pages' Content-Security-Policy. Scripts: the app's own files and the inline scripts React
 * Router, React and the app render with this request's nonce; never 'unsafe-inline'. Styles: the
 * stylesheets are files ('self'); `style` attributes are allowed (React renders sizes as
 * attributes on the server) but injected `<style>` elements are not, where browsers tell the two
 * apart (style-src-attr/-elem); older ones fall back to style-src.
 *
 * Development (Vite): Vite's client injects `<style>` elements and its own inline scripts and
 * talks to its HMR WebSocket, so the policy there allows inline scripts and styles and any ws(s).
 */
export function contentSecurityPolicy(options: HeaderOptions, nonce: string) {
  const dev = options.env === 'development'
  const appOrigin = new URL(options.appUrl).origin
  // Uploads are addressed by APP_URL, which may differ from the host the page was opened at.
  const own = ["'self'", appOrigin]
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
    'style-src-elem': dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    // data: is the generated avatar (app/lib/ui/generated-avatar.ts).
    'img-src': [...own, 'data:'],
    'media-src': own,
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...realtimeSources(options), ...(dev ? ['ws:', 'wss:'] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
  }
  const policy = Object.entries(directives).map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
  if (appOrigin.startsWith('https:')) policy.push('upgrade-insecure-requests')
  return policy.join('; ')
}

/** Files people uploaded (and anything else that is not a page): shown as they are, never run as a page. */
export const FILE_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'"

/** The API's own answers, also when it runs without this host (server/api/http.ts). */
export const API_HEADERS: Readonly<Record<string, string>> = {
  // Tokens and personal data: never kept by the browser or a proxy. A call that may be cached says so itself.
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
}

/** A fresh nonce per page: 128 random bits. */
export function newNonce() {
  return randomBytes(16).toString('base64')
}

/** Sets `name` when the answer is written, unless whoever answered set it: defaults that never override. */
function defaultAtWrite(res: ServerResponse, defaults: Record<string, string>) {
  const writeHead = res.writeHead
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    for (const [name, value] of Object.entries(defaults)) if (!this.hasHeader(name)) this.setHeader(name, value)
    return writeHead.apply(this, args)
  } as ServerResponse['writeHead']
}

/** On every answer of the host: transport and framing rules that hold whatever the answer is. */
export function baseSecurityHeaders(options: HeaderOptions): RequestHandler {
  const https = new URL(options.appUrl).protocol === 'https:'
  const permissions = permissionsPolicy(false)
  return (_req, res, next) => {
    if (https) res.setHeader('Strict-Transport-Security', `max-age=${YEAR_SECONDS}`)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    res.setHeader('Permissions-Policy', permissions)
    next()
  }
}

/** Uploaded files: never a page (an uploaded file cannot run script on our origin). */
export const uploadHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', FILE_CSP)
  next()
}

/**
 * The web app's answers (pages, their data, resource routes, built assets): the page policy with a
 * fresh nonce, which the web app reads from CSP_NONCE_HEADER (set here, overwriting anything the
 * browser sent), and `no-store` unless the answer chose its own caching: pages carry personal data
 * and a nonce that must not be served twice.
 */
export function webAppHeaders(options: HeaderOptions): RequestHandler {
  const permissions = permissionsPolicy(true)
  return (req, res, next) => {
    const nonce = newNonce()
    req.headers[CSP_NONCE_HEADER] = nonce
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(options, nonce))
    res.setHeader('Permissions-Policy', permissions)
    defaultAtWrite(res, { 'Cache-Control': 'no-store' })
    next()
  }
}
