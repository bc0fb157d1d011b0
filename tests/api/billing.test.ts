import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { billingMessages as m } from '../../app/domain/plans/billing-messages.ts'
import { invoiceNumber } from '../../app/domain/plans/invoices.ts'
import { runBilling, type BillingDeps } from '../../server/billing/job.ts'
import { NOT_A_MEMBER } from '../../server/api/organizations/membership.ts'
import { openDatabase } from '../../server/db/client.ts'
import { auditLogs, companyEmails, invoices, memberships, organizations, users } from '../../server/db/schema/index.ts'
import { createFileStore } from '../../server/files/file-store.ts'
import { createMailer } from '../../server/mail/mailer.ts'
import { createOrganization, createTestApi, expectValidation, fileOf, formOf, memberWith, newUser, paddedTo, tinyPng, tinyWebp, uniqueEmail, type TestApi } from './harness.ts'

/**
 * Billing (decision 051): the monthly job (amounts with the minimum users, who pays nothing, the receipt PDF,
 * the finance address's mail with the PDF attached, idempotency with two runners at once, a delivery a run
 * left unfinished), restoreTitulos, the invoice files (only for admins and 'cobranca') and the nota fiscal
 * upload (checked by content and size). Each test bills a month of its own, so the counts it checks are its.
 */

let t: TestApi
let deps: BillingDeps
beforeAll(async () => {
  t = await createTestApi()
  deps = billingDeps(t.db)
})
afterAll(() => t.close())

function billingDeps(db: BillingDeps['db']): BillingDeps {
  return {
    db,
    files: createFileStore({ uploadsDir: t.config.uploadsDir, publicBaseUrl: t.config.appUrl }),
    mailer: createMailer({ mailDir: t.config.mailDir, from: 'teste@pedidos.local' }),
  }
}

let userCounter = 0
/** `n` more active members, written directly (no sign-up: they only need to be counted). */
async function addMembers(orgId: number, n: number) {
  if (n === 0) return
  const rows = await t.db
    .insert(users)
    .values(Array.from({ length: n }, () => ({ name: `Pessoa ${++userCounter}`, email: uniqueEmail('membro'), passwordHash: 'x' })))
    .returning({ id: users.id })
  await t.db.insert(memberships).values(rows.map((u) => ({ organizationId: orgId, userId: u.id })))
}

/** A company on `plano` with its admin and `members` active members in all (the admin counted). */
async function company(values: Partial<typeof organizations.$inferInsert> & { nome: string }, members = 1) {
  const admin = await newUser(t, 'Administradora')
  const org = await createOrganization(t, { tipo: 'f', ...values }, [{ userId: admin.id, isAdmin: true }])
  await addMembers(org.id, members - 1)
  return { org, admin }
}

const finance = (orgId: number, email: string) => t.db.insert(companyEmails).values({ organizationId: orgId, email, tipo: 'F' })
const invoicesOf = (orgId: number) => t.db.select().from(invoices).where(eq(invoices.organizationId, orgId))
const titulos = (orgId: number, token: string) => t.get(`/api/empresas/restoreTitulos/${orgId}`, { token })

/** A file of an invoice, with its bytes. */
async function download(url: string, token?: string) {
  const res = await t.api.fetch(new Request(`http://api.test${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }), { clientIp: '203.0.113.9' })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

/** The mails sent to `to` since `before` mails. */
const mailsTo = async (to: string, before = 0) => (await t.mails()).slice(before).filter((mail) => mail.includes(`To: ${to}`))

/** A tiny PDF file: enough for a content check. */
const tinyPdf = () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')

describe('the monthly job', () => {
  test('bills each paying organization: users × price with the minimum; Básico, a running trial and Pro ∞ without an amount pay nothing', async () => {
    const pro = await company({ nome: 'Pro Pequena', plano: 'P' }, 2)
    const proBig = await company({ nome: 'Pro Grande', plano: 'P' }, 7)
    const plus = await company({ nome: 'Plus Média', plano: 'U' }, 5)
    const max = await company({ nome: 'Max Negociada', plano: 'M', valorNegociadoCentavos: 250_000 }, 3)
    const maxOpen = await company({ nome: 'Max Sem Valor', plano: 'M' }, 3)
    const basic = await company({ nome: 'Básica', plano: 'B' }, 2)
    const trial = await company({ nome: 'Em Teste', plano: 'B', trialStartedAt: new Date(), trialPlano: 'U' }, 2)
    // An inactive member is not counted.
    const [someone] = await t.db.select().from(memberships).where(and(eq(memberships.organizationId, proBig.org.id), eq(memberships.isAdmin, false))).limit(1)
    await t.db.update(memberships).set({ active: false }).where(eq(memberships.id, someone.id))

    const report = await runBilling(deps, { month: '2026-01' })
    const billed = async (orgId: number) => (await invoicesOf(orgId)).map((i) => [i.mes, i.plano, i.usuarios, i.usuariosCobrados, i.precoUsuarioCentavos, i.valorCentavos])
    expect(await billed(pro.org.id)).toEqual([['2026-01-01', 'P', 2, 6, 4900, 29_400]])
    expect(await billed(proBig.org.id)).toEqual([['2026-01-01', 'P', 6, 6, 4900, 29_400]])
    expect(await billed(plus.org.id)).toEqual([['2026-01-01', 'U', 5, 12, 7900, 94_800]])
    expect(await billed(max.org.id)).toEqual([['2026-01-01', 'M', 3, 3, null, 250_000]])
    for (const none of [maxOpen, basic, trial]) expect(await invoicesOf(none.org.id)).toEqual([])
    expect(report).toMatchObject({ mes: '2026-01', criados: 4, jaExistiam: 0, semValorNegociado: 1, entregues: 4, emails: 0, falhas: 0 })
    // Every receipt rendered, every delivery over, no lease left.
    for (const org of [pro, proBig, plus, max]) expect((await invoicesOf(org.org.id))[0]).toMatchObject({ recibo: expect.stringMatching(/^recibos\/[0-9a-f-]{36}\.pdf$/), entregueEm: expect.any(Date), reservadoAte: null, nf: null })

    // A second run, and a later one, create nothing and deliver nothing.
    expect(await runBilling(deps, { month: '2026-01' })).toMatchObject({ criados: 0, jaExistiam: 0, semValorNegociado: 1, entregues: 0 })
    expect(await invoicesOf(pro.org.id)).toHaveLength(1)
  })

  test('the finance address gets the invoice with its receipt PDF attached; restoreTitulos lists it and serves the PDF', async () => {
    const { org, admin } = await company({ nome: 'Distribuidora Cobrada', razaoSocial: 'Distribuidora Cobrada Ltda', plano: 'U' }, 13)
    await finance(org.id, 'financeiro@cobrada.com.br')
    const before = (await t.mails()).length
    await runBilling(deps, { month: '2026-02' })
    const [invoice] = await invoicesOf(org.id)
    const numero = invoiceNumber(invoice.id, '2026-02')
    const mails = (await mailsTo('financeiro@cobrada.com.br', before)).map((mail) => Buffer.from(mail, 'latin1').toString('utf8'))
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail).toContain('Cobrança de fevereiro de 2026')
    expect(mail).toContain('Distribuidora Cobrada Ltda')
    expect(mail).toMatch(/R\$\s1\.027,00/)
    expect(mail).toContain(numero)
    expect(mail).toContain(`Content-Type: application/pdf; name=recibo-${numero}.pdf`)
    expect(mail).toContain('Content-Disposition: attachment')
    // The attachment is the receipt itself: the stored PDF, base64-encoded.
    const stored = await deps.files.readPrivate(invoice.recibo!)
    const base64 = /Content-Disposition: attachment[^\n]*\n(?:[^\n]+\n)*?\n([A-Za-z0-9+/=\n]+)/.exec(mail)?.[1].replace(/\n/g, '')
    expect(Buffer.from(base64 ?? '', 'base64').equals(stored!)).toBe(true)

    const res = await titulos(org.id, admin.token)
    expect(res.status).toBe(200)
    expect(res.body.titulos).toEqual([
      {
        id: invoice.id,
        numero,
        mes: '2026-02',
        plano: 'U',
        usuarios: 13,
        usuarios_cobrados: 13,
        preco_usuario: 79,
        valor: 1027,
        valor_centavos: 102_700,
        created_at: invoice.createdAt.toISOString(),
        file_nf: null,
        file_recibo: `/api/empresas/arquivoTitulo/${org.id}/${invoice.id}/recibo.pdf`,
        pendente: true,
      },
    ])
    const pdf = await download(res.body.titulos[0].file_recibo, admin.token)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('cache-control')).toBe('no-store')
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdf.bytes.equals(stored!)).toBe(true)
  })

  test('two runners at once on the same database create each invoice exactly once, and mail it once', async () => {
    const orgs = []
    for (let i = 0; i < 12; i++) {
      const { org } = await company({ nome: `Concorrente ${i}`, plano: i % 2 ? 'P' : 'U' }, 1)
      await finance(org.id, `financeiro${i}@concorrente.com.br`)
      orgs.push(org)
    }
    // Every paying organization of the database is billed for the month, those of the other tests too.
    const paying = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(organizations)
      .where(sql`${inArray(organizations.plano, ['P', 'U'])} or (${organizations.plano} = 'M' and ${organizations.valorNegociadoCentavos} > 0)`)
    const before = (await t.mails()).length
    // On PostgreSQL the second runner has a pool of its own: another server node.
    const other = t.databaseUrl ? await openDatabase({ url: t.databaseUrl }) : null
    try {
      const [a, b] = await Promise.all([runBilling(deps, { month: '2026-03', concurrency: 3 }), runBilling(billingDeps(other?.db ?? t.db), { month: '2026-03', concurrency: 3 })])
      const rows = await t.db.select().from(invoices).where(eq(invoices.mes, '2026-03-01'))
      expect(rows).toHaveLength(paying[0].n)
      expect(new Set(rows.map((r) => r.organizationId)).size).toBe(rows.length)
      expect(a.criados + b.criados).toBe(rows.length)
      expect(a.entregues + b.entregues).toBe(rows.length)
      expect(a.falhas + b.falhas).toBe(0)
      for (const [i, org] of orgs.entries()) {
        expect(rows.filter((r) => r.organizationId === org.id)).toHaveLength(1)
        expect(await mailsTo(`financeiro${i}@concorrente.com.br`, before)).toHaveLength(1)
      }
      // Once more, both at once: nothing.
      const again = await Promise.all([runBilling(deps, { month: '2026-03' }), runBilling(billingDeps(other?.db ?? t.db), { month: '2026-03' })])
      expect(again.map((r) => [r.criados, r.entregues])).toEqual([[0, 0], [0, 0]])
    } finally {
      await other?.close()
    }
  })

  test('a delivery a run left unfinished is made by a later run once its lease expired; a held one is left alone', async () => {
    const left = await company({ nome: 'Entrega Interrompida', plano: 'P' }, 1)
    const held = await company({ nome: 'Entrega Em Curso', plano: 'P' }, 1)
    await finance(left.org.id, 'financeiro@interrompida.com.br')
    const row = { mes: '2025-12-01', plano: 'P', usuarios: 1, usuariosCobrados: 6, precoUsuarioCentavos: 4900, valorCentavos: 29_400 }
    await t.db.insert(invoices).values([
      { ...row, organizationId: left.org.id, reservadoAte: new Date(Date.now() - 60_000) },
      { ...row, organizationId: held.org.id, reservadoAte: new Date(Date.now() + 10 * 60_000) },
    ])
    const before = (await t.mails()).length
    await runBilling(deps, { month: '2025-12' })
    // Both were billed for the month already: nothing created for them.
    expect(await invoicesOf(left.org.id)).toHaveLength(1)
    expect(await invoicesOf(held.org.id)).toHaveLength(1)
    expect((await invoicesOf(left.org.id))[0]).toMatchObject({ recibo: expect.stringMatching(/\.pdf$/), entregueEm: expect.any(Date), reservadoAte: null })
    expect(await mailsTo('financeiro@interrompida.com.br', before)).toHaveLength(1)
    expect((await invoicesOf(held.org.id))[0]).toMatchObject({ recibo: null, entregueEm: null })
  })

  test('a mail that fails is sent again by a later run, with the receipt already made', async () => {
    const { org } = await company({ nome: 'Correio Fora do Ar', plano: 'P' }, 1)
    await finance(org.id, 'financeiro@foradoar.com.br')
    const failing: BillingDeps = { ...deps, mailer: { send: () => Promise.reject(new Error('SMTP fora do ar')) } }
    const errors = console.error
    console.error = () => {}
    const report = await runBilling(failing, { month: '2025-08' }).finally(() => (console.error = errors))
    // Every finance address of the database fails, those of the other tests' organizations too.
    expect(report.falhas).toBeGreaterThanOrEqual(1)
    const [held] = await invoicesOf(org.id)
    expect(held).toMatchObject({ recibo: expect.stringMatching(/\.pdf$/), entregueEm: null })
    expect(held.reservadoAte!.getTime()).toBeGreaterThan(Date.now())
    // Within the lease nobody retries; after it, the next run mails the receipt it finds.
    const before = (await t.mails()).length
    expect((await runBilling(deps, { month: '2025-08' })).entregues).toBe(0)
    await t.db.update(invoices).set({ reservadoAte: new Date(Date.now() - 1000) }).where(eq(invoices.id, held.id))
    expect(await runBilling(deps, { month: '2025-08' })).toMatchObject({ entregues: 1, emails: 1, falhas: 0 })
    const [mail] = await mailsTo('financeiro@foradoar.com.br', before)
    expect(mail).toContain(`name=recibo-${invoiceNumber(held.id, '2025-08')}.pdf`)
    expect((await invoicesOf(org.id))[0]).toMatchObject({ recibo: held.recibo, entregueEm: expect.any(Date), reservadoAte: null })
  })

  test('a month that has not begun is refused', async () => {
    await expect(runBilling(deps, { month: '2999-01' })).rejects.toThrow(m.monthInvalid)
    await expect(runBilling(deps, { month: '2026-13' })).rejects.toThrow(m.monthInvalid)
  })
})

describe('restoreTitulos and the invoice files', () => {
  test('admins and members holding "cobranca"; not the other members, nor another company', async () => {
    const { org, admin } = await company({ nome: 'Titulos Restritos', plano: 'P' }, 1)
    const other = await company({ nome: 'Outra Com Titulos', plano: 'P' }, 1)
    await runBilling(deps, { month: '2025-11' })
    const billing = await memberWith(t, org.id, ['cobranca'])
    const clerk = await memberWith(t, org.id, ['empresa', 'pedidos_ver'])
    const [invoice] = await invoicesOf(org.id)
    const [foreign] = await invoicesOf(other.org.id)
    const recibo = `/api/empresas/arquivoTitulo/${org.id}/${invoice.id}/recibo.pdf`

    expect((await titulos(org.id, billing.token)).body.titulos.map((i: { id: number }) => i.id)).toEqual([invoice.id])
    expect((await download(recibo, billing.token)).status).toBe(200)
    for (const token of [clerk.token]) {
      expect(await titulos(org.id, token)).toMatchObject({ status: 403, body: { message: m.billingOnly } })
      expect((await download(recibo, token)).status).toBe(403)
    }
    expect(await titulos(org.id, other.admin.token)).toMatchObject({ status: 403, body: { message: NOT_A_MEMBER } })
    expect((await download(recibo, other.admin.token)).status).toBe(403)
    expect((await titulos(org.id, '')).status).toBe(401)
    expect((await download(recibo)).status).toBe(401)
    // Another company's invoice under one's own organization: not found, whatever it is.
    expect((await download(`/api/empresas/arquivoTitulo/${org.id}/${foreign.id}/recibo.pdf`, admin.token)).status).toBe(404)
    // No nota fiscal yet; a name that is not an invoice file's.
    expect((await download(`/api/empresas/arquivoTitulo/${org.id}/${invoice.id}/nf.pdf`, admin.token)).status).toBe(404)
    expect((await download(`/api/empresas/arquivoTitulo/${org.id}/${invoice.id}/recibo.png`, admin.token)).status).toBe(404)
    expectValidation(await t.get(`/api/empresas/arquivoTitulo/${org.id}/${invoice.id}/..%2F..%2Fsegredo.pdf`, { token: admin.token }), { arquivo: [m.fileNameInvalid] })
  })
})

describe('uploadNfTitulo', () => {
  test('a PDF, PNG or JPG by content, up to 10 MB: the invoice is no longer pending; another replaces it', async () => {
    const { org, admin } = await company({ nome: 'Nota Fiscal Enviada', plano: 'P' }, 1)
    await runBilling(deps, { month: '2025-10' })
    const [invoice] = await invoicesOf(org.id)
    const send = (file: File, token = admin.token, tituloId = invoice.id, orgId = org.id) =>
      t.postForm('/api/empresas/uploadNfTitulo', formOf({ organizacao_id: String(orgId), titulo_id: String(tituloId), nf: file }), { token })

    const sent = await send(fileOf(tinyPdf(), 'nota.pdf', 'application/pdf'))
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body.message).toBe(m.nfSaved)
    expect(sent.body.titulo).toMatchObject({ id: invoice.id, pendente: false, file_nf: `/api/empresas/arquivoTitulo/${org.id}/${invoice.id}/nf.pdf` })
    const nf = await download(sent.body.titulo.file_nf, admin.token)
    expect(nf).toMatchObject({ status: 200 })
    expect(nf.headers.get('content-type')).toBe('application/pdf')
    expect(nf.bytes.equals(tinyPdf())).toBe(true)
    const [entry] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.organizationId, org.id), eq(auditLogs.acao, 'cobranca.nf_enviada')))
    expect(entry.detalhes).toEqual({ numero: invoiceNumber(invoice.id, '2025-10') })

    // A corrected one, as a PNG: it replaces the PDF, whose file is removed.
    const firstKey = (await invoicesOf(org.id))[0].nf!
    const png = await send(fileOf(tinyPng(), 'nota.png', 'image/png'))
    expect(png.body.titulo.file_nf).toBe(`/api/empresas/arquivoTitulo/${org.id}/${invoice.id}/nf.png`)
    expect(await deps.files.readPrivate(firstKey)).toBeNull()
    expect((await download(`/api/empresas/arquivoTitulo/${org.id}/${invoice.id}/nf.pdf`, admin.token)).status).toBe(404)
    expect((await titulos(org.id, admin.token)).body.titulos[0]).toMatchObject({ pendente: false, file_nf: png.body.titulo.file_nf })
  })

  test('refused: another type (whatever its name), too big, no file, not "cobranca", another company, another company\'s invoice', async () => {
    const { org, admin } = await company({ nome: 'Nota Fiscal Recusada', plano: 'P' }, 1)
    const other = await company({ nome: 'Outra Nota', plano: 'P' }, 1)
    await runBilling(deps, { month: '2025-09' })
    const [invoice] = await invoicesOf(org.id)
    const [foreign] = await invoicesOf(other.org.id)
    const clerk = await memberWith(t, org.id, ['empresa'])
    const send = (nf: File | undefined, token = admin.token, tituloId = invoice.id) =>
      t.postForm('/api/empresas/uploadNfTitulo', formOf({ organizacao_id: String(org.id), titulo_id: String(tituloId), nf }), { token })
    const stored = () => readdir(path.join(t.config.dataDir, 'private', 'notas-fiscais')).catch(() => [])
    const before = await stored()

    expectValidation(await send(fileOf(tinyWebp(), 'nota.pdf', 'application/pdf')), { nf: [m.nfBadType] })
    expectValidation(await send(fileOf('não sou um PDF', 'nota.pdf', 'application/pdf')), { nf: [m.nfBadType] })
    expectValidation(await send(fileOf(paddedTo(tinyPdf(), 10 * 1024 * 1024 + 1), 'grande.pdf', 'application/pdf')), { nf: [m.nfTooBig] })
    expectValidation(await send(undefined), { nf: [m.nfRequired] })
    expect(await send(fileOf(tinyPdf(), 'nota.pdf'), clerk.token)).toMatchObject({ status: 403, body: { message: m.billingOnly } })
    expect(await send(fileOf(tinyPdf(), 'nota.pdf'), other.admin.token)).toMatchObject({ status: 403, body: { message: NOT_A_MEMBER } })
    expect(await send(fileOf(tinyPdf(), 'nota.pdf'), admin.token, foreign.id)).toMatchObject({ status: 404, body: { message: m.invoiceNotFound } })
    // Exactly 10 MB passes.
    expect((await send(fileOf(paddedTo(tinyPdf(), 10 * 1024 * 1024), 'limite.pdf', 'application/pdf'))).status).toBe(200)

    expect((await invoicesOf(other.org.id))[0].nf).toBeNull()
    expect((await stored()).length).toBe(before.length + 1)
  })
})
