import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ibgeHandlers } from '../mocks/ibge.ts'
import { viaCepHandlers } from '../mocks/viacep.ts'
import { operationsOf } from './openapi-walk.ts'
import { createTestApi, type TestApi } from './harness.ts'
import { buildTenantWorld, fingerprint, kindOf, namesTenantData, requestFor } from './tenant-world.ts'

/**
 * Every call that names an organization, or an object of one, refuses a member of
 * another organization and changes nothing. Read from /api/openapi.json, so a call added later is
 * covered without being listed. Each such call is made by an intruder (admin of an organization
 * of its own) twice: acting as the victim organization, and acting as its own organization on the
 * victim's objects. No answer may be a success, and afterwards every table holds what it held.
 */

const outside = setupServer(...ibgeHandlers, ...viaCepHandlers)

let t: TestApi
let doc: any
let world: Awaited<ReturnType<typeof buildTenantWorld>>

beforeAll(async () => {
  outside.listen({ onUnhandledRequest: 'error' })
  t = await createTestApi({ env: { PUSHER_APP_SECRET: 'segredo-de-teste' } })
  doc = (await t.get('/api/openapi.json')).body
  world = await buildTenantWorld(t)
}, 60_000)

afterAll(async () => {
  outside.close()
  await t?.close()
})

/** The value an id-like field or parameter gets: the victim's object, and the organization by `acting`. */
function idFor(name: string, acting: 'victim' | 'own'): number | undefined {
  const kind = kindOf(name)
  if (!kind) return undefined
  if (kind === 'org') return acting === 'victim' ? world.victim.org : world.intruderOrgId
  return world.victim[kind]
}

test('a member of another organization can neither read nor change an organization or its objects', async () => {
  const ops = operationsOf(doc).filter((o) => o.op.security && namesTenantData(doc, o))
  expect(ops.length).toBeGreaterThan(20)
  const before = await fingerprint(t)
  const problems: string[] = []
  const seen: string[] = []
  for (const op of ops) {
    for (const acting of ['victim', 'own'] as const) {
      const { method, url, init, namesObject } = requestFor(doc, op, (name) => idFor(name, acting))
      // Acting as its own organization on a call that names nothing else of the victim is the intruder's right.
      if (acting === 'own' && !namesObject) continue
      const res = await t.raw(method, url, { ...init, token: world.intruder.token, ip: t.nextIp() })
      seen.push(`${op.key} as ${acting} → ${res.status}`)
      if (res.status < 300 || res.status >= 500) problems.push(`${op.key} (${acting}: ${url}) → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
    }
  }
  expect(problems, seen.join('\n')).toEqual([])
  expect(await fingerprint(t)).toEqual(before)
})
