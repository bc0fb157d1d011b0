import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../../db/client.ts'
import { conditionPartners, memberships, organizations } from '../../../db/schema/index.ts'
import { likePattern } from '../../pagination.ts'

const mirrored = alias(conditionPartners, 'mirrored')
const mirroredOrg = alias(organizations, 'mirrored_org')

/**
 * A condition's OL rows as the calls answer them (ParceiroSchema), by name; `sou_membro` says whether
 * `userId` is an active member of that OL. `where` narrows the rows (one OL, or the caller's own).
 */
export async function partnerRows(db: Db | Tx, userId: number, conditionId: number, where?: SQL) {
  const rows = await db
    .select({
      row: conditionPartners,
      nome: organizations.nome,
      cnpj: organizations.cnpj,
      espelhoNome: mirroredOrg.nome,
      member: sql<boolean>`exists (select 1 from ${memberships} where ${memberships.organizationId} = ${conditionPartners.partnerId} and ${memberships.userId} = ${userId} and ${memberships.active})`,
    })
    .from(conditionPartners)
    .innerJoin(organizations, eq(organizations.id, conditionPartners.partnerId))
    .leftJoin(mirrored, eq(mirrored.id, conditionPartners.espelhoDe))
    .leftJoin(mirroredOrg, eq(mirroredOrg.id, mirrored.partnerId))
    .where(and(eq(conditionPartners.conditionId, conditionId), where))
    .orderBy(asc(sql`lower(${organizations.nome})`), asc(conditionPartners.id))
  return rows.map(({ row, nome, cnpj, espelhoNome, member }) => ({
    id: row.id,
    condicao_id: row.conditionId,
    organizacao_id: row.partnerId,
    nome,
    cnpj,
    desconto_extra: row.descontoExtra,
    status: row.status as 'pendente' | 'aceito' | 'recusado',
    espelho_de: row.espelhoDe,
    espelho_nome: espelhoNome,
    respondido_em: row.respondidoEm?.toISOString() ?? null,
    sou_membro: Boolean(member),
    created_at: row.createdAt.toISOString(),
  }))
}

/** Active organizations of the given types by accent- and case-free name, or by CNPJ when digits are typed. */
export function organizationSearch(search: string | null, tipos: string[]) {
  const digits = search?.replace(/[./\-\s]/g, '') ?? ''
  const byText = search ? sql`f_unaccent(lower(${organizations.nome})) like f_unaccent(lower(${likePattern(search)}))` : undefined
  const byCnpj = /^\d+$/.test(digits) ? sql`${organizations.cnpj} like ${likePattern(digits)}` : undefined
  return and(eq(organizations.active, true), inArray(organizations.tipo, tipos), byText && byCnpj ? sql`(${byText} or ${byCnpj})` : byText)
}

export const foundOrganization = { id: organizations.id, nome: organizations.nome, cnpj: organizations.cnpj, cidade: organizations.cidade, uf: organizations.uf, tipo: organizations.tipo }
