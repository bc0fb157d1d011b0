import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import { billingMessages as m } from '../../app/domain/plans/billing-messages.ts'
import { invoiceAmount, invoiceNumber, isBillableMonth, monthOfDate, monthStart } from '../../app/domain/plans/invoices.ts'
import { PLANS, PAID_PLAN_CODES } from '../../app/domain/plans/plans.ts'
import { arrayParam } from '../db/array-param.ts'
import type { Db } from '../db/client.ts'
import { companyEmails, invoices, organizations } from '../db/schema/index.ts'
import type { FileStore } from '../files/file-store.ts'
import { invoiceMail } from '../mail/billing-templates.ts'
import type { Mailer } from '../mail/mailer.ts'
import { writeReceipt } from './receipt.ts'

/**
 * The monthly billing job (decision 051): one invoice per paying organization and month, with its receipt
 * PDF and the mail to the finance address. Safe to run at once on several nodes, and again: the invoice is
 * inserted against the unique (organization, month) with ON CONFLICT DO NOTHING, and each delivery (receipt
 * and mail) is taken by one run at a time with a lease on the row, so a run that dies leaves its deliveries
 * to the next one instead of losing or repeating them.
 */

export type BillingDeps = { db: Db; files: FileStore; mailer: Mailer }

export type BillingOptions = {
  /** 'yyyy-mm', not after the current month in São Paulo. */
  month: string
  /** Receipts rendered and mailed at once: each is a little CPU and a file write, so a few are enough. */
  concurrency?: number
  /** How long a run holds a delivery it took before another run may take it again. */
  leaseMs?: number
  now?: Date
}

export type BillingReport = {
  mes: string
  /** Invoices this run inserted. */
  criados: number
  /** Paying organizations whose invoice of the month another run (or an earlier one) had inserted. */
  jaExistiam: number
  /** Pro ∞ organizations without a negotiated amount: not billed. */
  semValorNegociado: number
  /** Deliveries this run finished (receipt rendered, finance address mailed when there is one), of any month. */
  entregues: number
  emails: number
  falhas: number
  ms: number
}

/** Organizations read per page: memory stays bounded whatever their number, and each page is one insert. */
const PAGE = 1000
const DEFAULT_LEASE_MS = 15 * 60_000

export async function runBilling(deps: BillingDeps, options: BillingOptions): Promise<BillingReport> {
  const started = performance.now()
  const now = options.now ?? new Date()
  if (!isBillableMonth(options.month, now)) throw new Error(m.monthInvalid)
  const report: BillingReport = { mes: options.month, criados: 0, jaExistiam: 0, semValorNegociado: 0, entregues: 0, emails: 0, falhas: 0, ms: 0 }
  await createInvoices(deps.db, options.month, report)
  await deliverAll(deps, options.concurrency ?? 4, options.leaseMs ?? DEFAULT_LEASE_MS, report)
  report.ms = performance.now() - started
  return report
}

/**
 * Inserts the month's invoices of the organizations that hold a paid plan, a page at a time. Those already
 * billed for the month are left out of the read (a second run reads nothing to insert), and the unique key
 * decides between runs that read the same organization at once: the loser's row is simply not inserted.
 */
async function createInvoices(db: Db, month: string, report: BillingReport) {
  const mes = monthStart(month)
  let after = 0
  for (;;) {
    const page = await db
      .select({
        id: organizations.id,
        plano: organizations.plano,
        negociado: organizations.valorNegociadoCentavos,
        // Written out in full: drizzle leaves a one-table select's columns unqualified, and a bare "id" in the
        // subquery would be the membership's.
        usuarios: sql<number>`(select count(*)::int from memberships m where m.organization_id = organizations.id and m.active)`,
      })
      .from(organizations)
      .where(
        and(
          gt(organizations.id, after),
          inArray(organizations.plano, [...PAID_PLAN_CODES]),
          sql`not exists (select 1 from invoices i where i.organization_id = organizations.id and i.mes = ${mes})`,
        ),
      )
      .orderBy(asc(organizations.id))
      .limit(PAGE)
    if (page.length === 0) return
    after = page[page.length - 1].id
    const rows = []
    for (const org of page) {
      const amount = invoiceAmount(org.plano, org.usuarios, org.negociado)
      if (!amount) {
        report.semValorNegociado++
        continue
      }
      rows.push({
        organizationId: org.id,
        mes,
        plano: amount.plano,
        usuarios: amount.usuarios,
        usuariosCobrados: amount.usuariosCobrados,
        precoUsuarioCentavos: amount.precoUsuarioCentavos,
        valorCentavos: amount.centavos,
      })
    }
    if (rows.length === 0) continue
    const inserted = await db
      .insert(invoices)
      .values(rows)
      .onConflictDoNothing({ target: [invoices.organizationId, invoices.mes] })
      .returning({ id: invoices.id })
    report.criados += inserted.length
    report.jaExistiam += rows.length - inserted.length
  }
}

type Claimed = {
  id: number
  organization_id: number
  mes: string
  plano: string
  usuarios: number
  usuarios_cobrados: number
  preco_usuario_centavos: number | null
  valor_centavos: number
  recibo: string | null
}

/**
 * Takes up to `limit` invoices whose delivery is not done and that no run holds (or whose holder's lease
 * expired), for `leaseMs`. SKIP LOCKED: two runs taking at once get different invoices instead of waiting.
 */
async function claim(db: Db, limit: number, leaseMs: number) {
  const result = await db.execute(sql`
    update invoices set reservado_ate = now() + make_interval(secs => ${leaseMs / 1000})
    where id in (
      select id from invoices
      where entregue_em is null and (reservado_ate is null or reservado_ate < now())
      order by id limit ${limit}
      for update skip locked
    )
    returning id, organization_id, to_char(mes, 'YYYY-MM-DD') as mes, plano, usuarios, usuarios_cobrados, preco_usuario_centavos, valor_centavos, recibo`)
  return (result as unknown as { rows: Claimed[] }).rows
}

/**
 * Every delivery still to make, of any month (one a run left unfinished too), a batch at a time. A batch's
 * deliveries are written done in one statement once its receipts and mails are out: a run that dies before
 * it leaves them held, and the run that takes them again mails them again (at least once, never lost).
 */
async function deliverAll(deps: BillingDeps, concurrency: number, leaseMs: number, report: BillingReport) {
  for (;;) {
    const batch = await claim(deps.db, concurrency * 8, leaseMs)
    if (batch.length === 0) return
    const orgs = await deps.db
      .select({ id: organizations.id, nome: organizations.nome, razaoSocial: organizations.razaoSocial, cnpj: organizations.cnpj, financeiro: companyEmails.email })
      .from(organizations)
      .leftJoin(companyEmails, and(eq(companyEmails.organizationId, organizations.id), eq(companyEmails.tipo, 'F')))
      .where(inArray(organizations.id, [...new Set(batch.map((i) => i.organization_id))]))
    const byId = new Map(orgs.map((o) => [o.id, o]))
    const done: { id: number; recibo: string }[] = []
    await eachLimited(batch, concurrency, async (invoice) => {
      const receipt = { key: invoice.recibo }
      try {
        const mailed = await deliver(deps, invoice, byId.get(invoice.organization_id)!, receipt)
        done.push({ id: invoice.id, recibo: receipt.key! })
        if (mailed) report.emails++
      } catch (error) {
        // Left held: the lease expires and a later run tries again (with the receipt, when it was made); this
        // run goes on with the others.
        report.falhas++
        console.error(m.deliveryFailed(invoice.id), error)
        if (receipt.key && !invoice.recibo) await deps.db.update(invoices).set({ recibo: receipt.key }).where(eq(invoices.id, invoice.id))
      }
    })
    if (done.length === 0) continue
    await deps.db.execute(sql`
      update invoices set recibo = done.recibo, entregue_em = now(), reservado_ate = null
      from (select unnest(${arrayParam(done.map((d) => d.id), 'integer')}) as id, unnest(${arrayParam(done.map((d) => d.recibo), 'text')}) as recibo) done
      where invoices.id = done.id`)
    report.entregues += done.length
  }
}

type Org = { nome: string; razaoSocial: string | null; cnpj: string; financeiro: string | null }

/**
 * The receipt (rendered once: `receipt.key` says which file it is, kept when rendered earlier) and the mail
 * to the finance address; true when a mail went out.
 */
async function deliver(deps: BillingDeps, invoice: Claimed, org: Org, receipt: { key: string | null }) {
  const { files, mailer } = deps
  const month = monthOfDate(invoice.mes)
  const numero = invoiceNumber(invoice.id, month)
  const empresa = org.razaoSocial || org.nome
  let attachment: { path: string } | { content: Buffer } | null = null
  if (receipt.key === null) {
    const target = await files.privateTarget({ folder: 'recibos', ext: 'pdf' })
    const plan = PLANS[invoice.plano as (typeof PAID_PLAN_CODES)[number]]
    try {
      await writeReceipt(
        {
          numero,
          empresa,
          cnpj: org.cnpj,
          mes: month,
          plano: invoice.plano,
          usuarios: invoice.usuarios,
          usuariosCobrados: invoice.usuarios_cobrados,
          usuariosMinimos: plan.preco.tipo === 'por_usuario' ? plan.preco.usuariosMinimos : null,
          precoUsuarioCentavos: invoice.preco_usuario_centavos,
          centavos: invoice.valor_centavos,
          emitidoEm: new Date(),
        },
        target.path,
      )
    } catch (error) {
      await files.removePrivate(target.key)
      throw error
    }
    receipt.key = target.key
    attachment = { path: target.path }
  }
  if (!org.financeiro) return false
  if (!attachment) {
    const bytes = await files.readPrivate(receipt.key)
    if (!bytes) throw new Error(`Recibo ${receipt.key} ausente`)
    attachment = { content: bytes }
  }
  await mailer.send(invoiceMail(org.financeiro, { numero, empresa, mes: month, plano: invoice.plano, centavos: invoice.valor_centavos, attachment }))
  return true
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await fn(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}
