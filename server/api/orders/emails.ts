import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import * as ordersApi from '../../../app/domain/orders/contract.ts'
import { orderMessages as m } from '../../../app/domain/orders/messages.ts'
import type { Db, Tx } from '../../db/client.ts'
import { orderEmails, organizations } from '../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { limitAsPermission, mayAddOne, planLimit } from '../../../app/domain/plans/plans.ts'
import { holdsPermission, requireMembership, requirePermission } from '../organizations/membership.ts'
import { likePattern } from '../pagination.ts'
import { ORDER_READERS } from '../../../app/domain/orders/readers.ts'

async function countOf(db: Db | Tx, orgId: number) {
  const [{ n }] = await db.select({ n: count() }).from(orderEmails).where(eq(orderEmails.organizationId, orgId))
  return n
}

/** The order e-mails: read by members, changed with the permission 'empresa'; adding also needs to read the orders. */
export function registerOrderEmails(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...ordersApi.restoreEmailPedido, middleware: [auth] as const }), async (c) => {
    const { orgId, search } = c.req.valid('param')
    const { organization } = await requireMembership(db, c.get('user').id, orgId)
    const emails = await db
      .select({ id: orderEmails.id, email: orderEmails.email })
      .from(orderEmails)
      .where(and(eq(orderEmails.organizationId, orgId), search ? sql`lower(${orderEmails.email}) like lower(${likePattern(search)})` : undefined))
      .orderBy(asc(orderEmails.email), asc(orderEmails.id))
    // The plan held, not a trial's: what a trial added would be over the limit when it ends (decision 050).
    const limit = planLimit(organization.plano, 'emailsPedidos')
    return c.json({ emails, limite: limitAsPermission(limit), pode_adicionar: mayAddOne(limit, await countOf(db, orgId)) }, 200)
  })

  app.openapi(createRoute({ ...ordersApi.addEmailPedido, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const email = await db.transaction(async (tx) => {
      const { membership } = await requirePermission(tx, c.get('user').id, body.organizacao_id, 'empresa')
      // Each address gets every new order in full: whoever adds one must be able to read the orders.
      if (!(await holdsPermission(tx, membership, ORDER_READERS))) abort(403, m.emailNeedsOrderReading)
      // Locked: two adds at once must not pass a limit of 1 together.
      const [org] = await tx.select({ plano: organizations.plano }).from(organizations).where(eq(organizations.id, body.organizacao_id)).for('update')
      // An address already on the list is said as such, also at the plan's limit (not as a reason to upgrade).
      const [listed] = await tx
        .select({ id: orderEmails.id })
        .from(orderEmails)
        .where(and(eq(orderEmails.organizationId, body.organizacao_id), sql`lower(${orderEmails.email}) = lower(${body.email})`))
      if (listed) fail('email', m.emailExists)
      const limit = planLimit(org.plano, 'emailsPedidos')
      if (!mayAddOne(limit, await countOf(tx, body.organizacao_id))) fail('email', limit === 0 ? m.emailPlanNone : m.emailPlanLimit(limit))
      const [row] = await tx
        .insert(orderEmails)
        .values({ organizationId: body.organizacao_id, email: body.email })
        .onConflictDoNothing()
        .returning({ id: orderEmails.id, email: orderEmails.email })
      if (!row) fail('email', m.emailExists)
      return row
    })
    return c.json({ message: m.emailAdded, email }, 201)
  })

  app.openapi(createRoute({ ...ordersApi.deleteEmailPedido, middleware: [auth] as const }), async (c) => {
    const { orgId, emailId, email } = c.req.valid('param')
    await requirePermission(db, c.get('user').id, orgId, 'empresa')
    const removed = await db
      .delete(orderEmails)
      .where(and(eq(orderEmails.id, emailId), eq(orderEmails.organizationId, orgId), sql`lower(${orderEmails.email}) = lower(${email})`))
      .returning({ id: orderEmails.id })
    if (removed.length === 0) abort(404, m.emailNotFound)
    return c.json({ message: m.emailRemoved }, 200)
  })
}
