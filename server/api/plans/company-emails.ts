import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import * as billingApi from '../../../app/domain/plans/billing-contract.ts'
import type { CompanyEmailType } from '../../../app/domain/plans/billing-contract.ts'
import { billingMessages as m } from '../../../app/domain/plans/billing-messages.ts'
import { limitAsPermission, mayAddOne, planLimit } from '../../../app/domain/plans/plans.ts'
import type { Db, Tx } from '../../db/client.ts'
import { companyEmails, organizations } from '../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from '../organizations/audit.ts'
import { requireMembership, requirePermission } from '../organizations/membership.ts'

/** The finance address is one: it gets each new invoice with its receipt. */
const FINANCE_LIMIT = 1

/** How many addresses of the type the organization may hold: finance one, commercial as the plan held says. */
const limitOf = (plano: string, tipo: CompanyEmailType) => (tipo === 'F' ? FINANCE_LIMIT : planLimit(plano, 'emailsComerciais'))

async function countOf(db: Db | Tx, orgId: number, tipo: CompanyEmailType) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(companyEmails)
    .where(and(eq(companyEmails.organizationId, orgId), eq(companyEmails.tipo, tipo)))
  return n
}

/**
 * The company e-mails of the plans modal (decision 051): read by any member; added and removed by admins and
 * members holding 'cobranca'. Finance (F): at most one, a second is a 422 on the field. Commercial (C): as
 * many as the plan held allows (not a trial's: decision 050); past it a 403 with the plan's message, as the
 * screen answers it with the restricted-feature modal rather than a field error.
 */
export function registerCompanyEmails(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...billingApi.restoreEmailsEmpresa, middleware: [auth] as const }), async (c) => {
    const { orgId, tipo } = c.req.valid('param')
    const data = await db.transaction(async (tx) => {
      const { organization } = await requireMembership(tx, c.get('user').id, orgId)
      const emails = await tx
        .select({ id: companyEmails.id, email: companyEmails.email, tipo: companyEmails.tipo })
        .from(companyEmails)
        .where(and(eq(companyEmails.organizationId, orgId), eq(companyEmails.tipo, tipo)))
        .orderBy(asc(companyEmails.email), asc(companyEmails.id))
      const limit = limitOf(organization.plano, tipo)
      return { emails: emails.map((e) => ({ ...e, tipo: e.tipo as CompanyEmailType })), limite: limitAsPermission(limit), pode_adicionar: mayAddOne(limit, emails.length) }
    })
    return c.json({ data }, 200)
  })

  app.openapi(createRoute({ ...billingApi.addEmailEmpresa, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const body = c.req.valid('json')
    const email = await db.transaction(async (tx) => {
      await requirePermission(tx, user.id, body.organizacao_id, 'cobranca', m.billingOnly)
      // Locked, as an order e-mail and a plan change lock it: two adds at once cannot pass a limit together,
      // nor can an add slip past a downgrade that counted the addresses.
      const [org] = await tx.select({ plano: organizations.plano }).from(organizations).where(eq(organizations.id, body.organizacao_id)).for('update')
      // An address already listed is said as such, also at the limit (not as a reason to upgrade).
      const [listed] = await tx
        .select({ id: companyEmails.id })
        .from(companyEmails)
        .where(and(eq(companyEmails.organizationId, body.organizacao_id), eq(companyEmails.tipo, body.tipo), sql`lower(${companyEmails.email}) = lower(${body.email})`))
      if (listed) fail('email', m.emailExists)
      const limit = limitOf(org.plano, body.tipo)
      if (!mayAddOne(limit, await countOf(tx, body.organizacao_id, body.tipo))) {
        if (body.tipo === 'F') fail('email', m.financeOnlyOne)
        abort(403, limit === 0 ? m.commercialNone : m.commercialLimit(limit))
      }
      const [row] = await tx
        .insert(companyEmails)
        .values({ organizationId: body.organizacao_id, email: body.email, tipo: body.tipo })
        .onConflictDoNothing()
        .returning({ id: companyEmails.id, email: companyEmails.email })
      if (!row) fail('email', m.emailExists)
      await audit(tx, { organizationId: body.organizacao_id, userId: user.id, acao: 'cobranca.email_adicionado', detalhes: { email: row.email, tipo: body.tipo } })
      return { ...row, tipo: body.tipo }
    })
    return c.json({ message: m.emailAdded, email }, 201)
  })

  app.openapi(createRoute({ ...billingApi.deleteEmailEmpresa, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const { orgId, email, tipo } = c.req.valid('param')
    await db.transaction(async (tx) => {
      await requirePermission(tx, user.id, orgId, 'cobranca', m.billingOnly)
      const removed = await tx
        .delete(companyEmails)
        .where(and(eq(companyEmails.organizationId, orgId), eq(companyEmails.tipo, tipo), sql`lower(${companyEmails.email}) = lower(${email})`))
        .returning({ email: companyEmails.email })
      if (removed.length === 0) abort(404, m.emailNotFound)
      await audit(tx, { organizationId: orgId, userId: user.id, acao: 'cobranca.email_removido', detalhes: { email: removed[0].email, tipo } })
    })
    return c.json({ message: m.emailRemoved }, 200)
  })
}
