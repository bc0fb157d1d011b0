import { createRoute } from '@hono/zod-openapi'
import { and, eq, inArray, sql } from 'drizzle-orm'
import * as buyersApi from '../../../../app/domain/conditions/buyers-contract.ts'
import { buyersMessages as m } from '../../../../app/domain/conditions/buyers-messages.ts'
import type { Tx } from '../../../db/client.ts'
import { conditionBuyers, conditionPartners, customers, organizations } from '../../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../../http.ts'
import { conditionForReader } from '../access.ts'
import { listAnswer, listPartnerId, listRows, openList, type BuyerList } from './lists.ts'
import { customersByCnpj, flagsByCnpj, resolveBuyer } from './resolve.ts'

type NewBuyer = { customerId: number | null; bandeiraId: number | null }

/** Adds to a list; rows already there stay as they are. Answers how many were new. */
async function addToList(tx: Tx, list: BuyerList, buyers: NewBuyer[]) {
  if (buyers.length === 0) return 0
  const conditionPartnerId = listPartnerId(list)
  const added = await tx
    .insert(conditionBuyers)
    .values(buyers.map((b) => ({ conditionId: list.condition.id, conditionPartnerId, customerId: b.customerId, bandeiraId: b.bandeiraId })))
    .onConflictDoNothing()
    .returning({ id: conditionBuyers.id })
  return added.length
}

const addedAnswer = (added: number, total: number) => ({ message: m.added(added, total - added), adicionados: added, ja_estavam: total - added })

export function registerBuyerCalls(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...buyersApi.restoreCompradores, middleware: [auth] as const }), async (c) => {
    const { conditionId, regPerPage, search, type } = c.req.valid('param')
    const list = await openList(db, c.get('user').id, conditionId, null, { change: false })
    return c.json(await listAnswer(db, list, { search, type, page: c.req.valid('query').page, perPage: regPerPage }), 200)
  })

  app.openapi(createRoute({ ...buyersApi.restoreCompradoresOls, middleware: [auth] as const }), async (c) => {
    const { conditionId, olId, regPerPage, search, type } = c.req.valid('param')
    const list = await openList(db, c.get('user').id, conditionId, olId, { change: false })
    return c.json(await listAnswer(db, list, { search, type, page: c.req.valid('query').page, perPage: regPerPage }), 200)
  })

  app.openapi(createRoute({ ...buyersApi.restoreVarejos, middleware: [auth] as const }), async (c) => {
    const { cnpj, x } = c.req.valid('param')
    const { ol } = c.req.valid('query')
    const userId = c.get('user').id
    const access = await conditionForReader(db, userId, x)
    // Without ?ol= the caller's own list: the direct one for the seller, its OL's for an OL.
    const list = await openList(db, userId, x, ol ?? (access.as === 'ol' ? access.partner.partnerId : null), { change: false })
    const [record] = await db
      .select({ id: customers.id, nome: customers.nome, bloqueado: customers.bloqueado, customerOrgId: customers.customerOrgId })
      .from(customers)
      .where(and(eq(customers.sellerId, list.owner), eq(customers.cnpj, cnpj)))
    const [company] = await db
      .select({ id: organizations.id, nome: organizations.nome, tipo: organizations.tipo, bandeiraId: organizations.bandeiraId })
      .from(organizations)
      .where(eq(organizations.cnpj, cnpj))
    const inList = async (column: typeof conditionBuyers.customerId | typeof conditionBuyers.bandeiraId, id: number) =>
      (await db.select({ id: conditionBuyers.id }).from(conditionBuyers).where(and(listRows(list), eq(column, id)))).length > 0
    const cliente = record
      ? {
          id: record.id,
          nome: record.nome,
          situacao: record.bloqueado ? ('bloqueado' as const) : record.customerOrgId === null ? ('pendente' as const) : ('vinculado' as const),
          ja_comprador: await inList(conditionBuyers.customerId, record.id),
        }
      : null
    let bandeira = null
    let unidade = null
    if (company?.tipo === 'b') {
      const [{ unidades }] = await db.select({ unidades: sql<number>`count(*)::int` }).from(organizations).where(eq(organizations.bandeiraId, company.id))
      bandeira = { id: company.id, nome: company.nome, unidades, ja_comprador: await inList(conditionBuyers.bandeiraId, company.id) }
    } else if (company?.tipo === 'v') {
      const [flagOf] = company.bandeiraId
        ? await db.select({ id: organizations.id, nome: organizations.nome }).from(organizations).where(eq(organizations.id, company.bandeiraId))
        : []
      unidade = { id: company.id, nome: company.nome, bandeira: flagOf ?? null }
    }
    if (!cliente && !bandeira && !unidade) abort(404, m.cnpjNotFound)
    return c.json({ cnpj, cliente, bandeira, unidade }, 200)
  })

  app.openapi(createRoute({ ...buyersApi.addCompradores, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const userId = c.get('user').id
    const added = await db.transaction(async (tx) => {
      const list = await openList(tx, userId, body.condicao_id, body.parceiro_id ?? null, { change: true, lock: true })
      const customerIds = body.compradores.flatMap((b) => ('cliente_id' in b ? [b.cliente_id] : []))
      const flagIds = body.compradores.flatMap((b) => ('bandeira_id' in b ? [b.bandeira_id] : []))
      const mine = new Set(
        customerIds.length
          ? (await tx.select({ id: customers.id }).from(customers).where(and(eq(customers.sellerId, list.owner), inArray(customers.id, customerIds)))).map((r) => r.id)
          : [],
      )
      const flags = new Set(
        flagIds.length
          ? (await tx.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.tipo, 'b'), inArray(organizations.id, flagIds)))).map((r) => r.id)
          : [],
      )
      body.compradores.forEach((b, i) => {
        if ('cliente_id' in b && !mine.has(b.cliente_id)) fail(`compradores.${i}.cliente_id`, m.customerNotYours)
        if ('bandeira_id' in b && !flags.has(b.bandeira_id)) fail(`compradores.${i}.bandeira_id`, m.flagNotFound)
      })
      const buyers = body.compradores.map((b) => ('cliente_id' in b ? { customerId: b.cliente_id, bandeiraId: null } : { customerId: null, bandeiraId: b.bandeira_id }))
      return { added: await addToList(tx, list, buyers), total: new Set(buyers.map((b) => `${b.customerId}:${b.bandeiraId}`)).size }
    })
    return c.json(addedAnswer(added.added, added.total), 200)
  })

  app.openapi(createRoute({ ...buyersApi.addCompradoresList, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const userId = c.get('user').id
    const added = await db.transaction(async (tx) => {
      const list = await openList(tx, userId, body.condicao_id, body.parceiro_id ?? null, { change: true, lock: true })
      let buyers: NewBuyer[]
      if (body.cnpjs) {
        const cnpjs = [...new Set(body.cnpjs)]
        const mine = await customersByCnpj(tx, list.owner, cnpjs)
        const flags = await flagsByCnpj(tx, cnpjs)
        buyers = body.cnpjs.map((cnpj, i) => resolveBuyer(cnpj, mine, flags) ?? fail(`cnpjs.${i}`, m.sheetCnpjUnknown))
      } else {
        buyers = (await tx.select({ id: customers.id }).from(customers).where(eq(customers.sellerId, list.owner))).map((r) => ({ customerId: r.id, bandeiraId: null }))
        if (buyers.length === 0) fail('todos_clientes', m.noCustomers)
      }
      return { added: await addToList(tx, list, buyers), total: new Set(buyers.map((b) => `${b.customerId}:${b.bandeiraId}`)).size }
    })
    return c.json(addedAnswer(added.added, added.total), 200)
  })

  /** The rows named, all of this condition, each in a list the caller may change; else nothing is removed. */
  async function removeRows(tx: Tx, userId: number, conditionId: number, ids: number[], missing: () => never) {
    await conditionForReader(tx, userId, conditionId, { lock: true })
    const rows = await tx
      .select({ id: conditionBuyers.id, partnerOrg: conditionPartners.partnerId })
      .from(conditionBuyers)
      .leftJoin(conditionPartners, eq(conditionPartners.id, conditionBuyers.conditionPartnerId))
      .where(and(eq(conditionBuyers.conditionId, conditionId), inArray(conditionBuyers.id, ids)))
    if (rows.length !== new Set(ids).size) missing()
    for (const olOrgId of new Set(rows.map((r) => r.partnerOrg))) await openList(tx, userId, conditionId, olOrgId, { change: true })
    await tx.delete(conditionBuyers).where(inArray(conditionBuyers.id, ids))
    return rows.length
  }

  app.openapi(createRoute({ ...buyersApi.deleteCompradores, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    await db.transaction((tx) => removeRows(tx, c.get('user').id, body.condicao_id, [body.comprador_id], () => abort(404, m.buyerNotFound)))
    return c.json({ message: m.removed(1) }, 200)
  })

  app.openapi(createRoute({ ...buyersApi.deleteCompradoresList, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    const removed = await db.transaction((tx) => removeRows(tx, c.get('user').id, body.condicao_id, body.compradores, () => fail('compradores', m.buyerNotFound)))
    return c.json({ message: m.removed(removed) }, 200)
  })
}
