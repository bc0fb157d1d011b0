import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orderMessages as m } from '../../app/domain/orders/messages.ts'
import { organizations } from '../../server/db/schema/index.ts'
import { announceOrder } from '../../server/api/orders/announce.ts'
import { createMailer } from '../../server/mail/mailer.ts'
import { createTestApi, expectValidation, memberWith, type TestApi } from './harness.ts'
import { orderWorld, seedOrder } from './order-fixtures.ts'

/** The addresses that get each new order (addEmailPedido; limited by permissions.pedidos_email). */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const add = (orgId: number, email: string, token: string) => t.post('/api/empresas/addEmailPedido', { organizacao_id: orgId, email }, { token })

describe('order e-mails', () => {
  test('per plan: Básico none, Pro 1, Pro + unlimited; listed, searched, removed with the spec texts', async () => {
    const w = await orderWorld(t, { sellerPlan: 'B' })
    const token = w.sellerAdmin.token
    const read = () => t.get(`/api/empresas/restoreEmailPedido/${w.seller.id}/null`, { token })
    expect((await read()).body).toEqual({ emails: [], limite: -1, pode_adicionar: false })
    expectValidation(await add(w.seller.id, 'pedidos@aurora.com.br', token), { email: [m.emailPlanNone] })

    await t.db.update(organizations).set({ plano: 'P' }).where(eq(organizations.id, w.seller.id))
    const first = await add(w.seller.id, 'Pedidos@Aurora.com.br', token)
    expect(first.status).toBe(201)
    expect(first.body).toEqual({ message: 'Email adicionado com sucesso', email: { id: expect.any(Number), email: 'pedidos@aurora.com.br' } })
    expect((await read()).body).toMatchObject({ limite: 1, pode_adicionar: false })
    expectValidation(await add(w.seller.id, 'outro@aurora.com.br', token), { email: [m.emailPlanLimit(1)] })
    // At the limit, the address already listed is said as such (in any case), not as a reason to upgrade.
    expectValidation(await add(w.seller.id, 'PEDIDOS@aurora.com.br', token), { email: [m.emailExists] })

    await t.db.update(organizations).set({ plano: 'U' }).where(eq(organizations.id, w.seller.id))
    expectValidation(await add(w.seller.id, 'pedidos@aurora.com.br', token), { email: [m.emailExists] })
    for (const email of ['b@aurora.com.br', 'c@aurora.com.br']) expect((await add(w.seller.id, email, token)).status).toBe(201)
    expect((await read()).body).toMatchObject({ limite: 0, pode_adicionar: true })
    const searched = await t.get(`/api/empresas/restoreEmailPedido/${w.seller.id}/pedidos`, { token: w.sellerClerk.token })
    expect(searched.body.emails.map((e: { email: string }) => e.email)).toEqual(['pedidos@aurora.com.br'])
    expectValidation(await add(w.seller.id, 'sem-arroba', token), { email: [m.emailInvalid] })

    // The clerk reads but has no 'empresa'; another company can do nothing.
    expect((await add(w.seller.id, 'd@aurora.com.br', w.sellerClerk.token)).status).toBe(403)
    // Each address gets every order in full: 'empresa' alone does not add one; with 'Ver pedidos' it does.
    const editor = await memberWith(t, w.seller.id, ['empresa'])
    const refused = await add(w.seller.id, 'editor@aurora.com.br', editor.token)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(m.emailNeedsOrderReading)
    const reader = await memberWith(t, w.seller.id, ['empresa', 'pedidos_ver'])
    expect((await add(w.seller.id, 'leitor@aurora.com.br', reader.token)).status).toBe(201)
    expect((await t.del(`/api/empresas/deleteEmailPedido/${w.seller.id}/${(await read()).body.emails.find((e: { email: string }) => e.email === 'leitor@aurora.com.br').id}/leitor@aurora.com.br`, { token: editor.token })).status).toBe(200)
    expect((await t.get(`/api/empresas/restoreEmailPedido/${w.seller.id}/null`, { token: w.buyerUser.token })).status).toBe(403)

    const id = first.body.email.id
    expect((await t.del(`/api/empresas/deleteEmailPedido/${w.seller.id}/${id}/outro@aurora.com.br`, { token })).status).toBe(404)
    expect((await t.del(`/api/empresas/deleteEmailPedido/${w.seller.id}/${id}/pedidos@aurora.com.br`, { token: w.sellerClerk.token })).status).toBe(403)
    const removed = await t.del(`/api/empresas/deleteEmailPedido/${w.seller.id}/${id}/pedidos@aurora.com.br`, { token })
    expect(removed.body).toEqual({ message: 'Email removido com sucesso' })
    expect((await read()).body.emails.map((e: { email: string }) => e.email)).toEqual(['b@aurora.com.br', 'c@aurora.com.br'])
  })

  test("a new order mails the seller's and the OL's addresses with the summary and the three deep links; the buyer gets none", async () => {
    const w = await orderWorld(t, { sellerPlan: 'U' })
    await add(w.seller.id, 'faturamento@aurora.com.br', w.sellerAdmin.token)
    await t.db.update(organizations).set({ plano: 'P' }).where(eq(organizations.id, w.ol.id))
    await add(w.ol.id, 'pedidos@olrapido.com.br', w.olUser.token)
    await t.db.update(organizations).set({ plano: 'P' }).where(eq(organizations.id, w.buyer.id))
    await add(w.buyer.id, 'compras@farmacia.com.br', w.buyerUser.token)
    const before = (await t.mails()).length
    const order = await seedOrder(t, w, { throughOl: true })
    // enviaPedido calls this after its commit; here the order was seeded, so the test calls it the same way.
    const mailer = createMailer({ mailDir: t.config.mailDir, from: 'teste@pedidos.local' })
    await announceOrder({ db: t.db, mailer, config: t.config }, order.id, { event: 'criado', actorUserId: w.buyerUser.id })
    // The harness undoes quoted-printable byte by byte: read those bytes back as UTF-8.
    const mails = (await t.mails()).slice(before).map((mail) => Buffer.from(mail, 'latin1').toString('utf8'))
    expect(mails).toHaveLength(2)
    const [toSeller] = mails.filter((mail) => mail.includes('To: faturamento@aurora.com.br'))
    expect(mails.some((mail) => mail.includes('To: pedidos@olrapido.com.br'))).toBe(true)
    expect(toSeller).toContain(`Novo pedido nº ${order.id}`)
    expect(toSeller).toContain('Farmácia São João fez um pedido para Distribuidora Aurora')
    expect(toSeller).toContain('3 CX Dipirona 500 mg × R$')
    expect(toSeller).toContain('Boleto 28 dias')
    for (const status of ['F', 'N', 'Q']) expect(toSeller).toContain(`http://localhost:3000/login/update-order-status/${order.id}/${status}`)

    const status = await t.post('/api/pedidos/updateStatus', { organizacao_id: w.seller.id, pedido_id: order.id, status: 'N' }, { token: w.sellerAdmin.token })
    expect(status.status).toBe(200)
    expect((await t.mails()).length).toBe(before + 2)
  })
})
