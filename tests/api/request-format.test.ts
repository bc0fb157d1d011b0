import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { organizations, passwordResetTokens, personalAccessTokens, users } from '../../server/db/schema/index.ts'
import { createTestApi, expectPortuguese, newUser, type TestApi } from './harness.ts'

/**
 * Requests that are not what a call reads: broken JSON, a JSON value that is not an
 * object, a body of another media type. Every call of the account and organization API refuses them with a 4xx,
 * a Portuguese message, and nothing stored.
 */
let t: TestApi
let token: string
beforeAll(async () => {
  t = await createTestApi()
  token = (await newUser(t)).token
})
afterAll(() => t.close())

const JSON_CALLS = ['/api/login', '/api/register', '/api/forgot-password', '/api/reset-password', '/api/updateprofile', '/api/deletedetail']
const MULTIPART_CALLS = ['/api/saveavatar', '/api/createOrgAutoLogin']

async function counts() {
  const n = async (table: any) => (await t.db.select({ n: count() }).from(table))[0].n
  return { users: await n(users), tokens: await n(personalAccessTokens), resets: await n(passwordResetTokens), orgs: await n(organizations), mails: (await t.mails()).length }
}

const send = (url: string, body: BodyInit, contentType: string) =>
  t.raw('POST', url, { body, headers: { 'content-type': contentType }, token, ip: t.nextIp() })

describe('broken JSON', () => {
  test.each(JSON_CALLS)('%s: 400 "Requisição inválida." and nothing stored', async (url) => {
    const before = await counts()
    const res = await send(url, '{"email": "ana@exemplo.com.br", ', 'application/json')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'Requisição inválida.' })
    expect(await counts()).toEqual(before)
  })

  test.each(MULTIPART_CALLS)('%s: a multipart body without its boundary is 400 "Requisição inválida."', async (url) => {
    const before = await counts()
    const res = await send(url, '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n', 'multipart/form-data')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'Requisição inválida.' })
    expect(await counts()).toEqual(before)
  })
})

describe('JSON that is not an object', () => {
  const values = ['null', '[]', '"texto"', '42']
  test.each(JSON_CALLS.flatMap((url) => values.map((v) => [url, v])))('%s with %s: 422 and nothing stored', async (url, value) => {
    const before = await counts()
    const res = await send(url, value, 'application/json')
    expect(res.status).toBe(422)
    expect(res.body).toHaveProperty('errors')
    expect(await counts()).toEqual(before)
  })

  // "Invalid input: expected object, received null" reaches the user.
  test.each(JSON_CALLS)('%s with a JSON null body answers in Portuguese', async (url) => {
    expectPortuguese(await send(url, 'null', 'application/json'))
  })
})

describe('a body of another media type', () => {
  test.each([
    ...JSON_CALLS.map((url) => [url, 'text/plain', '{"email":"ana@exemplo.com.br"}']),
    ...JSON_CALLS.map((url) => [url, 'application/x-www-form-urlencoded', 'email=ana%40exemplo.com.br']),
    ...MULTIPART_CALLS.map((url) => [url, 'application/json', '{"name":"Empresa"}']),
    ...MULTIPART_CALLS.map((url) => [url, 'text/plain', 'name=Empresa']),
  ])('%s with %s: refused with a 4xx and nothing stored', async (url, type, body) => {
    const before = await counts()
    const res = await send(url, body, type)
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(typeof res.body?.message).toBe('string')
    expect(await counts()).toEqual(before)
  })

  // and the error handler passes the English text through.
  test.each([...JSON_CALLS.map((url) => [url, 'text/plain']), ...MULTIPART_CALLS.map((url) => [url, 'application/json'])])(
    '%s with %s answers in Portuguese',
    async (url, type) => {
      expectPortuguese(await send(url, type === 'application/json' ? '{}' : 'x', type))
    },
  )
})
