/** An import job's statuses, shared by the API contract and the import panel (which needs no zod for them). */
export const IMPORT_STATUSES = ['na_fila', 'lendo', 'gravando', 'concluida', 'recusada', 'falhou'] as const
export type ImportStatus = (typeof IMPORT_STATUSES)[number]
/** The statuses after which a job changes no more. */
export const FINISHED_STATUSES: readonly ImportStatus[] = ['concluida', 'recusada', 'falhou']
