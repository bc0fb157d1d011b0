import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { organizationMessages } from '../../app/domain/organization/messages.ts'
import { organizations } from '../../server/db/schema/index.ts'
import { ibgeHandlers } from '../mocks/ibge.ts'
import { viaCepHandlers } from '../mocks/viacep.ts'
import { operationsOf } from './openapi-walk.ts'
import { createTestApi, type TestApi } from './harness.ts'
import { buildTenantWorld, fingerprint, kindOf, namesTenantData, requestFor } from './tenant-world.ts'

/**
 * An organization whose e-mailed code was not entered acts for nothing through the API, as the screens let no
 * one into it: every call of /api/openapi.json that names it or one of its objects, made by its own admin, is
 * refused with the same Portuguese message and changes nothing. Only the calls that verify it, send the code
 * again or read its profile stay open.
 */

const OPEN_WHILE_UNVERIFIED = new Set(['POST /api/empresas/verifyValidationCode', 'POST /api/empresas/resendValidationCode', 'GET /api/empresas/profile/{id}'])

const outside = setupServer(...ibgeHandlers, ...viaCepHandlers)

type World = { t: TestApi; doc: any; world: Awaited<ReturnType<typeof buildTenantWorld>> }
/** Two copies of one organization and its objects: one verified, one whose code was never entered. */
let verified: World
let unverified: World

async function open(active: boolean): Promise<World> {
  const t = await createTestApi({ env: { PUSHER_APP_SECRET: 'segredo-de-teste' } })
  const doc = (await t.get('/api/openapi.json')).body
  const world = await buildTenantWorld(t)
  await t.db.update(organizations).set({ active }).where(eq(organizations.id, world.victim.org))
  return { t, doc, world }
}

beforeAll(async () => {
  outside.listen({ onUnhandledRequest: 'error' })
  verified = await open(true)
  unverified = await open(false)
}, 120_000)

afterAll(async () => {
  outside.close()
  await verified?.t.close()
  await unverified?.t.close()
})

/** Every call that names the organization or its objects, made by its admin, in document order; the answers by call. */
async function walk({ t, doc, world }: World) {
  const answers = new Map<string, { status: number; body: any; url: string }>()
  const idFor = (name: string) => {
    const kind = kindOf(name)
    return kind ? world.victim[kind] : undefined
  }
  for (const op of operationsOf(doc).filter((o) => o.op.security && namesTenantData(doc, o) && !OPEN_WHILE_UNVERIFIED.has(o.key))) {
    const { method, url, init } = requestFor(doc, op, idFor)
    const res = await t.raw(method, url, { ...init, token: world.owner.token, ip: t.nextIp() })
    answers.set(op.key, { status: res.status, body: res.body, url })
  }
  return answers
}

test("what an organization's admin may do once verified is refused, with one message, before: every call but verifying, resending the code and reading its profile", async () => {
  const ops = operationsOf(unverified.doc).map((o) => o.key)
  expect([...OPEN_WHILE_UNVERIFIED].filter((key) => !ops.includes(key)), 'the open calls are in the document').toEqual([])
  const allowed = await walk(verified)
  const worked = [...allowed].filter(([, a]) => a.status < 300).map(([key]) => key)
  expect(worked.length).toBeGreaterThan(50)

  const before = await fingerprint(unverified.t)
  const refused = await walk(unverified)
  const problems: string[] = []
  for (const [key, { status, body, url }] of refused) {
    if (status < 300 || status >= 500) problems.push(`${key} (${url}) → ${status} ${JSON.stringify(body).slice(0, 160)}`)
    else if (worked.includes(key) && (status !== 403 || body?.message !== organizationMessages.notVerified)) problems.push(`${key} (${url}) → ${status} ${JSON.stringify(body).slice(0, 160)}`)
  }
  expect(problems).toEqual([])
  expect(await fingerprint(unverified.t)).toEqual(before)

  const { t, world } = unverified
  const profile = await t.get(`/api/empresas/profile/${world.victim.org}`, { token: world.owner.token })
  expect(profile.status).toBe(200)
  expect(profile.body.active).toBe(false)
  const resend = await t.post('/api/empresas/resendValidationCode', { organizacao_id: world.victim.org }, { token: world.owner.token })
  expect(resend.status).toBe(200)
  const code = /\b(\d{6})\b/.exec((await t.mails()).at(-1) ?? '')?.[1]
  expect(code).toBeDefined()
  const done = await t.post('/api/empresas/verifyValidationCode', { organizacao_id: world.victim.org, code }, { token: world.owner.token })
  expect(done.status).toBe(200)
  // Verified, the organization acts again.
  expect((await t.get(`/api/myteam/${world.victim.org}/getusers`, { token: world.owner.token })).status).toBe(200)
})
