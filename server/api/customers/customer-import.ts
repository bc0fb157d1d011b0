import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { CustomerRow } from '../../../app/domain/customers/customer-sheet.ts'
import { customerSheet } from '../../../app/domain/customers/customer-sheet.ts'
import { customerSheetMessages as sm } from '../../../app/domain/customers/messages.ts'
import type { Tx } from '../../db/client.ts'
import { linkCustomer } from '../../db/customer-link.ts'
import { customers, memberships, organizations, users } from '../../db/schema/index.ts'
import { keyLines, type ImportKind, type ParsedRow, type RowProblem } from '../../spreadsheets/import-kind.ts'

const header = (key: keyof CustomerRow) => customerSheet.columns.find((c) => c.key === key)!.header

/** The active members of the seller among these e-mails: e-mail → user id. */
async function membersByEmail(tx: Tx, organizationId: number, emails: string[]) {
  if (emails.length === 0) return new Map<string, number>()
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.active, true), inArray(users.email, emails)))
  return new Map(rows.map((r) => [r.email, r.id]))
}

const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))]

/** The line where this import first read each CNPJ. */
const firstLine = keyLines()

/**
 * The customers import (importClientes): each row is a customer of the importing seller by
 * CNPJ; a CNPJ already a customer is updated, not duplicated; a company already on the platform is
 * linked (linkCustomer), the others stay pending (no invite is sent from an import).
 */
export const customerImport: ImportKind<CustomerRow> = {
  spec: customerSheet,
  permission: 'clientes',

  async check(tx, organizationId, batch) {
    const problems: RowProblem[] = []
    const [seller] = await tx.select({ cnpj: organizations.cnpj }).from(organizations).where(eq(organizations.id, organizationId))
    const members = await membersByEmail(tx, organizationId, distinct(batch.map((b) => b.row.vendedor_email)))
    for (const { linha, row } of batch) {
      const first = firstLine(tx, row.cnpj, linha)
      if (first !== undefined) problems.push({ linha, coluna: header('cnpj'), valor: row.cnpj, motivo: sm.duplicateCnpj(first) })
      if (row.cnpj === seller?.cnpj) problems.push({ linha, coluna: header('cnpj'), valor: row.cnpj, motivo: sm.ownCnpj })
      if (row.vendedor_email && !members.has(row.vendedor_email)) {
        problems.push({ linha, coluna: header('vendedor_email'), valor: row.vendedor_email, motivo: sm.unknownSeller })
      }
    }
    return problems
  },

  async store(tx, organizationId, batch) {
    if (batch.length === 0) return { criadas: 0, atualizadas: 0 }
    const members = await membersByEmail(tx, organizationId, distinct(batch.map((b) => b.row.vendedor_email)))
    const stored = await tx
      .insert(customers)
      .values(
        batch.map(({ row }: ParsedRow<CustomerRow>) => ({
          sellerId: organizationId,
          cnpj: row.cnpj,
          nome: row.nome,
          contatoNome: row.contato_nome,
          contatoEmail: row.contato_email,
          contatoTelefone: row.contato_telefone,
          vendedorId: row.vendedor_email ? (members.get(row.vendedor_email) ?? null) : null,
          bloqueado: row.bloqueado,
        })),
      )
      .onConflictDoUpdate({
        target: [customers.sellerId, customers.cnpj],
        set: {
          nome: sql`excluded.nome`,
          contatoNome: sql`excluded.contato_nome`,
          contatoEmail: sql`excluded.contato_email`,
          contatoTelefone: sql`excluded.contato_telefone`,
          vendedorId: sql`excluded.vendedor_id`,
          bloqueado: sql`excluded.bloqueado`,
          updatedAt: sql`now()`,
        },
        // A customer the row leaves as it is is not written, and not counted as updated: re-importing the
        // export changes nothing and says so.
        setWhere: sql`(${customers.nome}, ${customers.contatoNome}, ${customers.contatoEmail}, ${customers.contatoTelefone}, ${customers.vendedorId}, ${customers.bloqueado})
          is distinct from (excluded.nome, excluded.contato_nome, excluded.contato_email, excluded.contato_telefone, excluded.vendedor_id, excluded.bloqueado)`,
      })
      // A row inserted by this statement has no deleting transaction yet: xmax 0. Rows left as they were are not returned.
      .returning({ inserted: sql<boolean>`(xmax = 0)` })
    const criadas = stored.filter((r) => r.inserted).length
    // Companies already on the platform and not yet linked as this seller's customers.
    const toLink = await tx
      .select({ orgId: organizations.id })
      .from(customers)
      .innerJoin(organizations, eq(organizations.cnpj, customers.cnpj))
      .where(
        and(
          eq(customers.sellerId, organizationId),
          isNull(customers.customerOrgId),
          inArray(
            customers.cnpj,
            batch.map((b) => b.row.cnpj),
          ),
        ),
      )
    for (const { orgId } of toLink) await linkCustomer(tx, organizationId, orgId)
    return { criadas, atualizadas: stored.length - criadas }
  },
}
