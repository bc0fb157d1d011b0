import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { buyersMessages as m } from '../../../../app/domain/conditions/buyers-messages.ts'
import type { BuyerType } from '../../../../app/domain/conditions/buyer-types.ts'
import type { Db, Tx } from '../../../db/client.ts'
import { conditionBuyers, conditionPartners, customers, organizations } from '../../../db/schema/index.ts'
import { abort } from '../../http.ts'
import { findMembership, holdsPermission, NOT_PERMITTED } from '../../organizations/membership.ts'
import { likePattern, paginated } from '../../pagination.ts'
import { conditionForReader, type Condition, type ConditionPartner } from '../access.ts'

/**
 * One buyer list of a condition as the caller reaches it: the seller's direct list (`partner` null)
 * or an OL's. `owner` is the organization whose customer records the list holds (the seller's for
 * the direct list, the OL's own for its list: the OL invoices those customers). `rowsOf` is the
 * partner row whose rows are read: the mirrored OL's when the list mirrors another (espelho_de).
 */
export type BuyerList = {
  condition: Condition
  as: 'seller' | 'ol'
  partner: ConditionPartner | null
  owner: number
  mirrorOf: { partner: ConditionPartner; nome: string } | null
  canChange: boolean
}

async function orgName(db: Db | Tx, id: number) {
  const [row] = await db.select({ nome: organizations.nome }).from(organizations).where(eq(organizations.id, id))
  return row?.nome ?? ''
}

/**
 * The list of `olOrgId` (null = direct) for this caller. A seller's member reaches every list; an
 * OL's member only its own OL's (the direct list answers 403). With `change`, the caller must hold
 * 'condicoes' on its side (403) and the list must not mirror another (409).
 */
export async function openList(db: Db | Tx, userId: number, conditionId: number, olOrgId: number | null, options: { change: boolean; lock?: boolean }): Promise<BuyerList> {
  const access = await conditionForReader(db, userId, conditionId, { lock: options.lock })
  let partner: ConditionPartner | null = null
  let canChange: boolean
  if (access.as === 'seller') {
    const member = await findMembership(db, userId, access.organizationId)
    canChange = member !== null && (await holdsPermission(db, member.membership, 'condicoes'))
    if (olOrgId !== null) {
      const [row] = await db
        .select()
        .from(conditionPartners)
        .where(and(eq(conditionPartners.conditionId, conditionId), eq(conditionPartners.partnerId, olOrgId)))
      if (!row) abort(404, m.olNotInCondition)
      partner = row
    }
  } else {
    if (olOrgId === null) abort(403, m.directListSellerOnly)
    // The caller may belong to more than one OL of the condition: the one named decides.
    const ol = await conditionForReader(db, userId, conditionId, { asOrganization: olOrgId })
    if (ol.as !== 'ol') abort(404, m.olNotInCondition)
    partner = ol.partner
    const member = await findMembership(db, userId, olOrgId)
    canChange = member !== null && (await holdsPermission(db, member.membership, 'condicoes'))
  }
  if (options.change && !canChange) abort(403, NOT_PERMITTED)
  let mirrorOf: BuyerList['mirrorOf'] = null
  if (partner?.espelhoDe) {
    const [source] = await db.select().from(conditionPartners).where(eq(conditionPartners.id, partner.espelhoDe))
    if (source) mirrorOf = { partner: source, nome: await orgName(db, source.partnerId) }
  }
  if (options.change && mirrorOf) abort(409, m.mirrored(mirrorOf.nome))
  return { condition: access.condition, as: access.as, partner, owner: partner ? partner.partnerId : access.condition.organizationId, mirrorOf, canChange: canChange && !mirrorOf }
}

/** The rows of a list: its own, or those of the OL it mirrors. */
export function listRows(list: BuyerList): SQL {
  const partnerId = (list.mirrorOf?.partner ?? list.partner)?.id
  return and(eq(conditionBuyers.conditionId, list.condition.id), partnerId === undefined ? isNull(conditionBuyers.conditionPartnerId) : eq(conditionBuyers.conditionPartnerId, partnerId))!
}

/** The rows a change writes into (a mirrored list is never changed). */
export const listPartnerId = (list: BuyerList) => list.partner?.id ?? null

const flag = alias(organizations, 'flag')
const nomeSql = sql<string>`coalesce(${customers.nome}, ${flag.nome})`
const cnpjSql = sql<string>`coalesce(${customers.cnpj}, ${flag.cnpj})`

/** A CNPJ typed with its mask ('33.444.555/0001') is searched as stored: without the punctuation. */
function searchTerm(search: string) {
  return /^[0-9A-Za-z]*[./-][0-9A-Za-z./-]*$/.test(search) && /\d/.test(search) ? search.replace(/[./-]/g, '') : search
}

/** One page of a list, by name, with each customer's status or each flag's number of units. */
export async function buyerPage(db: Db | Tx, list: BuyerList, input: { search: string | null; type: BuyerType | null; page: number; perPage: number }) {
  const where = and(
    listRows(list),
    input.type === 'C' ? sql`${conditionBuyers.customerId} is not null` : input.type === 'B' ? sql`${conditionBuyers.bandeiraId} is not null` : undefined,
    input.search ? sql`f_unaccent(lower(${nomeSql} || ' ' || ${cnpjSql})) like f_unaccent(lower(${likePattern(searchTerm(input.search))}))` : undefined,
  )
  const from = () =>
    db
      .select({
        id: conditionBuyers.id,
        customerId: conditionBuyers.customerId,
        bandeiraId: conditionBuyers.bandeiraId,
        nome: nomeSql,
        cnpj: cnpjSql,
        bloqueado: customers.bloqueado,
        customerOrgId: customers.customerOrgId,
        unidades: sql<number | null>`case when ${conditionBuyers.bandeiraId} is null then null else (select count(*)::int from ${organizations} u where u.bandeira_id = ${conditionBuyers.bandeiraId}) end`,
        createdAt: conditionBuyers.createdAt,
      })
      .from(conditionBuyers)
      .leftJoin(customers, eq(customers.id, conditionBuyers.customerId))
      .leftJoin(flag, eq(flag.id, conditionBuyers.bandeiraId))
      .where(where)
  const [{ total }] = await db
    .select({ total: count() })
    .from(conditionBuyers)
    .leftJoin(customers, eq(customers.id, conditionBuyers.customerId))
    .leftJoin(flag, eq(flag.id, conditionBuyers.bandeiraId))
    .where(where)
  const rows = await from()
    .orderBy(asc(sql`lower(${nomeSql})`), asc(conditionBuyers.id))
    .limit(input.perPage)
    .offset((input.page - 1) * input.perPage)
  const data = rows.map((r) => ({
    id: r.id,
    tipo: r.customerId !== null ? ('C' as const) : ('B' as const),
    cliente_id: r.customerId,
    bandeira_id: r.bandeiraId,
    nome: r.nome,
    cnpj: r.cnpj,
    situacao: r.customerId === null ? null : r.bloqueado ? ('bloqueado' as const) : r.customerOrgId === null ? ('pendente' as const) : ('vinculado' as const),
    unidades: r.unidades,
    created_at: new Date(r.createdAt).toISOString(),
  }))
  return paginated(data, total, input.page, input.perPage)
}

/** The answer of both list reads. */
export async function listAnswer(db: Db | Tx, list: BuyerList, input: Parameters<typeof buyerPage>[2]) {
  const parceiro = list.partner
    ? {
        organizacao_id: list.partner.partnerId,
        nome: await orgName(db, list.partner.partnerId),
        espelho_de: list.mirrorOf ? { organizacao_id: list.mirrorOf.partner.partnerId, nome: list.mirrorOf.nome } : null,
      }
    : null
  const listas = await db
    .select({ organizacao_id: conditionPartners.partnerId, nome: organizations.nome, espelho: sql<boolean>`${conditionPartners.espelhoDe} is not null` })
    .from(conditionPartners)
    .innerJoin(organizations, eq(organizations.id, conditionPartners.partnerId))
    .where(
      and(
        eq(conditionPartners.conditionId, list.condition.id),
        sql`${conditionPartners.status} <> 'recusado'`,
        list.as === 'ol' && list.partner ? eq(conditionPartners.id, list.partner.id) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${organizations.nome})`))
  return { parceiro, somente_leitura: !list.canChange, listas, compradores: await buyerPage(db, list, input) }
}
