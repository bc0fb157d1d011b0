import { createRoute } from '@hono/zod-openapi'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { planAllows } from '../../../app/domain/plans/plans.ts'
import * as storeApi from '../../../app/domain/virtual-store/contract.ts'
import { virtualStoreMessages as m } from '../../../app/domain/virtual-store/messages.ts'
import type { Db } from '../../db/client.ts'
import { pgError } from '../products/shared.ts'
import { organizations, products, virtualStores } from '../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from '../organizations/audit.ts'
import { requireMembership, requirePermission } from '../organizations/membership.ts'
import { paginated } from '../pagination.ts'
import { productSearch } from '../products/search.ts'

const PER_PAGE = 24

const storeOf = (appUrl: string, row: { slug: string; texto: string }) => ({ slug: row.slug, texto: row.texto, link: `${appUrl}/loja/${row.slug}` })

async function readStore(db: Db, organizationId: number) {
  const [row] = await db.select().from(virtualStores).where(eq(virtualStores.organizationId, organizationId))
  return row ?? null
}

/**
 * The virtual store (decision 053): its settings for the company's members, and its public page for anyone. The
 * page shows only while the company's plan has the store (Pro ∞); the settings stay, and come back with the plan.
 */
export function registerVirtualStore(app: Api, { db, config }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...storeApi.restorePlaceholder, middleware: [auth] as const }), async (c) => {
    const { id } = c.req.valid('param')
    const { organization } = await requireMembership(db, c.get('user').id, id)
    const row = await readStore(db, id)
    return c.json({ loja: row && storeOf(config.appUrl, row), disponivel: planAllows(organization, 'lojaVirtual', new Date()) }, 200)
  })

  app.openapi(createRoute({ ...storeApi.storePlaceholder, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const { organizacao_id, slug, texto } = c.req.valid('json')
    const saved = await db.transaction(async (tx) => {
      const { organization } = await requirePermission(tx, user.id, organizacao_id, 'empresa')
      if (!planAllows(organization, 'lojaVirtual', new Date())) abort(403, m.notInPlan)
      const [row] = await tx
        .insert(virtualStores)
        .values({ organizationId: organizacao_id, slug, texto })
        .onConflictDoUpdate({ target: virtualStores.organizationId, set: { slug, texto, updatedAt: sql`now()` } })
        .returning()
        .catch((error: unknown) => {
          // An address another store has (claimed before, or at the same moment): the unique index says so.
          if (pgError(error)?.constraint === 'virtual_stores_slug_unique') fail('slug', m.slugTaken)
          throw error
        })
      await audit(tx, { organizationId: organizacao_id, userId: user.id, acao: 'loja_virtual.alterada', detalhes: { slug } })
      return row
    })
    return c.json({ message: m.saved, loja: storeOf(config.appUrl, saved) }, 200)
  })

  app.openapi(createRoute(storeApi.showStore), async (c) => {
    const { slug } = c.req.valid('param')
    const { page, search } = c.req.valid('query')
    const [store] = await db
      .select({ store: virtualStores, org: organizations })
      .from(virtualStores)
      .innerJoin(organizations, eq(organizations.id, virtualStores.organizationId))
      .where(eq(virtualStores.slug, slug))
    if (!store || !store.org.active || !planAllows(store.org, 'lojaVirtual', new Date())) abort(404, m.notFound)
    const where = and(eq(products.organizationId, store.org.id), eq(products.ativo, true), productSearch(sql`${products.busca}`, search))
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: products.id,
          nome: products.nome,
          marca: products.marca,
          categoria: products.categoria,
          ean: products.ean,
          codigo: products.codigo,
          unidade: products.unidade,
          embalagem: products.embalagem,
        })
        .from(products)
        .where(where)
        .orderBy(asc(products.nome), asc(products.id))
        .limit(PER_PAGE)
        .offset((page - 1) * PER_PAGE),
      db.select({ total: count() }).from(products).where(where),
    ])
    const { nome, avatar, cidade, uf } = store.org
    return c.json({ loja: { nome, avatar, texto: store.store.texto, cidade, uf }, produtos: paginated(rows, total, page, PER_PAGE) }, 200)
  })
}
