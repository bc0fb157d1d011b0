import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { billingMessages as m } from '../../app/domain/plans/billing-messages.ts'
import { planMessages } from '../../app/domain/plans/messages.ts'
import { PLANS } from '../../app/domain/plans/plans.ts'
import { NOT_A_MEMBER } from '../../server/api/organizations/membership.ts'
import { auditLogs, companyEmails, organizations } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, expectValidation, memberWith, newUser, type TestApi } from './harness.ts'

/**
 * The company e-mails of the plans modal (decision 051): finance (F, at most one: a second is a 422) and
 * commercial (C, as many as the plan held allows: past it a 403 with the plan's message); read by any member,
 * changed by admins and 'cobranca'; and a downgrade refused while the commercial e-mails exceed the plan asked for.
 */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

async function company(values: Partial<typeof organizations.$inferInsert> = {}) {
  const admin = await newUser(t, 'Administradora')
  const outsider = await newUser(t, 'De Fora')
  const org = await createOrganization(t, { nome: 'Empresa dos E-mails', tipo: 'f', ...values }, [{ userId: admin.id, isAdmin: true }])
  await createOrganization(t, { nome: 'Outra Empresa', plano: 'U' }, [{ userId: outsider.id, isAdmin: true }])
  return { org, admin, outsider }
}

const add = (orgId: number, email: string, tipo: string, token: string) => t.post('/api/empresas/addEmailEmpresa', { organizacao_id: orgId, email, tipo }, { token })
const read = (orgId: number, tipo: string, token: string) => t.get(`/api/empresas/restoreEmailsEmpresa/${orgId}/${tipo}`, { token })
const remove = (orgId: number, email: string, tipo: string, token: string) => t.del(`/api/empresas/deleteEmailEmpresa/${orgId}/${encodeURIComponent(email)}/${tipo}`, { token })
const setPlan = (orgId: number, plano: string) => t.db.update(organizations).set({ plano }).where(eq(organizations.id, orgId))

describe('finance e-mail (F)', () => {
  test('at most one, on any plan: added, read by any member, a second refused (422), removed with the spec texts', async () => {
    const { org, admin } = await company()
    const member = await memberWith(t, org.id, [])
    expect((await read(org.id, 'F', member.token)).body).toEqual({ data: { emails: [], limite: 1, pode_adicionar: true } })

    const added = await add(org.id, 'Financeiro@Empresa.com.br', 'F', admin.token)
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toEqual({ message: 'Email adicionado com sucesso', email: { id: expect.any(Number), email: 'financeiro@empresa.com.br', tipo: 'F' } })
    expect((await read(org.id, 'F', member.token)).body).toEqual({ data: { emails: [added.body.email], limite: 1, pode_adicionar: false } })
    // The commercial list is another list.
    expect((await read(org.id, 'C', member.token)).body.data.emails).toEqual([])

    expectValidation(await add(org.id, 'outro@empresa.com.br', 'F', admin.token), { email: [m.financeOnlyOne] })
    // The address already listed is said as such, before the limit.
    expectValidation(await add(org.id, 'FINANCEIRO@empresa.com.br', 'F', admin.token), { email: [m.emailExists] })

    const removed = await remove(org.id, 'FINANCEIRO@empresa.com.br', 'F', admin.token)
    expect(removed).toMatchObject({ status: 200, body: { message: 'Email removido com sucesso' } })
    expect(await remove(org.id, 'financeiro@empresa.com.br', 'F', admin.token)).toMatchObject({ status: 404, body: { message: m.emailNotFound } })
    expect((await add(org.id, 'outro@empresa.com.br', 'F', admin.token)).status).toBe(201)
    const audits = await t.db.select({ acao: auditLogs.acao, detalhes: auditLogs.detalhes }).from(auditLogs).where(eq(auditLogs.organizationId, org.id))
    expect(audits.filter((a) => a.acao.startsWith('cobranca.'))).toEqual([
      { acao: 'cobranca.email_adicionado', detalhes: { email: 'financeiro@empresa.com.br', tipo: 'F' } },
      { acao: 'cobranca.email_removido', detalhes: { email: 'financeiro@empresa.com.br', tipo: 'F' } },
      { acao: 'cobranca.email_adicionado', detalhes: { email: 'outro@empresa.com.br', tipo: 'F' } },
    ])
  })

  test('two adds at once: one finance address', async () => {
    const { org, admin } = await company({ plano: 'P' })
    const answers = await Promise.all([add(org.id, 'a@empresa.com.br', 'F', admin.token), add(org.id, 'b@empresa.com.br', 'F', admin.token)])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422])
    expect(await t.db.select().from(companyEmails).where(and(eq(companyEmails.organizationId, org.id), eq(companyEmails.tipo, 'F')))).toHaveLength(1)
  })
})

describe('commercial e-mails (C), limited by the plan held', () => {
  test('Básico none (a trial does not change it), Pro 1, Pro + and Pro ∞ unlimited; past the limit a 403 with the plan message', async () => {
    const { org, admin } = await company({ plano: 'B', trialStartedAt: new Date(), trialPlano: 'U' })
    expect((await read(org.id, 'C', admin.token)).body.data).toEqual({ emails: [], limite: -1, pode_adicionar: false })
    expect(await add(org.id, 'vendas@empresa.com.br', 'C', admin.token)).toMatchObject({ status: 403, body: { message: m.commercialNone } })

    await setPlan(org.id, 'P')
    expect((await add(org.id, 'vendas@empresa.com.br', 'C', admin.token)).status).toBe(201)
    expect((await read(org.id, 'C', admin.token)).body.data).toMatchObject({ limite: 1, pode_adicionar: false })
    expect(await add(org.id, 'comercial@empresa.com.br', 'C', admin.token)).toMatchObject({ status: 403, body: { message: m.commercialLimit(1) } })
    expectValidation(await add(org.id, 'VENDAS@empresa.com.br', 'C', admin.token), { email: [m.emailExists] })

    await setPlan(org.id, 'U')
    for (const email of ['b@empresa.com.br', 'c@empresa.com.br', 'd@empresa.com.br']) expect((await add(org.id, email, 'C', admin.token)).status).toBe(201)
    expect((await read(org.id, 'C', admin.token)).body.data).toMatchObject({ limite: 0, pode_adicionar: true })
    await setPlan(org.id, 'M')
    expect((await add(org.id, 'e@empresa.com.br', 'C', admin.token)).status).toBe(201)
    expect((await read(org.id, 'C', admin.token)).body.data.emails.map((e: { email: string }) => e.email)).toEqual([
      'b@empresa.com.br',
      'c@empresa.com.br',
      'd@empresa.com.br',
      'e@empresa.com.br',
      'vendas@empresa.com.br',
    ])
    // The same address may be the finance one too.
    expect((await add(org.id, 'vendas@empresa.com.br', 'F', admin.token)).status).toBe(201)
  })

  test('a downgrade is refused while the commercial e-mails exceed the plan asked for, saying how many to remove', async () => {
    const { org, admin } = await company({ plano: 'U' })
    for (const email of ['a@empresa.com.br', 'b@empresa.com.br', 'c@empresa.com.br']) await add(org.id, email, 'C', admin.token)
    const refusal = planMessages.excess(PLANS.P, { recurso: 'emailsComerciais', uso: 3, limite: 1, remover: 2 })
    expect(refusal).toBe('O plano Pro permite 1 e-mail comercial e a empresa tem 3 e-mails comerciais: remova 2 e-mails comerciais antes de mudar.')
    expectValidation(await t.get(`/api/empresas/changePlain/${org.id}/P/M`, { token: admin.token }), { plano: [refusal] })
    expect((await t.get(`/api/empresas/restorePlain/${org.id}/P`, { token: admin.token })).body.mudanca).toEqual({ plano: 'P', permitida: false, motivos: [refusal] })
    // Finance addresses are not counted.
    await add(org.id, 'financeiro@empresa.com.br', 'F', admin.token)
    for (const email of ['a@empresa.com.br', 'b@empresa.com.br']) expect((await remove(org.id, email, 'C', admin.token)).status).toBe(200)
    expect((await t.get(`/api/empresas/changePlain/${org.id}/P/M`, { token: admin.token })).status).toBe(200)
  })
})

describe('who may', () => {
  test('any member reads; admins and "cobranca" change; another company nothing; bad input in Portuguese', async () => {
    const { org, admin, outsider } = await company({ plano: 'U' })
    const clerk = await memberWith(t, org.id, ['empresa', 'equipe'])
    const billing = await memberWith(t, org.id, ['cobranca'])
    expect((await read(org.id, 'C', clerk.token)).status).toBe(200)
    expect(await add(org.id, 'x@empresa.com.br', 'C', clerk.token)).toMatchObject({ status: 403, body: { message: m.billingOnly } })
    expect((await add(org.id, 'x@empresa.com.br', 'C', billing.token)).status).toBe(201)
    expect(await remove(org.id, 'x@empresa.com.br', 'C', clerk.token)).toMatchObject({ status: 403, body: { message: m.billingOnly } })
    for (const call of [read(org.id, 'C', outsider.token), add(org.id, 'y@empresa.com.br', 'C', outsider.token), remove(org.id, 'x@empresa.com.br', 'C', outsider.token)]) {
      expect(await call).toMatchObject({ status: 403, body: { message: NOT_A_MEMBER } })
    }
    expect((await read(org.id, 'C', '')).status).toBe(401)
    expect((await remove(org.id, 'x@empresa.com.br', 'C', billing.token)).status).toBe(200)

    expectValidation(await add(org.id, 'sem-arroba', 'C', admin.token), { email: [m.emailInvalid] })
    expectValidation(await add(org.id, '', 'F', admin.token), { email: [m.emailRequired] })
    expectValidation(await add(org.id, 'a@empresa.com.br', 'X', admin.token), { tipo: [m.typeInvalid] })
    expectValidation(await read(org.id, 'X', admin.token), { tipo: [m.typeInvalid] })
    expectValidation(await remove(org.id, 'a@empresa.com.br', 'Z', admin.token), { tipo: [m.typeInvalid] })
    expect(await t.db.select().from(companyEmails).where(eq(companyEmails.organizationId, org.id))).toEqual([])
  })
})
