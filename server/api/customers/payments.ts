import * as customersApi from '../../../app/domain/customers/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, asc, eq, sql } from 'drizzle-orm'
import { customerMessages as m, paymentMessages as pm } from '../../../app/domain/customers/messages.ts'
import type { Db, Tx } from '../../db/client.ts'
import { customerPaymentMethods, paymentMethods } from '../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from '../organizations/audit.ts'
import { findMembership } from '../organizations/membership.ts'
import { likePattern } from '../pagination.ts'
import { findCustomer, requireCustomer, requireSeller } from './shared.ts'

type PaymentMethod = typeof paymentMethods.$inferSelect

const methodAnswer = (p: PaymentMethod) => ({
  id: p.id,
  organizacao_id: p.organizationId,
  nome: p.nome,
  tipo: p.tipo as 'boleto' | 'pix' | 'cartao' | 'credito',
  prazo_dias: p.prazoDias,
  valor_minimo_centavos: p.valorMinimoCentavos,
  created_at: p.createdAt.toISOString(),
})

const byName = [asc(sql`lower(${paymentMethods.nome})`), asc(paymentMethods.id)]

/** Every method of the seller with whether this customer may use it. */
async function methodsOfCustomer(db: Db | Tx, sellerId: number, customerId: number) {
  const rows = await db
    .select({ p: paymentMethods, permitido: sql<boolean>`${customerPaymentMethods.customerId} is not null` })
    .from(paymentMethods)
    .leftJoin(
      customerPaymentMethods,
      and(eq(customerPaymentMethods.paymentMethodId, paymentMethods.id), eq(customerPaymentMethods.customerId, customerId)),
    )
    .where(eq(paymentMethods.organizationId, sellerId))
    .orderBy(...byName)
  return rows.map(({ p, permitido }) => ({ ...methodAnswer(p), permitido }))
}

/** The customer and the method, both of this seller; either missing (or another seller's) is 404. */
async function customerAndMethod(db: Db | Tx, sellerId: number, customerId: number, methodId: number) {
  const customer = await findCustomer(db, sellerId, customerId)
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.organizationId, sellerId)))
  if (!customer || !method) abort(404, customer ? pm.notFound : m.customerNotFound)
  return { customer: customer.c, method }
}

export function registerPaymentCalls(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...customersApi.restorePagamentos, middleware: [auth] as const }), async (c) => {
    const { orgId, search } = c.req.valid('param')
    await requireSeller(db, c.get('user').id, orgId, false)
    const rows = await db
      .select({
        p: paymentMethods,
        clientes: sql<number>`(select count(*) from ${customerPaymentMethods} where ${customerPaymentMethods.paymentMethodId} = ${paymentMethods.id})::int`,
      })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.organizationId, orgId),
          search ? sql`f_unaccent(lower(${paymentMethods.nome})) like f_unaccent(lower(${likePattern(search)}))` : undefined,
        ),
      )
      .orderBy(...byName)
    return c.json({ pagamentos: rows.map(({ p, clientes }) => ({ ...methodAnswer(p), clientes })) }, 200)
  })

  app.openapi(createRoute({ ...customersApi.createPagamento, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const body = c.req.valid('json')
    await requireSeller(db, user.id, body.organizacao_id, true)
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(paymentMethods)
        .values({ organizationId: body.organizacao_id, nome: body.nome, tipo: body.tipo, prazoDias: body.prazo_dias, valorMinimoCentavos: body.valor_minimo })
        // The only unique rule of the table: one name (any case) per seller.
        .onConflictDoNothing()
        .returning()
      if (!row) fail('nome', pm.nomeTaken)
      await audit(tx, { organizationId: body.organizacao_id, userId: user.id, acao: 'pagamento.criado', detalhes: { pagamento_id: row.id, nome: row.nome } })
      return row
    })
    return c.json({ message: pm.created(created.nome), pagamento: { ...methodAnswer(created), clientes: 0 } }, 201)
  })

  app.openapi(createRoute({ ...customersApi.deletePagamento, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const { id } = c.req.valid('param')
    const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id))
    // A method of an organization the caller is not in is "not found": its existence is not theirs to know.
    if (!method || !(await findMembership(db, user.id, method.organizationId))) abort(404, pm.notFound)
    await requireSeller(db, user.id, method.organizationId, true)
    const affected = await db.transaction(async (tx) => {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(customerPaymentMethods)
        .where(eq(customerPaymentMethods.paymentMethodId, method.id))
      // The customers' permissions go with it (on delete cascade).
      const gone = await tx.delete(paymentMethods).where(eq(paymentMethods.id, method.id)).returning({ id: paymentMethods.id })
      if (gone.length === 0) abort(404, pm.notFound)
      await audit(tx, {
        organizationId: method.organizationId,
        userId: user.id,
        acao: 'pagamento.excluido',
        detalhes: { pagamento_id: method.id, nome: method.nome, clientes: n },
      })
      return n
    })
    return c.json({ message: pm.deleted(method.nome, affected), clientes_afetados: affected }, 200)
  })

  app.openapi(createRoute({ ...customersApi.addPagamentoCliente, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    await requireSeller(db, c.get('user').id, body.organizacao_id, true)
    const { customer, method } = await customerAndMethod(db, body.organizacao_id, body.cliente_id, body.pagamento_id)
    await db.insert(customerPaymentMethods).values({ customerId: customer.id, paymentMethodId: method.id }).onConflictDoNothing()
    return c.json({ message: pm.allowed(method.nome, customer.nome) }, 200)
  })

  app.openapi(createRoute({ ...customersApi.deletePagamentoCliente, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    await requireSeller(db, c.get('user').id, body.organizacao_id, true)
    const { customer, method } = await customerAndMethod(db, body.organizacao_id, body.cliente_id, body.pagamento_id)
    await db
      .delete(customerPaymentMethods)
      .where(and(eq(customerPaymentMethods.customerId, customer.id), eq(customerPaymentMethods.paymentMethodId, method.id)))
    return c.json({ message: pm.removed(method.nome, customer.nome) }, 200)
  })

  app.openapi(createRoute({ ...customersApi.restorePagamentosCliente, middleware: [auth] as const }), async (c) => {
    const { orgId, customerId } = c.req.valid('param')
    await requireSeller(db, c.get('user').id, orgId, false)
    const { c: customer } = await requireCustomer(db, orgId, customerId)
    return c.json({ cliente: { id: customer.id, nome: customer.nome }, pagamentos: await methodsOfCustomer(db, orgId, customer.id) }, 200)
  })

  app.openapi(createRoute({ ...customersApi.addPagamentosCliente, middleware: [auth] as const }), async (c) => {
    const { orgId, customerId } = c.req.valid('param')
    await requireSeller(db, c.get('user').id, orgId, true)
    const { c: customer } = await requireCustomer(db, orgId, customerId)
    await db.execute(sql`
      insert into ${customerPaymentMethods} (customer_id, payment_method_id)
      select ${customer.id}, ${paymentMethods.id} from ${paymentMethods} where ${paymentMethods.organizationId} = ${orgId}
      on conflict do nothing`)
    const pagamentos = await methodsOfCustomer(db, orgId, customer.id)
    return c.json({ message: pm.allowedAll(customer.nome), cliente: { id: customer.id, nome: customer.nome }, pagamentos }, 200)
  })

  app.openapi(createRoute({ ...customersApi.deletePagamentosCliente, middleware: [auth] as const }), async (c) => {
    const { orgId, customerId } = c.req.valid('param')
    await requireSeller(db, c.get('user').id, orgId, true)
    const { c: customer } = await requireCustomer(db, orgId, customerId)
    await db.delete(customerPaymentMethods).where(eq(customerPaymentMethods.customerId, customer.id))
    const pagamentos = await methodsOfCustomer(db, orgId, customer.id)
    return c.json({ message: pm.removedAll(customer.nome), cliente: { id: customer.id, nome: customer.nome }, pagamentos }, 200)
  })
}
