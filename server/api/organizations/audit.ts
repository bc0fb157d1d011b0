import type { Db, Tx } from '../../db/client.ts'
import { auditLogs } from '../../db/schema.ts'

/** Records who did what in an organization, inside the caller's transaction. */
export async function audit(db: Db | Tx, entry: { organizationId: number; userId: number | null; acao: string; detalhes?: Record<string, unknown> }) {
  await db.insert(auditLogs).values({ ...entry, detalhes: entry.detalhes ?? {} })
}
