import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { organizations } from './organizations.ts'
import { createdAt } from './columns.ts'

/**
 * A spreadsheet import running in the background (server/spreadsheets). All or nothing: a file with
 * any bad row ends 'recusada' with its per-row report in `erros` and stores nothing.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the rows are: 'produtos', 'clientes' (later 'condicao', 'compradores'). */
    tipo: text('tipo').notNull(),
    arquivoNome: text('arquivo_nome').notNull(),
    /** Where the uploaded file waits (private storage); removed when the job ends. */
    arquivo: text('arquivo'),
    status: text('status').notNull().default('na_fila'),
    linhasLidas: integer('linhas_lidas').notNull().default(0),
    linhasTotal: integer('linhas_total'),
    criadas: integer('criadas').notNull().default(0),
    atualizadas: integer('atualizadas').notNull().default(0),
    /** The per-row report: [{linha, coluna, valor, motivo}], capped. */
    erros: jsonb('erros').$type<{ linha: number; coluna: string; valor: string; motivo: string }[]>().notNull().default([]),
    totalErros: integer('total_erros').notNull().default(0),
    /** Why a whole file was refused (not a spreadsheet, empty, password-protected...). */
    mensagem: text('mensagem'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_org_created_idx').on(t.organizationId, t.createdAt),
    check('import_jobs_status_check', sql`${t.status} in ('na_fila', 'lendo', 'gravando', 'concluida', 'recusada', 'falhou')`),
  ],
)
