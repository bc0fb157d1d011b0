import { asc, eq, and, gt } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { BuyerRow } from '../../../../app/domain/conditions/buyer-sheet.ts'
import type { Db } from '../../../db/client.ts'
import { conditionBuyers, conditionPartners, customers, organizations } from '../../../db/schema/index.ts'

const PAGE = 1000
const flag = alias(organizations, 'flag')
const ol = alias(organizations, 'ol')

/** Every list's buyers of a condition as rows of the buyers spreadsheet, in pages by id (keyset). */
export async function* buyerExportRows(db: Db, conditionId: number): AsyncGenerator<BuyerRow> {
  let after = 0
  for (;;) {
    const page = await db
      .select({ id: conditionBuyers.id, customer: { cnpj: customers.cnpj, nome: customers.nome }, flag: { cnpj: flag.cnpj, nome: flag.nome }, olCnpj: ol.cnpj })
      .from(conditionBuyers)
      .leftJoin(customers, eq(customers.id, conditionBuyers.customerId))
      .leftJoin(flag, eq(flag.id, conditionBuyers.bandeiraId))
      .leftJoin(conditionPartners, eq(conditionPartners.id, conditionBuyers.conditionPartnerId))
      .leftJoin(ol, eq(ol.id, conditionPartners.partnerId))
      .where(and(eq(conditionBuyers.conditionId, conditionId), gt(conditionBuyers.id, after)))
      .orderBy(asc(conditionBuyers.id))
      .limit(PAGE)
    for (const r of page) {
      const buyer = r.customer ?? r.flag
      if (buyer) yield { cnpj: buyer.cnpj, nome: buyer.nome, ol_cnpj: r.olCnpj }
    }
    if (page.length < PAGE) return
    after = page[page.length - 1].id
  }
}
