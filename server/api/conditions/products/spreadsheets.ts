import { createRoute } from '@hono/zod-openapi'
import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm'
import * as api from '../../../../app/domain/conditions/products-contract.ts'
import { conditionProductsMessages as m } from '../../../../app/domain/conditions/products-messages.ts'
import type { ConditionLineRow } from '../../../../app/domain/conditions/products-sheet.ts'
import type { Db } from '../../../db/client.ts'
import { conditionProducts, importJobs, products } from '../../../db/schema/index.ts'
import { jobScope } from '../../../spreadsheets/import-kind.ts'
import { registerImportKind, restartImport } from '../../../spreadsheets/jobs.ts'
import { sheetResponse } from '../../../spreadsheets/writer.ts'
import { abort, requireAuth, type Api, type Deps } from '../../http.ts'
import { requirePermission } from '../../organizations/membership.ts'
import { acceptImport, IMPORT_ACCEPTED, serializeJob } from '../../spreadsheets/index.ts'
import { conditionForSeller } from '../access.ts'
import { conditionLineImport, conditionLineImportCreating } from './line-import.ts'
import { finalPrice } from './lines.ts'

/** Rows read per query while exporting. */
const PAGE = 1000

/** The condition's lines for the export, by product name, keyset-paged so memory stays one page. */
async function* lineRows(db: Db, conditionId: number, tipoTabela: string): AsyncGenerator<ConditionLineRow> {
  let after: { nome: string; id: number } | null = null
  for (;;) {
    const where: SQL | undefined = and(
      eq(conditionProducts.conditionId, conditionId),
      after ? or(gt(products.nome, after.nome), and(eq(products.nome, after.nome), gt(products.id, after.id))) : undefined,
    )
    const page = await db
      .select({ line: conditionProducts, product: products })
      .from(conditionProducts)
      .innerJoin(products, eq(products.id, conditionProducts.productId))
      .where(where)
      .orderBy(asc(products.nome), asc(products.id))
      .limit(PAGE)
    for (const { line, product: p } of page) {
      yield {
        ean: p.ean,
        codigo: p.codigo,
        nome: p.nome,
        marca: p.marca,
        categoria: p.categoria,
        preco_tabela_centavos: p.precoCentavos,
        desconto: line.desconto,
        preco_liquido_centavos: line.precoLiquidoCentavos,
        qtd_min: line.qtdMin,
        qtd_max: line.qtdMax,
        multiplo: line.multiplo,
        imposto: line.imposto,
        ativo: line.ativo,
        preco_final_centavos: finalPrice(tipoTabela, line, p.precoCentavos, null),
      }
    }
    if (page.length < PAGE) return
    const last = page[page.length - 1].product
    after = { nome: last.nome, id: last.id }
  }
}

/**
 * The condition lines' spreadsheet calls. The job of a condition import is the seller's, scoped to its
 * condition ('condicao:12', server/spreadsheets/jobs.ts); progress, report and template are the engine's own calls
 * (api/importacoes/{sellerId}/{id}, api/planilhas/modelo/{sellerId}/condicao).
 */
export function registerConditionSpreadsheets(app: Api, deps: Deps) {
  const { db } = deps
  const auth = requireAuth(db)
  registerImportKind(conditionLineImport.spec.kind, conditionLineImport)
  registerImportKind(conditionLineImportCreating.spec.kind, conditionLineImportCreating)

  app.openapi(createRoute({ ...api.importCondicaoList, middleware: [auth] as const }), async (c) => {
    const body = c.req.valid('form')
    const userId = c.get('user').id
    const condition = await conditionForSeller(db, userId, body.condicao_id, { permission: 'condicoes' })
    const answer = await acceptImport(deps, {
      kind: conditionLineImport.spec.kind,
      organizationId: condition.organizationId,
      userId,
      file: body.arquivo,
      scope: condition.id,
    })
    return c.json(answer, 202)
  })

  app.openapi(createRoute({ ...api.importSemCadastro, middleware: [auth] as const }), async (c) => {
    const { id } = c.req.valid('param')
    const userId = c.get('user').id
    const [job] = await db.select().from(importJobs).where(eq(importJobs.id, id))
    const kind = job?.tipo.split(':')[0]
    const conditionId = kind === conditionLineImport.spec.kind || kind === conditionLineImportCreating.spec.kind ? jobScope(job!.tipo) : null
    if (!job || !conditionId) abort(404, m.importNotFound)
    // The job's condition decides who may: its seller's members holding 'condicoes', and 'produtos' to create products.
    const condition = await conditionForSeller(db, userId, conditionId, { permission: 'condicoes' })
    if (condition.organizationId !== job.organizationId) abort(404, m.importNotFound)
    await requirePermission(db, userId, condition.organizationId, 'produtos')
    const restarted = await restartImport(deps, job.id, `${conditionLineImportCreating.spec.kind}:${condition.id}`)
    if (!restarted) abort(409, m.semCadastroNotAvailable)
    return c.json({ message: `${IMPORT_ACCEPTED} ${m.semCadastroStarted}`, importacao: serializeJob(restarted) }, 202)
  })

  app.openapi(createRoute({ ...api.exportCondicao, middleware: [auth] as const }), async (c) => {
    const { id } = c.req.valid('param')
    const condition = await conditionForSeller(db, c.get('user').id, id)
    const name = `condicao-${condition.id}-produtos`
    return sheetResponse(conditionLineImport.spec, lineRows(db, condition.id, condition.tipoTabela), { fileName: name }) as never
  })
}
