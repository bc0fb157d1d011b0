import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { CEP_NOT_FOUND, CEP_UNAVAILABLE } from '../../server/api/address/cep.ts'
import { CITIES_UNAVAILABLE, STATES_UNAVAILABLE } from '../../server/api/address/states-cities.ts'
import { CEP_INVALID, UF_INVALID } from '../../app/domain/organization/address.ts'
import { createApi } from '../../server/api/index.ts'
import { loadConfig, type Config } from '../../server/config.ts'
import { createFileStore } from '../../server/files/file-store.ts'
import { createMailer } from '../../server/mail/mailer.ts'
import { IBGE_CITIES, IBGE_URL, ibgeDown, ibgeGarbage, ibgeHandlers, ibgeServerError, ibgeSlow } from '../mocks/ibge.ts'
import { VIACEP_URL, viaCepAt, viaCepDown, viaCepGarbage, viaCepHandlers, viaCepServerError, viaCepSlow } from '../mocks/viacep.ts'
import { createTestApi, expectPortuguese, expectValidation, newUser, type TestApi } from './harness.ts'

// The machine has no internet: every outside call is answered by tests/mocks, and
// an unexpected one fails the test.
const outside = setupServer(...ibgeHandlers, ...viaCepHandlers)
const requested: string[] = []
outside.events.on('request:start', ({ request }) => {
  requested.push(request.url)
})

let t: TestApi
let token: string
beforeAll(async () => {
  t = await createTestApi()
  token = (await newUser(t, 'Quem Cadastra')).token
  // Each failure of an outside service is logged with console.warn; keep the test output quiet.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  outside.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  outside.resetHandlers()
  requested.length = 0
  vi.useRealTimers()
})
afterAll(async () => {
  outside.close()
  await t.close()
})

/**
 * Another API instance on the same database, with other settings: each instance has
 * its own cache of states and cities, so a test about caching or failures starts clean.
 */
function apiWith(settings: Partial<Config> = {}) {
  const config = { ...t.config, ...settings }
  const api = createApi({
    db: t.db,
    config,
    mailer: createMailer({ mailDir: config.mailDir, from: 'teste@pedidos.local' }),
    files: createFileStore({ uploadsDir: config.uploadsDir, publicBaseUrl: config.appUrl }),
  })
  return async (url: string) => {
    const res = await api.fetch(new Request(`http://api.test${url}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }), {
      clientIp: '203.0.113.7',
    })
    return { status: res.status, headers: res.headers, body: await res.json() }
  }
}

function expectUnavailable(res: { status: number; body: any; headers: Headers }, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(503)
  expect(res.body).toEqual({ message })
  expect(res.headers.get('retry-after')).toBe('60')
}

describe('GET /api/enderecos/estados', () => {
  test('needs a logged-in user, and then asks nobody outside', async () => {
    const res = await t.get('/api/enderecos/estados')
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: 'Unauthenticated.' })
    expect(requested).toEqual([])
  })

  test('lists the 27 states from IBGE in alphabetical order, without the region nesting', async () => {
    const res = await apiWith()('/api/enderecos/estados')
    expect(res.status).toBe(200)
    expect(requested).toEqual([`${IBGE_URL}/estados?orderBy=nome`])
    expect(res.body.estados).toHaveLength(27)
    expect(res.body.estados[0]).toEqual({ id: 12, sigla: 'AC', nome: 'Acre' })
    expect(res.body.estados.at(-1)).toEqual({ id: 17, sigla: 'TO', nome: 'Tocantins' })
    const names = res.body.estados.map((s: { nome: string }) => s.nome)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')))
    expect(res.body.estados.find((s: { sigla: string }) => s.sigla === 'SP')).toEqual({ id: 35, sigla: 'SP', nome: 'São Paulo' })
  })

  test('kept in memory for a day: the second call does not go out, even with IBGE down', async () => {
    const get = apiWith()
    expect((await get('/api/enderecos/estados')).status).toBe(200)
    outside.use(...ibgeDown)
    const again = await get('/api/enderecos/estados')
    expect(again.status).toBe(200)
    expect(again.body.estados).toHaveLength(27)
    expect(requested).toHaveLength(1)
  })

  test('after a day the list is read again; if IBGE is down then, the old copy still answers', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const get = apiWith()
    expect((await get('/api/enderecos/estados')).status).toBe(200)
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000)
    outside.use(...ibgeDown)
    const stale = await get('/api/enderecos/estados')
    expect(stale.status).toBe(200)
    expect(stale.body.estados).toHaveLength(27)
    expect(requested).toHaveLength(2)
    outside.resetHandlers()
    expect((await get('/api/enderecos/estados')).status).toBe(200)
    expect(requested).toHaveLength(3)
  })

  test('IBGE unreachable → 503 telling the user to type the address', async () => {
    outside.use(...ibgeDown)
    const res = await apiWith()('/api/enderecos/estados')
    expectUnavailable(res, STATES_UNAVAILABLE)
    expectPortuguese(res)
  })

  test('IBGE answering an error page, or something else than the list → 503, and nothing is cached', async () => {
    const get = apiWith()
    outside.use(...ibgeServerError)
    expectUnavailable(await get('/api/enderecos/estados'), STATES_UNAVAILABLE)
    outside.resetHandlers()
    outside.use(...ibgeGarbage)
    expectUnavailable(await get('/api/enderecos/estados'), STATES_UNAVAILABLE)
    outside.resetHandlers()
    expect((await get('/api/enderecos/estados')).status).toBe(200)
  })

  test('IBGE slower than the timeout → 503 as soon as the timeout is over', async () => {
    outside.use(...ibgeSlow(3_000))
    const started = Date.now()
    const res = await apiWith({ lookupTimeoutMs: 200 })('/api/enderecos/estados')
    expectUnavailable(res, STATES_UNAVAILABLE)
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})

describe('GET /api/enderecos/estados/{uf}/cidades', () => {
  test('lists the municipalities of a UF from IBGE, alphabetically; the UF may be in lower case', async () => {
    const get = apiWith()
    const res = await get('/api/enderecos/estados/sp/cidades')
    expect(res.status).toBe(200)
    expect(requested).toEqual([`${IBGE_URL}/estados/SP/municipios?orderBy=nome`])
    expect(res.body).toEqual({
      uf: 'SP',
      cidades: [
        { id: 3500105, nome: 'Adamantina' },
        { id: 3509502, nome: 'Campinas' },
        { id: 3548708, nome: 'São Bernardo do Campo' },
        { id: 3550308, nome: 'São Paulo' },
      ],
    })
    expect((await get('/api/enderecos/estados/PA/cidades')).body.cidades).toHaveLength(IBGE_CITIES.PA.length)
    // Each UF is kept on its own.
    expect((await get('/api/enderecos/estados/SP/cidades')).status).toBe(200)
    expect(requested).toHaveLength(2)
  })

  test('a UF that is not one of the 27 → 422, and nobody outside is asked', async () => {
    for (const uf of ['XX', 'S', 'SPP', '12']) {
      const res = await t.get(`/api/enderecos/estados/${uf}/cidades`, { token })
      expectValidation(res, { uf: [UF_INVALID] })
    }
    expect(requested).toEqual([])
  })

  test('needs a logged-in user', async () => {
    expect((await t.get('/api/enderecos/estados/SP/cidades')).status).toBe(401)
  })

  test('IBGE unreachable, slow or answering an empty list → 503 telling the user to type the city', async () => {
    outside.use(...ibgeDown)
    expectUnavailable(await apiWith()('/api/enderecos/estados/SP/cidades'), CITIES_UNAVAILABLE)
    outside.resetHandlers()
    outside.use(...ibgeSlow(3_000))
    expectUnavailable(await apiWith({ lookupTimeoutMs: 200 })('/api/enderecos/estados/SP/cidades'), CITIES_UNAVAILABLE)
    outside.resetHandlers()
    // A valid UF without municipalities means IBGE is broken, not that the state is empty.
    expectUnavailable(await apiWith()('/api/enderecos/estados/RR/cidades'), CITIES_UNAVAILABLE)
  })
})

describe('GET /api/enderecos/cep/{cep}', () => {
  const paulista = {
    cep: '01310100',
    endereco: 'Avenida Paulista',
    complemento: 'de 612 a 1510 - lado par',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
    ibge: '3550308',
  }

  test('finds the address with the CEP mask, with a dash only, or bare; ViaCEP gets the digits', async () => {
    for (const cep of ['01.310-100', '01310-100', '01310100']) {
      const res = await t.get(`/api/enderecos/cep/${cep}`, { token })
      expect(res.status, cep).toBe(200)
      expect(res.body).toEqual(paulista)
    }
    expect(requested).toEqual(Array(3).fill(`${VIACEP_URL}/01310100/json/`))
  })

  test('a town with a single CEP comes without street and district', async () => {
    const res = await t.get('/api/enderecos/cep/13.330-000', { token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ cep: '13330000', endereco: '', bairro: '', cidade: 'Indaiatuba', uf: 'SP' })
  })

  test('a well-formed CEP that does not exist → 404 "CEP não encontrado."', async () => {
    const res = await t.get('/api/enderecos/cep/99.999-999', { token })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: CEP_NOT_FOUND })
  })

  test('not 8 digits → 422, and ViaCEP is not asked', async () => {
    for (const cep of ['1234', '01.310-1000', '0131010a', '01310 100x', '%20']) {
      const res = await t.get(`/api/enderecos/cep/${cep}`, { token })
      expectValidation(res, { cep: [CEP_INVALID] })
    }
    expect(requested).toEqual([])
  })

  test('needs a logged-in user', async () => {
    expect((await t.get('/api/enderecos/cep/01310100')).status).toBe(401)
    expect(requested).toEqual([])
  })

  test('ViaCEP unreachable → 503 "Preencha o endereço manualmente."', async () => {
    outside.use(...viaCepDown)
    const res = await t.get('/api/enderecos/cep/01310100', { token })
    expectUnavailable(res, 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.')
    expect(CEP_UNAVAILABLE).toBe(res.body.message)
  })

  test('ViaCEP slower than the timeout → 503 as soon as the timeout is over', async () => {
    outside.use(...viaCepSlow(3_000))
    const started = Date.now()
    expectUnavailable(await apiWith({ lookupTimeoutMs: 200 })('/api/enderecos/cep/01310100'), CEP_UNAVAILABLE)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  test('ViaCEP answering an error page or an unexpected body → 503', async () => {
    outside.use(...viaCepServerError)
    expectUnavailable(await t.get('/api/enderecos/cep/01310100', { token }), CEP_UNAVAILABLE)
    outside.resetHandlers()
    outside.use(...viaCepGarbage)
    expectUnavailable(await t.get('/api/enderecos/cep/01310100', { token }), CEP_UNAVAILABLE)
  })
})

describe('settings', () => {
  test('IBGE_API_URL and CEP_API_URL default to the public services; another base is honoured', async () => {
    const defaults = loadConfig({})
    expect(defaults.ibgeApiUrl).toBe(IBGE_URL)
    expect(defaults.cepApiUrl).toBe(VIACEP_URL)
    expect(defaults.lookupTimeoutMs).toBe(3000)

    const own = loadConfig({ CEP_API_URL: 'https://cep.interno.test/ws/', IBGE_API_URL: 'https://ibge.interno.test/v1/', LOOKUP_TIMEOUT_MS: '1500' })
    expect(own).toMatchObject({ cepApiUrl: 'https://cep.interno.test/ws', ibgeApiUrl: 'https://ibge.interno.test/v1', lookupTimeoutMs: 1500 })
    outside.use(...viaCepAt(own.cepApiUrl))
    const res = await apiWith({ cepApiUrl: own.cepApiUrl })('/api/enderecos/cep/66010-000')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ cidade: 'Belém', uf: 'PA', bairro: 'Campina' })
    expect(requested).toEqual(['https://cep.interno.test/ws/66010000/json/'])
  })
})

test('the three calls are described in the OpenAPI document', async () => {
  const doc = (await t.get('/api/openapi.json')).body
  for (const path of ['/api/enderecos/estados', '/api/enderecos/estados/{uf}/cidades', '/api/enderecos/cep/{cep}']) {
    const op = doc.paths[path]?.get
    expect(op, path).toBeDefined()
    expect(op.tags).toEqual(['Endereços'])
    expect(op.summary).toBeTruthy()
    expect(op.security).toEqual([{ bearerAuth: [] }])
    expect(Object.keys(op.responses)).toContain('503')
  }
  expect(doc.paths['/api/enderecos/cep/{cep}'].get.parameters).toEqual([
    expect.objectContaining({ name: 'cep', in: 'path', required: true, schema: expect.objectContaining({ example: '01.310-100' }) }),
  ])
})
