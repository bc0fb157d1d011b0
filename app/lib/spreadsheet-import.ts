/** Names the import panel and its server helpers share (components/spreadsheet-import.tsx, spreadsheet-import.server.ts). */

/** The import form's `intent`. */
export const IMPORT_INTENT = 'importar-planilha'
/** The screen's address names the job it shows (`?importacao=12`), so a refresh without JavaScript shows its state… */
export const IMPORT_PARAM = 'importacao'
/** …and the page of its report (`&relatorio=2`). */
export const REPORT_PAGE_PARAM = 'relatorio'

/** The job's region of the import panel, as HTML (`?pagina=` the screen's address): read again while the job runs. */
export const importStatusPath = (importId: number) => `/planilhas/importacao/${importId}`
export const importReportPath = (importId: number) => `/planilhas/importacao/${importId}/relatorio`
export const templatePath = (kind: string) => `/planilhas/modelo/${kind}`
export const exportPath = (kind: string) => `/planilhas/exportar/${kind}`
