import * as customersApi from '../../../app/domain/customers/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { customerMessages as m } from '../../../app/domain/customers/messages.ts'
import type { CustomerFilter, CustomerOrder } from '../../../app/domain/customers/list-options.ts'
import { linkCustomer } from '../../db/customer-link.ts'
import { customers, organizations } from '../../db/schema/index.ts'
import { partnerInviteMail } from '../../mail/templates.ts'
import { fail, requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from '../organizations/audit.ts'
import { issuePartnerInvite } from '../organizations/partner-invites.ts'
import { likePattern, paginated } from '../pagination.ts'
import { assertVendedor, customerAnswer, requireCustomer, requireSeller, selectCustomers } from './shared.ts'

const FILTERS: Record<CustomerFilter, SQL | undefined> = {
  todos: undefined,
  ativos: eq(customers.bloqueado, false),
  bloqueados: eq(customers.bloqueado, true),
  pendentes: sql`${customers.customerOrgId} is null`,
  vinculados: sql`${customers.customerOrgId} is not null`,
}

/** Whitelisted orderings; the id breaks ties so pages never overlap. */
const ORDERS: Record<CustomerOrder, SQL[]> = {
  nome: [asc(sql`lower(${customers.nome})`), asc(customers.id)],
  '-nome': [desc(sql`lower(${customers.nome})`), desc(customers.id)],
  cnpj: [asc(customers.cnpj), asc(customers.id)],
  '-cnpj': [desc(customers.cnpj), desc(customers.id)],
  created_at: [asc(customers.createdAt), asc(customers.id)],
  '-created_at': [desc(customers.createdAt), desc(customers.id)],
}

/** A CNPJ typed with its mask ('33.444.555/0001') is searched as stored: without the punctuation. */
function searchTerm(search: string) {
  return /^[0-9A-Za-z]*[./-][0-9A-Za-z./-]*$/.test(search) && /\d/.test(search) ? search.replace(/[./-]/g, '') : search
}

/** Accent- and case-insensitive "contains" on the generated `busca` column and its trigram index. */
const customerSearch = (search: string) => sql`${customers.busca} like f_unaccent(lower(${likePattern(searchTerm(search))}))`

export function registerCustomerCalls(app: Api, { db, mailer, config }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...customersApi.restoreClientes, middleware: [auth] as const }), async (c) => {
    const { companyId, regPerPage, search, filter, order } = c.req.valid('param')
    const { page } = c.req.valid('query')
    await requireSeller(db, c.get('user').id, companyId, false)
    const where = and(search ? customerSearch(search) : undefined, FILTERS[filter ?? 'todos'])
    const [{ total }] = await db
      .select({ total: count() })
      .from(customers)
      .where(and(eq(customers.sellerId, companyId), where))
    const rows = await selectCustomers(db, companyId, where)
      .orderBy(...ORDERS[order ?? 'nome'])
      .limit(regPerPage)
      .offset((page - 1) * regPerPage)
    return c.json({ clientes: paginated(rows.map(customerAnswer), total, page, regPerPage) }, 200)
  })

  app.openapi(createRoute({ ...customersApi.createCliente, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const body = c.req.valid('json')
    const sellerId = body.organizacao_id
    const { organization: seller } = await requireSeller(db, user.id, sellerId, true)
    if (seller.cnpj === body.cnpj) fail('cnpj', m.ownCnpj)
    await assertVendedor(db, sellerId, body.vendedor_id)
    const details = {
      nome: body.nome,
      contatoNome: body.contato_nome,
      contatoEmail: body.contato_email,
      contatoTelefone: body.contato_telefone,
      vendedorId: body.vendedor_id ?? null,
    }
    const { id, invite } = await db.transaction(async (tx) => {
      const [already] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.sellerId, sellerId), eq(customers.cnpj, body.cnpj)))
      if (already) fail('cnpj', m.alreadyCustomer)
      const [company] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.cnpj, body.cnpj))
      let customerId: number
      let invite: Awaited<ReturnType<typeof issuePartnerInvite>> | null = null
      if (company) {
        // On the platform: linked at once (the chat's link and the customer record), then the seller's own details.
        await linkCustomer(tx, sellerId, company.id)
        const [row] = await tx
          .update(customers)
          .set({ ...details, updatedAt: sql`now()` })
          .where(and(eq(customers.sellerId, sellerId), eq(customers.cnpj, body.cnpj)))
          .returning({ id: customers.id })
        customerId = row.id
      } else {
        const [row] = await tx
          .insert(customers)
          .values({ sellerId, cnpj: body.cnpj, ...details })
          .onConflictDoNothing()
          .returning({ id: customers.id })
        if (!row) fail('cnpj', m.alreadyCustomer)
        customerId = row.id
        invite = await issuePartnerInvite(tx, config.appUrl, {
          inviterId: sellerId,
          userId: user.id,
          nome: body.nome,
          cnpj: body.cnpj,
          email: body.contato_email,
          relacao: 'cliente',
          tipo: 'v',
        })
        await tx.update(customers).set({ inviteId: invite.inviteId }).where(eq(customers.id, customerId))
      }
      await audit(tx, {
        organizationId: sellerId,
        userId: user.id,
        acao: 'cliente.criado',
        detalhes: { cliente_id: customerId, nome: body.nome, cnpj: body.cnpj, vinculado: Boolean(company) },
      })
      return { id: customerId, invite }
    })
    // The invite goes to the contact's e-mail when there is one; otherwise the seller shares the link answered here.
    if (invite && body.contato_email) await mailer.send(partnerInviteMail(body.contato_email, seller.nome, invite.link))
    const cliente = customerAnswer(await requireCustomer(db, sellerId, id))
    const message = !invite
      ? m.createdLinked(body.nome)
      : body.contato_email
        ? m.createdInvited(body.nome, body.contato_email)
        : m.createdInviteLink(body.nome)
    const convite = invite ? { link: invite.link, expires_at: invite.expiresAt.toISOString(), enviado_para: body.contato_email } : null
    return c.json({ message, cliente, convite }, 201)
  })

  app.openapi(createRoute({ ...customersApi.updateCliente, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const body = c.req.valid('json')
    const sellerId = body.organizacao_id
    await requireSeller(db, user.id, sellerId, true)
    await assertVendedor(db, sellerId, body.vendedor_id)
    await db.transaction(async (tx) => {
      const { c: before } = await requireCustomer(tx, sellerId, body.cliente_id)
      const after = {
        nome: body.nome,
        contatoNome: body.contato_nome,
        contatoEmail: body.contato_email,
        contatoTelefone: body.contato_telefone,
        // Absent keeps the seller; null removes it.
        vendedorId: body.vendedor_id === undefined ? before.vendedorId : body.vendedor_id,
      }
      const campos = (Object.keys(after) as (keyof typeof after)[]).filter((k) => after[k] !== before[k])
      if (campos.length === 0) return
      await tx.update(customers).set({ ...after, updatedAt: sql`now()` }).where(eq(customers.id, before.id))
      await audit(tx, { organizationId: sellerId, userId: user.id, acao: 'cliente.atualizado', detalhes: { cliente_id: before.id, nome: body.nome, campos } })
    })
    return c.json({ message: m.updated, cliente: customerAnswer(await requireCustomer(db, sellerId, body.cliente_id)) }, 200)
  })

  for (const [endpoint, bloqueado] of [
    [customersApi.bloqueiaCliente, true],
    [customersApi.desbloqueiaCliente, false],
  ] as const) {
    app.openapi(createRoute({ ...endpoint, middleware: [auth] as const }), async (c) => {
      const user = c.get('user')
      const { orgId, customerId } = c.req.valid('param')
      await requireSeller(db, user.id, orgId, true)
      await db.transaction(async (tx) => {
        const { c: customer } = await requireCustomer(tx, orgId, customerId)
        // Idempotent: the same state again changes nothing and records nothing.
        if (customer.bloqueado === bloqueado) return
        await tx.update(customers).set({ bloqueado, updatedAt: sql`now()` }).where(eq(customers.id, customer.id))
        await audit(tx, {
          organizationId: orgId,
          userId: user.id,
          acao: bloqueado ? 'cliente.bloqueado' : 'cliente.desbloqueado',
          detalhes: { cliente_id: customer.id, nome: customer.nome, cnpj: customer.cnpj },
        })
      })
      const cliente = customerAnswer(await requireCustomer(db, orgId, customerId))
      return c.json({ message: bloqueado ? m.blocked(cliente.nome) : m.unblocked(cliente.nome), cliente }, 200)
    })
  }

  app.openapi(createRoute({ ...customersApi.findCliente, middleware: [auth] as const }), async (c) => {
    const { orgId, cnpj } = c.req.valid('param')
    await requireSeller(db, c.get('user').id, orgId, false)
    const [mine] = await selectCustomers(db, orgId, eq(customers.cnpj, cnpj))
    const [org] = await db
      .select({ organizacao_id: organizations.id, nome: organizations.nome, tipo: organizations.tipo })
      .from(organizations)
      .where(eq(organizations.cnpj, cnpj))
    return c.json({ cnpj, cliente: mine ? customerAnswer(mine) : null, organizacao: org ?? null }, 200)
  })
}
