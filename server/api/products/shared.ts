import { and, eq, inArray } from 'drizzle-orm'
import { catalogMessages as m } from '../../../app/domain/catalog/messages.ts'
import type { Db, Tx } from '../../db/client.ts'
import { products } from '../../db/schema/index.ts'
import { abort, fail } from '../http.ts'

export type Product = typeof products.$inferSelect

/** A product as the product calls answer it (ProdutoSchema). */
export const productAnswer = (p: Product) => ({
  id: p.id,
  organizacao_id: p.organizationId,
  ean: p.ean,
  codigo: p.codigo,
  nome: p.nome,
  marca: p.marca,
  categoria: p.categoria,
  ncm: p.ncm,
  preco_centavos: p.precoCentavos,
  unidade: p.unidade,
  embalagem: p.embalagem,
  imagem: p.imagem,
  ativo: p.ativo,
  imposto: p.imposto,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
})

/** The product of this organization, locked for the rest of the transaction; another's is "not found". */
export async function findProduct(tx: Tx, organizationId: number, productId: number) {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.organizationId, organizationId)))
    .for('update')
  if (!row) abort(404, m.productNotFound)
  return row
}

/** Every id must be a product of this organization: one that is not refuses the whole call. */
export async function requireAllProducts(tx: Tx, organizationId: number, ids: number[]) {
  const rows = await tx
    .select({ id: products.id, nome: products.nome })
    .from(products)
    .where(and(eq(products.organizationId, organizationId), inArray(products.id, ids)))
    .for('update')
  if (rows.length !== ids.length) abort(404, m.productNotFound)
  return rows
}

/** The same EAN or code in another product of the seller: 422 on the field. */
export async function refuseDuplicates(db: Db | Tx, organizationId: number, values: { ean: string | null; codigo: string | null }, exceptId?: number) {
  if (values.ean) {
    const [row] = await db.select({ id: products.id }).from(products).where(and(eq(products.organizationId, organizationId), eq(products.ean, values.ean)))
    if (row && row.id !== exceptId) fail('ean', m.eanTaken)
  }
  if (values.codigo) {
    const [row] = await db.select({ id: products.id }).from(products).where(and(eq(products.organizationId, organizationId), eq(products.codigo, values.codigo)))
    if (row && row.id !== exceptId) fail('codigo', m.codigoTaken)
  }
}

/** The PostgreSQL error under drizzle's wrapper (DrizzleQueryError keeps it as `cause`). */
export function pgError(error: unknown): { code?: string; constraint?: string; detail?: string } | null {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: string; detail?: string; cause?: unknown }
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: e.constraint, detail: e.detail }
    current = e.cause
  }
  return null
}

/**
 * Two people saving the same EAN at once: the unique index has the last word, and its violation is
 * the same 422 as the check before it.
 */
export async function withUniqueFields<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const pg = pgError(error)
    if (pg?.code === '23505' && pg.constraint === 'products_org_ean_unique') fail('ean', m.eanTaken)
    if (pg?.code === '23505' && pg.constraint === 'products_org_codigo_unique') fail('codigo', m.codigoTaken)
    throw error
  }
}
