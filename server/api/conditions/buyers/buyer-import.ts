import { and, eq, inArray } from 'drizzle-orm'
import type { BuyerRow } from '../../../../app/domain/conditions/buyer-sheet.ts'
import { buyerSheet } from '../../../../app/domain/conditions/buyer-sheet.ts'
import { buyersMessages as m } from '../../../../app/domain/conditions/buyers-messages.ts'
import type { Tx } from '../../../db/client.ts'
import { conditionBuyers, conditionPartners, conditions, organizations } from '../../../db/schema/index.ts'
import { keyLines, type ImportKind, type ParsedRow, type RowProblem } from '../../../spreadsheets/import-kind.ts'
import { customersByCnpj, flagsByCnpj, resolveBuyer } from './resolve.ts'

const header = (key: keyof BuyerRow) => buyerSheet.columns.find((c) => c.key === key)!.header

/**
 * Each row resolved to its list and buyer, or its problem. The OLs are the condition's (a refused
 * one serves nothing); a row's CNPJ is a customer record of its list's owner (the seller, or the
 * OL for an OL's list) or a flag.
 */
async function resolveRows(tx: Tx, organizationId: number, conditionId: number | null, batch: ParsedRow<BuyerRow>[]) {
  const [condition] = conditionId
    ? await tx.select({ id: conditions.id }).from(conditions).where(and(eq(conditions.id, conditionId), eq(conditions.organizationId, organizationId)))
    : []
  if (!condition) throw new Error(`Importação de compradores sem condição do vendedor ${organizationId}.`)
  const partners = await tx
    .select({ id: conditionPartners.id, partnerId: conditionPartners.partnerId, espelhoDe: conditionPartners.espelhoDe, cnpj: organizations.cnpj })
    .from(conditionPartners)
    .innerJoin(organizations, eq(organizations.id, conditionPartners.partnerId))
    .where(and(eq(conditionPartners.conditionId, condition.id), inArray(conditionPartners.status, ['pendente', 'aceito'])))
  const byOlCnpj = new Map(partners.map((p) => [p.cnpj, p]))
  const cnpjs = [...new Set(batch.map((b) => b.row.cnpj))]
  const owners = new Map<number, Map<string, number>>()
  const mineOf = async (owner: number) => {
    let mine = owners.get(owner)
    if (!mine) owners.set(owner, (mine = await customersByCnpj(tx, owner, cnpjs)))
    return mine
  }
  const flags = await flagsByCnpj(tx, cnpjs)
  const problems: RowProblem[] = []
  const resolved: { conditionId: number; conditionPartnerId: number | null; customerId: number | null; bandeiraId: number | null }[] = []
  for (const { linha, row } of batch) {
    const partner = row.ol_cnpj ? byOlCnpj.get(row.ol_cnpj) : undefined
    if (row.ol_cnpj && !partner) {
      problems.push({ linha, coluna: header('ol_cnpj'), valor: row.ol_cnpj, motivo: m.sheetOlUnknown })
      continue
    }
    if (partner?.espelhoDe) {
      problems.push({ linha, coluna: header('ol_cnpj'), valor: row.ol_cnpj ?? '', motivo: m.sheetOlMirrored })
      continue
    }
    const buyer = resolveBuyer(row.cnpj, await mineOf(partner ? partner.partnerId : organizationId), flags)
    if (!buyer) problems.push({ linha, coluna: header('cnpj'), valor: row.cnpj, motivo: m.sheetCnpjUnknown })
    else resolved.push({ conditionId: condition.id, conditionPartnerId: partner?.id ?? null, ...buyer })
  }
  return { problems, resolved }
}

/** The line where this import first listed each buyer, per list. */
const firstLine = keyLines()

/**
 * The buyers import (importCompradores), scoped to one condition of the importing seller
 * (the job's `compradores:<conditionId>`): each row adds a buyer to the direct list or to the
 * named OL's; a buyer already listed is left as it is, so re-importing a file adds nothing twice.
 */
export const buyerImport: ImportKind<BuyerRow> = {
  spec: buyerSheet,
  permission: 'condicoes',

  async check(tx, organizationId, batch, scope) {
    const { problems } = await resolveRows(tx, organizationId, scope ?? null, batch)
    // The same buyer twice in one list (a masked CNPJ and the same as a number): said, as the other imports say it.
    for (const { linha, row } of batch) {
      const first = firstLine(tx, `${row.cnpj}|${row.ol_cnpj ?? ''}`, linha)
      if (first !== undefined) problems.push({ linha, coluna: header('cnpj'), valor: row.cnpj, motivo: m.sheetDuplicate(first) })
    }
    return problems
  },

  async store(tx, organizationId, batch, scope) {
    const { resolved } = await resolveRows(tx, organizationId, scope ?? null, batch)
    if (resolved.length === 0) return { criadas: 0, atualizadas: 0 }
    const added = await tx.insert(conditionBuyers).values(resolved).onConflictDoNothing().returning({ id: conditionBuyers.id })
    // A buyer already listed has nothing to update: it counts as unchanged.
    return { criadas: added.length, atualizadas: 0 }
  },
}
