import { createRoute } from '@hono/zod-openapi'
import type { z } from 'zod'
import { and, eq, inArray, sql } from 'drizzle-orm'
import * as catalogApi from '../../../app/domain/catalog/contract.ts'
import { catalogMessages as m, PRODUCT_IMAGE_MAX_BYTES } from '../../../app/domain/catalog/messages.ts'
import { products } from '../../db/schema/index.ts'
import { CHAT_IMAGE_TYPES, IMAGE_TYPES } from '../../files/file-store.ts'
import { fail, requireAuth, type Api, type Deps } from '../http.ts'
import { requirePermission } from '../organizations/membership.ts'
import { findProduct, pgError, productAnswer, refuseDuplicates, requireAllProducts, withUniqueFields } from './shared.ts'

/** PNG, JPG or WebP, by content. */
const PRODUCT_IMAGE_TYPES = { ...IMAGE_TYPES, 'image/webp': CHAT_IMAGE_TYPES['image/webp'] }

type ToggleField = 'ativo' | 'imposto'

/** The columns a product's form sets, alike on create and update. */
const productColumns = (body: z.output<typeof catalogApi.CreateProductBody>) => ({
  ean: body.ean,
  codigo: body.codigo,
  nome: body.nome,
  marca: body.marca,
  categoria: body.categoria,
  ncm: body.ncm,
  precoCentavos: body.preco,
  unidade: body.unidade,
  embalagem: body.embalagem,
})

export function registerProductWrites(app: Api, { db, files }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...catalogApi.createProduct, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    await requirePermission(db, c.get('user').id, body.organizacao_id, 'produtos')
    const produto = await withUniqueFields(() =>
      db.transaction(async (tx) => {
        await refuseDuplicates(tx, body.organizacao_id, body)
        const [row] = await tx
          .insert(products)
          .values({
            organizationId: body.organizacao_id,
            ...productColumns(body),
            ativo: body.ativo ?? true,
            imposto: body.imposto ?? false,
          })
          .returning()
        return row
      }),
    )
    return c.json({ message: m.created, produto: productAnswer(produto) }, 201)
  })

  app.openapi(createRoute({ ...catalogApi.updateProdutos, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    await requirePermission(db, c.get('user').id, body.organizacao_id, 'produtos')
    const produto = await withUniqueFields(() =>
      db.transaction(async (tx) => {
        const before = await findProduct(tx, body.organizacao_id, body.produto_id)
        await refuseDuplicates(tx, body.organizacao_id, body, before.id)
        const [row] = await tx
          .update(products)
          .set({
            ...productColumns(body),
            ativo: body.ativo ?? before.ativo,
            imposto: body.imposto ?? before.imposto,
            updatedAt: new Date(),
          })
          .where(eq(products.id, before.id))
          .returning()
        return row
      }),
    )
    return c.json({ message: m.updated, produto: productAnswer(produto) }, 200)
  })

  app.openapi(createRoute({ ...catalogApi.updateProdutosList, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    await requirePermission(db, c.get('user').id, body.organizacao_id, 'produtos')
    const atualizados = await db.transaction(async (tx) => {
      await requireAllProducts(tx, body.organizacao_id, body.ids)
      const changes = {
        ...(body.ativo !== undefined ? { ativo: body.ativo } : {}),
        ...(body.imposto !== undefined ? { imposto: body.imposto } : {}),
        ...(body.marca !== undefined ? { marca: body.marca } : {}),
        ...(body.categoria !== undefined ? { categoria: body.categoria } : {}),
      }
      const rows = await tx
        .update(products)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(products.organizationId, body.organizacao_id), inArray(products.id, body.ids)))
        .returning({ id: products.id })
      return rows.length
    })
    return c.json({ message: m.bulkUpdated(atualizados), atualizados }, 200)
  })

  app.openapi(createRoute({ ...catalogApi.deleteProdutos, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('json')
    await requirePermission(db, c.get('user').id, body.organizacao_id, 'produtos')
    let names = new Map<number, string>()
    try {
      const excluidos = await db.transaction(async (tx) => {
        const found = await requireAllProducts(tx, body.organizacao_id, body.ids)
        names = new Map(found.map((p) => [p.id, p.nome]))
        const rows = await tx
          .delete(products)
          .where(and(eq(products.organizationId, body.organizacao_id), inArray(products.id, body.ids)))
          .returning({ id: products.id })
        return rows.length
      })
      return c.json({ message: m.deleted(excluidos), excluidos }, 200)
    } catch (error) {
      // Whatever refers to a product (order lines, condition products) does so without cascading:
      // PostgreSQL refuses, nothing is deleted, and the person is told to deactivate instead.
      const pg = pgError(error)
      // 23503 for NO ACTION references, 23001 (restrict_violation) for ON DELETE RESTRICT.
      if (pg?.code !== '23503' && pg?.code !== '23001') throw error
      const id = Number(/\(id\)=\((\d+)\)/.exec(pg.detail ?? '')?.[1])
      fail('ids', m.inUse(names.get(id) ?? names.values().next().value ?? ''))
    }
  })

  const toggle = (endpoint: typeof catalogApi.updateProdutoAtivo | typeof catalogApi.updateProdutoImposto, field: ToggleField) =>
    app.openapi(createRoute({ ...endpoint, middleware: [auth] as const }), async (c) => {
      const { orgId, productId } = c.req.valid('param')
      const { valor } = c.req.valid('query')
      await requirePermission(db, c.get('user').id, orgId, 'produtos')
      const produto = await db.transaction(async (tx) => {
        const before = await findProduct(tx, orgId, productId)
        const value = valor === undefined ? !before[field] : valor === '1'
        if (value === before[field]) return before
        const [row] = await tx
          .update(products)
          .set({ [field]: value, updatedAt: new Date() })
          .where(eq(products.id, before.id))
          .returning()
        return row
      })
      const on = produto[field]
      const message = field === 'ativo' ? (on ? m.activated : m.deactivated) : on ? m.taxOn : m.taxOff
      return c.json({ message, produto: productAnswer(produto) }, 200)
    })
  toggle(catalogApi.updateProdutoAtivo, 'ativo')
  toggle(catalogApi.updateProdutoImposto, 'imposto')

  app.openapi(createRoute({ ...catalogApi.updateProdutoImagem, middleware: [auth] as const }), async (c) => {
    const { organizacao_id: orgId, produto_id: productId, imagem } = c.req.valid('form')
    await requirePermission(db, c.get('user').id, orgId, 'produtos')
    // Checked before the file is stored: an unknown product leaves nothing behind.
    await db.transaction((tx) => findProduct(tx, orgId, productId))
    const stored = await files.saveChecked(imagem, { folder: 'produtos', allowed: PRODUCT_IMAGE_TYPES, maxBytes: PRODUCT_IMAGE_MAX_BYTES })
    if ('error' in stored) fail('imagem', stored.error === 'too-big' ? m.imageTooBig : m.imageType)
    try {
      const produto = await db.transaction(async (tx) => {
        const before = await findProduct(tx, orgId, productId)
        const [row] = await tx.update(products).set({ imagem: stored.url, updatedAt: sql`now()` }).where(eq(products.id, before.id)).returning()
        return row
      })
      return c.json({ message: m.imageSaved, produto: productAnswer(produto) }, 200)
    } catch (error) {
      await files.remove(stored)
      throw error
    }
  })
}
