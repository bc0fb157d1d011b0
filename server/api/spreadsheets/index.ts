import { createRoute } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import * as sheetsApi from '../../../app/domain/spreadsheets/contract.ts'
import { REPORT_PAGE_SIZE, spreadsheetMessages as m } from '../../../app/domain/spreadsheets/messages.ts'
import { importJobs } from '../../db/schema/index.ts'
import { importKind, startImport, type ImportDeps, type ImportJob, type StartImport } from '../../spreadsheets/jobs.ts'
import { reportResponse, templateResponse } from '../../spreadsheets/writer.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { requireReader } from '../organizations/area-readers.ts'
import { holdsPermission, NOT_PERMITTED, requireMembership } from '../organizations/membership.ts'
import { paginated } from '../pagination.ts'

/** A job as the API answers it (without its report). */
export function serializeJob(job: ImportJob) {
  return {
    id: job.id,
    tipo: job.tipo,
    status: job.status as sheetsApi.ImportStatus,
    arquivo_nome: job.arquivoNome,
    linhas_lidas: job.linhasLidas,
    linhas_total: job.linhasTotal,
    criadas: job.criadas,
    atualizadas: job.atualizadas,
    total_erros: job.totalErros,
    mensagem: job.mensagem,
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  }
}

export const IMPORT_ACCEPTED = 'Planilha recebida: a importação começou.'

/**
 * The body of a kind's upload handler, after its permission check: starts the job and answers
 * 202 with it, or 422 on `arquivo` when the file is refused at once (too big, not a spreadsheet,
 * password-protected...).
 *
 *     app.openapi(createRoute({ ...productsApi.importProdutos, middleware: [auth] as const }), async (c) => {
 *       const body = c.req.valid('form')
 *       await requirePermission(db, c.get('user').id, body.organizacao_id, 'produtos')
 *       return c.json(await acceptImport(deps, { kind: 'produtos', organizationId: body.organizacao_id, userId: c.get('user').id, file: body.arquivo }), 202)
 *     })
 */
export async function acceptImport(deps: ImportDeps, input: StartImport) {
  const started = await startImport(deps, input)
  if ('error' in started) fail('arquivo', started.error)
  return { message: IMPORT_ACCEPTED, importacao: serializeJob(started.job) }
}

export function registerSpreadsheets(app: Api, deps: Deps) {
  const { db } = deps
  const auth = requireAuth(db)

  /** The job of this organization, read by a member holding its kind's permission; another's is 404. */
  async function requireJob(userId: number, orgId: number, importId: number) {
    const { membership } = await requireMembership(db, userId, orgId)
    const [job] = await db.select().from(importJobs).where(and(eq(importJobs.id, importId), eq(importJobs.organizationId, orgId)))
    const kind = job && importKind(job.tipo)
    if (!job || !kind) abort(404, m.jobNotFound)
    if (!(await holdsPermission(db, membership, kind.permission))) abort(403, NOT_PERMITTED)
    return job
  }

  app.openapi(createRoute({ ...sheetsApi.importacao, middleware: [auth] as const }), async (c) => {
    const { orgId, importId } = c.req.valid('param')
    const { page } = c.req.valid('query')
    const job = await requireJob(c.get('user').id, orgId, importId)
    const start = (page - 1) * REPORT_PAGE_SIZE
    const erros = paginated(job.erros.slice(start, start + REPORT_PAGE_SIZE), job.erros.length, page, REPORT_PAGE_SIZE)
    return c.json({ ...serializeJob(job), erros }, 200)
  })

  app.openapi(createRoute({ ...sheetsApi.relatorio, middleware: [auth] as const }), async (c) => {
    const { orgId, importId } = c.req.valid('param')
    const job = await requireJob(c.get('user').id, orgId, importId)
    return reportResponse(job.erros, `relatorio-importacao-${job.id}`) as never
  })

  app.openapi(createRoute({ ...sheetsApi.modelo, middleware: [auth] as const }), async (c) => {
    const { orgId, tipo } = c.req.valid('param')
    const kind = importKind(tipo)
    // A stranger is refused before learning whether the kind exists.
    if (!kind) {
      await requireMembership(db, c.get('user').id, orgId)
      abort(404, m.unknownKind)
    }
    await requireReader(db, c.get('user').id, orgId, kind.permission)
    return templateResponse(kind.spec) as never
  })
}
