import { and, asc, eq, gt } from 'drizzle-orm'
import type { CustomerRow } from '../../../app/domain/customers/customer-sheet.ts'
import type { Db } from '../../db/client.ts'
import { customers, users } from '../../db/schema/index.ts'

const PAGE = 1000

/**
 * The seller's customers as rows of the customers spreadsheet (exportClientes), in pages by id
 * (keyset: each page starts after the last id, so the cost per page does not grow with the offset).
 */
export async function* customerExportRows(db: Db, organizationId: number): AsyncGenerator<CustomerRow> {
  let after = 0
  for (;;) {
    const page = await db
      .select({ c: customers, vendedorEmail: users.email })
      .from(customers)
      .leftJoin(users, eq(users.id, customers.vendedorId))
      .where(and(eq(customers.sellerId, organizationId), gt(customers.id, after)))
      .orderBy(asc(customers.id))
      .limit(PAGE)
    for (const { c, vendedorEmail } of page) {
      yield {
        cnpj: c.cnpj,
        nome: c.nome,
        contato_nome: c.contatoNome,
        contato_email: c.contatoEmail,
        contato_telefone: c.contatoTelefone,
        vendedor_email: vendedorEmail,
        bloqueado: c.bloqueado,
      }
    }
    if (page.length < PAGE) return
    after = page[page.length - 1].c.id
  }
}
