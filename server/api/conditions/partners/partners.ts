import * as partnersApi from '../../../../app/domain/conditions/partners-contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { partnerMessages as m } from '../../../../app/domain/conditions/partners-messages.ts'
import { conditionPartners, conditionProducts, organizations, products } from '../../../db/schema/index.ts'
import { abort, requireAuth, ValidationError, type Api, type Deps } from '../../http.ts'
import { audit } from '../../organizations/audit.ts'
import { requireReader } from '../../organizations/area-readers.ts'
import { conditionForReader, conditionForSeller } from '../access.ts'
import { foundOrganization, organizationSearch, partnerRows } from './shared.ts'

export function registerPartnerCalls(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...partnersApi.searchParceiros, middleware: [auth] as const }), async (c) => {
    const { companyId, search } = c.req.valid('param')
    await requireReader(db, c.get('user').id, companyId, 'condicoes')
    const rows = await db
      .select(foundOrganization)
      .from(organizations)
      .where(and(organizationSearch(search, ['f']), ne(organizations.id, companyId)))
      .orderBy(asc(sql`lower(${organizations.nome})`), asc(organizations.id))
      .limit(20)
    return c.json({ parceiros: rows.map(({ tipo: _, ...o }) => o) }, 200)
  })

  app.openapi(createRoute({ ...partnersApi.restoreParceiros, middleware: [auth] as const }), async (c) => {
    const { conditionId } = c.req.valid('param')
    const { organizacao_id: actingFor } = c.req.valid('query')
    const user = c.get('user')
    const access = await conditionForReader(db, user.id, conditionId, { asOrganization: actingFor })
    // An OL sees only its own terms, never the other OLs of the seller.
    const rows = await partnerRows(db, user.id, conditionId, access.as === 'ol' ? eq(conditionPartners.partnerId, access.organizationId) : undefined)
    return c.json({ parceiros: rows }, 200)
  })

  app.openapi(createRoute({ ...partnersApi.addParceiros, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const body = c.req.valid('json')
    const ids = body.parceiros.map((p) => p.organizacao_id)
    await db.transaction(async (tx) => {
      const condition = await conditionForSeller(tx, user.id, body.condicao_id, { permission: 'condicoes', lock: true })
      const valid = new Set(
        (await tx.select({ id: organizations.id }).from(organizations).where(and(inArray(organizations.id, ids), eq(organizations.tipo, 'f'), eq(organizations.active, true)))).map(
          (o) => o.id,
        ),
      )
      const errors: Record<string, string[]> = {}
      body.parceiros.forEach((p, i) => {
        if (p.organizacao_id === condition.organizationId) errors[`parceiros.${i}.organizacao_id`] = [m.notYourself]
        else if (!valid.has(p.organizacao_id)) errors[`parceiros.${i}.organizacao_id`] = [m.notAnOl]
      })
      if (Object.keys(errors).length) throw new ValidationError(errors)
      // A refused OL invited again starts over as pending; an OL already invited keeps its answer and gets the new discount.
      await tx
        .insert(conditionPartners)
        .values(body.parceiros.map((p) => ({ conditionId: condition.id, partnerId: p.organizacao_id, descontoExtra: p.desconto_extra })))
        .onConflictDoUpdate({
          target: [conditionPartners.conditionId, conditionPartners.partnerId],
          set: {
            descontoExtra: sql`excluded.desconto_extra`,
            status: sql`case when ${conditionPartners.status} = 'recusado' then 'pendente' else ${conditionPartners.status} end`,
            respondidoEm: sql`case when ${conditionPartners.status} = 'recusado' then null else ${conditionPartners.respondidoEm} end`,
          },
        })
      await audit(tx, { organizationId: condition.organizationId, userId: user.id, acao: 'condicao.ols_convidados', detalhes: { condicao_id: condition.id, parceiros: body.parceiros } })
    })
    return c.json({ message: m.invited(ids.length), parceiros: await partnerRows(db, user.id, body.condicao_id) }, 200)
  })

  app.openapi(createRoute({ ...partnersApi.aceiteParceiro, middleware: [auth] as const }), async (c) => {
    const { conditionId, partnerId } = c.req.valid('param')
    const user = c.get('user')
    await db.transaction(async (tx) => {
      const access = await conditionForReader(tx, user.id, conditionId, { asOrganization: partnerId, permission: 'condicoes', lock: true })
      if (access.as !== 'ol') abort(404, m.partnerNotFound)
      if (access.partner.status === 'aceito') abort(409, m.alreadyAccepted)
      await tx.update(conditionPartners).set({ status: 'aceito', respondidoEm: sql`now()` }).where(eq(conditionPartners.id, access.partner.id))
      await audit(tx, { organizationId: partnerId, userId: user.id, acao: 'condicao.ol_aceitou', detalhes: { condicao_id: conditionId } })
    })
    const [parceiro] = await partnerRows(db, user.id, conditionId, eq(conditionPartners.partnerId, partnerId))
    return c.json({ message: m.accepted, parceiro }, 200)
  })

  app.openapi(createRoute({ ...partnersApi.deleteParceiro, middleware: [auth] as const }), async (c) => {
    const { conditionId, partnerId, isOperator } = c.req.valid('param')
    const user = c.get('user')
    const message = await db.transaction(async (tx) => {
      if (isOperator) {
        // The OL itself: refusing or leaving keeps the row (status recusado) so the seller sees the answer and may invite again.
        const access = await conditionForReader(tx, user.id, conditionId, { asOrganization: partnerId, permission: 'condicoes', lock: true })
        if (access.as !== 'ol') abort(404, m.partnerNotFound)
        const wasAccepted = access.partner.status === 'aceito'
        await tx.update(conditionPartners).set({ status: 'recusado', respondidoEm: sql`now()`, espelhoDe: null }).where(eq(conditionPartners.id, access.partner.id))
        // Whoever mirrored an OL that left would serve nobody's list: their mirror ends with it.
        await tx.update(conditionPartners).set({ espelhoDe: null }).where(eq(conditionPartners.espelhoDe, access.partner.id))
        await audit(tx, { organizationId: partnerId, userId: user.id, acao: wasAccepted ? 'condicao.ol_saiu' : 'condicao.ol_recusou', detalhes: { condicao_id: conditionId } })
        return wasAccepted ? m.left : m.refused
      }
      const condition = await conditionForSeller(tx, user.id, conditionId, { permission: 'condicoes', lock: true })
      const [removed] = await tx
        .delete(conditionPartners)
        .where(and(eq(conditionPartners.conditionId, condition.id), eq(conditionPartners.partnerId, partnerId)))
        .returning({ id: conditionPartners.id })
      if (!removed) abort(404, m.partnerNotFound)
      await audit(tx, { organizationId: condition.organizationId, userId: user.id, acao: 'condicao.ol_removido', detalhes: { condicao_id: condition.id, parceiro: partnerId } })
      return m.removed
    })
    return c.json({ message }, 200)
  })

  app.openapi(createRoute({ ...partnersApi.showMarcasCategorias, middleware: [auth] as const }), async (c) => {
    const { id } = c.req.valid('param')
    await conditionForReader(db, c.get('user').id, id)
    const distinct = async (column: typeof products.marca | typeof products.categoria) =>
      (
        await db
          .selectDistinct({ v: column })
          .from(conditionProducts)
          .innerJoin(products, eq(products.id, conditionProducts.productId))
          .where(and(eq(conditionProducts.conditionId, id), sql`coalesce(${column}, '') <> ''`))
      )
        .map((r) => r.v as string)
        .sort((a, b) => a.localeCompare(b, 'pt-BR'))
    return c.json({ marcas: await distinct(products.marca), categorias: await distinct(products.categoria) }, 200)
  })
}
