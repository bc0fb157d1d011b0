import { randomBytes } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import { organizationMessages as cm } from '../../app/domain/organization/messages.ts'
import { CEP_INVALID, CEP_REQUIRED, UF_INVALID, UF_REQUIRED } from '../../app/domain/organization/address.ts'
import { sha256 } from '../../server/security/tokens.ts'
import { createApi } from '../../server/api/index.ts'
import { CNPJ_INVALID, CNPJ_REQUIRED, CNPJ_TAKEN } from '../../server/api/organizations/cnpj-check.ts'
import { CNPJ_FREE } from '../../app/domain/organization/contract.ts'
import { CODE_TTL_MS, codeMessages as vm, MAX_CODE_ATTEMPTS, MAX_CODES_PER_DAY } from '../../app/domain/organization/messages.ts'
import { NOT_A_MEMBER } from '../../server/api/organizations/membership.ts'
import { auditLogs, memberships, organizations, verificationCodes, verticals } from '../../server/db/schema/index.ts'
import { createFileStore } from '../../server/files/file-store.ts'
import {
  createOrganization,
  createTestApi,
  expectPortuguese,
  expectValidation,
  maskCnpj,
  newUser,
  uniqueCnpj,
  type TestApi,
} from './harness.ts'

let t: TestApi
let farma: number
beforeAll(async () => {
  t = await createTestApi()
  // The test database starts empty; the first vertical gets id 1, as in the demo seed.
  const rows = await t.db.insert(verticals).values([{ nome: 'Farma' }, { nome: 'Alimentos' }, { nome: 'Cosméticos' }, { nome: 'Bebidas' }]).returning()
  farma = rows[0].id
})
afterAll(() => t.close())

type User = Awaited<ReturnType<typeof newUser>>

/** A valid, never used alphanumeric CNPJ (letters in the first twelve places), unmasked. */
function uniqueAlphanumericCnpj() {
  const letters = Array.from(randomBytes(8), (b) => String.fromCharCode(65 + (b % 26))).join('')
  return withCheckDigits(`${letters.slice(0, 2)}${uniqueCnpj().slice(2, 8)}${letters.slice(2, 6)}`)
}

/** The same CNPJ with its last check digit wrong. */
function withWrongCheckDigit(cnpj: string) {
  return cnpj.slice(0, 13) + ((Number(cnpj[13]) + 1) % 10)
}

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    tipo: 'f',
    cnpj: maskCnpj(uniqueCnpj()),
    razao_social: 'Distribuidora Horizonte Ltda',
    nome: 'Horizonte',
    vertical_id: farma,
    email: 'Contato@Horizonte.com.br',
    telefone: '(11) 98765-4321',
    cep: '01.310-100',
    endereco: 'Avenida Paulista',
    numero: '1000',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'sp',
    ...overrides,
  }
}

/** The code of the newest verification mail sent to `email`. */
async function codeMailedTo(email: string) {
  const mails = (await t.mails()).filter((m) => m.includes(`To: ${email}`) && m.includes('para ativar a organiza'))
  const last = mails.at(-1)
  if (!last) throw new Error(`nenhum código enviado para ${email}`)
  return /^(\d{6})$/m.exec(last)![1]
}

async function mailsTo(email: string) {
  return (await t.mails()).filter((m) => m.includes(`To: ${email}`)).length
}

async function create(user: User, overrides: Record<string, unknown> = {}) {
  const res = await t.post('/api/seletor/create', validBody(overrides), { token: user.token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const id = res.body.organizacao.organizacao_id as number
  return { id, res, code: await codeMailedTo(user.email) }
}

async function tableCounts() {
  const n = async (table: typeof organizations | typeof memberships | typeof verificationCodes | typeof auditLogs) =>
    (await t.db.select({ n: count() }).from(table))[0].n
  return {
    organizations: await n(organizations),
    memberships: await n(memberships),
    codes: await n(verificationCodes),
    audit: await n(auditLogs),
    mails: (await t.mails()).length,
  }
}

async function orgRow(id: number) {
  const [row] = await t.db.select().from(organizations).where(eq(organizations.id, id))
  return row
}

async function codeRows(organizationId: number) {
  return t.db.select().from(verificationCodes).where(eq(verificationCodes.organizationId, organizationId)).orderBy(desc(verificationCodes.id))
}

/** Moves the newest code's creation back, as if `ms` had passed (the resend throttle reads it). */
async function ageNewestCode(organizationId: number, ms: number) {
  const [newest] = await codeRows(organizationId)
  await t.db
    .update(verificationCodes)
    .set({ createdAt: new Date(newest.createdAt.getTime() - ms) })
    .where(eq(verificationCodes.id, newest.id))
}

const verify = (user: User, organizacao_id: unknown, code: unknown) =>
  t.post('/api/empresas/verifyValidationCode', { organizacao_id, code }, { token: user.token })
const resend = (user: User, organizacao_id: unknown) => t.post('/api/empresas/resendValidationCode', { organizacao_id }, { token: user.token })

/** Some six digits that are not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('GET /api/organizacao/showVerticais', () => {
  test('lists the verticals by name for a logged-in user', async () => {
    const u = await newUser(t)
    const res = await t.get('/api/organizacao/showVerticais', { token: u.token })
    expect(res.status).toBe(200)
    expect(res.body.verticais.map((v: { nome: string }) => v.nome)).toEqual(['Alimentos', 'Bebidas', 'Cosméticos', 'Farma'])
    expect(res.body.verticais).toContainEqual({ id: farma, nome: 'Farma' })
  })

  test('without a token → 401', async () => {
    const res = await t.get('/api/organizacao/showVerticais')
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: 'Unauthenticated.' })
  })
})

describe('GET /api/empresas/verificaCnpj/{cnpj}', () => {
  let u: User
  beforeAll(async () => {
    u = await newUser(t)
  })
  const check = (cnpj: string, token = u.token) => t.get(`/api/empresas/verificaCnpj/${cnpj}`, { token })

  test('a free CNPJ, bare or masked (slash encoded or not), answers valid and available', async () => {
    const cnpj = uniqueCnpj()
    const masked = maskCnpj(cnpj)
    for (const asTyped of [cnpj, encodeURIComponent(masked), masked]) {
      const res = await check(asTyped)
      expect(res.status, asTyped).toBe(200)
      expect(res.body).toEqual({ cnpj, valido: true, disponivel: true, message: CNPJ_FREE })
    }
  })

  test('the alphanumeric CNPJ is accepted, in lower case too, and answered bare in upper case', async () => {
    const cnpj = uniqueAlphanumericCnpj()
    const res = await check(encodeURIComponent(maskCnpj(cnpj).toLowerCase()))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ cnpj, valido: true, disponivel: true, message: CNPJ_FREE })
  })

  test('wrong check digits (numeric or alphanumeric), repeated digits or nonsense → 422 "CNPJ inválido."', async () => {
    for (const bad of [
      withWrongCheckDigit(uniqueCnpj()),
      encodeURIComponent(maskCnpj(withWrongCheckDigit(uniqueCnpj()))),
      withWrongCheckDigit(uniqueAlphanumericCnpj()),
      '11111111111111',
      '1122233300018',
      'abc',
    ]) {
      const res = await check(bad)
      expectValidation(res, { cnpj: [CNPJ_INVALID] })
    }
  })

  test('a CNPJ already registered → 422 "Este CNPJ já está cadastrado.", however it is typed', async () => {
    const numeric = await createOrganization(t, { nome: 'Já Cadastrada' })
    const alphanumeric = await createOrganization(t, { nome: 'Já Cadastrada Alfa', cnpj: uniqueAlphanumericCnpj() })
    for (const typed of [numeric.cnpj, encodeURIComponent(maskCnpj(numeric.cnpj)), maskCnpj(alphanumeric.cnpj).toLowerCase()]) {
      expectValidation(await check(typed), { cnpj: [CNPJ_TAKEN] })
    }
  })

  test('without a token → 401, in both URL forms', async () => {
    expect((await t.get(`/api/empresas/verificaCnpj/${uniqueCnpj()}`)).status).toBe(401)
    expect((await t.get(`/api/empresas/verificaCnpj/${maskCnpj(uniqueCnpj())}`)).status).toBe(401)
  })
})

describe('POST /api/seletor/create', () => {
  test('creates the organization inactive, the caller its admin, with an audit entry, and mails a 6-digit code', async () => {
    const u = await newUser(t, 'Helena Prado')
    const cnpj = uniqueCnpj()
    const before = await tableCounts()
    const res = await t.post('/api/seletor/create', validBody({ cnpj: maskCnpj(cnpj) }), { token: u.token })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.message).toBe(cm.created)
    const id = res.body.organizacao.organizacao_id
    expect(res.body.organizacao).toEqual({
      organizacao_id: id,
      tipo: 'f',
      nome: 'Horizonte',
      razao_social: 'Distribuidora Horizonte Ltda',
      cnpj,
      vertical_id: farma,
      email: 'contato@horizonte.com.br',
      telefone: '11987654321',
      cep: '01310100',
      endereco: 'Avenida Paulista',
      numero: '1000',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
      active: false,
      codigo_bandeira: null,
      is_admin: true,
      user_level: 1,
    })

    const org = await orgRow(id)
    expect(org).toMatchObject({ cnpj, active: false, createdBy: u.id, verticalId: farma, plano: 'B', cep: '01310100', uf: 'SP' })
    const [member] = await t.db.select().from(memberships).where(eq(memberships.organizationId, id))
    expect(member).toMatchObject({ userId: u.id, isAdmin: true, level: 1, active: true })
    const logs = await t.db.select().from(auditLogs).where(eq(auditLogs.organizationId, id))
    expect(logs).toEqual([expect.objectContaining({ userId: u.id, acao: 'organizacao.criada', detalhes: { tipo: 'f', cnpj } })])

    const code = await codeMailedTo(u.email)
    expect(code).toMatch(/^\d{6}$/)
    const [stored] = await codeRows(id)
    // Only the hash is kept; 24 hours and no attempt used.
    expect(stored.codeHash).toBe(sha256(code))
    expect(JSON.stringify(stored)).not.toContain(code)
    expect(stored.attempts).toBe(0)
    expect(stored.usedAt).toBeNull()
    expect(Math.abs(stored.expiresAt.getTime() - (Date.now() + CODE_TTL_MS))).toBeLessThan(60_000)
    const mail = (await t.mails()).at(-1)!
    expect(mail).toContain('Horizonte')
    expect(mail).toContain('24 horas')

    expect(await tableCounts()).toEqual({
      organizations: before.organizations + 1,
      memberships: before.memberships + 1,
      codes: before.codes + 1,
      audit: before.audit + 1,
      mails: before.mails + 1,
    })
  })

  test('the new organization shows, inactive, in the personal environment and in its profile', async () => {
    const u = await newUser(t)
    const { id } = await create(u, { nome: 'Empresa Recém-Criada' })
    const list = await t.get('/api/OrgProfile/10/null/null', { token: u.token })
    expect(list.body.organizacoes.data).toEqual([
      expect.objectContaining({ organizacao_id: id, is_admin: true, user_level: 1, organizacao: expect.objectContaining({ active: false }) }),
    ])
    const profile = await t.get(`/api/empresas/profile/${id}`, { token: u.token })
    expect(profile.status).toBe(200)
    expect(profile.body).toMatchObject({ organizacao_id: id, active: false, is_admin: true, nome: 'Empresa Recém-Criada' })
  })

  test('every type v, f, b, r; only a flag (b) gets a flag code of 8 characters A-Z0-9', async () => {
    const u = await newUser(t)
    const codes: string[] = []
    for (const tipo of ['v', 'f', 'b', 'r', 'B']) {
      const res = await t.post('/api/seletor/create', validBody({ tipo }), { token: u.token })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      const lower = tipo.toLowerCase()
      expect(res.body.organizacao.tipo).toBe(lower)
      if (lower === 'b') {
        expect(res.body.organizacao.codigo_bandeira).toMatch(/^[A-Z0-9]{8}$/)
        codes.push(res.body.organizacao.codigo_bandeira)
        expect((await orgRow(res.body.organizacao.organizacao_id)).codigoBandeira).toBe(res.body.organizacao.codigo_bandeira)
      } else {
        expect(res.body.organizacao.codigo_bandeira).toBeNull()
      }
    }
    expect(new Set(codes).size).toBe(2)
  })

  test('without a trade name (nome) the razão social is used; optional fields may be absent, null or blank', async () => {
    const u = await newUser(t)
    const absent = await t.post(
      '/api/seletor/create',
      { ...validBody(), nome: undefined, email: undefined, telefone: undefined, numero: undefined, bairro: undefined },
      { token: u.token },
    )
    expect(absent.status, JSON.stringify(absent.body)).toBe(201)
    expect(absent.body.organizacao).toMatchObject({ nome: 'Distribuidora Horizonte Ltda', email: null, telefone: null, numero: null, bairro: null })
    const blank = await t.post('/api/seletor/create', validBody({ nome: '  ', email: '', telefone: null, numero: '', bairro: null }), { token: u.token })
    expect(blank.status, JSON.stringify(blank.body)).toBe(201)
    expect(blank.body.organizacao).toMatchObject({ nome: 'Distribuidora Horizonte Ltda', email: null, telefone: null, numero: null, bairro: null })
    const row = await orgRow(blank.body.organizacao.organizacao_id)
    expect(row).toMatchObject({ nome: 'Distribuidora Horizonte Ltda', email: null, telefone: null, numero: null, bairro: null })
  })

  test('the alphanumeric CNPJ is accepted masked and in lower case, and stored bare in upper case', async () => {
    const u = await newUser(t)
    const cnpj = uniqueAlphanumericCnpj()
    const { id } = await create(u, { cnpj: maskCnpj(cnpj).toLowerCase() })
    expect((await orgRow(id)).cnpj).toBe(cnpj)
  })

  describe('bad input: 422 with Portuguese messages, and nothing is stored', () => {
    let u: User
    let taken: { cnpj: string }
    let takenAlpha: { cnpj: string }
    beforeAll(async () => {
      u = await newUser(t)
      taken = await createOrganization(t, { nome: 'CNPJ Ocupado' })
      takenAlpha = await createOrganization(t, { nome: 'CNPJ Alfa Ocupado', cnpj: uniqueAlphanumericCnpj() })
    })

    const cases: [string, () => unknown, Record<string, string[]>][] = [
      [
        'an empty body',
        () => ({}),
        {
          tipo: [cm.tipoRequired],
          cnpj: [CNPJ_REQUIRED],
          razao_social: [cm.razaoRequired],
          vertical_id: [cm.verticalRequired],
          cep: [CEP_REQUIRED],
          endereco: [cm.enderecoRequired],
          cidade: [cm.cidadeRequired],
          uf: [UF_REQUIRED],
        },
      ],
      [
        'every required field blank',
        () => ({ tipo: ' ', cnpj: '', razao_social: '  ', vertical_id: '', cep: '', endereco: '', cidade: ' ', uf: '' }),
        {
          tipo: [cm.tipoRequired],
          cnpj: [CNPJ_REQUIRED],
          razao_social: [cm.razaoRequired],
          vertical_id: [cm.verticalRequired],
          cep: [CEP_REQUIRED],
          endereco: [cm.enderecoRequired],
          cidade: [cm.cidadeRequired],
          uf: [UF_REQUIRED],
        },
      ],
      ['numeric CNPJ with a wrong check digit', () => validBody({ cnpj: maskCnpj(withWrongCheckDigit(uniqueCnpj())) }), { cnpj: [CNPJ_INVALID] }],
      ['alphanumeric CNPJ with a wrong check digit', () => validBody({ cnpj: withWrongCheckDigit(uniqueAlphanumericCnpj()) }), { cnpj: [CNPJ_INVALID] }],
      ['CNPJ of repeated digits', () => validBody({ cnpj: '00.000.000/0000-00' }), { cnpj: [CNPJ_INVALID] }],
      ['CNPJ too short', () => validBody({ cnpj: '11.222.333/0001' }), { cnpj: [CNPJ_INVALID] }],
      ['numeric CNPJ already registered (typed masked)', () => validBody({ cnpj: maskCnpj(taken.cnpj) }), { cnpj: [CNPJ_TAKEN] }],
      ['alphanumeric CNPJ already registered (lower case)', () => validBody({ cnpj: takenAlpha.cnpj.toLowerCase() }), { cnpj: [CNPJ_TAKEN] }],
      ['a vertical that does not exist', () => validBody({ vertical_id: 999_999 }), { vertical_id: [cm.verticalInvalid] }],
      ['a vertical that is not a number', () => validBody({ vertical_id: 'Farma' }), { vertical_id: [cm.verticalInvalid] }],
      ['a vertical id out of range', () => validBody({ vertical_id: 1e12 }), { vertical_id: [cm.verticalInvalid] }],
      [
        'a taken CNPJ and an unknown vertical, reported together',
        () => validBody({ cnpj: taken.cnpj, vertical_id: 424_242 }),
        { cnpj: [CNPJ_TAKEN], vertical_id: [cm.verticalInvalid] },
      ],
      ['a UF that is not one of the 27', () => validBody({ uf: 'XX' }), { uf: [UF_INVALID] }],
      ['a state name instead of its UF', () => validBody({ uf: 'São Paulo' }), { uf: [UF_INVALID] }],
      ['a CEP of 7 digits', () => validBody({ cep: '01.310-10' }), { cep: [CEP_INVALID] }],
      ['a CEP with letters', () => validBody({ cep: '01310-10A' }), { cep: [CEP_INVALID] }],
      ['an unknown type', () => validBody({ tipo: 'x' }), { tipo: [cm.tipoInvalid] }],
      ['an invalid e-mail', () => validBody({ email: 'contato@' }), { email: [cm.emailInvalid] }],
      ['a phone without enough digits', () => validBody({ telefone: '(11) 9876' }), { telefone: [cm.phoneInvalid] }],
      ['a razão social longer than 255', () => validBody({ razao_social: 'A'.repeat(256) }), { razao_social: [cm.tooLong('A razão social', 255)] }],
      ['a number longer than 20', () => validBody({ numero: '1'.repeat(21) }), { numero: [cm.tooLong('O número', 20)] }],
      ['fields of the wrong type', () => validBody({ razao_social: 123, cidade: ['São Paulo'] }), { razao_social: [cm.razaoRequired], cidade: [cm.cidadeRequired] }],
    ]

    test.each(cases)('%s', async (_name, body, errors) => {
      const before = await tableCounts()
      const res = await t.post('/api/seletor/create', body(), { token: u.token })
      expectValidation(res, errors)
      expectPortuguese(res)
      expect(await tableCounts()).toEqual(before)
    })

    test('without a token → 401, and nothing is stored', async () => {
      const before = await tableCounts()
      const res = await t.post('/api/seletor/create', validBody())
      expect(res.status).toBe(401)
      expect(await tableCounts()).toEqual(before)
    })

    test('malformed JSON → 422 in Portuguese, nothing stored', async () => {
      const before = await tableCounts()
      const res = await t.raw('POST', '/api/seletor/create', { body: '{"tipo": "f",', headers: { 'content-type': 'application/json' }, token: u.token })
      expect([400, 422]).toContain(res.status)
      expectPortuguese(res)
      expect(await tableCounts()).toEqual(before)
    })
  })

  test('two creations of the same CNPJ at once: one organization, the other refused, nothing half-stored', async () => {
    const [a, b] = [await newUser(t), await newUser(t)]
    const cnpj = uniqueCnpj()
    const before = await tableCounts()
    const answers = await Promise.all([
      t.post('/api/seletor/create', validBody({ cnpj }), { token: a.token }),
      t.post('/api/seletor/create', validBody({ cnpj: maskCnpj(cnpj) }), { token: b.token }),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422])
    expectValidation(answers.find((r) => r.status === 422)!, { cnpj: [CNPJ_TAKEN] })
    const after = await tableCounts()
    expect(after).toEqual({
      organizations: before.organizations + 1,
      memberships: before.memberships + 1,
      codes: before.codes + 1,
      audit: before.audit + 1,
      mails: before.mails + 1,
    })
  })

  test('when the mail cannot be sent the organization stays, the answer says so, and a new code can be asked', async () => {
    const u = await newUser(t)
    const broken = createApi({
      db: t.db,
      config: t.config,
      mailer: {
        send: async () => {
          throw new Error('SMTP fora do ar')
        },
      },
      files: createFileStore({ uploadsDir: t.config.uploadsDir, publicBaseUrl: t.config.appUrl }),
    })
    const original = console.error
    console.error = () => {}
    let res: Response
    try {
      res = await broken.fetch(
        new Request('http://api.test/api/seletor/create', {
          method: 'POST',
          headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(validBody()),
        }),
      )
    } finally {
      console.error = original
    }
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(body.message).toBe(cm.createdMailFailed)
    const id = body.organizacao.organizacao_id
    expect(await codeRows(id)).toHaveLength(1)
    expect(await mailsTo(u.email)).toBe(0)

    await ageNewestCode(id, 61_000)
    expect((await resend(u, id)).status).toBe(200)
    const code = await codeMailedTo(u.email)
    expect((await verify(u, id, code)).status).toBe(200)
  })
})

describe('POST /api/empresas/verifyValidationCode and resendValidationCode', () => {
  test('the right code activates the organization once; asking again says it is already verified', async () => {
    const u = await newUser(t)
    const { id, code } = await create(u)
    const res = await verify(u, id, code)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({ message: vm.verified, organizacao: { organizacao_id: id, active: true } })
    expect((await orgRow(id)).active).toBe(true)
    const [stored] = await codeRows(id)
    expect(stored.usedAt).not.toBeNull()
    const logs = await t.db.select().from(auditLogs).where(and(eq(auditLogs.organizationId, id), eq(auditLogs.acao, 'organizacao.verificada')))
    expect(logs).toHaveLength(1)
    expect(logs[0].userId).toBe(u.id)

    const again = await verify(u, id, code)
    expect(again.status).toBe(200)
    expect(again.body.message).toBe(vm.alreadyActive)
    const profile = await t.get(`/api/empresas/profile/${id}`, { token: u.token })
    expect(profile.body.active).toBe(true)
    // An active organization needs no new code.
    expectValidation(await resend(u, id), { organizacao_id: [vm.alreadyActive] })
  })

  test('the code may be typed with spaces ("482 913")', async () => {
    const u = await newUser(t)
    const { id, code } = await create(u)
    expect((await verify(u, id, `${code.slice(0, 3)} ${code.slice(3)}`)).status).toBe(200)
  })

  test('each wrong code counts: "Restam N tentativas."; after 5 the code is dead, even the right one', async () => {
    const u = await newUser(t)
    const { id, code } = await create(u)
    const wrong = otherCode(code)
    const expected = [vm.wrongCode(4), vm.wrongCode(3), vm.wrongCode(2), vm.wrongCode(1), vm.lastAttemptWrong]
    expect(expected.slice(0, 2)).toEqual(['Código inválido. Restam 4 tentativas.', 'Código inválido. Restam 3 tentativas.'])
    expect(vm.wrongCode(1)).toBe('Código inválido. Resta 1 tentativa.')
    for (const message of expected) {
      const res = await verify(u, id, wrong)
      expectValidation(res, { code: [message] })
    }
    expect((await codeRows(id))[0].attempts).toBe(MAX_CODE_ATTEMPTS)
    expectValidation(await verify(u, id, code), { code: [vm.tooManyAttempts] })
    expectValidation(await verify(u, id, wrong), { code: [vm.tooManyAttempts] })
    expect((await codeRows(id))[0].attempts).toBe(MAX_CODE_ATTEMPTS)
    expect((await orgRow(id)).active).toBe(false)

    // A new code brings new attempts.
    await ageNewestCode(id, 61_000)
    expect((await resend(u, id)).status).toBe(200)
    const fresh = await codeMailedTo(u.email)
    expect((await verify(u, id, fresh)).status).toBe(200)
  })

  test('parallel wrong guesses never count more than 5', async () => {
    const u = await newUser(t)
    const { id, code } = await create(u)
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(u, id, otherCode(code))))
    expect(answers.every((r) => r.status === 422)).toBe(true)
    expect((await codeRows(id))[0].attempts).toBe(MAX_CODE_ATTEMPTS)
    expectValidation(await verify(u, id, code), { code: [vm.tooManyAttempts] })
  })

  test('an expired code is refused, the organization stays inactive, and a new code works', async () => {
    const u = await newUser(t)
    const { id, code } = await create(u)
    await t.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.organizationId, id))
    expectValidation(await verify(u, id, code), { code: [vm.expired] })
    expect((await orgRow(id)).active).toBe(false)
    expect((await codeRows(id))[0].attempts).toBe(0)

    await ageNewestCode(id, 61_000)
    const res = await resend(u, id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: vm.resentToYou })
    const fresh = await codeMailedTo(u.email)
    expect((await verify(u, id, fresh)).status).toBe(200)
  })

  test('resend: a fresh code replaces the old one, at most one per minute (429 with Retry-After)', async () => {
    const u = await newUser(t)
    const { id, code: first } = await create(u)
    const mailsBefore = await mailsTo(u.email)
    const tooSoon = await resend(u, id)
    expect(tooSoon.status).toBe(429)
    const wait = Number(tooSoon.headers.get('retry-after'))
    expect(wait).toBeGreaterThanOrEqual(1)
    expect(wait).toBeLessThanOrEqual(60)
    expect(tooSoon.body).toEqual({ message: vm.resendTooSoon(wait) })
    expect(await mailsTo(u.email)).toBe(mailsBefore)
    expect(await codeRows(id)).toHaveLength(1)

    await ageNewestCode(id, 61_000)
    const ok = await resend(u, id)
    expect(ok.status).toBe(200)
    expect(await mailsTo(u.email)).toBe(mailsBefore + 1)
    const second = await codeMailedTo(u.email)
    const rows = await codeRows(id)
    expect(rows).toHaveLength(2)
    expect(rows[0].codeHash).toBe(sha256(second))
    expect(rows[1].expiresAt.getTime()).toBeLessThanOrEqual(Date.now())
    if (first !== second) expectValidation(await verify(u, id, first), { code: [vm.wrongCode(4)] })
    expect((await verify(u, id, second)).status).toBe(200)
  })

  test(`resend: at most ${MAX_CODES_PER_DAY} codes per organization in 24 hours`, async () => {
    const u = await newUser(t)
    const { id } = await create(u)
    await ageNewestCode(id, 2 * 60 * 60_000)
    const hourAgo = Date.now() - 60 * 60_000
    await t.db.insert(verificationCodes).values(
      Array.from({ length: MAX_CODES_PER_DAY - 1 }, (_, i) => ({
        organizationId: id,
        codeHash: sha256(`x${i}`),
        expiresAt: new Date(hourAgo),
        createdAt: new Date(hourAgo - (i + 1) * 60_000),
      })),
    )
    const res = await resend(u, id)
    expect(res.status).toBe(429)
    expect(res.body).toEqual({ message: vm.dailyLimit })
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60)
  })

  test('another member may ask a new code: it goes to the creator', async () => {
    const creator = await newUser(t)
    const colleague = await newUser(t)
    const { id } = await create(creator)
    await t.db.insert(memberships).values({ userId: colleague.id, organizationId: id, isAdmin: false, level: 2 })
    await ageNewestCode(id, 61_000)
    const creatorMails = await mailsTo(creator.email)
    const res = await resend(colleague, id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: vm.resentToCreator })
    expect(await mailsTo(creator.email)).toBe(creatorMails + 1)
    expect(await mailsTo(colleague.email)).toBe(0)
    // ...and the colleague may type it in.
    expect((await verify(colleague, id, await codeMailedTo(creator.email))).status).toBe(200)
  })

  test('bad input → 422 in Portuguese, and no attempt is counted', async () => {
    const u = await newUser(t)
    const { id } = await create(u)
    const cases: [unknown, unknown, Record<string, string[]>][] = [
      [undefined, undefined, { organizacao_id: [vm.organizationRequired], code: [vm.codeRequired] }],
      [id, '', { code: [vm.codeRequired] }],
      [id, '12345', { code: [vm.codeFormat] }],
      [id, '1234567', { code: [vm.codeFormat] }],
      [id, 'abcdef', { code: [vm.codeFormat] }],
      ['abc', '123456', { organizacao_id: [vm.organizationInvalid] }],
      [-1, '123456', { organizacao_id: [vm.organizationInvalid] }],
    ]
    for (const [orgId, code, errors] of cases) {
      const res = await verify(u, orgId, code)
      expectValidation(res, errors)
      expectPortuguese(res)
    }
    expectValidation(await resend(u, undefined), { organizacao_id: [vm.organizationRequired] })
    expect((await codeRows(id))[0].attempts).toBe(0)
  })

  test('without a token → 401', async () => {
    expect((await t.post('/api/empresas/verifyValidationCode', { organizacao_id: 1, code: '123456' })).status).toBe(401)
    expect((await t.post('/api/empresas/resendValidationCode', { organizacao_id: 1 })).status).toBe(401)
  })

  test('isolation: another user, even with the right code, gets 403 and nothing changes', async () => {
    const owner = await newUser(t)
    const stranger = await newUser(t)
    // The stranger is admin of an organization of their own.
    await createOrganization(t, { nome: 'Empresa do Outro' }, [{ userId: stranger.id, isAdmin: true }])
    const { id, code } = await create(owner)
    await ageNewestCode(id, 61_000)
    const before = await tableCounts()
    const [codeBefore] = await codeRows(id)

    for (const res of [await verify(stranger, id, code), await verify(stranger, id, otherCode(code)), await resend(stranger, id)]) {
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: NOT_A_MEMBER })
    }
    // An id that does not exist looks the same.
    expect((await verify(stranger, 2_000_000, code)).status).toBe(403)

    expect(await tableCounts()).toEqual(before)
    expect((await codeRows(id))[0]).toEqual(codeBefore)
    expect((await orgRow(id)).active).toBe(false)
    expect(await mailsTo(stranger.email)).toBe(0)
    expect((await verify(owner, id, code)).status).toBe(200)
  })

  test('a member whose membership was deactivated gets 403', async () => {
    const owner = await newUser(t)
    const former = await newUser(t)
    const { id, code } = await create(owner)
    await t.db.insert(memberships).values({ userId: former.id, organizationId: id, active: false })
    expect((await verify(former, id, code)).status).toBe(403)
    expect((await orgRow(id)).active).toBe(false)
  })
})

describe('OpenAPI', () => {
  const paths = {
    '/api/organizacao/showVerticais': 'get',
    '/api/empresas/verificaCnpj/{cnpj}': 'get',
    '/api/empresas/verificaCnpj/{raiz}/{filial}': 'get',
    '/api/seletor/create': 'post',
    '/api/empresas/verifyValidationCode': 'post',
    '/api/empresas/resendValidationCode': 'post',
  } as const

  test('every call is described, with tags, summary, bearer security, and an example per request body', async () => {
    const doc = (await t.get('/api/openapi.json')).body
    for (const [path, method] of Object.entries(paths)) {
      const op = doc.paths[path]?.[method]
      expect(op, path).toBeDefined()
      expect(op.tags).toEqual(['Organizações'])
      expect(op.summary).toBeTruthy()
      expect(op.security).toEqual([{ bearerAuth: [] }])
      if (method === 'post') {
        const ref = op.requestBody.content['application/json'].schema.$ref as string
        const schema = doc.components.schemas[ref.split('/').at(-1)!]
        expect(schema.example, path).toBeDefined()
      }
    }
    expect(doc.paths['/api/empresas/verificaCnpj/{cnpj}'].get.parameters[0]).toMatchObject({ name: 'cnpj', in: 'path', required: true })
  })

  test('the example of POST api/seletor/create, posted by a fresh user, succeeds', async () => {
    const doc = (await t.get('/api/openapi.json')).body
    const example = doc.components.schemas.CreateOrganizationRequest.example
    const u = await newUser(t)
    const res = await t.post('/api/seletor/create', example, { token: u.token })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.organizacao).toMatchObject({ cnpj: '11444777000161', active: false })
  })
})
