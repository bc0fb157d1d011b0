import { sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { planAllowsSql } from '../plans/sql.ts'
import { arrayParam } from '../../db/array-param.ts'

/**
 * Who may buy what (docs/decisions/019 "Who may buy", 025): the offers a buyer organization reaches. An
 * offer is a condition bought from its seller directly (`condition_partner_id` null) or through one OL
 * that accepted it. It is open to the buyer when
 * - the condition is active, visible and inside its validity window (São Paulo's date);
 * - its seller's plan shows conditions to buyers (the plan held, or the plan tried while the trial runs:
 *   a Básico seller's conditions reach no buyer, 'Condições Suspensas');
 * - the offer's buyer list (the seller's for a direct offer; the OL's, or the list of the OL it mirrors)
 *   names the buyer's customer record, not blocked, or the buyer's flag;
 * - the seller has not blocked the buyer (its own customer record of the buyer, when it has one);
 * - through an OL: the OL does not blacklist the buyer ('C') nor its flag ('B').
 * The market, the carts and enviaPedido all read this one definition.
 */
export type OfferRow = { conditionId: number; conditionPartnerId: number | null; sellerId: number; olId: number | null }

/** The business day, in the country's time: conditions start and end on it. */
export const today = sql`(now() at time zone 'America/Sao_Paulo')::date`

/**
 * The buyer's listings, (condition_id, condition_partner_id) rows: through its own customer records the
 * sellers did not block, and through its flag. Read from the buyer (customers.customer_org_id and
 * condition_buyers' customer and flag indexes), so the cost follows the buyer's listings, never every
 * condition's buyer list.
 */
function listingsOf(buyerId: SQL): SQL {
  return sql`(
    select cb.condition_id, cb.condition_partner_id from customers cu join condition_buyers cb on cb.customer_id = cu.id
    where cu.customer_org_id = ${buyerId} and not cu.bloqueado
    union all
    select cb.condition_id, cb.condition_partner_id from condition_buyers cb
    where cb.bandeira_id = (select b.bandeira_id from organizations b where b.id = ${buyerId})
  )`
}

function openCondition(buyerId: SQL): SQL {
  return sql`c.ativo and c.visivel
    and (c.inicio is null or c.inicio <= ${today}) and (c.fim is null or c.fim >= ${today})
    and ${planAllowsSql('s', 'condicoesVisiveis')}
    and not exists (select 1 from customers sb where sb.seller_id = c.organization_id and sb.customer_org_id = ${buyerId} and sb.bloqueado)`
}

/**
 * The open offers of `buyerId` as a subquery with columns condition_id, condition_partner_id, seller_id,
 * ol_id; `scope` narrows the conditions read (e.g. `c.id = 5`), on the alias `c` of conditions.
 */
export function offersOf(buyerId: number | SQL, scope: SQL = sql`true`): SQL {
  const buyer = typeof buyerId === 'number' ? sql`${buyerId}::int` : buyerId
  return sql`(
    select c.id as condition_id, null::int as condition_partner_id, c.organization_id as seller_id, null::int as ol_id
    from conditions c join organizations s on s.id = c.organization_id
    where ${scope} and ${openCondition(buyer)}
      and c.id in (select l.condition_id from ${listingsOf(buyer)} l where l.condition_partner_id is null)
    union all
    select c.id, cp.id, c.organization_id, cp.partner_id
    from conditions c join organizations s on s.id = c.organization_id
      join condition_partners cp on cp.condition_id = c.id and cp.status = 'aceito'
    where ${scope} and ${openCondition(buyer)}
      and (c.id, coalesce(cp.espelho_de, cp.id)) in (select l.condition_id, l.condition_partner_id from ${listingsOf(buyer)} l where l.condition_partner_id is not null)
      and not exists (
        select 1 from ol_blacklist bl
        where bl.ol_id = cp.partner_id
          and ((bl.tipo = 'C' and bl.buyer_id = ${buyer})
            or (bl.tipo = 'B' and bl.buyer_id = (select b.bandeira_id from organizations b where b.id = ${buyer})))
      )
  )`
}

type RawOfferRow = { condition_id: number; condition_partner_id: number | null; seller_id: number; ol_id: number | null }
const offerRow = (row: RawOfferRow): OfferRow => ({ conditionId: row.condition_id, conditionPartnerId: row.condition_partner_id, sellerId: row.seller_id, olId: row.ol_id })

/**
 * Every open offer of the buyer, read once: the market's queries then take them as arrays (`offerTable`), so
 * none of them plans and runs the offers' definition again (a few hundred rows for a buyer in 200 conditions).
 */
export async function openOffers(db: Db | Tx, buyerId: number): Promise<OfferRow[]> {
  const result = (await db.execute(sql`select o.* from ${offersOf(buyerId)} o`)) as unknown as { rows: RawOfferRow[] }
  return result.rows.map(offerRow)
}

/** Offers read by `openOffers` as a subquery with the columns of `offersOf`. */
export function offerTable(offers: readonly OfferRow[]): SQL {
  const column = (pick: (o: OfferRow) => number | null) => arrayParam(offers.map(pick), 'integer')
  return sql`(select * from unnest(${column((o) => o.conditionId)}, ${column((o) => o.conditionPartnerId)}, ${column((o) => o.sellerId)}, ${column((o) => o.olId)})
    as t(condition_id, condition_partner_id, seller_id, ol_id))`
}

/** The open offer of one condition through one OL row (null = from the seller), or null when closed to the buyer. */
export async function findOffer(db: Db | Tx, buyerId: number, conditionId: number, conditionPartnerId: number | null): Promise<OfferRow | null> {
  const result = (await db.execute(
    sql`select o.* from ${offersOf(buyerId, sql`c.id = ${conditionId}::int`)} o where o.condition_partner_id is not distinct from ${conditionPartnerId}::int`,
  )) as unknown as { rows: RawOfferRow[] }
  const row = result.rows[0]
  return row ? offerRow(row) : null
}
