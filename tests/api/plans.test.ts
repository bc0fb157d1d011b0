import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { planMessages as m } from '../../app/domain/plans/messages.ts'
import { orderMessages } from '../../app/domain/orders/messages.ts'
import { teamMessages } from '../../app/domain/team/messages.ts'
import { NOT_A_MEMBER } from '../../server/api/organizations/membership.ts'
import { auditLogs, conditionBuyers, conditionProducts, conditions, customers, memberships, orderCounters, orderEmails, organizations, products } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, expectValidation, memberWith, newUser, uniqueEmail, type TestApi } from './harness.ts'

/**
 * The plans modal's calls (decision 050): restorePlano, restorePlain, startTrial, changePlain. Admins only
 * for the trial and the change; another company's member is refused; a downgrade over a limit is refused
 * with what to remove; the trial ends by itself (time moved back by writing its start, as the market's
 * tests do); and what buyers see in the market follows the seller's plan.
 */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const DAY = 86_400_000

/** A seller with its admin, a member without admin (holding 'cobranca', which does not change plans) and an outsider admin of another company. */
async function seller(values: Partial<typeof organizations.$inferInsert> = {}) {
  const admin = await newUser(t, 'Administradora')
  const outsider = await newUser(t, 'De Fora')
  const org = await createOrganization(t, { nome: 'Distribuidora dos Planos', tipo: 'f', ...values }, [{ userId: admin.id, isAdmin: true }])
  const member = await memberWith(t, org.id, ['cobranca', 'empresa', 'equipe'])
  await createOrganization(t, { nome: 'Outra Empresa', tipo: 'f', plano: 'P' }, [{ userId: outsider.id, isAdmin: true }])
  return { org, admin, member, outsider }
}

const status = (orgId: number, plano: string, token: string) => t.get(`/api/empresas/restorePlain/${orgId}/${plano}`, { token })
const startTrial = (orgId: number, plano: string, token: string) => t.get(`/api/empresas/startTrial/${orgId}/${plano}`, { token })
const change = (orgId: number, plano: string, token: string, modo = 'M') => t.get(`/api/empresas/changePlain/${orgId}/${plano}/${modo}`, { token })
const orgRow = async (id: number) => (await t.db.select().from(organizations).where(eq(organizations.id, id)))[0]
const moveTrialStart = (id: number, agoMs: number) => t.db.update(organizations).set({ trialStartedAt: new Date(Date.now() - agoMs) }).where(eq(organizations.id, id))

const basicStatus = { plano: 'B', plano_efetivo: 'B', trial: false, trial_dias: 0, trial_plano: null, trial_fim: null, teste_usado: false, pedidos: 0 }

describe('restorePlano: the four plans', () => {
  test('with prices for admins, none for the other members; another company is refused', async () => {
    const s = await seller()
    const asAdmin = await t.get(`/api/empresas/restorePlano/${s.org.id}`, { token: s.admin.token })
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body.is_admin).toBe(true)
    expect(asAdmin.body.planos.map((p: any) => [p.codigo, p.nome, p.preco])).toEqual([
      ['B', 'Básico', { tipo: 'gratis', por_usuario_centavos: null, usuarios_minimos: null }],
      ['P', 'Pro', { tipo: 'por_usuario', por_usuario_centavos: 4900, usuarios_minimos: 6 }],
      ['U', 'Pro +', { tipo: 'por_usuario', por_usuario_centavos: 7900, usuarios_minimos: 12 }],
      ['M', 'Pro ∞', { tipo: 'negociado', por_usuario_centavos: null, usuarios_minimos: null }],
    ])
    expect(asAdmin.body.planos[0]).toMatchObject({
      limites: { usuarios: 3, emails_comerciais: 0, emails_pedidos: 0 },
      recursos: { chat_interno: true, chat_externo: false, condicoes_visiveis: false, simulador: false, loja_virtual: false },
      itens: ['Até 3 usuários', 'Chat interno', 'Produtos e condições ilimitados'],
    })
    expect(asAdmin.body.planos[1].limites).toEqual({ usuarios: null, emails_comerciais: 1, emails_pedidos: 1 })
    expect(asAdmin.body.planos[3].recursos).toMatchObject({ loja_virtual: true, integracoes: true, simulador: true })

    const asMember = await t.get(`/api/empresas/restorePlano/${s.org.id}`, { token: s.member.token })
    expect(asMember.status).toBe(200)
    expect(asMember.body.is_admin).toBe(false)
    expect(asMember.body.planos.map((p: any) => p.preco)).toEqual([null, null, null, null])

    const foreign = await t.get(`/api/empresas/restorePlano/${s.org.id}`, { token: s.outsider.token })
    expect(foreign).toMatchObject({ status: 403, body: { message: NOT_A_MEMBER } })
    expect((await t.get(`/api/empresas/restorePlano/${s.org.id}`)).status).toBe(401)
  })
})

describe('restorePlain: the plan status, and whether a change is allowed now', () => {
  test('a new organization on Básico; the change it asks about, for an admin and for a member', async () => {
    const s = await seller()
    const plain = await status(s.org.id, 'null', s.member.token)
    expect(plain.status).toBe(200)
    expect(plain.body).toEqual({ ...basicStatus, mudanca: null })
    expect((await status(s.org.id, 'P', s.admin.token)).body.mudanca).toEqual({ plano: 'P', permitida: true, motivos: [] })
    expect((await status(s.org.id, 'P', s.member.token)).body.mudanca).toEqual({ plano: 'P', permitida: false, motivos: [m.onlyAdmins] })
    expect((await status(s.org.id, 'B', s.admin.token)).body.mudanca).toEqual({ plano: 'B', permitida: false, motivos: [m.samePlan('Básico')] })
    expectValidation(await status(s.org.id, 'X', s.admin.token), { plano: [m.planOrNullInvalid] })
    expect(await status(s.org.id, 'null', s.outsider.token)).toMatchObject({ status: 403, body: { message: NOT_A_MEMBER } })
  })

  test('pedidos counts every order the organization is a party of, from the order counters', async () => {
    const s = await seller({ plano: 'P' })
    await t.db.insert(orderCounters).values([
      { organizationId: s.org.id, status: 'A', total: 4 },
      { organizationId: s.org.id, status: 'F', total: 120 },
      { organizationId: s.org.id, status: 'Q', total: 1 },
    ])
    expect((await status(s.org.id, 'null', s.admin.token)).body.pedidos).toBe(125)
  })
})

describe('startTrial', () => {
  test('an admin starts the one 14-day trial of a paid plan: its features at once, the plan held still Básico', async () => {
    const s = await seller()
    const before = Date.now()
    const res = await startTrial(s.org.id, 'U', s.admin.token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.message).toBe(m.trialStarted('Pro +'))
    const org = await orgRow(s.org.id)
    expect(org.trialStartedAt!.getTime()).toBeGreaterThanOrEqual(before)
    expect(org).toMatchObject({ plano: 'B', trialPlano: 'U' })
    expect(res.body.situacao).toEqual({
      plano: 'B',
      plano_efetivo: 'U',
      trial: true,
      trial_dias: 0,
      trial_plano: 'U',
      trial_fim: new Date(org.trialStartedAt!.getTime() + 14 * DAY).toISOString(),
      teste_usado: true,
      pedidos: 0,
    })
    expect((await status(s.org.id, 'null', s.member.token)).body).toEqual({ ...res.body.situacao, mudanca: null })
    const profile = await t.get(`/api/empresas/profile/${s.org.id}`, { token: s.admin.token })
    expect(profile.body).toMatchObject({ plano: 'B', trial_days: 0, permissions: { type: 'P', pedidos_email: -1 } })
    const [entry] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.organizationId, s.org.id), eq(auditLogs.acao, 'plano.teste_iniciado')))
    expect(entry).toMatchObject({ userId: s.admin.id, detalhes: { plano: 'U' } })

    // Once: a second start, running or ended, is refused.
    expectValidation(await startTrial(s.org.id, 'P', s.admin.token), { plano: [m.trialUsed] })
    await moveTrialStart(s.org.id, 20 * DAY)
    expectValidation(await startTrial(s.org.id, 'M', s.admin.token), { plano: [m.trialUsed] })
  })

  test('only admins; only on Básico; only of a paid plan; another company never', async () => {
    const s = await seller()
    expect(await startTrial(s.org.id, 'P', s.member.token)).toMatchObject({ status: 403, body: { message: m.onlyAdmins } })
    expect(await startTrial(s.org.id, 'P', s.outsider.token)).toMatchObject({ status: 403, body: { message: NOT_A_MEMBER } })
    expectValidation(await startTrial(s.org.id, 'B', s.admin.token), { plano: [m.trialPlanInvalid] })
    expect((await orgRow(s.org.id)).trialStartedAt).toBeNull()
    const paid = await seller({ plano: 'P' })
    expectValidation(await startTrial(paid.org.id, 'U', paid.admin.token), { plano: [m.trialNotOnBasic('Pro')] })
    expect((await orgRow(paid.org.id)).trialStartedAt).toBeNull()
  })

  test('two starts at once: one trial', async () => {
    const s = await seller()
    const answers = await Promise.all([startTrial(s.org.id, 'P', s.admin.token), startTrial(s.org.id, 'U', s.admin.token)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422])
    const won = answers.find((a) => a.status === 200)!
    expect((await orgRow(s.org.id)).trialPlano).toBe(won.body.situacao.trial_plano)
    expect(await t.db.select().from(auditLogs).where(and(eq(auditLogs.organizationId, s.org.id), eq(auditLogs.acao, 'plano.teste_iniciado')))).toHaveLength(1)
  })

  test('ends by itself 14 days after its start: back to Básico, nothing deleted', async () => {
    const s = await seller()
    expect((await startTrial(s.org.id, 'P', s.admin.token)).status).toBe(200)
    const [c] = await t.db.insert(conditions).values({ organizationId: s.org.id, nome: 'Tabela do teste' }).returning()

    await moveTrialStart(s.org.id, 13 * DAY + 60_000)
    expect((await status(s.org.id, 'null', s.admin.token)).body).toMatchObject({ plano_efetivo: 'P', trial: true, trial_dias: 13 })
    expect((await t.get(`/api/empresas/profile/${s.org.id}`, { token: s.admin.token })).body).toMatchObject({ trial_days: 13, permissions: { type: 'P' } })

    await moveTrialStart(s.org.id, 14 * DAY + 1000)
    const ended = await status(s.org.id, 'null', s.admin.token)
    expect(ended.body).toEqual({ ...basicStatus, teste_usado: true, mudanca: null })
    const profile = await t.get(`/api/empresas/profile/${s.org.id}`, { token: s.admin.token })
    // The condition is kept, and counted among those Básico keeps from the buyers.
    expect(profile.body).toMatchObject({ plano: 'B', trial_days: 0, permissions: { type: 'B' }, condicoes_restritas: 1 })
    expect(await t.db.select({ id: conditions.id }).from(conditions).where(eq(conditions.id, c.id))).toHaveLength(1)
    // The button offers a plan, not a second trial.
    expect((await status(s.org.id, 'P', s.admin.token)).body.mudanca).toEqual({ plano: 'P', permitida: true, motivos: [] })
  })

  test('counts follow the plan held during a trial: 3 users and no order e-mail on Básico', async () => {
    const s = await seller()
    expect((await startTrial(s.org.id, 'M', s.admin.token)).status).toBe(200)
    // Admin and member: two seats; a third invite fits, a fourth does not.
    const invite = (email: string) => t.post('/api/myteam/invite', { organizacao_id: s.org.id, email, cargo_id: null, is_admin: false }, { token: s.admin.token })
    expect((await invite(uniqueEmail('terceira'))).status).toBe(201)
    expectValidation(await invite(uniqueEmail('quarta')), { plano: [teamMessages.usersLimit('Básico', 3)] })
    expectValidation(await t.post('/api/empresas/addEmailPedido', { organizacao_id: s.org.id, email: 'pedidos@planos.com.br' }, { token: s.admin.token }), {
      email: [orderMessages.emailPlanNone],
    })
  })
})

describe('changePlain', () => {
  test("an admin's upgrade takes effect at once, in mode M, recorded", async () => {
    const s = await seller()
    const res = await change(s.org.id, 'P', s.admin.token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({ message: m.changed('Pro'), situacao: { ...basicStatus, plano: 'P', plano_efetivo: 'P' } })
    expect((await orgRow(s.org.id)).plano).toBe('P')
    const [entry] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.organizationId, s.org.id), eq(auditLogs.acao, 'plano.alterado')))
    expect(entry).toMatchObject({ userId: s.admin.id, detalhes: { de: 'B', para: 'P', modo: 'M' } })
    expect((await t.get(`/api/empresas/profile/${s.org.id}`, { token: s.admin.token })).body.permissions).toEqual({ type: 'P', pedidos_email: 1 })
    expectValidation(await change(s.org.id, 'P', s.admin.token), { plano: [m.samePlan('Pro')] })
    expect((await change(s.org.id, 'M', s.admin.token)).status).toBe(200)
    expect((await orgRow(s.org.id)).plano).toBe('M')
  })

  test('a plan taken during the trial ends it', async () => {
    const s = await seller()
    await startTrial(s.org.id, 'M', s.admin.token)
    const res = await change(s.org.id, 'U', s.admin.token)
    expect(res.status).toBe(200)
    expect(res.body.situacao).toMatchObject({ plano: 'U', plano_efetivo: 'U', trial: false, trial_dias: 0, trial_plano: null, teste_usado: true })
  })

  test('only admins (holding "cobranca" is not enough); another company never; the mode is M; the plan one of four', async () => {
    const s = await seller({ plano: 'U' })
    expect(await change(s.org.id, 'B', s.member.token)).toMatchObject({ status: 403, body: { message: m.onlyAdmins } })
    expect(await change(s.org.id, 'B', s.outsider.token)).toMatchObject({ status: 403, body: { message: NOT_A_MEMBER } })
    expectValidation(await change(s.org.id, 'P', s.admin.token, 'A'), { modo: [m.modeInvalid] })
    expectValidation(await change(s.org.id, 'Z', s.admin.token), { plano: [m.planInvalid] })
    expect((await t.get(`/api/empresas/changePlain/${s.org.id}/P/M`)).status).toBe(401)
    expect((await orgRow(s.org.id)).plano).toBe('U')
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.organizationId, s.org.id))).toEqual([])
  })

  test('a downgrade that current use exceeds is refused with what to remove, and allowed once it is removed', async () => {
    const s = await seller({ plano: 'U' })
    // Admin, member and two more: 4 active members; 2 order e-mails; 1 active visible condition, 1 hidden.
    for (const name of ['Terceira', 'Quarta']) {
      const u = await newUser(t, name)
      await t.db.insert(memberships).values({ organizationId: s.org.id, userId: u.id })
    }
    await t.db.insert(orderEmails).values([
      { organizationId: s.org.id, email: 'a@planos.com.br' },
      { organizationId: s.org.id, email: 'b@planos.com.br' },
    ])
    const [shown] = await t.db.insert(conditions).values({ organizationId: s.org.id, nome: 'Visível' }).returning()
    await t.db.insert(conditions).values({ organizationId: s.org.id, nome: 'Oculta', visivel: false })

    const toPro = ['O plano Pro permite 1 e-mail de pedidos e a empresa tem 2 e-mails de pedidos: remova 1 e-mail de pedidos antes de mudar.']
    expectValidation(await change(s.org.id, 'P', s.admin.token), { plano: toPro })
    const toBasic = [
      'O plano Básico permite até 3 usuários e a equipe tem 4: remova 1 usuário em Meu Time antes de mudar.',
      'O plano Básico não envia pedidos por e-mail e a empresa tem 2 e-mails de pedidos: remova 2 e-mails de pedidos antes de mudar.',
      'No plano Básico, os clientes não veem as condições, e a empresa tem 1 condição ativa e visível: oculte-as ou desative-as em Condições antes de mudar.',
    ]
    expectValidation(await change(s.org.id, 'B', s.admin.token), { plano: toBasic })
    // restorePlain says the same before the click.
    expect((await status(s.org.id, 'B', s.admin.token)).body.mudanca).toEqual({ plano: 'B', permitida: false, motivos: toBasic })
    expect((await orgRow(s.org.id)).plano).toBe('U')

    await t.db.delete(orderEmails).where(eq(orderEmails.email, 'b@planos.com.br'))
    expect((await change(s.org.id, 'P', s.admin.token)).status).toBe(200)
    await t.db.delete(orderEmails).where(eq(orderEmails.organizationId, s.org.id))
    await t.db.update(memberships).set({ active: false }).where(and(eq(memberships.organizationId, s.org.id), eq(memberships.userId, s.member.id)))
    await t.db.update(conditions).set({ visivel: false }).where(eq(conditions.id, shown.id))
    expect((await status(s.org.id, 'B', s.admin.token)).body.mudanca).toEqual({ plano: 'B', permitida: true, motivos: [] })
    expect((await change(s.org.id, 'B', s.admin.token)).status).toBe(200)
    expect((await orgRow(s.org.id)).plano).toBe('B')
    // Nothing was deleted by the change itself.
    expect(await t.db.select({ id: conditions.id }).from(conditions).where(eq(conditions.organizationId, s.org.id))).toHaveLength(2)
  })
})

describe("what buyers see follows the seller's plan", () => {
  /** A buyer listed in a condition of the seller, with one product; its market search names what it sees. */
  async function sellerWithBuyer() {
    const s = await seller()
    const buyerUser = await newUser(t, 'Compradora')
    const buyer = await createOrganization(t, { nome: 'Farmácia Compradora', tipo: 'v' }, [{ userId: buyerUser.id, isAdmin: true }])
    const [customer] = await t.db.insert(customers).values({ sellerId: s.org.id, cnpj: buyer.cnpj, nome: buyer.nome, customerOrgId: buyer.id }).returning()
    const [product] = await t.db.insert(products).values({ organizationId: s.org.id, codigo: `PL-${Date.now()}`, nome: 'Dipirona do Plano', precoCentavos: 1000 }).returning()
    const [c] = await t.db.insert(conditions).values({ organizationId: s.org.id, nome: 'Tabela do Plano' }).returning()
    await t.db.insert(conditionProducts).values({ conditionId: c.id, productId: product.id })
    await t.db.insert(conditionBuyers).values({ conditionId: c.id, customerId: customer.id })
    const sees = async () => {
      const res = await t.get(`/api/checkout/restoreProdutosCondicoes_v2/${buyer.id}/20/null/null/null`, { token: buyerUser.token })
      expect(res.status).toBe(200)
      return res.body.produtos.data.map((p: { nome: string }) => p.nome)
    }
    return { ...s, sees }
  }

  test('Básico: none; the trial: at once; its end: none again; a paid plan: at once; back to Básico: none', async () => {
    const w = await sellerWithBuyer()
    expect(await w.sees()).toEqual([])
    expect((await startTrial(w.org.id, 'P', w.admin.token)).status).toBe(200)
    expect(await w.sees()).toEqual(['Dipirona do Plano'])
    await moveTrialStart(w.org.id, 14 * DAY + 1000)
    expect(await w.sees()).toEqual([])
    expect((await change(w.org.id, 'U', w.admin.token)).status).toBe(200)
    expect(await w.sees()).toEqual(['Dipirona do Plano'])
    // Back to Básico needs the condition hidden first (refused otherwise), and then buyers see nothing.
    expect((await change(w.org.id, 'B', w.admin.token)).status).toBe(422)
    await t.db.update(conditions).set({ visivel: false }).where(eq(conditions.organizationId, w.org.id))
    expect((await change(w.org.id, 'B', w.admin.token)).status).toBe(200)
    await t.db.update(conditions).set({ visivel: true }).where(eq(conditions.organizationId, w.org.id))
    expect(await w.sees()).toEqual([])
    expect((await t.get(`/api/empresas/profile/${w.org.id}`, { token: w.admin.token })).body.condicoes_restritas).toBe(1)
  })

  test("the market's SQL and the API's JavaScript end the trial at the same instant", async () => {
    const w = await sellerWithBuyer()
    await startTrial(w.org.id, 'P', w.admin.token)
    await t.db.update(organizations).set({ trialStartedAt: sql`now() - interval '14 days' + interval '4 seconds'` }).where(eq(organizations.id, w.org.id))
    expect(await w.sees()).toEqual(['Dipirona do Plano'])
    expect((await status(w.org.id, 'null', w.admin.token)).body).toMatchObject({ trial: true, trial_dias: 13 })
    await new Promise((resolve) => setTimeout(resolve, 4500))
    expect(await w.sees()).toEqual([])
    expect((await status(w.org.id, 'null', w.admin.token)).body).toMatchObject({ trial: false, plano_efetivo: 'B' })
  })
})
