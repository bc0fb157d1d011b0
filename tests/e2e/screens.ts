import { expect, type APIRequestContext } from '@playwright/test'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '../../app/routes.ts'
import { DEMO } from './helpers.ts'

/**
 * Every screen of app/routes.ts with demo values for its path parameters, for the tests that visit them all
 * (accessibility, which pages hydrate): a new route joins them by itself; a new path parameter only needs a value in
 * PARAM_VALUES.
 */

/** The private area: the routes under this layout need a login (and most a company entered). */
const PRIVATE_LAYOUT = 'routes/_app.tsx'

type Screen = { pattern: string; private: boolean }

/** Every page route of the config: resource routes (`.ts` modules: actions, files, JSON) and the catch-all are no screens. */
function screensOf(entries: RouteConfigEntry[], underPrivate = false, prefix = ''): Screen[] {
  return entries.flatMap((entry) => {
    const pattern = entry.index ? prefix || '/' : entry.path ? `${prefix}/${entry.path}` : prefix
    const inPrivate = underPrivate || entry.file === PRIVATE_LAYOUT
    if (entry.children) return screensOf(entry.children, inPrivate, pattern)
    if (!entry.file.endsWith('.tsx') || entry.path === '*') return []
    return [{ pattern, private: inPrivate }]
  })
}

/** Real demo values for path parameters (ids read from the demo data at run time). */
export type DemoIds = { sol: number; central: number }
const PARAM_VALUES = (ids: DemoIds): Record<string, string> => ({
  orderId: '1',
  orderStatus: 'A',
  customerId: String(ids.central),
  conditionId: '1',
  conditionName: 'Condição Farma',
  owner: String(ids.sol),
  olId: '1',
  olName: 'Operador Logístico',
  discount: '5',
  email: DEMO.email,
  // A demo invite token (server/db/seed.ts); also well formed for the team invite and the reset link, whose pages render before any check.
  token: 'convite-demo-farmacia',
  orgId: String(ids.sol),
  // The demo's virtual store (server/db/seed.ts).
  slug: 'rede-farma-mais',
})

export function fill(pattern: string, ids: DemoIds): string {
  const values = PARAM_VALUES(ids)
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`tests/e2e/a11y.spec.ts: add a demo value for the path parameter :${name} (${pattern})`)
    return encodeURIComponent(value)
  })
}

export const ALL_SCREENS = screensOf(routes)
export const screens = (ids: DemoIds, privateOnes: boolean) =>
  ALL_SCREENS.filter((s) => s.private === privateOnes).map((s) => ({ ...s, path: fill(s.pattern, ids) }))

type OrgList = { organizacoes: { data: { organizacao_id: number; organizacao: { nome: string } }[] } }

/** The ids of `user`'s organizations by name, asked from the API (no browser, no page). */
export async function orgIdsOf(api: APIRequestContext, user: { email: string; password: string }) {
  const login = await api.post('/api/login', { data: { email: user.email, password: user.password } })
  expect(login.ok(), `API login of ${user.email}`).toBe(true)
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}`, Accept: 'application/json' }
  const list = (await (await api.get('/api/OrgProfile/50/null/null', { headers })).json()) as OrgList
  await api.post('/api/logout', { headers })
  return new Map(list.organizacoes.data.map((o) => [o.organizacao.nome, o.organizacao_id]))
}

