import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { rulesMessages as m } from '../../../../app/domain/conditions/rules-messages.ts'
import type { RuleValues } from '../../../../app/domain/conditions/rules-schemas.ts'
import { scopeKey } from '../../../../app/domain/pricing/rules.ts'
import type { Db, Tx } from '../../../db/client.ts'
import { conditionPartners, conditionProducts, conditionRules, conditions, organizations, products } from '../../../db/schema/index.ts'
import { ValidationError } from '../../http.ts'

/** Rules with the names the answer shows beside the ids (RegraSchema). */
export function selectRules(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({ r: conditionRules, condicao: conditions.nome, parceiro: organizations.nome, produto: products.nome })
    .from(conditionRules)
    .innerJoin(conditions, eq(conditions.id, conditionRules.conditionId))
    .leftJoin(conditionPartners, eq(conditionPartners.id, conditionRules.conditionPartnerId))
    .leftJoin(organizations, eq(organizations.id, conditionPartners.partnerId))
    .leftJoin(products, eq(products.id, conditionRules.productId))
    .where(where)
}

type RuleRow = Awaited<ReturnType<typeof selectRules>>[number]

export const ruleAnswer = ({ r, condicao, parceiro, produto }: RuleRow) => ({
  id: r.id,
  condicao_id: r.conditionId,
  condicao_nome: condicao,
  parceiro_id: r.conditionPartnerId,
  parceiro_nome: parceiro,
  nome: r.nome,
  tipo: r.tipo as 'Q' | 'V' | 'M',
  minimo: r.minimo,
  desconto: r.desconto,
  marca: r.marca,
  categoria: r.categoria,
  produto_id: r.productId,
  produto_nome: produto,
  ativo: r.ativo,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
})

/** Ordered as the screen lists them: the seller's first, then by type, scope and threshold (a ladder reads top to bottom). */
export const ruleOrder = [
  sql`${conditionRules.conditionPartnerId} asc nulls first`,
  asc(conditionRules.tipo),
  asc(sql`coalesce(${conditionRules.marca}, ${conditionRules.categoria}, '')`),
  asc(conditionRules.minimo),
  asc(conditionRules.id),
]

export async function rulesByIds(db: Db | Tx, ids: number[]) {
  if (!ids.length) return []
  return (await selectRules(db, inArray(conditionRules.id, ids)).orderBy(...ruleOrder)).map(ruleAnswer)
}

/** The brands, categories and products of a condition: what its rules may reach. */
export async function conditionScopes(db: Db | Tx, conditionId: number) {
  const rows = await db
    .select({ id: products.id, nome: products.nome, marca: products.marca, categoria: products.categoria })
    .from(conditionProducts)
    .innerJoin(products, eq(products.id, conditionProducts.productId))
    .where(eq(conditionProducts.conditionId, conditionId))
    .orderBy(asc(sql`f_unaccent(lower(${products.nome}))`), asc(products.id))
  const distinct = (values: (string | null)[]) => [...new Map(values.filter((v): v is string => !!v).map((v) => [scopeKey(v), v])).values()].sort((a, b) => a.localeCompare(b, 'pt-BR'))
  return {
    marcas: distinct(rows.map((r) => r.marca)),
    categorias: distinct(rows.map((r) => r.categoria)),
    produtos: rows.map((r) => ({ id: r.id, nome: r.nome })),
  }
}

/**
 * The rule's scope must be among the condition's products (a brand or category that none of them has
 * would never apply). Brand and category are stored as the catalogue spells them.
 */
export async function checkScopes(db: Db | Tx, conditionId: number, rules: { field: string; rule: RuleValues }[]) {
  const scopes = await conditionScopes(db, conditionId)
  const errors: Record<string, string[]> = {}
  const resolved = rules.map(({ field, rule }) => {
    const marca = rule.marca === null ? null : (scopes.marcas.find((v) => scopeKey(v) === scopeKey(rule.marca)) ?? null)
    const categoria = rule.categoria === null ? null : (scopes.categorias.find((v) => scopeKey(v) === scopeKey(rule.categoria)) ?? null)
    if (rule.marca !== null && marca === null) errors[`${field}marca`] = [m.marcaNotInCondition]
    if (rule.categoria !== null && categoria === null) errors[`${field}categoria`] = [m.categoriaNotInCondition]
    if (rule.produto_id !== null && !scopes.produtos.some((p) => p.id === rule.produto_id)) errors[`${field}produto_id`] = [m.produtoNotInCondition]
    return { ...rule, marca, categoria }
  })
  if (Object.keys(errors).length) throw new ValidationError(errors)
  return resolved
}

export const ruleColumns = (rule: RuleValues) => ({
  nome: rule.nome,
  tipo: rule.tipo,
  minimo: rule.minimo,
  desconto: rule.desconto,
  marca: rule.marca,
  categoria: rule.categoria,
  productId: rule.produto_id,
})

