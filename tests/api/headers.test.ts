import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../../server/config.ts'
import { createHttpApp } from '../../server/http/app.ts'
import { contentSecurityPolicy } from '../../server/http/security-headers.ts'
import { CSP_NONCE_HEADER } from '../../server/web-bridge.ts'
import { createOrganization, createTestApi, fileOf, formOf, newUser, tinyPng, type TestApi } from './harness.ts'

/**
 * Issue #8, headers: the host (server/http/app.ts) as server/index.ts builds it, on a real port,
 * with the real API. The web app here is a stand-in page that prints the nonce it was given: the
 * real React Router pages are checked in tests/e2e/security-headers.spec.ts (they need the build).
 */

let t: TestApi
const hosts: Server[] = []

/** A stand-in web app: a page with an inline script carrying the nonce, and a route that picks its own caching. */
function standInWeb() {
  const web = express.Router()
  web.get('/cacheable', (_req, res) => void res.set('Cache-Control', 'public, max-age=60').send('ok'))
  web.all('/{*splat}', (req, res) => void res.type('html').send(`<!doctype html><script nonce="${req.headers[CSP_NONCE_HEADER]}">1</script>`))
  return web
}

async function startHost(config: Config) {
  const app = createHttpApp({ config, api: getRequestListener(t.api.fetch), web: standInWeb() })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  hosts.push(server)
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return (url: string, init?: RequestInit) => fetch(`${base}${url}`, init)
}

let http: Awaited<ReturnType<typeof startHost>>
let https: Awaited<ReturnType<typeof startHost>>

beforeAll(async () => {
  t = await createTestApi()
  http = await startHost(t.config)
  https = await startHost({ ...t.config, appUrl: 'https://pedidos.example.com.br' })
})
afterAll(async () => {
  await Promise.all(hosts.map((h) => new Promise((resolve) => h.close(resolve))))
  await t.close()
})

const scriptSrc = (csp: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '))!
const directive = (csp: string, name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.split(' ')[0] === name)

describe('pages of the web app', () => {
  it('carry a CSP whose nonce is the one the page got, new on every request, and no inline script without it', async () => {
    const pages = await Promise.all([http('/'), http('/Chat?tipo=F')])
    const nonces: string[] = []
    for (const res of pages) {
      const csp = res.headers.get('content-security-policy')!
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc(csp))![1]
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(await res.text()).toContain(`<script nonce="${nonce}">`)
      expect(scriptSrc(csp)).toBe(`script-src 'self' 'nonce-${nonce}'`)
      expect(csp).not.toMatch(/unsafe-eval/)
      expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'")
      expect(directive(csp, 'object-src')).toBe("object-src 'none'")
      expect(directive(csp, 'base-uri')).toBe("base-uri 'none'")
      expect(directive(csp, 'connect-src')).toBe(`connect-src 'self' ws://localhost:3000`)
      nonces.push(nonce)
    }
    expect(nonces[0]).not.toBe(nonces[1])
  })

  it('refuse a nonce the browser sends: the host sets its own', async () => {
    const res = await http('/', { headers: { [CSP_NONCE_HEADER]: 'escolhido-pelo-navegador' } })
    expect(await res.text()).not.toContain('escolhido-pelo-navegador')
    expect(res.headers.get('content-security-policy')).not.toContain('escolhido-pelo-navegador')
  })

  it('are not stored (personal data, a one-time nonce) unless the route chose its own caching', async () => {
    const page = await http('/personal-environment', { headers: { cookie: '__session=qualquer' } })
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect((await http('/')).headers.get('cache-control')).toBe('no-store')
    expect((await http('/cacheable')).headers.get('cache-control')).toBe('public, max-age=60')
  })

  it('may use the microphone from this origin only, and no camera, place or payment', async () => {
    const policy = (await http('/Chat')).headers.get('permissions-policy')!
    expect(policy.split(', ')).toEqual(expect.arrayContaining(['microphone=(self)', 'camera=()', 'geolocation=()', 'payment=()']))
  })

  it('are never framed, keep their window to themselves and are not sniffed', async () => {
    const res = await http('/')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('x-powered-by')).toBeNull()
  })
})

describe('API answers', () => {
  it('POST api/login (a token) is no-store, with the API policy; so are its refusals', async () => {
    const u = await newUser(t)
    const ok = await http('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: u.email, password: u.password }) })
    expect(ok.status).toBe(200)
    expect((await ok.json()).token).toBeTruthy()
    for (const res of [ok, await http('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }), await http('/api/profile'), await http('/api/nao-existe')]) {
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('permissions-policy')).toMatch(/^microphone=\(\),/)
    }
  })

  it('the same headers when the API answers without the host (an API_URL deployment)', async () => {
    const res = await t.post('/api/login', { email: 'ninguem@teste.com.br', password: 'x' }, { ip: t.nextIp() })
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('a chat attachment (private) is no-store and sandboxed', async () => {
    const u = await newUser(t)
    const org = await createOrganization(t, { nome: 'Empresa Cabeçalhos', tipo: 'f' }, [{ userId: u.id, isAdmin: true }])
    const channels = await t.get(`/api/chat/canais/${org.id}/I`, { token: u.token })
    const form = formOf({ organizacao_id: String(org.id), channel_id: String(channels.body.data[0].id), client_id: randomUUID(), file: fileOf(tinyPng(), 'nota.png', 'image/png') })
    const sent = await t.postForm('/api/chat/arquivos', form, { token: u.token })
    expect(sent.status).toBe(201)
    const file = await http(`/api/chat/arquivo/${sent.body.id}`, { headers: { authorization: `Bearer ${u.token}` } })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(file.headers.get('cache-control')).toBe('no-store')
    expect(file.headers.get('content-security-policy')).toContain('sandbox')
  })
})

describe('uploaded files', () => {
  it('are served as files that can never run as a page, and may be cached (public avatars)', async () => {
    const dir = path.join(t.config.uploadsDir, 'avatars')
    await mkdir(dir, { recursive: true })
    await writeFile(path.join(dir, 'cabecalhos.png'), tinyPng())
    const res = await http('/uploads/avatars/cabecalhos.png')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    const csp = res.headers.get('content-security-policy')!
    expect(directive(csp, 'default-src')).toBe("default-src 'none'")
    expect(directive(csp, 'sandbox')).toBe('sandbox')
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(res.headers.get('permissions-policy')).toMatch(/^microphone=\(\),/)
  })
})

describe('HTTPS (APP_URL https)', () => {
  it('adds HSTS to every answer and upgrades the page’s requests; plain HTTP gets neither', async () => {
    for (const url of ['/', '/api/openapi.json', '/uploads/nao-existe.png']) {
      expect((await https(url)).headers.get('strict-transport-security')).toBe('max-age=31536000')
      expect((await http(url)).headers.get('strict-transport-security')).toBeNull()
    }
    const csp = (await https('/')).headers.get('content-security-policy')!
    expect(csp).toContain('upgrade-insecure-requests')
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' wss://pedidos.example.com.br")
    expect((await http('/')).headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests')
  })
})

describe('the page policy follows the realtime settings', () => {
  const base = { ...({} as Config), env: 'production', appUrl: 'http://localhost:3000', realtimeBuiltin: true, pusherScheme: 'http' } as Config
  it('a realtime server elsewhere (PUSHER_HOST): its ws and wss, or wss alone when TLS is forced', () => {
    expect(directive(contentSecurityPolicy({ ...base, pusherHost: 'rt.example.com', pusherPort: 6001 }, 'n'), 'connect-src')).toBe(
      "connect-src 'self' ws://rt.example.com:6001 wss://rt.example.com:6001",
    )
    expect(directive(contentSecurityPolicy({ ...base, pusherHost: 'rt.example.com', pusherScheme: 'https' }, 'n'), 'connect-src')).toBe(
      "connect-src 'self' wss://rt.example.com",
    )
  })

  it('hosted Pusher by cluster; no realtime at all: the page’s own origin only', () => {
    expect(directive(contentSecurityPolicy({ ...base, realtimeBuiltin: false, pusherCluster: 'sa1' }, 'n'), 'connect-src')).toBe(
      "connect-src 'self' wss://ws-sa1.pusher.com",
    )
    expect(directive(contentSecurityPolicy({ ...base, realtimeBuiltin: false }, 'n'), 'connect-src')).toBe("connect-src 'self'")
  })

  it('development (Vite) is looser, and says so: inline scripts and styles, any WebSocket', () => {
    const csp = contentSecurityPolicy({ ...base, env: 'development' }, 'n')
    expect(scriptSrc(csp)).toBe("script-src 'self' 'unsafe-inline' 'unsafe-eval'")
    expect(directive(csp, 'connect-src')).toContain('ws:')
    expect(scriptSrc(contentSecurityPolicy(base, 'n'))).toBe("script-src 'self' 'nonce-n'")
  })
})
