import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client.ts'
import { conditionPaymentTerms, organizations } from '../../../db/schema/index.ts'

export type PaymentTerm = typeof conditionPaymentTerms.$inferSelect

/** A payment term as the calls answer it (PrazoPagamentoSchema). */
export const termAnswer = (t: PaymentTerm) => ({
  id: t.id,
  condicao_id: t.conditionId,
  nome: t.nome,
  prazo_dias: t.prazoDias,
  minimo_centavos: t.minimoCentavos,
  formula: t.formula,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
})

/** The seller's tokenbase code (DOMAIN.md: it unlocks payment formulas); null when none is registered. */
export async function sellerTokenbase(db: Db | Tx, organizationId: number) {
  const [row] = await db.select({ tokenbase: organizations.tokenbase }).from(organizations).where(eq(organizations.id, organizationId))
  return row?.tokenbase || null
}
